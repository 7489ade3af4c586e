import ConformanceKit
import ReferenceOracle

/// `conformance explore` from an implementer's own tests: seeded random programs run against your adapter
/// and against the reference bridge; the first that differs is shrunk to a minimal counterexample.
///
///     @MainActor @Test func explored() async throws {
///         let outcome = try await ConformanceExploration.explore(adapter: { MyBridgeAdapter() }, seed: 1, runs: 300)
///         #expect(!outcome.foundDifference, "\(outcome)")
///     }
///
/// The same seed, runs and adapter give the same programs and the same outcome.
public enum ConformanceExploration {
    /// What an exploration found.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// Programs run.
        public let programsRun: Int
        /// Whether a program broke a MUST (or its run crashed or timed out); `description` shows it shrunk.
        public let foundDifference: Bool
        /// The shrunk counterexample's number of steps, when one was found.
        public let shrunkSteps: Int?
        /// The report as `conformance explore` prints it: the shrunk program, its differences with the
        /// clauses they break, the transcript, and the seed that replays it.
        public let description: String
        /// The shrunk counterexample as a case file for `conformance run --case-file`, when one was found.
        public let caseFileText: String?
        /// The full report, for the kit's own tests.
        package let report: ExploreReport
    }

    /// Runs `runs` programs from `seed` against `adapter` and the reference bridge.
    /// - Parameters:
    ///   - adapter: Makes the adapter for your implementation.
    ///   - seed: The seed programs derive from.
    ///   - runs: How many programs to run (it stops at the first failing one).
    ///   - maxOperations: The most steps per program.
    ///   - javaScriptSide: A JS side to inject instead of the kit's reference one (your fork's).
    /// - Returns: What was found.
    /// - Throws: `HarnessError` when the kit's own files cannot be loaded or the adapter cannot be made.
    @MainActor
    public static func explore(
        adapter: @escaping AdapterFactory, seed: UInt64 = 1, runs: Int = 200, maxOperations: Int = 12,
        javaScriptSide: String? = nil
    ) async throws -> Outcome {
        let explorer = try Explorer.againstReference(
            adapter, configuration: .init(bridgeJavaScriptSource: javaScriptSide))
        guard let capabilities = explorer.candidateCapabilities() else {
            throw HarnessError(code: .invalidInput, message: "the adapter could not be created to ask what it offers")
        }
        let generator = ExploreGenerator(
            capabilities: capabilities, maxOperations: maxOperations,
            data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()))
        let report = await explorer.explore(
            ExploreOptions(seed: seed, runs: runs, maxOperations: maxOperations), generator: generator)
        let replay = { (programSeed: UInt64) in
            "conformance explore --adapter <yours> --max-ops \(maxOperations) --replay \(programSeed)"
        }
        let text = report.render(
            adapter: "your adapter", maxOperations: maxOperations, replay: replay,
            bridgeJavaScriptSource: try javaScriptSide ?? ConformanceRunner.referenceJavaScriptSide(),
            injectsOwnJavaScriptSide: javaScriptSide != nil)
        return Outcome(
            programsRun: report.programsRun, foundDifference: report.isFailure,
            shrunkSteps: report.counterexample?.shrunk.operations.count,
            description: text,
            caseFileText: report.caseFile(foundWith: report.counterexample.map { replay($0.programSeed) } ?? "")?.text,
            report: report)
    }
}

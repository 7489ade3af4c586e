import ConformanceKit
import ReferenceOracle
import WireDialects

/// `conformance explore` from an implementer's own tests: seeded random programs run against your adapter
/// and against the reference bridge; the first that differs is shrunk to a minimal counterexample.
///
///     @MainActor @Test func explored() async throws {
///         let outcome = try await ConformanceExploration.explore(adapter: { MyBridgeAdapter() }, seed: 1, runs: 300)
///         #expect(!outcome.foundDifference, "\(outcome)")
///     }
///
/// With `maxFindings` above 1 or a `baseline` (the one `conformance run --baseline` reads), the run goes on
/// after a difference and groups differences into findings, as `conformance explore --max-findings` does:
/// `findings` lists the new ones, each shrunk; findings the baseline names are known and not among them.
///
/// The same seed, runs and adapter give the same programs and the same outcome.
public enum ConformanceExploration {
    /// What an exploration found.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// Programs run.
        public let programsRun: Int
        /// Whether a program broke a MUST (or its run crashed or timed out) in a way the baseline, if any,
        /// does not name; `description` shows it shrunk.
        public let foundDifference: Bool
        /// The shrunk counterexample's number of steps, when one was found.
        public let shrunkSteps: Int?
        /// The report as `conformance explore` prints it: the shrunk program, its differences with the
        /// clauses they break, the transcript, and the seed that replays it.
        public let description: String
        /// The shrunk counterexample as a case file for `conformance run --case-file`, when one was found.
        public let caseFileText: String?
        /// The new findings, in the order found: with `maxFindings` 1 and no baseline, the counterexample
        /// alone (when there is one).
        public let findings: [Finding]
        /// The ids of the findings the baseline knows that programs showed (they are not counterexamples).
        public let knownFindingIDs: [String]
        /// The full report, for the kit's own tests.
        package let report: ExploreReport
    }

    /// One distinct finding: programs that differed from the reference in the same way (the clause cited
    /// and the kind of difference), the first of them shrunk.
    public struct Finding: Sendable {
        /// The finding's stable id (`explore.start-3.extra-js-handler`), which a baseline entry names.
        public let id: String
        /// The clause the difference cites (`START-3`, or an obligation such as `CB-2.a`); nil for a run
        /// that could not finish.
        public let clause: String?
        /// How many programs showed it.
        public let programs: Int
        /// The shrunk program's number of steps.
        public let shrunkSteps: Int
        /// The shrunk program as a case file for `conformance run --case-file`.
        public let caseFileText: String
    }

    /// Runs `runs` programs from `seed` against `adapter` and the reference bridge.
    /// - Parameters:
    ///   - adapter: Makes the adapter for your implementation.
    ///   - seed: The seed programs derive from.
    ///   - runs: How many programs to run (it stops at the first failing one, or at `maxFindings` findings).
    ///   - maxOperations: The most steps per program.
    ///   - javaScriptSide: A JS side to inject instead of the kit's reference one (your fork's).
    ///   - maxFindings: How many distinct findings to find before stopping (1: stop at the first failing program).
    ///   - baseline: Your fork's baseline (`Baseline.load(from:)`): findings whose id an entry names are known.
    ///   - profile: The dialect your implementation speaks (`.wkwvjb` for the WKWebViewJavascriptBridge
    ///     package's); programs and the reference bridge speak it too.
    /// - Returns: What was found.
    /// - Throws: `HarnessError` when the kit's own files cannot be loaded, the adapter cannot be made, or the
    ///   baseline gates another profile.
    @MainActor
    public static func explore(
        adapter: @escaping AdapterFactory, seed: UInt64 = 1, runs: Int = 200, maxOperations: Int = 12,
        javaScriptSide: String? = nil, maxFindings: Int = 1, baseline: Baseline? = nil,
        profile: WireDialect = .canonical
    ) async throws -> Outcome {
        if let baseline, let mismatch = baseline.mismatch(withRunIn: profile.name) {
            throw HarnessError(code: .invalidInput, message: mismatch)
        }
        let explorer = try Explorer.againstReference(
            adapter, configuration: .init(bridgeJavaScriptSource: javaScriptSide, dialect: profile))
        guard let capabilities = explorer.candidateCapabilities() else {
            throw HarnessError(code: .invalidInput, message: "the adapter could not be created to ask what it offers")
        }
        let generator = ExploreGenerator(
            capabilities: capabilities, maxOperations: maxOperations,
            data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()), dialect: profile)
        let report = await explorer.explore(
            ExploreOptions(
                seed: seed, runs: runs, maxOperations: maxOperations, maxFindings: maxFindings,
                known: baseline.map { ExploreKnownFindings($0) }), generator: generator)
        let replay = { (programSeed: UInt64) in
            "conformance explore --adapter <yours>" + (profile == .canonical ? "" : " --profile \(profile.name)")
                + " --max-ops \(maxOperations)"
                + (maxFindings > 1 ? " --max-findings \(maxFindings)" : "")
                + (baseline != nil ? " --baseline <yours>" : "")
                + " --replay \(programSeed)"
        }
        let text = report.render(
            adapter: "your adapter", maxOperations: maxOperations, replay: replay,
            bridgeJavaScriptSource: try javaScriptSide ?? ConformanceRunner.referenceJavaScriptSide(in: profile),
            injectsOwnJavaScriptSide: javaScriptSide != nil)
        let single = report.caseFile(foundWith: report.counterexample.map { replay($0.programSeed) } ?? "")
        var findings = zip(report.findings, report.caseFiles(foundWith: replay)).map { finding, file in
            Finding(
                id: finding.id, clause: finding.signature.clause, programs: finding.programs,
                shrunkSteps: finding.counterexample.shrunk.operations.count, caseFileText: file.text)
        }
        if let found = report.counterexample, let single {
            findings = [
                Finding(
                    id: found.differences.first { $0.isFailure }?.signature.id ?? single.id,
                    clause: found.differences.first { $0.isFailure }?.clause, programs: 1,
                    shrunkSteps: found.shrunk.operations.count, caseFileText: single.text)
            ]
        }
        let first = report.findings.first
        return Outcome(
            programsRun: report.programsRun, foundDifference: report.isFailure,
            shrunkSteps: report.counterexample?.shrunk.operations.count
                ?? first?.counterexample.shrunk.operations.count,
            description: text,
            caseFileText: single?.text ?? findings.first?.caseFileText, findings: findings,
            knownFindingIDs: report.knownFindings.map(\.id), report: report)
    }
}

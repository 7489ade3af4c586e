import ConformanceKit
import ReferenceBridge

/// Runs mechanical JS-side mutants against the kit: the catalogue first (the JS side under test, the
/// reference's native side), then, for a mutant the catalogue lets through, a seeded exploration against the
/// kit's own JS side. A mutant neither kills is compared with the unmutated JS side case by case: the same
/// transcript in every case makes it equivalent on the catalogue's situations; a difference makes it a
/// survivor, the work list of checks to write.
@MainActor
package final class MechanicalMutationStudy {
    /// What the kit made of one mutant.
    package enum Outcome: Equatable, Sendable {
        /// A case failed (or could not finish): the first such case, its verdict and the clause it cited.
        case killedByCatalogue(caseID: String, verdict: Verdict, clause: String?)
        /// No case failed; explore found a difference, citing this clause.
        case killedByExplore(programs: Int, clause: String?)
        /// Every case passed with the transcript the unmutated JS side gives, and explore found nothing.
        case equivalentOnCatalogue
        /// Every case passed and explore found nothing, but this case's transcript differs (`difference`: its
        /// first differing line, the unmutated JS side's then the mutant's): a check is missing.
        case survived(caseID: String, difference: String)

        /// Whether the kit caught the mutant.
        package var isKilled: Bool {
            switch self {
            case .killedByCatalogue, .killedByExplore: true
            case .equivalentOnCatalogue, .survived: false
            }
        }
    }

    /// Programs explore runs against a mutant the catalogue let through.
    package let explorePrograms: Int
    private let cases: [ConformanceCase]
    private let originalTranscripts: [String: String]

    /// Runs the catalogue once with `javaScriptSide`, whose transcripts the mutants' are compared with.
    /// - Parameters:
    ///   - javaScriptSide: The unmutated JS side.
    ///   - cases: The cases to run (the whole catalogue for the study, a sample in a test).
    ///   - explorePrograms: Programs explore runs against a mutant no case catches.
    package init(javaScriptSide: String, cases: [ConformanceCase], explorePrograms: Int) async throws {
        self.cases = cases
        self.explorePrograms = explorePrograms
        let results = try await Self.run(cases, javaScriptSide: javaScriptSide)
        originalTranscripts = Dictionary(
            results.map { ($0.caseID, Self.rendered($0, javaScriptSide: javaScriptSide)) },
            uniquingKeysWith: { a, _ in a })
    }

    /// Runs `mutant` and says what caught it, if anything.
    package func outcome(of mutant: MechanicalMutant) async throws -> Outcome {
        let results = try await Self.run(cases, javaScriptSide: mutant.source)
        if let caught = results.first(where: { $0.verdict.category != .clean }) {
            return .killedByCatalogue(
                caseID: caught.caseID, verdict: caught.verdict, clause: caught.failures.first?.clause)
        }
        if explorePrograms > 0 {
            var configuration = ConformanceRunner.Configuration()
            configuration.bridgeJavaScriptSource = mutant.source
            let explorer = try Explorer.againstReference({ ReferenceBridgeAdapter() }, configuration: configuration)
            guard let capabilities = explorer.candidateCapabilities() else {
                return .survived(caseID: "explore", difference: "the adapter could not be created to explore")
            }
            let generator = ExploreGenerator(
                capabilities: capabilities, maxOperations: 12,
                data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()))
            let report = await explorer.explore(
                ExploreOptions(seed: 1, runs: explorePrograms, maxOperations: 12), generator: generator)
            if let counterexample = report.counterexample {
                return .killedByExplore(
                    programs: report.programsRun, clause: counterexample.differences.compactMap(\.clause).first)
            }
        }
        for result in results {
            let transcript = Self.rendered(result, javaScriptSide: mutant.source)
            let original = originalTranscripts[result.caseID] ?? ""
            guard transcript != original else { continue }
            return .survived(caseID: result.caseID, difference: Self.firstDifference(original, transcript))
        }
        return .equivalentOnCatalogue
    }

    /// The first line where two transcripts differ, each cut to 160 characters.
    private static func firstDifference(_ original: String, _ mutated: String) -> String {
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = mutated.split(separator: "\n", omittingEmptySubsequences: false)
        let index =
            zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(before.count, after.count)
        func line(_ lines: [Substring]) -> String {
            index < lines.count ? PrintableText.abbreviate(String(lines[index]), limit: 160) : "(no line)"
        }
        return "line \(index + 1): `\(line(before))` became `\(line(after))`"
    }

    private static func run(_ cases: [ConformanceCase], javaScriptSide: String) async throws -> [CaseResult] {
        let runner = try ConformanceRunner(
            configuration: .init(bridgeJavaScriptSource: javaScriptSide, javaScriptSideUnderTest: true))
        return await runner.run(cases) { ReferenceBridgeAdapter() }
    }

    /// The transcript with timers, one line per event; an evaluation that injected the JS side is one
    /// line whatever its text, so that a mutant's own source (its length included) is not a difference.
    private static func rendered(_ result: CaseResult, javaScriptSide: String) -> String {
        let transcript = result.transcript
        let injections = transcript.javaScriptSideEvaluationIDs
        return transcript.entries.map { entry in
            if case let .evaluationStarted(id, _, _) = entry.event, injections.contains(id) {
                return "\(entry.time) evaluation \(id) injects the JS side"
            }
            let rendition = EventRendition(
                entry.event, javaScriptSideEvaluations: injections, bridgeJavaScriptSource: javaScriptSide,
                dialect: transcript.dialect)
            return "\(entry.time) \(rendition.line)"
        }.joined(separator: "\n")
    }
}

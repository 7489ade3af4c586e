import ConformanceKit
import ReferenceBridge
import StrictJSON
import WireDialects

/// Runs mechanical mutants of a JS side, a page setup snippet or the reference's native side against the kit:
/// the catalogue first (the mutated script under test with the reference's native side, or the mutated native
/// side built into a testee with the kit's scripts, in the subject's dialect), then, for a mutant the catalogue
/// lets through, a seeded exploration against the unmutated reference. A mutant neither kills is compared with
/// the unmutated subject case by case: the same transcript in every case makes it equivalent on the catalogue's
/// situations; a difference makes it a survivor, the work list of checks to write.
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
        /// first differing line, the unmutated script's then the mutant's): a check is missing.
        case survived(caseID: String, difference: String)

        /// Whether the kit caught the mutant.
        package var isKilled: Bool {
            switch self {
            case .killedByCatalogue, .killedByExplore: true
            case .equivalentOnCatalogue, .survived: false
            }
        }
    }

    /// Which script the mutants are of.
    package enum Subject: Sendable, Equatable {
        /// The JS side (`bridgeJavaScriptSource`), judged as under test.
        case javaScriptSide
        /// The page setup snippet (`pageSetupSource`), with the kit's JS side.
        case pageSetup
        /// The native side, served out of process by `testee` (a command), rebuilt with each mutant before it is
        /// judged (`NativeMutantWorkspace`); the kit's scripts, and the in-process reference as explore's oracle:
        /// a build independent of the one under study. Out of process, the cases that need sends from any
        /// thread, throwing or re-entrant handlers do not run.
        case nativeSide(testee: String)
    }

    /// Programs explore runs against a mutant the catalogue let through.
    package let explorePrograms: Int
    private let subject: Subject
    private let dialect: WireDialect
    private let cases: [ConformanceCase]
    private let originalTranscripts: [String: String]

    /// Runs the catalogue once with the unmutated script, whose transcripts the mutants' are compared with.
    /// - Parameters:
    ///   - subject: Which script the mutants are of.
    ///   - original: The unmutated script (unused for the native side: the testee is built unmutated first).
    ///   - dialect: The script's dialect: the cases run in its profile.
    ///   - cases: The cases to run (the whole catalogue for the study, a sample in a test).
    ///   - explorePrograms: Programs explore runs against a mutant no case catches.
    package init(
        _ subject: Subject = .javaScriptSide, original: String, dialect: WireDialect = .canonical,
        cases: [ConformanceCase], explorePrograms: Int
    ) async throws {
        self.subject = subject
        self.dialect = dialect
        self.cases = cases
        self.explorePrograms = explorePrograms
        let results = try await Self.run(cases, Self.configuration(subject, original, dialect), subject)
        originalTranscripts = Dictionary(
            results.map { ($0.caseID, Self.rendered($0, script: Self.scriptUnderStudy(subject, original))) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Runs `mutant` and says what caught it, if anything. A native mutant must be built into the testee first.
    package func outcome(of mutant: MechanicalMutant) async throws -> Outcome {
        let configuration = Self.configuration(subject, mutant.source, dialect)
        let script = Self.scriptUnderStudy(subject, mutant.source)
        let results = try await Self.run(cases, configuration, subject)
        if let caught = results.first(where: { $0.verdict.category != .clean }) {
            return .killedByCatalogue(
                caseID: caught.caseID, verdict: caught.verdict, clause: caught.failures.first?.clause)
        }
        if explorePrograms > 0 {
            let (candidate, testee) = try Self.adapterFactory(subject, dialect)
            defer { testee?.close() }
            let explorer = try Explorer.againstReference(candidate, configuration: configuration)
            guard let capabilities = explorer.candidateCapabilities() else {
                return .survived(caseID: "explore", difference: "the adapter could not be created to explore")
            }
            let generator = ExploreGenerator(
                capabilities: capabilities, maxOperations: 12,
                data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()), dialect: dialect)
            let report = await explorer.explore(
                ExploreOptions(seed: 1, runs: explorePrograms, maxOperations: 12), generator: generator)
            if let counterexample = report.counterexample {
                return .killedByExplore(
                    programs: report.programsRun, clause: counterexample.differences.compactMap(\.clause).first)
            }
        }
        for result in results {
            let transcript = Self.rendered(result, script: script)
            let original = originalTranscripts[result.caseID] ?? ""
            guard transcript != original else { continue }
            return .survived(caseID: result.caseID, difference: Self.firstDifference(original, transcript))
        }
        return .equivalentOnCatalogue
    }

    /// The first line where two transcripts differ, each shown from a little before its first differing
    /// character and cut to 160 characters.
    private static func firstDifference(_ original: String, _ mutated: String) -> String {
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = mutated.split(separator: "\n", omittingEmptySubsequences: false)
        let index =
            zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(before.count, after.count)
        let lines = (index < before.count ? before[index] : "", index < after.count ? after[index] : "")
        let common = zip(lines.0, lines.1).prefix { $0 == $1 }.count
        let skipped = max(0, common - 60)
        func line(_ lines: [Substring]) -> String {
            guard index < lines.count else { return "(no line)" }
            let shown = PrintableText.abbreviate(String(lines[index].dropFirst(skipped)), limit: 160)
            return skipped > 0 ? "[\(skipped) characters] " + shown : shown
        }
        return "line \(index + 1): `\(line(before))` became `\(line(after))`"
    }

    /// The runner configuration with `source` as the subject's script, as the kit's own mutants run.
    private static func configuration(
        _ subject: Subject, _ source: String, _ dialect: WireDialect
    ) -> ConformanceRunner.Configuration {
        switch subject {
        case .javaScriptSide: .init(bridgeJavaScriptSource: source, javaScriptSideUnderTest: true, dialect: dialect)
        case .pageSetup: .init(pageSetupSource: source, dialect: dialect)
        case .nativeSide: .init(dialect: dialect)
        }
    }

    /// The script whose evaluations a transcript shows as one line: none for a native mutant.
    private static func scriptUnderStudy(_ subject: Subject, _ source: String) -> String? {
        if case .nativeSide = subject { return nil }
        return source
    }

    /// The adapters under study: the reference in process, or the testee's process kept for the run (close
    /// it after).
    private static func adapterFactory(
        _ subject: Subject, _ dialect: WireDialect
    ) throws -> (AdapterFactory, PersistentTestee?) {
        guard case .nativeSide(let command) = subject else {
            return ({ ReferenceBridgeAdapter(dialect: dialect) }, nil)
        }
        let testee = PersistentTestee(configuration: .init(command: command))
        _ = try testee.start()
        return ({ try ProcessBridgeAdapter(persistent: testee) }, testee)
    }

    private static func run(
        _ cases: [ConformanceCase], _ configuration: ConformanceRunner.Configuration, _ subject: Subject
    ) async throws -> [CaseResult] {
        let runner = try ConformanceRunner(configuration: configuration)
        let (adapter, testee) = try adapterFactory(subject, configuration.dialect)
        defer { testee?.close() }
        return await runner.run(cases, adapter: adapter)
    }

    /// The transcript with timers, one line per event with all its fields (never abbreviated: a difference past
    /// a wire log's cut is still a difference); an evaluation of the script under study (an
    /// injection, or a case evaluating it again) and every evaluation of the harness's own are one line whatever
    /// their text, so that a mutant's own source (its length included, or a copy a case derives from it) is not
    /// a difference: what those evaluations did is in the events after them.
    private static func rendered(_ result: CaseResult, script: String?) -> String {
        let transcript = result.transcript
        let injections = transcript.javaScriptSideEvaluationIDs
        return transcript.entries.map { entry in
            if case let .evaluationStarted(id, style, command) = entry.event,
                injections.contains(id) || command.script == script || style == .harness
            {
                return
                    "\(entry.time) evaluation \(id) (\(style.rawValue)) of the JS side, the script under study or the harness"
            }
            let rendition = EventRendition(
                entry.event, javaScriptSideEvaluations: injections, bridgeJavaScriptSource: nil,
                dialect: transcript.dialect)
            return "\(entry.time) \(rendition.kind) \(CanonicalJSON.encode(.object(rendition.fields)))"
        }.joined(separator: "\n")
    }
}

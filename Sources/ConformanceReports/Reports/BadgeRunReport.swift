import ConformanceCatalogue
import StrictJSON
import WireDialects

/// The badge report (`--report badge:PATH`): a shields.io endpoint document
/// (`{"schemaVersion":1,"label":"WVJB conformance","message":"104/139 run · 96/98 MUST · 6/6 SHOULD","color":"yellowgreen"}`)
/// for a README badge.
///
/// The message first counts the cases that ran over those that apply in the run's profile (`coverage`): a case
/// the profile leaves out (one written for another dialect, or citing a clause that does not hold in it,
/// `DialectApplicability`) is in neither number, and a case not applicable for another reason (a capability
/// the adapter does not declare, the JS side not under test) is not run. Then, per case level (MUST and
/// SHOULD, MAY when a MAY case ran), the cases that passed over those that ran. The colour follows the run's
/// gate: `red` when a result fails the run (a MUST broken, an insecure payload, a timeout, a crash, an adapter
/// or harness error), `yellow` when none does but a case did not pass (only SHOULDs broken: non-strict),
/// `brightgreen` when every case that applies ran and passed, `yellowgreen` when every case that ran passed but
/// some that apply did not run, so that a partial run never looks like a full pass. A run that ended early is
/// never green: `lightgrey`, with `(run stopped)` in the message, unless it is red; a run where nothing ran
/// says so in `lightgrey`. Canonical JSON, so printable ASCII (`·` is written `\u00b7`), and the same run
/// gives the same bytes.
package enum BadgeRunReport {
    /// The badge's label in a WVJB profile (a container run's is `RunProfile.reportTitle`).
    package static let label = RunProfile.canonical.reportTitle

    /// How many cases of one level ran and passed.
    package struct LevelCount: Equatable, Sendable {
        /// The cases' level.
        package var level: RequirementLevel
        /// The cases of that level that passed.
        package var passed: Int
        /// The cases of that level that ran (every verdict but not-applicable).
        package var ran: Int
    }

    /// Per level, the cases that passed and those that ran: MUST and SHOULD always, MAY when a MAY case ran
    /// (INFO cases are never judged, so not counted).
    /// - Parameter results: A run's results.
    package static func levelCounts(_ results: [CaseResult]) -> [LevelCount] {
        [RequirementLevel.must, .should, .may].compactMap { level in
            let ran = results.filter { $0.level == level && $0.verdict != .notApplicable }
            guard !ran.isEmpty || level == .must || level == .should else { return nil }
            return LevelCount(level: level, passed: ran.filter { $0.verdict == .pass }.count, ran: ran.count)
        }
    }

    /// How many of a run's cases apply in its profile, and how many of those ran.
    package struct Coverage: Equatable, Sendable {
        /// The cases that ran: every verdict but not-applicable.
        package var ran: Int
        /// The cases that apply in the run's profile: every case but those the profile leaves out.
        package var applicable: Int

        /// `104/139 run`.
        package var text: String { "\(ran)/\(applicable) run" }
    }

    /// The cases of `results` that apply in `profile`, and those of them that ran. A case the profile leaves
    /// out is one of the catalogue that `DialectApplicability` says cannot run in it; every other case
    /// applies (a case file's too, and every case of the container profile).
    package static func coverage(_ results: [CaseResult], profile: RunProfile) -> Coverage {
        let leftOut = results.filter { result in
            guard result.verdict == .notApplicable, let profile = profile.dialect,
                let conformanceCase = catalogueCases[result.caseID]
            else {
                return false
            }
            return DialectApplicability.whyNotApplicable(conformanceCase, in: profile) != nil
        }
        return Coverage(
            ran: results.filter { $0.verdict != .notApplicable }.count, applicable: results.count - leftOut.count)
    }

    /// The catalogue's cases by id.
    private static let catalogueCases = Dictionary(
        Catalogue.all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// `114/114 MUST · 9/9 SHOULD`.
    /// - Parameter results: A run's results.
    package static func countsText(_ results: [CaseResult]) -> String {
        levelCounts(results).map { "\($0.passed)/\($0.ran) \($0.level.rawValue)" }.joined(separator: " · ")
    }

    /// The endpoint document.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - context: The run: its profile, and whether it stopped early.
    package static func document(_ results: [CaseResult], context: RunContext) -> JSONValue {
        let ran = results.filter { $0.verdict != .notApplicable }
        let coverage = coverage(results, profile: context.profile)
        var message = ran.isEmpty ? "no cases ran" : coverage.text + " · " + countsText(results)
        var color: String
        if results.contains(where: { $0.verdict.failsRun }) {
            color = "red"
        } else if ran.contains(where: { $0.verdict != .pass }) {
            color = "yellow"
        } else if ran.isEmpty {
            color = "lightgrey"
        } else {
            color = coverage.ran == coverage.applicable ? "brightgreen" : "yellowgreen"
        }
        if context.stop != nil {
            message += " (run stopped)"
            if color != "red" { color = "lightgrey" }
        }
        return .object([
            "schemaVersion": 1, "label": .string(context.profile.reportTitle), "message": .string(message),
            "color": .string(color),
        ])
    }

    /// The report file's text.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - context: The run.
    package static func render(_ results: [CaseResult], context: RunContext) -> String {
        document(results, context: context).canonicalText + "\n"
    }
}

import StrictJSON

/// The badge report (`--report badge:PATH`): a shields.io endpoint document
/// (`{"schemaVersion":1,"label":"WVJB conformance","message":"114/114 MUST · 9/9 SHOULD","color":"brightgreen"}`)
/// for a README badge.
///
/// The message counts, per case level (MUST and SHOULD, MAY when a MAY case ran), the cases that passed over
/// those that ran: not-applicable cases did not run. The colour follows the run's gate: `red` when a result
/// fails the run (a MUST broken, an insecure payload, a timeout, a crash, an adapter or harness error),
/// `yellow` when none does but a case did not pass (only SHOULDs broken: non-strict), `brightgreen` when every
/// case that ran passed. A run that ended early is never green: `lightgrey`, with `(run stopped)` in the
/// message, unless it is red; a run where nothing ran says so in `lightgrey`. Canonical JSON, so printable
/// ASCII (`·` is written `\u00b7`), and the same run gives the same bytes.
package enum BadgeRunReport {
    /// The badge's label.
    package static let label = "WVJB conformance"

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

    /// `114/114 MUST · 9/9 SHOULD`.
    /// - Parameter results: A run's results.
    package static func countsText(_ results: [CaseResult]) -> String {
        levelCounts(results).map { "\($0.passed)/\($0.ran) \($0.level.rawValue)" }.joined(separator: " · ")
    }

    /// The endpoint document.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - context: The run; only whether it stopped early is read.
    package static func document(_ results: [CaseResult], context: RunContext) -> JSONValue {
        let ran = results.filter { $0.verdict != .notApplicable }
        var message = ran.isEmpty ? "no cases ran" : countsText(results)
        var color: String
        if results.contains(where: { $0.verdict.failsRun }) {
            color = "red"
        } else if ran.contains(where: { $0.verdict != .pass }) {
            color = "yellow"
        } else {
            color = ran.isEmpty ? "lightgrey" : "brightgreen"
        }
        if context.stop != nil {
            message += " (run stopped)"
            if color != "red" { color = "lightgrey" }
        }
        return .object([
            "schemaVersion": 1, "label": .string(label), "message": .string(message), "color": .string(color),
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

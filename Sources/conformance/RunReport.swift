import ArgumentParser
import ConformanceKit

/// The text report of a run: a summary line, what to fix first (`FixFirstSummary`), unexpected results (each
/// with a rerun command; the wire log of the first case of each root finding, or of every case with
/// `--verbose`), then
/// the findings of non-strict cases; verbose, every expected result and the slowest cases with their times.
/// A run that ended early says so in the summary line, with the number of cases it did not run. Each case
/// shows at most what `CaseOutputLimits` allows.
struct RunReport {
    /// The run's results, in run order.
    let results: [CaseResult]
    /// The adapter, the rerun commands, whether the verbose report lists the slowest cases with their
    /// wall-clock times, and why the run ended before every selected case ran (if it did).
    let context: RunContext
    /// The cases whose failure the baseline expects (`--baseline`), which the report does not detail unless
    /// verbose; empty without a baseline.
    var expectedByBaseline: Set<String> = []
    /// Whether the baseline's gate is satisfied: the report is then the tally and its notes alone, unless verbose.
    var baselineMatches = false

    private var adapter: String { context.adapter }
    private var timings: ReportTimings { context.timings }
    private var stop: RunStop? { context.stop }

    /// The run's exit status: adapter and harness problems outrank conformance failures.
    var exitCode: ExitCode {
        let statuses = results.map { Self.status(of: $0.verdict) }
        if statuses.contains(ExitCodes.configuration) { return ExitCodes.configuration }
        if statuses.contains(ExitCodes.conformanceFailures) { return ExitCodes.conformanceFailures }
        return ExitCodes.conformant
    }

    /// The status one case's verdict asks for: 78 for what is not the implementation's doing, 1 for what
    /// fails the run, else 0.
    private static func status(of verdict: Verdict) -> ExitCode {
        switch verdict {
        case .adapterError, .harnessError: ExitCodes.configuration
        case .fail, .insecure, .timeout, .crash: ExitCodes.conformanceFailures
        case .pass, .notApplicable, .nonStrict: ExitCodes.conformant
        }
    }

    /// The report text.
    func render(verbose: Bool) -> String {
        // The cases; the exploration's findings are on its own line.
        let cases = results.filter { !$0.isExplorationFinding }
        let tally = RunTally.counts(cases)
        var lines = ["\(cases.count) cases against \(adapter): \(tally)"]
        if cases.isEmpty, stop == nil, context.exploration != nil {
            // An exploration without cases (a merge of `conformance explore` shards): its own line says it all.
            lines = []
        } else if let stop, stop.notRun.isEmpty, context.exploration != nil {
            // Every case ran; the exploration after them stopped: "114 cases against x: 114 pass; the
            // exploration after them interrupted by SIGINT".
            lines = ["\(cases.count) cases against \(adapter): \(tally); the exploration after them \(stop.summary)"]
        } else if let stop {
            // "3 of 114 cases against x: 3 pass; 111 not run (interrupted by SIGINT)"
            let ran =
                "\(cases.count) of \(cases.count + stop.notRun.count) cases against \(adapter): \(tally.isEmpty ? "none finished" : tally)"
            lines = ["\(ran); \(stop.notRun.count) not run (\(stop.summary))"]
        }
        if let exploration = context.exploration { lines.append(exploration.consoleLine) }
        if let hint = DialectRecognition.hint(for: results, profile: context.profile) { lines.append("hint: " + hint) }
        if let note = JavaScriptSideIdentity(results: results).note { lines.append("note: " + note) }
        // Uses of earlier cases' web views during a case: allowed and ignored, but said.
        lines += CaseResult.lateWebViewUseNotes(in: results.filter { !$0.verdict.failsRun })
        // A run its baseline matches: the gate's line says how many failures it expected.
        if baselineMatches, !verbose { return PrintableText.terminalSafe(lines.joined(separator: "\n")) }
        // The failures the baseline expects are its to list (one line, or each with --verbose), not detailed here.
        let results = verbose ? self.results : self.results.filter { !expectedByBaseline.contains($0.caseID) }
        // What to fix first, before the cases: one root defect can fail dozens of them.
        let roots = RootCauses.findings(in: results)
        let fixFirst = FixFirstSummary.consoleLines(roots, unjudged: UnjudgedCases(results), all: verbose)
        if !fixFirst.isEmpty { lines += [""] + fixFirst }
        // One wire log per root finding (its first case's) unless --verbose: the others mostly repeat it.
        let logged = Set(roots.compactMap(\.cases.first))
        let unexpected = results.filter(\.verdict.failsRun)
        for result in unexpected {
            let withTranscript = verbose || logged.contains(result.caseID)
            lines.append("")
            lines.append(result.report(withTranscript: withTranscript, collapsingRepeats: !verbose))
            if !withTranscript && !result.transcript.entries.isEmpty {
                lines.append("  (its wire log: --verbose, or the rerun command)")
            }
            lines.append("  rerun: " + context.rerunCommand(for: result.caseID))
        }
        // A SHOULD broken does not fail the run, but it is a finding: name it with what it broke.
        let nonStrict = results.filter { $0.verdict.category == .finding && !$0.verdict.failsRun }
        if !nonStrict.isEmpty { lines.append("") }
        for result in nonStrict {
            lines.append("NON-STRICT \(result.caseID)")
            for failure in result.failures.prefix(CaseOutputLimits.failures) {
                let message = PrintableText.cut(failure.message, limit: CaseOutputLimits.messageLength)
                lines.append("  [\(failure.citationLabel)] " + message.replacingOccurrences(of: "\n", with: "\n    "))
            }
            if result.failures.count > CaseOutputLimits.failures {
                lines.append(
                    "  "
                        + CaseOutputLimits.moreLine(
                            result.failures.count - CaseOutputLimits.failures, of: result.failures.count, "findings"))
            }
        }
        if verbose {
            lines.append("")
            for result in results where result.verdict.category == .clean {
                lines.append(
                    "\(result.verdict.rawValue.uppercased()) \(result.caseID)\(result.interruption.map { " (\($0.text))" } ?? "")"
                )
            }
            let slowest = ReportTimings.slowest(results)
            if timings == .on, !slowest.isEmpty {
                let total = ReportTimings.total(results).map(ReportTimings.secondsText) ?? "0.000"
                lines.append("")
                lines.append("slowest \(slowest.count) of \(results.count) cases (\(total) s in all):")
                let width = slowest.map { ReportTimings.secondsText($0.duration).count }.max() ?? 0
                for (result, duration) in slowest {
                    let seconds = ReportTimings.secondsText(duration)
                    lines.append(
                        "  " + String(repeating: " ", count: width - seconds.count) + seconds + " s  \(result.caseID)")
                }
            }
        }
        // Each case's text is bounded (`CaseOutputLimits`); nothing in it can act on the terminal.
        return PrintableText.terminalSafe(lines.joined(separator: "\n"))
    }
}

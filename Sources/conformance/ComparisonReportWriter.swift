import ConformanceKit
import Foundation
import StrictJSON

/// What a `compare` writes once its runs have ended, however they ended: each run's console section, the
/// summary line, and reports with a column for every adapter, a run that gave no results included (its
/// column says why, and the comparison's status cannot be 0).
///
/// Used by the main flow after the runs, and by the `VerbFinisher`'s queue when a signal's graces ran out.
struct ComparisonReportWriter: Sendable {
    /// The most UTF-8 bytes of a run's standard error a report quotes when the run gave no results: the end,
    /// where the cause is.
    static let quotedStandardErrorBytes = 2048

    /// The reports asked for.
    let requests: [ReportRequest]
    /// Each run's context (label, adapter, profile, rerun command), in the order the adapters were given.
    let contexts: [RunContext]

    /// Prints, writes the reports, and returns the comparison's exit status: a signal's (128 + it), else
    /// the worst of the runs' (`ComparedRun.worstStatus`), 78 when a run gave no results, 74 when a report
    /// could not be written after an otherwise clean comparison.
    /// - Parameters:
    ///   - runs: The runs, as they ended (a run that never started included).
    ///   - reason: Why the comparison stopped early, if it did.
    func finish(_ runs: [ComparedRun], stoppedBy reason: FinishReason?) -> Int32 {
        var columns: [ImplementationRun] = []
        for (run, context) in zip(runs, contexts) {
            var context = context
            if let results = run.results {
                context.stop = results.stop
                columns.append(ImplementationRun(context: context, results: results.results))
                printSection(run)
                continue
            }
            if !run.wasStarted, let reason, run.output.status == -1 {
                context.stop = RunStop(reason: reason.runStopReason, notRun: [])
                print("== \(PrintableText.terminalSafe(run.label)) ==\nnot run: \(reason.summary)")
            } else {
                context.stop = RunStop(
                    reason: .noResults(exitStatus: run.output.status, said: Self.quoted(run.output.standardError)),
                    notRun: [])
                printSection(run)
                let name = run.label == run.adapter ? run.label : "\(run.label) (\(run.adapter))"
                printError(
                    "the run against \(PrintableText.terminalSafe(name)) exited \(run.output.status) without results; it said:\n"
                        + PrintableText.terminalSafe(run.output.standardError))
            }
            columns.append(ImplementationRun(context: context, results: []))
        }
        print(Self.summaryLine(columns))
        let written = Self.write(requests, of: columns)
        if let reason { return reason.exitStatus }
        var worst = ComparedRun.worstStatus(runs.map(\.output.status))
        if worst == 0 && runs.contains(where: { $0.results == nil }) { worst = ExitCodes.configuration.rawValue }
        return worst == 0 && !written ? ExitCodes.outputError.rawValue : worst
    }

    private func printSection(_ run: ComparedRun) {
        print("== \(PrintableText.terminalSafe(run.label)) ==")
        print(run.output.standardOutput, terminator: run.output.standardOutput.hasSuffix("\n") ? "" : "\n")
    }

    /// The end of a run's standard error, at most `quotedStandardErrorBytes`, printable.
    static func quoted(_ standardError: String) -> String {
        let trimmed = standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        var tail = Substring(trimmed)
        while tail.utf8.count > quotedStandardErrorBytes { tail = tail.dropFirst(tail.utf8.count / 8 + 1) }
        let cut = trimmed.utf8.count - tail.utf8.count
        return (cut > 0 ? "[... \(cut) bytes before] " : "") + PrintableText.printable(String(tail))
    }

    /// "compare: 3 implementations, 139 cases; 41 differ between them": the cases whose verdicts differ in a
    /// way that matters (`VerdictDifference`), a case that did not run in one implementation counted as
    /// clean there; then how many runs gave no results.
    static func summaryLine(_ runs: [ImplementationRun]) -> String {
        var verdicts: [String: [Verdict?]] = [:]
        for (column, run) in runs.enumerated() {
            for result in run.results {
                verdicts[result.caseID, default: Array(repeating: nil, count: runs.count)][column] = result.verdict
            }
        }
        let differing = verdicts.values.filter(VerdictDifference.matters).count
        let missing = runs.filter { run in
            switch run.context.stop?.reason {
            case .noResults?: true
            case .interrupted? where run.results.isEmpty: true
            default: false
            }
        }.count
        return
            "compare: \(runs.count) implementations, \(verdicts.count) cases; \(differing) differ between them"
            + (missing > 0 ? "; \(missing) run\(missing == 1 ? "" : "s") gave no results" : "")
    }

    /// Writes each report asked for of `columns`, saying on standard error which could not be.
    /// - Returns: Whether every report was written.
    static func write(_ requests: [ReportRequest], of columns: [ImplementationRun]) -> Bool {
        var written = true
        for request in requests {
            do throws(TextDestination.Failure) {
                try request.destination.write(render(request.kind, columns))
            } catch {
                printError("cannot write the \(request.kind.rawValue) report: \(error.message)")
                written = false
            }
        }
        return written
    }

    /// One report of every run.
    static func render(_ kind: ReportKind, _ runs: [ImplementationRun]) -> String {
        switch kind {
        case .html: return HTMLRunReport.render(runs)
        case .markdown:
            return runs.map { MarkdownRunReport.render($0.results, context: $0.context) }.joined(separator: "\n---\n\n")
        default:
            let reports = runs.map { JSONRunReport.document($0.results, context: $0.context) }
            let document: JSONValue = .object([
                "format": "wvjb-conformance-comparison", "version": 1, "reports": .array(reports),
            ])
            return document.canonicalText + "\n"
        }
    }
}

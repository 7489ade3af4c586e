import ArgumentParser
import ConformanceKit
import Foundation
import WireDialects

/// What `conformance run` prints and writes when the run ends: the summary on standard output, then each
/// `--report`. Sendable, so an interrupted run's signal watcher can finish with it from its own queue.
struct RunOutputs: Sendable {
    /// The `--report` options, in the order given.
    let reports: [ReportRequest]
    /// The adapter's name as the user gave it.
    let adapter: String
    /// The command that reruns the case of an id.
    let rerun: @Sendable (_ caseID: String) -> ShellCommand
    /// `--report-timings`.
    let timings: ReportTimings
    /// `--verbose`.
    let verbose: Bool
    /// `--profile`.
    var profile: RunProfile = .canonical
    /// `--results-file`: where `conformance compare` reads this run's whole results back.
    var resultsFile: String?
    /// When the run started (when these outputs were made, before the first case): the reports' date.
    var started = Date()

    /// Checks, before any case runs, that every report can be written where it is asked for.
    /// - Throws: `ExitCodes.configuration` after naming each report that cannot.
    func check() throws {
        var problems = 0
        for request in reports {
            do throws(TextDestination.Failure) {
                try request.check()
            } catch {
                printError("the \(request.kind.rawValue) report cannot be written: \(error.message)")
                problems += 1
            }
        }
        if problems > 0 { throw ExitCodes.configuration }
    }

    /// Prints the summary and writes every report; a report that cannot be written is named on standard
    /// error and the others are still written.
    /// - Parameters:
    ///   - results: The cases that finished, in run order.
    ///   - stop: Why the run ended early, if it did.
    ///   - exploration: The exploration after the cases, if one ran.
    ///   - gate: The baseline's gate of the run, when one applies: the failures it expects are not detailed
    ///     (unless `--verbose`), and a run it matches prints its tally alone.
    /// - Returns: The summary (its exit code is what the results say) and whether every report was written.
    @discardableResult
    func finish(
        _ results: [CaseResult], stop: RunStop?, exploration: ExplorationSummary? = nil, gate: BaselineGate? = nil
    ) -> (summary: RunReport, reportsWritten: Bool) {
        var context = RunContext(adapter: adapter, rerun: rerun, timings: timings, stop: stop)
        context.exploration = exploration
        context.profile = profile
        context.date = started
        var summary = RunReport(results: results, context: context)
        if let gate {
            summary.expectedByBaseline = Set(gate.expected.map(\.result.caseID))
            summary.baselineMatches = gate.isSatisfied
        }
        print(summary.render(verbose: verbose))
        var written = true
        for request in reports {
            do throws(TextDestination.Failure) {
                try request.write(results, context: context)
            } catch {
                printError("cannot write the \(request.kind.rawValue) report: \(error.message)")
                written = false
            }
        }
        if let resultsFile { written = ComparisonResults.write(results, stop: stop, to: resultsFile) && written }
        fflush(nil)
        return (summary, written)
    }
}

import ArgumentParser
import ConformanceKit

/// Runs cases against the reference bridge in process for a command that needs all of their results to
/// print anything (`list --coverage` counts checks, `explain` lists the obligations a case checks).
///
/// Stopped like every verb (`VerbFinisher`, `SignalTrigger`): a signal ends the run between cases, and
/// as nothing that depends on it is complete, the command prints nothing more and exits 128 + the signal.
enum ReferenceRun {
    /// The results of `cases` on the reference bridge, in process.
    /// - Parameters:
    ///   - cases: The cases.
    ///   - purpose: What the results are for, after "the run for": `the coverage table`.
    /// - Throws: 128 + the signal when stopped; `ExitCodes.configuration` after printing a harness error.
    static func results(of cases: [ConformanceCase], for purpose: String) throws -> [CaseResult] {
        let finisher = VerbFinisher(finishing: "exiting: \(purpose) needs every case, so nothing more is printed") { _ in }
        let monitor = RunMonitor(
            selectedIDs: cases.map(\.id), progress: RunProgress(mode: .never, total: cases.count), finisher: finisher)
        SignalTrigger.install(for: finisher)
        let results = try AdapterOptions.parse([]).run(cases, javaScriptSide: nil, monitor: monitor)
        finisher.mainFlowWillFinish()
        if let reason = finisher.reason { throw ExitCodes.stopped(by: reason) }
        return results
    }
}

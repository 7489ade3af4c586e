import ConformanceKit
import Foundation

/// A run of cases that a signal can stop, the one way `run`, `smoke` and `record` run theirs: a
/// `VerbFinisher` with `SignalTrigger`, a `RunMonitor` that keeps the cases that finished and drops the
/// one running at a stop, and the finisher's queue writing what finished if the main flow is stuck.
struct StoppableCaseRun {
    /// The cases that finished, in run order.
    let results: [CaseResult]
    /// Why the run ended before every case ran (a signal, `--stop-after-timeouts`); nil for a whole run.
    let stop: RunStop?
    /// Why the command is stopping early, if it is: the exit status comes from it
    /// (`ExitCodes.afterRun(_:outputsWritten:stoppedBy:)`).
    let reason: FinishReason?

    /// Runs `cases` on `adapter`, stoppable from the first testee on; returns to the main flow, which
    /// then writes what finished, unless the finisher's queue has claimed that (it then exits the process).
    /// - Parameters:
    ///   - cases: The selected cases, in run order.
    ///   - adapter: The adapter options.
    ///   - javaScriptSide: The JS side to inject, if not the kit's.
    ///   - progress: `--progress`.
    ///   - stopAfterTimeouts: Timeouts in a row that stop the run; 0 never stops it.
    ///   - finishing: What writing what finished does, for the message printed when a stop begins.
    ///   - finishFromWatcher: Prints and writes the cases that finished, and why the run stopped, from
    ///     the finisher's queue, when the main flow has not begun finishing within the grace.
    /// - Throws: `ExitCodes.configuration` after printing a harness or adapter error (not when the
    ///   command is stopping: a testee ended on purpose is not one that failed).
    static func run(
        _ cases: [ConformanceCase], on adapter: AdapterOptions, javaScriptSide: String?, progress: ProgressMode,
        stopAfterTimeouts: Int = 0,
        finishing: String, finishFromWatcher: @escaping @Sendable (_ finished: [CaseResult], _ stop: RunStop?) -> Void
    ) throws -> StoppableCaseRun {
        try run(
            .wire(cases), on: adapter, javaScriptSide: javaScriptSide, progress: progress,
            stopAfterTimeouts: stopAfterTimeouts, finishing: finishing, finishFromWatcher: finishFromWatcher)
    }

    /// Runs `selection`, WVJB or container cases, as `run(_:on:javaScriptSide:progress:stopAfterTimeouts:finishing:finishFromWatcher:)`
    /// runs WVJB cases.
    static func run(
        _ selection: SelectedCases, on adapter: AdapterOptions, javaScriptSide: String?, progress: ProgressMode,
        stopAfterTimeouts: Int = 0,
        finishing: String, finishFromWatcher: @escaping @Sendable (_ finished: [CaseResult], _ stop: RunStop?) -> Void
    ) throws -> StoppableCaseRun {
        let ids = selection.ids
        let monitorBox = LockedValue<RunMonitor?>(nil)
        let finisher = VerbFinisher(finishing: finishing) { _ in
            guard let monitor = monitorBox.withLock({ $0 }) else { return }
            monitor.progress.clearOpenLine()
            let finished = monitor.finished
            finishFromWatcher(finished, monitor.stop(finished: finished))
        }
        let monitor = RunMonitor(
            selectedIDs: ids, progress: RunProgress(mode: progress, total: ids.count),
            stopAfterTimeouts: stopAfterTimeouts, finisher: finisher)
        monitorBox.withLock { $0 = monitor }
        SignalTrigger.install(for: finisher)

        let results: [CaseResult]
        do {
            results = try adapter.run(selection, javaScriptSide: javaScriptSide, monitor: monitor) { stalledRun in
                // An engine stall, and the process could not restart for the cases left: write what ran.
                guard finisher.claimFinishing() else { return }
                monitor.progress.clearOpenLine()
                let notRun = Array(monitor.selectedIDs.dropFirst(stalledRun.count))
                finishFromWatcher(
                    stalledRun, RunStop(reason: .engineStalled(caseID: stalledRun.last?.caseID ?? "?"), notRun: notRun))
            }
        } catch  where finisher.isStopping {
            // Stopped while the testee started: it was ended on purpose.
            results = monitor.finished
        }
        finisher.mainFlowWillFinish()
        monitor.progress.clearOpenLine()
        return StoppableCaseRun(results: results, stop: monitor.stop(finished: results), reason: finisher.reason)
    }
}

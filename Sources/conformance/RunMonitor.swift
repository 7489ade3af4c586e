import ConformanceKit
import Foundation

/// Watches `conformance run` case by case: prints progress, keeps the results of the cases that finished
/// (which an interruption's watcher may read from its own queue), and says when to stop early: after a
/// signal, or when the testee timed out on `stopAfterTimeouts` cases in a row.
final class RunMonitor: Sendable {
    private struct State {
        var finished: [CaseResult] = []
        /// The cases that timed out most recently, one after another.
        var timeoutStreak: [CaseResult] = []
        var stoppedByTimeouts = false
    }

    /// The selected cases' ids, in run order.
    let selectedIDs: [String]
    /// The progress lines.
    let progress: RunProgress
    /// Timeouts in a row that stop the run; 0 never stops it.
    private let stopAfterTimeouts: Int
    /// The signal watcher, if the run has one.
    private let interruption: RunInterruption?
    private let state = LockedValue(State())

    /// A monitor for a run of `selectedIDs`.
    /// - Parameters:
    ///   - selectedIDs: The selected cases, in run order.
    ///   - progress: Where progress goes.
    ///   - stopAfterTimeouts: `--stop-after-timeouts`; 0 never stops.
    ///   - interruption: The signal watcher.
    init(selectedIDs: [String], progress: RunProgress, stopAfterTimeouts: Int, interruption: RunInterruption?) {
        self.selectedIDs = selectedIDs
        self.progress = progress
        self.stopAfterTimeouts = stopAfterTimeouts
        self.interruption = interruption
    }

    /// Whether a signal has interrupted the run.
    var isInterrupted: Bool { interruption?.interruptingSignal != nil }

    /// Whether the case at `index` may start; prints its progress line when it may.
    func caseMayStart(_ caseID: String, index: Int) -> Bool {
        guard !isInterrupted else { return false }
        progress.caseWillStart(caseID, index: index)
        return true
    }

    /// Records the case at `index`, unless a signal came while it ran (it did not finish on its own, so
    /// it is not reported).
    /// - Returns: Whether the run goes on.
    func caseDidFinish(_ result: CaseResult, index: Int) -> Bool {
        guard !isInterrupted else { return false }
        progress.caseDidFinish(result, index: index)
        guard let streak = record(result, stopsBefore: selectedIDs.count - index - 1) else { return true }
        progress.clearOpenLine()
        // Say what timed out: a testee that stopped answering, a JS side that loops, a script that never ends.
        let last = streak.last?.interruption.map { "; the last one: \(PrintableText.printable($0))" } ?? ""
        printError("""
            stopping: \(streak.count) cases in a row timed out (\(streak.map(\.caseID).joined(separator: ", "))), so the \
            rest would likely time out too\(last). \(selectedIDs.count - index - 1) of \(selectedIDs.count) cases not run \
            (--stop-after-timeouts 0 runs them all)
            """)
        return false
    }

    /// Takes the results a predecessor process finished as this run's own: a run restarted after an engine
    /// stall (`RunContinuation`), whose last result is the case that stalled, which is reported as it
    /// would have been had it ended here.
    /// - Returns: Whether the run goes on.
    func resume(with carried: [CaseResult]) -> Bool {
        guard let stalled = carried.last else { return true }
        for result in carried.dropLast() { record(result) }
        return caseDidFinish(stalled, index: carried.count - 1)
    }

    /// Adds `result` to the finished cases and to the run of timeouts.
    /// - Returns: The timeouts in a row that stop the run, when this result completes them.
    @discardableResult
    private func record(_ result: CaseResult, stopsBefore remaining: Int = 0) -> [CaseResult]? {
        state.withLock { state -> [CaseResult]? in
            state.finished.append(result)
            state.timeoutStreak = result.verdict == .timeout ? state.timeoutStreak + [result] : []
            if stopAfterTimeouts > 0, state.timeoutStreak.count >= stopAfterTimeouts, remaining > 0 {
                state.stoppedByTimeouts = true
                return state.timeoutStreak
            }
            return nil
        }
    }

    /// The results of the cases that finished, in run order.
    var finished: [CaseResult] { state.withLock { $0.finished } }

    /// Why the run ended before every selected case ran, given that `finished` ran; nil for a whole run.
    func stop(finished: [CaseResult]) -> RunStop? {
        let notRun = Array(selectedIDs.dropFirst(finished.count))
        if let signal = interruption?.interruptingSignal {
            return RunStop(reason: .interrupted(signal: RunInterruption.name(of: signal)), notRun: notRun)
        }
        let streak = state.withLock { $0.stoppedByTimeouts ? $0.timeoutStreak.map(\.caseID) : nil }
        if let streak, !notRun.isEmpty { return RunStop(reason: .consecutiveTimeouts(streak), notRun: notRun) }
        return nil
    }
}

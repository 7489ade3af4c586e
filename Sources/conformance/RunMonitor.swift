import ConformanceKit
import Foundation

/// Watches a run of cases (`StoppableCaseRun`: `run`, `smoke`, `record`, `list --coverage`, `explain`)
/// case by case: prints progress, keeps the results of the cases that finished (which the
/// `VerbFinisher`'s queue may read), and says when to stop early: when the command is stopping (a
/// signal), or when `stopAfterTimeouts` cases in a row timed out.
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
    /// What finishes the command early, if it can be.
    private let finisher: VerbFinisher?
    private let state = LockedValue(State())

    /// A monitor for a run of `selectedIDs`.
    /// - Parameters:
    ///   - selectedIDs: The selected cases, in run order.
    ///   - progress: Where progress goes.
    ///   - stopAfterTimeouts: `--stop-after-timeouts`; 0 never stops.
    ///   - finisher: What finishes the command early (on a signal).
    init(selectedIDs: [String], progress: RunProgress, stopAfterTimeouts: Int = 0, finisher: VerbFinisher?) {
        self.selectedIDs = selectedIDs
        self.progress = progress
        self.stopAfterTimeouts = stopAfterTimeouts
        self.finisher = finisher
    }

    /// Whether the command is stopping early (a signal came).
    var isInterrupted: Bool { finisher?.isStopping ?? false }

    /// Whether the case at `index` may start; prints its progress line when it may.
    func caseMayStart(_ caseID: String, index: Int) -> Bool {
        guard !isInterrupted else { return false }
        progress.caseWillStart(caseID, index: index)
        return true
    }

    /// Records the case at `index`, unless the command began stopping while it ran (it did not finish on
    /// its own: its testee was ended, so it is neither reported nor recorded).
    /// - Returns: Whether the run goes on.
    func caseDidFinish(_ result: CaseResult, index: Int) -> Bool {
        guard !isInterrupted else { return false }
        progress.caseDidFinish(result, index: index)
        guard let streak = record(result, stopsBefore: selectedIDs.count - index - 1) else { return true }
        progress.clearOpenLine()
        // Say what timed out: a testee that stopped answering, a JS side that loops, a script that never ends.
        let last = streak.last?.interruption.map { "; the last one: \(PrintableText.printable($0.text))" } ?? ""
        printError(
            """
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
            state.timeoutStreak = Self.continuesTimeoutStreak(result.verdict) ? state.timeoutStreak + [result] : []
            if stopAfterTimeouts > 0, state.timeoutStreak.count >= stopAfterTimeouts, remaining > 0 {
                state.stoppedByTimeouts = true
                return state.timeoutStreak
            }
            return nil
        }
    }

    /// Whether a case with `verdict` counts toward `--stop-after-timeouts`: a case that timed out does
    /// (whatever timed out: a testee, a script, a page never idle); any other ends the streak.
    private static func continuesTimeoutStreak(_ verdict: Verdict) -> Bool {
        switch verdict {
        case .timeout: true
        case .pass, .fail, .insecure, .nonStrict, .notApplicable, .crash, .adapterError, .harnessError: false
        }
    }

    /// The results of the cases that finished, in run order.
    var finished: [CaseResult] { state.withLock { $0.finished } }

    /// Why the run ended before every selected case ran, given that `finished` ran; nil for a whole run.
    func stop(finished: [CaseResult]) -> RunStop? {
        let notRun = Array(selectedIDs.dropFirst(finished.count))
        if let reason = finisher?.reason {
            return RunStop(reason: reason.runStopReason, notRun: notRun)
        }
        let streak = state.withLock { $0.stoppedByTimeouts ? $0.timeoutStreak.map(\.caseID) : nil }
        if let streak, !notRun.isEmpty { return RunStop(reason: .consecutiveTimeouts(streak), notRun: notRun) }
        return nil
    }
}

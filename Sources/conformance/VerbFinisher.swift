import ConformanceKit
import Dispatch
import Foundation

/// Finishes a command early, the same way in every verb: ends the testees, lets the main flow write
/// what finished, and exits with the reason's status (128 + the signal).
///
/// A trigger (`SignalTrigger`, or later a watchdog) calls `stop(_:)` from any thread. That ends every
/// testee process group and refuses new ones (`TesteeProcessGroups.endAllAndRefuseNew`), which ends a
/// main flow blocked on a testee's pipe, and forwards the signal to `compare`'s runs (`ChildRunGroups`); the main flow sees `isStopping`, drops the case that was
/// running, calls `mainFlowWillFinish()`, writes what finished and exits through
/// `ExitCodes.afterRun(_:outputsWritten:stoppedBy:)`. If the main flow has not begun finishing within
/// the grace (a case blocked elsewhere, an in-process implementation or a JavaScriptCore loop that
/// hangs), the finisher's own queue runs the verb's `finishWithWhatFinished` closure instead, with what
/// the verb's monitor kept, and exits. Exactly one of the two finishes. A main flow that has begun gets
/// one more grace, then the process exits with what it has written.
///
/// The closure is the verb's, the trigger is not: the closure runs on the finisher's queue, never on the
/// main thread, and is given the reason.
final class VerbFinisher: Sendable {
    /// Who writes what finished: the main flow or the finisher's queue, never both.
    private enum Finisher { case main, watcher }

    private struct State {
        var reason: FinishReason?
        var finisher: Finisher?
    }

    /// How long the main flow has to begin finishing after `stop(_:)`, and then to finish, in seconds.
    static let graceSeconds = 2
    /// `graceSeconds` as a dispatch interval.
    static let grace: DispatchTimeInterval = .seconds(graceSeconds)

    private let queue = DispatchQueue(label: "conformance.finisher")
    private let state = LockedValue(State())
    /// How long the main flow has to begin finishing after `stop(_:)`.
    private let mainFlowGrace: DispatchTimeInterval
    /// What finishing does, for the message printed when a stop begins: `writing the reports with the
    /// cases that finished`.
    private let finishing: String
    /// Writes what finished, from the finisher's queue, given why.
    private let finishWithWhatFinished: @Sendable (FinishReason) -> Void

    /// A finisher for one command.
    /// - Parameters:
    ///   - finishing: What finishing does, in a few words after "then" (`writing the reports with the
    ///     cases that finished`).
    ///   - finishWithWhatFinished: What the finisher's queue does when the main flow has not begun
    ///     finishing within `grace`: print and write what finished so far, given the reason. It must
    ///     not need the main thread, and it should flush what it prints (the process then exits
    ///     without running exit handlers).
    ///   - grace: How long the main flow has to begin finishing: `grace`, or more for a verb whose main flow
    ///     waits for child commands that have their own (`compare`).
    init(
        finishing: String, grace: DispatchTimeInterval = VerbFinisher.grace,
        finishWithWhatFinished: @escaping @Sendable (FinishReason) -> Void
    ) {
        self.finishing = finishing
        mainFlowGrace = grace
        self.finishWithWhatFinished = finishWithWhatFinished
        // A report or a line written to a pipe whose reader has gone (a closed terminal, `| head`)
        // fails with EPIPE instead of killing the command before it writes what finished.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Why the command is stopping, once it is.
    var reason: FinishReason? { state.withLock { $0.reason } }

    /// Whether the command is stopping: the main flow starts nothing more, and drops what was running.
    var isStopping: Bool { reason != nil }

    /// Stops the command, from any thread: ends every testee group, then gives the main flow `grace`
    /// to begin finishing before finishing from the finisher's queue.
    /// - Parameters:
    ///   - reason: Why.
    ///   - grace: How long the main flow has (nil: the finisher's); a trigger that knows the main thread is
    ///     stuck gives 0.
    /// - Returns: False when the command was already stopping (this call then does nothing).
    @discardableResult
    func stop(_ reason: FinishReason, grace: DispatchTimeInterval? = nil) -> Bool {
        let first = state.withLock { state in
            guard state.reason == nil else { return false }
            state.reason = reason
            return true
        }
        guard first else { return false }
        // Said before the testees end: the main flow, seeing its testee gone, may finish and exit at once.
        printError("\(reason.name): ending the testees, then \(finishing)")
        TesteeProcessGroups.endAllAndRefuseNew(because: "the command is stopping (\(reason.summary))")
        ChildRunGroups.forwardAndRefuseNew(reason)
        queue.asyncAfter(deadline: .now() + (grace ?? mainFlowGrace)) { [self] in
            let watcherFinishes = state.withLock { state in
                guard state.finisher == nil else { return false }
                state.finisher = .watcher
                return true
            }
            if watcherFinishes {
                printError(
                    "\(reason.name): the main thread is still busy after \(Self.graceSeconds) s: writing what finished without it"
                )
                finishWithWhatFinished(reason)
                fflush(nil)
                Self.exitNow(reason)
            }
            // The main flow is finishing; give it one more grace, then exit with what it has written.
            queue.asyncAfter(deadline: .now() + Self.grace) {
                printError("writing what finished took too long: exiting")
                Self.exitNow(reason)
            }
        }
        return true
    }

    /// Exits at once with `reason`'s status, after ending every testee group: for a second signal.
    func exitAtOnce(_ reason: FinishReason) -> Never {
        printError("\(reason.name) again: exiting without waiting")
        Self.exitNow(reason)
    }

    /// Called by the main flow when it is about to print and write its results. Returns when the main
    /// flow is to finish; when the finisher's queue has already claimed finishing, never returns (the
    /// queue exits the process). When stopping, ends any testee group again, so that none outlives the
    /// command.
    func mainFlowWillFinish() {
        let mainFinishes = state.withLock { state in
            guard state.finisher == nil else { return false }
            state.finisher = .main
            return true
        }
        guard mainFinishes else {
            while true { pause() }
        }
        if isStopping { TesteeProcessGroups.endAll() }
    }

    /// Claims writing what finished for a thread other than the main flow's, when the main thread is lost
    /// (an engine stall, `EngineStallGuard`): the caller then writes and exits the process itself.
    /// - Returns: False when the main flow or the finisher's queue has already claimed it.
    func claimFinishing() -> Bool {
        state.withLock { state in
            guard state.finisher == nil else { return false }
            state.finisher = .watcher
            return true
        }
    }

    /// Ends every testee group and exits with `reason`'s status, without running exit handlers while the
    /// main thread may still be inside JavaScriptCore or a case.
    private static func exitNow(_ reason: FinishReason) -> Never {
        TesteeProcessGroups.endAll()
        ChildRunGroups.killAll()
        ScratchFolder.removeAll()
        _exit(reason.exitStatus)
    }
}

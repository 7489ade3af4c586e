extension SimulatedBrowser {
    /// How many turns after native code ran (or called the web view) each get the main queue run before
    /// them: two, so that a hop to the main queue that hops again also runs before the page moves on.
    private static let mainQueueRunsAfterNativeActivity = 2

    /// Runs turns until nothing is left to do: no task due within `horizon` virtual milliseconds and
    /// nothing new on the main dispatch queue.
    ///
    /// The main queue runs first, and again before each of the two turns after any turn in which native
    /// code ran or called the web view, so implementations that hop to `DispatchQueue.main` see their
    /// work run before the page moves on. Turns that only ran JavaScript follow each other directly.
    /// Letting the main queue run means ending the current main-actor job and going on in a new one
    /// enqueued behind the implementation's blocks; suspending on a continuation instead would cost a
    /// round trip through a pool thread each time, several times the cost of the JavaScript a turn runs.
    /// - Parameters:
    ///   - horizon: How far ahead of now (virtual ms) timers may be run; later ones are left pending.
    ///   - maxTurns: Turns after which the page counts as never idle.
    /// - Throws: `Interruption` when a script timed out, the harness failed, the case was aborted, or the
    ///   page never went idle.
    package func runUntilIdle(horizon: Int64 = 60_000, maxTurns: Int) async throws(Interruption) {
        let run = IdleRun(deadline: loop.now + horizon, maxTurns: maxTurns, nativeActivity: nativeActivity)
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Interruption?, Never>) in
            run.finish = { continuation.resume(returning: $0) }
            afterMainQueue { self.runTurns(run) }
        }
        if let outcome { throw outcome }
    }

    /// Runs turns until the page is idle, for at most `neverIdleTurns` turns.
    package func runUntilIdle(horizon: Int64) async throws(PageInterruption) {
        try await runUntilIdle(horizon: horizon, maxTurns: Self.neverIdleTurns)
    }

    /// Turns after which a page counts as never idle (a timer or a message loop keeps it busy).
    package static let neverIdleTurns = 20_000

    /// Runs turns back to back until one needs the main queue to run first, or none is due.
    private func runTurns(_ run: IdleRun) {
        while true {
            if let interruption { return run.end(interruption) }
            guard loop.runNextTask(notAfter: run.deadline) else { return checkIdle(run) }
            claimEngineTimeout()
            run.turns += 1
            if run.turns >= run.maxTurns { return run.end(.neverIdle(turns: run.turns)) }
            if nativeActivity != run.nativeActivity {
                run.nativeActivity = nativeActivity
                run.mainQueueRunsOwed = Self.mainQueueRunsAfterNativeActivity
                // A schedule may let the page run a few turns before the main queue does (never past idle).
                if let taskDelays { run.turnsBeforeMainQueue = Int(taskDelays.next(.mainQueue, now: 0)) }
            }
            if run.turnsBeforeMainQueue > 0 {
                run.turnsBeforeMainQueue -= 1
                continue
            }
            if run.mainQueueRunsOwed > 0 {
                run.mainQueueRunsOwed -= 1
                return afterMainQueue { self.runTurns(run) }
            }
        }
    }

    /// With no task due: idle, unless the main queue still had work (perhaps nested hops) that recorded
    /// or scheduled more.
    private func checkIdle(_ run: IdleRun) {
        let entriesBefore = transcript.entries.count
        afterMainQueue {
            self.afterMainQueue {
                if let interruption = self.interruption { return run.end(interruption) }
                if self.transcript.entries.count == entriesBefore, !self.loop.hasPendingTasks(dueBy: run.deadline) {
                    return run.end(nil)
                }
                run.nativeActivity = self.nativeActivity
                self.afterMainQueue { self.runTurns(run) }
            }
        }
    }

    /// Runs `work` on the main actor once everything already enqueued on the main queue has run.
    private func afterMainQueue(_ work: @escaping @MainActor () -> Void) {
        Task { @MainActor in work() }
    }
}

/// The state of one `runUntilIdle` call while its turns run.
@MainActor
private final class IdleRun {
    let deadline: Int64
    let maxTurns: Int
    var turns = 0
    /// The browser's `nativeActivity` when last looked at.
    var nativeActivity: Int
    /// Turns still to be preceded by a run of the main queue.
    var mainQueueRunsOwed = 0
    /// Turns to run before the main queue may run again (a schedule's delay of main-queue hops).
    var turnsBeforeMainQueue = 0
    var finish: ((PageInterruption?) -> Void)?

    init(deadline: Int64, maxTurns: Int, nativeActivity: Int) {
        self.deadline = deadline
        self.maxTurns = maxTurns
        self.nativeActivity = nativeActivity
    }

    /// Resumes the caller with `interruption` (nil: idle).
    func end(_ interruption: PageInterruption?) {
        finish?(interruption)
        finish = nil
    }
}

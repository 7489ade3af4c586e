import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the engine is running now, published for `EngineStallGuard`, which reads it from a thread of its own.
///
/// Every outermost call into JavaScriptCore (an evaluation, a function call, a conversion that may run a
/// getter or `toString`) is an *entry*; the microtask queue is drained as the entry ends, still inside it.
/// The runtime marks each outermost entry as it starts and ends (a lock and a counter, no clock read), and
/// the harness says what the entry is for (`label`) before it runs a task, so that a stall can be
/// described and blamed from another thread while the main thread is stuck inside the engine.
package final class EngineActivity: @unchecked Sendable {
    /// What the harness is running the engine for, and whose code may be at fault if it never returns.
    package struct Label: Sendable, Equatable {
        /// The case running, when one is.
        package var caseID: String?
        /// What the entry is, as reports say it (`evaluation 3`, `timer 2 of page 1`, `harness script 5`).
        package var stage: String
        /// Whose code could keep the engine busy in this stage, as the stall report names it
        /// (`the JS side under test`, `a script the native side evaluated`).
        package var suspect: String
        /// Whether the suspect is the kit itself (its own scripts only): a stall is then a kit error.
        package var suspectIsKit: Bool
    }

    /// One reading of the activity.
    package struct Snapshot: Sendable {
        /// Counts outermost entries; a new value is a new entry.
        package var generation: UInt64
        /// Whether an outermost entry is running.
        package var isActive: Bool
        /// The CPU clock of the thread running it.
        package var threadClock: ThreadClock
        /// The execution time limit of the runtime that entered (seconds of CPU one job may take).
        package var executionTimeLimit: Double
        /// What the entry is for.
        package var label: Label?
    }

    /// The process's one activity: every runtime runs on the main actor, one entry at a time.
    package static let shared = EngineActivity()

    private let lock = NSLock()
    private var depth = 0
    private var snapshot = Snapshot(
        generation: 0, isActive: false, threadClock: ThreadClock.current, executionTimeLimit: 0, label: nil)

    private init() {}

    /// Marks the start of a call into the engine; only the outermost call starts an entry.
    /// - Parameter executionTimeLimit: The calling runtime's limit.
    func enter(executionTimeLimit: Double) {
        lock.lock()
        depth += 1
        if depth == 1 {
            snapshot.generation &+= 1
            snapshot.isActive = true
            snapshot.threadClock = ThreadClock.current
            snapshot.executionTimeLimit = executionTimeLimit
        }
        lock.unlock()
    }

    /// Marks the end of a call into the engine.
    /// - Returns: Whether it was the outermost one.
    @discardableResult
    func exit() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        depth -= 1
        guard depth == 0 else { return false }
        snapshot.isActive = false
        return true
    }

    /// Says what the next entries are for, in the current case.
    /// - Parameters:
    ///   - stage: What the entries are (`evaluation 3`).
    ///   - suspect: Whose code could keep the engine busy in this stage.
    ///   - suspectIsKit: Whether that is only the kit's own code.
    package func describe(stage: String, suspect: String, suspectIsKit: Bool) {
        lock.lock()
        snapshot.label = Label(caseID: currentCaseID, stage: stage, suspect: suspect, suspectIsKit: suspectIsKit)
        lock.unlock()
    }

    /// Sets the case that later labels belong to, or clears it between cases.
    package func setCase(_ caseID: String?) {
        lock.lock()
        currentCaseID = caseID
        snapshot.label = nil
        lock.unlock()
    }

    /// The case the harness is running, put into every label described while it runs.
    private var currentCaseID: String?

    /// The activity now.
    package func read() -> Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return snapshot
    }
}

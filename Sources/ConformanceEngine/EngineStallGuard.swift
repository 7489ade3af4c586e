import ConformanceAdapter
import Foundation

/// Watches the engine from a thread of its own and reports an entry that will never return.
///
/// The guard reads `EngineActivity` twenty times a second. When one outermost entry has kept the engine's
/// thread busy for more CPU time than its execution time limit plus `margin` (a single job that long is
/// stopped by the engine itself, so only a microtask chain gets there), it calls the handler once, on its
/// own thread, while the main thread stays stuck. The handler must end the process: the `conformance`
/// command writes what it has and restarts itself for the rest of the run; without a handler the guard
/// prints the stall on standard error and exits with status 1, which is better for a test process than
/// spinning for ever.
package enum EngineStallGuard {
    /// What ends the process after a stall; called once, on the guard's thread.
    package typealias Handler = @Sendable (EngineStall) -> Never

    /// CPU seconds past the execution time limit an entry may run before it counts as stuck.
    package static let margin = 0.3
    /// How often the guard looks.
    private static let interval = 0.05

    private static let state = LockedValue<(started: Bool, handler: Handler?)>((false, nil))

    /// Sets what ends the process after a stall (nil: report on standard error and exit 1).
    package static func setHandler(_ handler: Handler?) {
        state.withLock { $0.handler = handler }
    }

    /// Starts the guard's thread, once per process; called when the first runtime is made.
    static func start() {
        let first = state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started
        }
        guard first else { return }
        let thread = Thread { watch() }
        thread.name = "conformance.engine-stall-guard"
        thread.stackSize = 256 << 10
        thread.start()
    }

    private static func watch() {
        var watched: (generation: UInt64, cpuAtFirstSight: Double)?
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = EngineActivity.shared.read()
            guard now.isActive else {
                watched = nil
                continue
            }
            let cpu = now.threadClock.seconds
            guard let current = watched, current.generation == now.generation else {
                watched = (now.generation, cpu)
                continue
            }
            // Seen first up to one interval after the entry began: the bound is checked from there.
            let spent = cpu - current.cpuAtFirstSight + interval
            guard spent > now.executionTimeLimit + margin else { continue }
            let stall = EngineStall(label: now.label, cpuSeconds: spent, executionTimeLimit: now.executionTimeLimit)
            let handler = state.withLock { $0.handler }
            (handler ?? reportAndExit)(stall)
        }
    }

    /// The default handler: says what happened and what to do, then ends the process.
    private static func reportAndExit(_ stall: EngineStall) -> Never {
        let message = """

            conformance: \(stall)

            conformance: the process ends here (exit status 1). Run the case with `conformance run` (it restarts itself \
            after a stall and reports the case as a timeout), or fix the script that keeps queueing microtasks.

            """
        // Straight to the descriptor: Foundation's FileHandle traps when standard error has gone (EPIPE).
        var bytes = Array(message.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
        _exit(1)
    }
}

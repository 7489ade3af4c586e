import Dispatch
import Foundation

/// The one place that drives the main dispatch queue.
///
/// Implementations hop to `DispatchQueue.main` (most ports evaluate through `DispatchQueue.main.async`),
/// so the harness lets the main queue run between turns, and everything the harness, the engine and
/// the implementation do happens on the main thread. Three entry points, one mechanism (a block
/// enqueued behind the work already there, waited for):
///
/// - `drain()` from the harness's async code on the main actor (between turns of the page);
/// - `drainSynchronously(levels:)` from synchronous top-level code (a testee process between requests);
/// - `run(_:)` to run async main-actor work from a synchronous `main`, spinning the main run loop so
///   that the engine never moves to another OS thread (an `async` main parks the main thread and lets
///   pool threads drain the main queue).
package enum MainQueuePump {
    /// Marks the main queue, so that work the main queue runs on a pool thread counts as main.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main thread or inside a block of the main queue.
    package static var isOnMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Lets everything already enqueued on the main queue run: resumes after a block enqueued behind it.
    /// Work those blocks enqueue in turn runs on the next call.
    @MainActor
    package static func drain() async {
        _ = mainQueueKey
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    /// Lets the main queue run `levels` deep (work enqueued by work enqueued by ...), from synchronous
    /// code at the top of the main thread, by spinning the main run loop.
    /// - Parameter levels: How many generations of enqueued work to wait for.
    /// - Precondition: Called on the main thread, outside any main-queue block.
    @MainActor
    package static func drainSynchronously(levels: Int) {
        for _ in 0..<levels {
            nonisolated(unsafe) var reached = false
            DispatchQueue.main.async { reached = true }
            spin { reached }
        }
    }

    /// Runs `body` on the main actor and spins the main run loop until it finishes.
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Precondition: Called on the main thread, outside any main-queue block.
    package static func run<Result: Sendable>(_ body: @escaping @MainActor @Sendable () async -> Result) -> Result {
        precondition(Thread.isMainThread, "MainQueuePump.run must be called on the main thread")
        nonisolated(unsafe) var result: Result?
        Task { @MainActor in result = await body() }
        spin { result != nil }
        guard let result else { preconditionFailure("the main run loop stopped before the work finished") }
        return result
    }

    /// Runs the main run loop until `isDone` holds.
    private static func spin(until isDone: () -> Bool) {
        var ranRunLoop = false
        while !isDone() {
            #if os(Linux)
                if ranRunLoop, MainQueueFastPath.runPendingWork() { continue }
            #endif
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
            ranRunLoop = true
        }
    }
}

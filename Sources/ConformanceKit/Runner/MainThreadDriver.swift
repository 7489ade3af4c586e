import Foundation

/// Runs main-actor async work to completion from synchronous code on the main thread, by spinning the
/// main run loop, so that every main-actor job (harness, engine, implementation) runs on thread 0.
///
/// Command-line tools call this from a synchronous `main`. (An `async` main parks the main thread and
/// lets pool threads drain the main queue, which moves the engine between OS threads.)
public enum MainThreadDriver {
    /// Runs `body` on the main actor and spins the main run loop until it finishes.
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Precondition: Called on the main thread, outside any main-queue block.
    public static func run<Result: Sendable>(_ body: @escaping @MainActor @Sendable () async -> Result) -> Result {
        precondition(Thread.isMainThread, "MainThreadDriver.run must be called on the main thread")
        nonisolated(unsafe) var result: Result?
        Task { @MainActor in result = await body() }
        while result == nil {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
        return result!
    }
}

/// Carries a value that is not `Sendable` across a concurrency boundary the compiler cannot see through:
/// the package's one unchecked wrapper.
///
/// Sound only where the value is handed over, not shared: after the hand-off one thread at a time uses
/// it, and the hand-off itself orders the uses (a queue's `async` or `sync`, a semaphore the receiver
/// waits for, `MainActor.assumeIsolated` on the thread already running it). Every use is one of these:
///
/// - **To the main thread.** Completion handlers, navigation decisions and closures that Swift 5 code
///   hands the web view from any thread, and the data of a send from another thread: used only by the
///   main-queue block they are enqueued with (`SimulatedWebView`, mutants' background sends and answers).
/// - **To a worker thread.** A case's background sends and held responders, called only by the worker
///   the main thread then waits for (`CaseContext+BackgroundThreads`); a mutant's navigation decision,
///   made on a queue the main thread waits for with `sync`.
/// - **Out of `MainActor.assumeIsolated`.** An engine value returned by a host function, which never
///   leaves the main thread (`ScriptRuntime`).
/// - **Into the task that awaits it.** An evaluation's result, resumed from its completion handler on the
///   main actor into `WKWebView.evaluateJavaScript(_:) async` (`SimulatedWebKit`), which awaits it there.
///
/// State shared by several threads at once belongs behind a lock (`LockedValue`), not in this wrapper.
/// The reference bridge's adapter makes the same hand-offs to the main queue with `nonisolated(unsafe)`
/// locals: it is written to be copied into an implementer's package, where this type does not exist.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    /// The value handed over.
    package let value: Value

    /// Wraps `value` for one hand-off.
    /// - Parameter value: The value to hand over.
    package init(_ value: Value) { self.value = value }
}

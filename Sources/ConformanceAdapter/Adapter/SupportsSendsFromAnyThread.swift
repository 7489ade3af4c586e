/// A send the harness calls from a background thread: calls the JS handler named by the first argument
/// with the data in the second (nil sends none), and returns without waiting for the main thread.
public typealias BackgroundSend = (_ handlerName: String, _ data: Any?) throws -> Void

/// An adapter whose bridge accepts sends from any thread (THR-2): calls, and the responders its native
/// handlers get, which the harness calls from a background thread when a case answers from there. The
/// threading cases are not applicable to adapters that do not adopt it.
@MainActor
public protocol SupportsSendsFromAnyThread: BridgeAdapter {
    /// A function that sends through the bridge from whatever thread calls it, usually the bridge's own
    /// thread-safe `callHandler`. The harness asks for it on the main thread after `attach(to:)`, then
    /// calls it from a background thread while the main thread is busy: capture the bridge in it,
    ///
    ///     func backgroundSend() -> BackgroundSend {
    ///         let bridge = self.bridge
    ///         return { name, data in bridge.callHandler(name, data: data) }
    ///     }
    ///
    /// and the adapter needs no unsafe annotations; the bridge's own thread safety is what is tested.
    func backgroundSend() -> BackgroundSend
}

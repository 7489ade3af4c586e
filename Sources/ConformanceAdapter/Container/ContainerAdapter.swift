/// A native handler of a messageHandler container (`spec/container.md`): gets the call's `params` as Foundation
/// JSON (nil when absent) and a responder for the answer. It may throw: the container then answers with an error
/// object (MHFAIL-2).
public typealias ContainerHandler = (Any?, @escaping AdapterResponseCallback) throws -> Void

/// The small protocol that connects one messageHandler container (`--profile container`) to the harness: the
/// second protocol the kit checks, beside WebViewJavascriptBridge's `BridgeAdapter`.
///
/// `attach(to:)` creates the container for the case's web view the way the app does for a `WKWebView`
/// (`webView.wkWebView`: its user content controller, its UI delegate), injecting `webView.bridgeJavaScriptSource`
/// (the kit's container JS side) or the container's own copy; the other requirements forward to the container's
/// API. The harness makes a new adapter for every case. Adopt `SupportsSynchronousCalls` when the container
/// answers `prompt()` calls.
///
/// The protocol works from modules compiled in Swift 5 language mode as well as Swift 6.
@MainActor
public protocol ContainerAdapter: AnyObject {
    /// Creates the container and attaches it to `webView`; no page is loaded yet.
    /// - Throws: Anything; the case then reports an adapter error naming the attach stage.
    func attach(to webView: SimulatedWebView) throws

    /// Registers (or replaces) the native handler of the two-level name `handler`/`action`.
    /// - Throws: Anything; the case reports an adapter error.
    func register(handler: String, action: String, body: @escaping ContainerHandler) throws

    /// Sends the native event `eventID` with `data` to the page's listeners.
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - data: Its data, a Foundation JSON value; nil sends none.
    ///   - completion: Called once with the value the page's listeners returned (nil for none); nil asks for none.
    /// - Throws: Anything; the case reports an adapter error.
    func sendEvent(_ eventID: String, data: Any?, completion: ((Any?) -> Void)?) throws

    /// Called once when the case is over, after its last check. Does nothing by default.
    func caseDidEnd()
}

extension ContainerAdapter {
    /// Does nothing.
    public func caseDidEnd() {}
}

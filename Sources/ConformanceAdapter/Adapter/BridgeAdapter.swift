/// A response callback as ports of WebViewJavascriptBridge define it: takes the answer, a Foundation
/// JSON value (`NSNull`, `NSNumber`, `String`, arrays, dictionaries) or nil.
public typealias AdapterResponseCallback = (Any?) -> Void

/// A handler as ports define it: gets the message's data (nil when absent) and a responder that sends an
/// answer back to the caller.
public typealias AdapterHandler = (Any?, @escaping AdapterResponseCallback) -> Void

/// The small protocol that connects one bridge implementation to the harness.
///
/// An implementer writes an adapter of about 20 lines: `attach(to:)` creates the implementation's bridge
/// for the simulated web view the way the real bridge attaches to a WKWebView (becoming its navigation
/// delegate and evaluating JavaScript through it); the other requirements forward to the bridge's own
/// API. The harness makes a new adapter for every case.
///
/// Optional operations come from adopting more protocols: `SupportsRemoveHandler`, `SupportsReset`,
/// `SupportsDisablingSafetyTimeout` and `SupportsSendsFromAnyThread`. Cases that need an operation the
/// adapter does not adopt are reported as *not applicable*, so what an adapter can do never drifts
/// from what it declares.
///
/// Data crosses this protocol as Foundation JSON values (`Any?`), because that is what real ports take.
/// The protocol works from modules compiled in Swift 5 language mode as well as Swift 6.
@MainActor
public protocol BridgeAdapter: AnyObject {
    /// Creates the implementation's bridge and attaches it to `webView`.
    ///
    /// Set the bridge (or the object that forwards to it) as `webView.navigationDelegate`, make it
    /// evaluate JavaScript with `webView.evaluateJavaScript(_:completionHandler:)` or
    /// `webView.stringByEvaluatingJavaScript(from:)`, and make it inject `webView.bridgeJavaScriptSource`
    /// (the run's JS side), or its own copy: the cases judge what the page does, whichever it injects.
    /// - Parameter webView: The simulated web view of this case; no page is loaded yet.
    /// - Throws: Anything; the case then reports an adapter error naming the attach stage.
    func attach(to webView: SimulatedWebView) throws

    /// Registers (or replaces) the native handler `name`.
    /// - Parameters:
    ///   - name: The handler name JS calls.
    ///   - handler: Called with the message's data and a responder.
    /// - Throws: Anything; the case reports an adapter error.
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws

    /// Calls the JS handler `name`.
    /// - Parameters:
    ///   - name: The JS handler name.
    ///   - data: The data to send; nil sends none.
    ///   - responseCallback: Called with JS's answer; nil sends no callback id.
    /// - Throws: Anything; the case reports an adapter error.
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws

    /// Called once when the case is over, after its last check: release what the case held (a bridge
    /// that would otherwise outlive its web view, a process, a file). Does nothing by default.
    func caseDidEnd()
}

extension BridgeAdapter {
    /// Does nothing.
    public func caseDidEnd() {}
}

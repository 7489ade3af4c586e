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
/// Data crosses this protocol as Foundation JSON values (`Any?`), because that is what real ports take.
/// The protocol works from modules compiled in Swift 5 language mode as well as Swift 6.
///
/// Requirements that an implementation lacks can be left out: their default implementations throw
/// `AdapterError.unsupported`, and cases that need them report *not applicable* when `capabilities`
/// does not list them.
@MainActor
public protocol BridgeAdapter: AnyObject {
    /// The optional operations this implementation supports; cases that need others are skipped as not
    /// applicable.
    var capabilities: BridgeCapabilities { get }

    /// Creates the implementation's bridge and attaches it to `webView`.
    ///
    /// Set the bridge (or the object that forwards to it) as `webView.navigationDelegate`, make it
    /// evaluate JavaScript with `webView.evaluateJavaScript(_:completionHandler:)` or
    /// `webView.stringByEvaluatingJavaScript(from:)`, and make it inject
    /// `webView.bridgeJavaScriptSource` rather than a JS side of its own if it can.
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

    /// Removes the native handler `name`; later calls to it behave as calls to a missing handler.
    /// Needed by cases that require `.removeHandler`.
    /// - Parameter name: The handler name.
    /// - Throws: `AdapterError.unsupported` by default.
    func removeHandler(_ name: String) throws

    /// Resets the bridge: pending native callbacks dropped, startup queue re-armed, handlers kept.
    /// Needed by cases that require `.reset`.
    /// - Throws: `AdapterError.unsupported` by default.
    func reset() throws

    /// Switches the page's JS side to synchronous dispatch (upstream's
    /// `disableJavscriptAlertBoxSafetyTimeout`, typo included). Needed by cases that require
    /// `.disableSafetyTimeout`.
    /// - Throws: `AdapterError.unsupported` by default.
    func disableJavscriptAlertBoxSafetyTimeout() throws

    /// Calls the JS handler `name` from the calling thread, which the harness makes a background
    /// thread (THR-2). Must return without waiting for the main thread. Needed by cases that require
    /// `.sendsFromAnyThread`.
    /// - Parameters:
    ///   - name: The JS handler name.
    ///   - data: The data to send; nil sends none.
    /// - Throws: `AdapterError.unsupported` by default.
    nonisolated func callHandlerFromAnyThread(_ name: String, data: Any?) throws
}

extension BridgeAdapter {
    /// Unsupported unless the adapter implements it.
    public func removeHandler(_ name: String) throws {
        throw AdapterError.unsupported("removeHandler")
    }

    /// Unsupported unless the adapter implements it.
    public func reset() throws {
        throw AdapterError.unsupported("reset")
    }

    /// Unsupported unless the adapter implements it.
    public func disableJavscriptAlertBoxSafetyTimeout() throws {
        throw AdapterError.unsupported("disableJavscriptAlertBoxSafetyTimeout")
    }

    /// Unsupported unless the adapter implements it.
    public nonisolated func callHandlerFromAnyThread(_ name: String, data: Any?) throws {
        throw AdapterError.unsupported("callHandlerFromAnyThread")
    }
}

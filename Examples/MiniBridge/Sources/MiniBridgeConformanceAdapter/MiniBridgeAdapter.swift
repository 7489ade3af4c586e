import ConformanceAdapter
import MiniBridge

// The kit's web view already has the WKWebView-style method MiniBridge evaluates with.
extension SimulatedWebView: MiniBridgeWebView {}

/// Runs MiniBridge under the WVJB conformance kit: attaches it to the kit's simulated web view (as its
/// navigation delegate, injecting the kit's JS side) and forwards the protocol's operations to it.
public final class MiniBridgeAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout,
    SupportsSendsFromAnyThread, SimulatedNavigationDelegate
{
    private var bridge: MiniBridge!
    /// The app's own navigation delegate, which hears of everything that is not the bridge's (BOOT-9).
    private weak var appDelegate: (any SimulatedNavigationDelegate)?

    /// Creates an adapter; the harness attaches it to a web view before using it.
    public init() {}

    /// Creates the bridge for `webView`, with the kit's JS side and the web view's native log.
    public func attach(to webView: SimulatedWebView) throws {
        bridge = MiniBridge(
            webView: webView, javaScriptSource: webView.bridgeJavaScriptSource,
            log: { [weak webView] in webView?.recordNativeLog($0) })
        appDelegate = webView.navigationDelegate
        webView.navigationDelegate = self
    }

    /// Asks MiniBridge, which cancels and acts on bridge URLs; hands the rest to the app's delegate, or allows it.
    public func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        let decision = action.url.map { bridge.decidePolicy(for: $0) } ?? .allow
        if decision == .cancel { return decisionHandler(.cancel) }
        guard let appDelegate else { return decisionHandler(.allow) }
        appDelegate.webView(webView, decidePolicyFor: action, decisionHandler: decisionHandler)
    }

    /// Tells the app's delegate how page loads go.
    public func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {
        appDelegate?.webView(webView, didObserve: event)
    }

    /// Registers a native handler.
    public func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }

    /// Calls a JS handler.
    public func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }

    /// Removes a native handler.
    public func removeHandler(_ name: String) throws { bridge.removeHandler(name) }

    /// Resets the bridge.
    public func reset() throws { bridge.reset() }

    /// Sends the message that switches the page to synchronous dispatch.
    public func disableJavscriptAlertBoxSafetyTimeout() throws { bridge.disableJavscriptAlertBoxSafetyTimeout() }

    /// MiniBridge's thread-safe send, which the harness calls from a background thread.
    public func backgroundSend() -> BackgroundSend {
        let bridge = self.bridge
        return { name, data in bridge?.callHandlerFromAnyThread(name, data: data) }
    }
}

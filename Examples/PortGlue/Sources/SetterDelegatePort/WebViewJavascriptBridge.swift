import BridgeBase

#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

/// The WebKit glue of a port shaped after the Objective-C original: `WebViewJavascriptBridge.bridge(forWebView:)`
/// makes the bridge, which becomes the web view's navigation delegate, and the app hands over its own delegate with
/// `setWebViewDelegate(_:)`. Bridge URLs are cancelled (the embedded JS side injected, or the queue fetched); every
/// other request and every page load event goes to the app's delegate. Evaluations hop to `DispatchQueue.main`.
///
/// Compiles against WebKit and against SimulatedWebKit with the import above; the calls to the app's delegate have a
/// line per platform (WebKit's delegate methods are optional, SimulatedWebKit's are not).
@MainActor
public final class WebViewJavascriptBridge: NSObject, WKNavigationDelegate {
    private weak var webView: WKWebView?
    private weak var webViewDelegate: WKNavigationDelegate?
    private let base = WebViewJavascriptBridgeBase()

    /// Where the bridge's warnings go (`NSLog` by default).
    public var logger: @MainActor (String) -> Void {
        get { base.logger }
        set { base.logger = newValue }
    }

    /// Makes `webView`'s bridge: it becomes the web view's navigation delegate.
    public static func bridge(forWebView webView: WKWebView) -> WebViewJavascriptBridge {
        let bridge = WebViewJavascriptBridge(webView: webView)
        bridge.reset()
        return bridge
    }

    private init(webView: WKWebView) {
        self.webView = webView
        super.init()
        base.delegate = self
        webView.navigationDelegate = self
    }

    /// Hands the bridge the app's own navigation delegate: it decides every request that is not the bridge's and
    /// hears of page loads.
    public func setWebViewDelegate(_ webViewDelegate: WKNavigationDelegate?) {
        self.webViewDelegate = webViewDelegate
    }

    // MARK: API

    /// Registers `handler` under `handlerName`, replacing any handler of that name.
    public func registerHandler(_ handlerName: String, handler: @escaping WVJBHandler) {
        base.messageHandlers[handlerName] = handler
    }

    /// Removes the handler registered under `handlerName`.
    public func removeHandler(_ handlerName: String) {
        base.messageHandlers.removeValue(forKey: handlerName)
    }

    /// Calls the JS handler `handlerName` with `data`; `responseCallback` gets its answer.
    public func callHandler(_ handlerName: String, data: Any? = nil, responseCallback: WVJBResponseCallback? = nil) {
        base.sendData(data, responseCallback: responseCallback, handlerName: handlerName)
    }

    /// Holds messages until the JS side is injected again and forgets pending callbacks; handlers stay.
    public func reset() {
        base.reset()
    }

    /// Asks the JS side to dispatch messages at once rather than from a timer (the API's upstream spelling).
    public func disableJavscriptAlertBoxSafetyTimeout() {
        base.sendData(nil, responseCallback: nil, handlerName: "_disableJavascriptAlertBoxSafetyTimeout")
    }

    // MARK: WKNavigationDelegate

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        if webView != self.webView { return }
        let url = navigationAction.request.url
        if let url, base.isWebViewJavascriptBridgeURL(url) {
            if base.isBridgeLoadedURL(url) {
                base.injectJavascriptFile(WebViewJavascriptBridge_js)
            } else {
                WKFlushMessageQueue()
            }
            decisionHandler(.cancel)
            return
        }
        guard let delegate = webViewDelegate else { return decisionHandler(.allow) }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            let selector = #selector(
                WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)
                    as (WKNavigationDelegate) -> (
                        (
                            WKWebView, WKNavigationAction,
                            @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
                        ) -> Void
                    )?)
            guard delegate.responds(to: selector) else { return decisionHandler(.allow) }
            delegate.webView?(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
        #else
            delegate.webView(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
        #endif
    }

    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        if webView != self.webView { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didStartProvisionalNavigation: navigation)
        #else
            webViewDelegate?.webView(webView, didStartProvisionalNavigation: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        if webView != self.webView { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didCommit: navigation)
        #else
            webViewDelegate?.webView(webView, didCommit: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        if webView != self.webView { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didFinish: navigation)
        #else
            webViewDelegate?.webView(webView, didFinish: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
        if webView != self.webView { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didFail: navigation, withError: error)
        #else
            webViewDelegate?.webView(webView, didFail: navigation, withError: error)
        #endif
    }

    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error
    ) {
        if webView != self.webView { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didFailProvisionalNavigation: navigation, withError: error)
        #else
            webViewDelegate?.webView(webView, didFailProvisionalNavigation: navigation, withError: error)
        #endif
    }

    // MARK: Evaluation

    private func WKFlushMessageQueue() {
        webView?.evaluateJavaScript(base.javascriptFetchQueueCommand) { [weak self] result, error in
            if let error {
                self?.logger(
                    "WebViewJavascriptBridge: WARNING: Error when trying to fetch data from WKWebView: \(error)")
            }
            self?.base.flushMessageQueue(result as? String)
        }
    }
}

extension WebViewJavascriptBridge: WebViewJavascriptBridgeBaseDelegate {
    public func _evaluateJavascript(_ javascriptCommand: String) {
        DispatchQueue.main.async {
            self.webView?.evaluateJavaScript(javascriptCommand, completionHandler: nil)
        }
    }
}

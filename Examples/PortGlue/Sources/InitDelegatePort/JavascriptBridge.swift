import BridgeBase

#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

/// The WebKit glue of a port that takes the app's navigation delegate in its initializer:
/// `JavascriptBridge(webView: webView, delegate: self)`. The bridge becomes the web view's navigation delegate,
/// cancels bridge URLs (injecting the embedded JS side, or fetching the queue), and hands every other request and
/// every page load event to the delegate it was given. Off the main thread, evaluations hop to `DispatchQueue.main`.
///
/// Compiles against WebKit and against SimulatedWebKit with the import above; the calls to the app's delegate have a
/// line per platform (WebKit's delegate methods are optional, SimulatedWebKit's are not).
@MainActor
open class JavascriptBridge: NSObject {
    /// The web view the bridge is attached to.
    public private(set) weak var webView: WKWebView?
    private weak var delegate: WKNavigationDelegate?
    private let base = WebViewJavascriptBridgeBase()

    /// Where the bridge's warnings go (`NSLog` by default).
    public var logger: @MainActor (String) -> Void {
        get { base.logger }
        set { base.logger = newValue }
    }

    /// Attaches a bridge to `webView`, in front of `delegate`, the app's own navigation delegate.
    public init(webView: WKWebView, delegate: WKNavigationDelegate?) {
        self.webView = webView
        self.delegate = delegate
        super.init()
        base.delegate = self
        webView.navigationDelegate = self
    }

    /// Registers `handler` under `handlerName`, replacing any handler of that name.
    open func register(handlerName: String, handler: @escaping WVJBHandler) {
        base.messageHandlers[handlerName] = handler
    }

    /// Removes the handler registered under `handlerName`.
    open func remove(handlerName: String) {
        base.messageHandlers[handlerName] = nil
    }

    /// Calls the JS handler `handlerName` with `data`; `callback` gets its answer.
    open func call(handlerName: String, data: Any? = nil, callback: WVJBResponseCallback? = nil) {
        base.sendData(data, responseCallback: callback, handlerName: handlerName)
    }

    /// Holds messages until the JS side is injected again and forgets pending callbacks; handlers stay.
    open func reset() {
        base.reset()
    }

    /// Asks the JS side to dispatch messages at once rather than from a timer (the API's upstream spelling).
    open func disableJavscriptAlertBoxSafetyTimeout() {
        base.sendData(nil, responseCallback: nil, handlerName: "_disableJavascriptAlertBoxSafetyTimeout")
    }
}

extension JavascriptBridge: WebViewJavascriptBridgeBaseDelegate {
    public func _evaluateJavascript(_ javascriptCommand: String) {
        if Thread.isMainThread {
            webView?.evaluateJavaScript(javascriptCommand, completionHandler: nil)
        } else {
            DispatchQueue.main.async { [weak self] in
                self?.webView?.evaluateJavaScript(javascriptCommand, completionHandler: nil)
            }
        }
    }
}

extension JavascriptBridge: WKNavigationDelegate {
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        guard webView == self.webView else { return }
        guard let url = navigationAction.request.url, base.isWebViewJavascriptBridgeURL(url) else {
            #if canImport(WebKit) && !CONFORMANCE_FACADE
                let selector = #selector(
                    WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)
                        as (WKNavigationDelegate) -> (
                            (
                                WKWebView, WKNavigationAction,
                                @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
                            ) -> Void
                        )?)
                if let delegate, delegate.responds(to: selector) {
                    delegate.webView?(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
                } else {
                    decisionHandler(.allow)
                }
            #else
                if let delegate {
                    delegate.webView(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
                } else {
                    decisionHandler(.allow)
                }
            #endif
            return
        }
        decisionHandler(.cancel)
        if base.isBridgeLoadedURL(url) {
            base.injectJavascriptFile(WebViewJavascriptBridge_js)
        } else if base.isQueueMessageURL(url) {
            webView.evaluateJavaScript(base.javascriptFetchQueueCommand) { [weak self] result, error in
                if let error {
                    self?.logger("WebViewJavascriptBridge: WARNING: error when fetching the message queue: \(error)")
                }
                self?.base.flushMessageQueue(result as? String)
            }
        }
    }

    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        guard webView == self.webView else { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            delegate?.webView?(webView, didStartProvisionalNavigation: navigation)
        #else
            delegate?.webView(webView, didStartProvisionalNavigation: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        guard webView == self.webView else { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            delegate?.webView?(webView, didCommit: navigation)
        #else
            delegate?.webView(webView, didCommit: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        guard webView == self.webView else { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            delegate?.webView?(webView, didFinish: navigation)
        #else
            delegate?.webView(webView, didFinish: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
        guard webView == self.webView else { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            delegate?.webView?(webView, didFail: navigation, withError: error)
        #else
            delegate?.webView(webView, didFail: navigation, withError: error)
        #endif
    }

    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error
    ) {
        guard webView == self.webView else { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            delegate?.webView?(webView, didFailProvisionalNavigation: navigation, withError: error)
        #else
            delegate?.webView(webView, didFailProvisionalNavigation: navigation, withError: error)
        #endif
    }
}

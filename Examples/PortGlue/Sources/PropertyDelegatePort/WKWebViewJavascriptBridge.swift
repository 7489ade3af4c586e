import BridgeBase

#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

/// The WebKit glue of a port that takes the app's navigation delegate by property: the app makes the bridge, which
/// becomes the web view's navigation delegate, then sets `bridge.webViewDelegate = self`. The bridge cancels bridge
/// URLs (injecting the JS side it reads from its bundle, or fetching the queue) and hands every other request and
/// every page load event to that delegate.
///
/// Compiles against WebKit and against SimulatedWebKit with the import above; the calls to the app's delegate have a
/// line per platform (WebKit's delegate methods are optional, SimulatedWebKit's are not).
@MainActor
public class WKWebViewJavascriptBridge: NSObject {
    private weak var webView: WKWebView?
    /// The app's own navigation delegate: decides every request that is not the bridge's and hears of page loads.
    public weak var webViewDelegate: WKNavigationDelegate?
    private let base = WebViewJavascriptBridgeBase()

    /// The JS side, from this module's bundle (`Resources/WebViewJavascriptBridge.js`).
    static let javascript: String = {
        guard let url = Bundle.module.url(forResource: "WebViewJavascriptBridge", withExtension: "js"),
            let javascript = try? String(contentsOf: url, encoding: .utf8)
        else {
            preconditionFailure("WebViewJavascriptBridge.js is missing from the bundle of PropertyDelegatePort")
        }
        return javascript
    }()

    /// Where the bridge's warnings go (`NSLog` by default).
    public var logger: @MainActor (String) -> Void {
        get { base.logger }
        set { base.logger = newValue }
    }

    /// Makes `webView`'s bridge: it becomes the web view's navigation delegate.
    public init(webView: WKWebView) {
        self.webView = webView
        super.init()
        base.delegate = self
        webView.navigationDelegate = self
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

    private func flushMessageQueue() {
        webView?.evaluateJavaScript(base.javascriptFetchQueueCommand) { [weak self] result, error in
            if let error {
                self?.logger(
                    "WebViewJavascriptBridge: WARNING: Error when trying to fetch data from WKWebView: \(error)")
            }
            self?.base.flushMessageQueue(result as? String)
        }
    }
}

extension WKWebViewJavascriptBridge: WebViewJavascriptBridgeBaseDelegate {
    public func _evaluateJavascript(_ javascriptCommand: String) {
        DispatchQueue.main.async { [weak self] in
            self?.webView?.evaluateJavaScript(javascriptCommand, completionHandler: nil)
        }
    }
}

extension WKWebViewJavascriptBridge: WKNavigationDelegate {
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        if webView != self.webView { return }
        if let url = navigationAction.request.url, base.isWebViewJavascriptBridgeURL(url) {
            if base.isBridgeLoadedURL(url) {
                base.injectJavascriptFile(Self.javascript)
            } else {
                flushMessageQueue()
            }
            decisionHandler(.cancel)
            return
        }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            let selector = #selector(
                WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)
                    as (WKNavigationDelegate) -> (
                        (
                            WKWebView, WKNavigationAction,
                            @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
                        ) -> Void
                    )?)
            if let delegate = webViewDelegate, delegate.responds(to: selector) {
                delegate.webView?(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
                return
            }
        #else
            if let delegate = webViewDelegate {
                delegate.webView(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
                return
            }
        #endif
        decisionHandler(.allow)
    }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
    ) {
        if webView != self.webView { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            let selector = #selector(
                WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)
                    as (WKNavigationDelegate) -> (
                        (
                            WKWebView, WKNavigationResponse,
                            @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
                        ) -> Void
                    )?)
            if let delegate = webViewDelegate, delegate.responds(to: selector) {
                delegate.webView?(webView, decidePolicyFor: navigationResponse, decisionHandler: decisionHandler)
                return
            }
        #else
            if let delegate = webViewDelegate {
                delegate.webView(webView, decidePolicyFor: navigationResponse, decisionHandler: decisionHandler)
                return
            }
        #endif
        decisionHandler(.allow)
    }

    public func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if webView != self.webView { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            if let delegate = webViewDelegate,
                delegate.responds(to: #selector(WKNavigationDelegate.webView(_:didReceive:completionHandler:)))
            {
                delegate.webView?(webView, didReceive: challenge, completionHandler: completionHandler)
                return
            }
        #else
            if let delegate = webViewDelegate {
                delegate.webView(webView, didReceive: challenge, completionHandler: completionHandler)
                return
            }
        #endif
        completionHandler(.performDefaultHandling, nil)
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

    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        if webView != self.webView { return }
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webViewWebContentProcessDidTerminate?(webView)
        #else
            webViewDelegate?.webViewWebContentProcessDidTerminate(webView)
        #endif
    }
}

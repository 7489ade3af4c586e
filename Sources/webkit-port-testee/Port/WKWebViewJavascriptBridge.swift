#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

/// The WebKit glue of a typical Swift 5 port: the web view's navigation delegate, which cancels bridge URLs
/// (injecting the JS side on the load URL, fetching the queue on the queue URL) and hands everything else to
/// the app's own navigation delegate, the one the web view had when the bridge attached.
///
/// This file compiles unchanged against WebKit and against the kit's `SimulatedWebKit`. The calls to the app's
/// delegate are in `WKWebViewJavascriptBridge+AppDelegate.swift`, the one file with a line per platform: Swift
/// on Linux has no optional protocol requirements.
public final class WKWebViewJavascriptBridge: NSObject, WKNavigationDelegate {
    private weak var webView: WKWebView?
    /// The app's own navigation delegate: the one the web view had when the bridge attached.
    weak var webViewDelegate: WKNavigationDelegate?
    private let base = WebViewJavascriptBridgeBase()
    private let javascript: String

    /// Where the bridge's warnings go (`NSLog` by default).
    public var logger: (String) -> Void {
        get { base.logger }
        set { base.logger = newValue }
    }

    /// Attaches a bridge to `webView`: it becomes the navigation delegate, and the delegate the web view had
    /// is told of everything that is not the bridge's.
    /// - Parameters:
    ///   - webView: The web view.
    ///   - javascript: The JS side to inject.
    public init(for webView: WKWebView, javascript: String) {
        self.webView = webView
        self.javascript = javascript
        webViewDelegate = webView.navigationDelegate
        super.init()
        base.delegate = self
        webView.navigationDelegate = self
    }

    // MARK: API

    public func registerHandler(_ handlerName: String, handler: @escaping WVJBHandler) {
        base.messageHandlers[handlerName] = handler
    }

    public func removeHandler(_ handlerName: String) {
        base.messageHandlers.removeValue(forKey: handlerName)
    }

    public func callHandler(_ handlerName: String, data: Any? = nil, responseCallback: WVJBResponseCallback? = nil) {
        base.send(handlerName: handlerName, data: data, responseCallback: responseCallback)
    }

    public func reset() {
        base.reset()
    }

    public func disableJavscriptAlertBoxSafetyTimeout() {
        base.send(handlerName: "_disableJavascriptAlertBoxSafetyTimeout", data: nil, responseCallback: nil)
    }

    // MARK: WKNavigationDelegate

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        guard webView === self.webView, let url = navigationAction.request.url, base.isWebViewJavascriptBridgeURL(url)
        else {
            forwardDecision(webView, navigationAction, decisionHandler)
            return
        }
        if base.isBridgeLoadedURL(url) {
            base.injectJavascriptFile(javascript)
        } else {
            flushMessageQueue()
        }
        decisionHandler(.cancel)
    }

    // MARK: Evaluation

    private func flushMessageQueue() {
        webView?.evaluateJavaScript("WebViewJavascriptBridge._fetchQueue();") { [weak self] result, error in
            if let error {
                self?.logger("WebViewJavascriptBridge: WARNING: error when fetching the message queue: \(error)")
            }
            self?.base.flushMessageQueue(result as? String)
        }
    }
}

extension WKWebViewJavascriptBridge: WebViewJavascriptBridgeBaseDelegate {
    func evaluateJavascript(_ script: String) {
        webView?.evaluateJavaScript(script, completionHandler: nil)
    }
}

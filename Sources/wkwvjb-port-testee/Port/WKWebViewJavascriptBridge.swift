#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

/// The WebKit glue of a typical port in the wkwvjb dialect: two script message handlers on the web view's user
/// content controller (through a weak proxy, so that the controller does not keep the bridge alive), which
/// inject the JS side when the page posts to `iOS_Native_InjectJavascript` (sending the startup queue in that
/// evaluation's completion) and fetch the queue when it posts to `iOS_Native_FlushMessageQueue`. It is not the
/// web view's navigation delegate: this dialect loads no bridge URLs.
///
/// This file compiles unchanged against WebKit and against the kit's `SimulatedWebKit`.
@MainActor
public final class WKWebViewJavascriptBridge: NSObject {
    private static let injectName = "iOS_Native_InjectJavascript"
    private static let flushName = "iOS_Native_FlushMessageQueue"

    private weak var webView: WKWebView?
    private let base = WKWebViewJavascriptBridgeBase()
    private let javascript: String

    /// Where the bridge's warnings go (`NSLog` by default).
    public var logger: (String) -> Void {
        get { base.logger }
        set { base.logger = newValue }
    }

    /// Attaches a bridge to `webView` by adding its two script message handlers.
    /// - Parameters:
    ///   - webView: The web view.
    ///   - javascript: The JS side to inject.
    public init(webView: WKWebView, javascript: String) {
        self.webView = webView
        self.javascript = javascript
        super.init()
        base.delegate = self
        let proxy = LeakAvoider(delegate: self)
        webView.configuration.userContentController.add(proxy, name: Self.injectName)
        webView.configuration.userContentController.add(proxy, name: Self.flushName)
    }

    /// Takes the two script message handlers off the web view; the app calls it before it lets the bridge go
    /// (a deinit cannot reach the main-actor web view).
    public func removeScriptMessageHandlers() {
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.injectName)
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.flushName)
    }

    // MARK: API

    public func registerHandler(_ handlerName: String, handler: @escaping WKWVJBHandler) {
        base.messageHandlers[handlerName] = handler
    }

    public func removeHandler(_ handlerName: String) {
        base.messageHandlers.removeValue(forKey: handlerName)
    }

    public func callHandler(_ handlerName: String, data: Any? = nil, callback: WKWVJBResponseCallback? = nil) {
        base.send(handlerName: handlerName, data: data, responseCallback: callback)
    }

    public func reset() {
        base.reset()
    }

    // MARK: Script messages

    fileprivate func didReceive(_ message: WKScriptMessage) {
        if message.name == Self.injectName {
            webView?.evaluateJavaScript(javascript) { [weak self] _, _ in self?.base.flushStartupMessageQueue() }
        } else if message.name == Self.flushName {
            flushMessageQueue()
        }
    }

    private func flushMessageQueue() {
        webView?.evaluateJavaScript("WKWebViewJavascriptBridge._fetchQueue();") { [weak self] result, error in
            if let error {
                self?.logger("WKWebViewJavascriptBridge: WARNING: error when fetching the message queue: \(error)")
            }
            self?.base.flushMessageQueue(result as? String)
        }
    }
}

extension WKWebViewJavascriptBridge: WKWebViewJavascriptBridgeBaseDelegate {
    func evaluateJavascript(_ script: String) {
        webView?.evaluateJavaScript(script, completionHandler: nil)
    }
}

/// Receives the page's script messages for a bridge it holds weakly: the user content controller keeps its
/// handlers, and the bridge must be free to go.
private final class LeakAvoider: NSObject, WKScriptMessageHandler {
    weak var delegate: WKWebViewJavascriptBridge?

    init(delegate: WKWebViewJavascriptBridge) {
        self.delegate = delegate
        super.init()
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        delegate?.didReceive(message)
    }
}

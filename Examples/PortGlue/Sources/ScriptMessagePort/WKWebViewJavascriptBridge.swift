import BridgeBase

#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

/// The WebKit glue of a port in the wkwvjb dialect (the `WKWebViewJavascriptBridge` package's wire): two script
/// message handlers on the web view's user content controller, through a weak proxy so that the controller does not
/// keep the bridge alive. When the page posts to `iOS_Native_InjectJavascript` it injects the JS side and sends its
/// startup queue in that evaluation's completion; when it posts to `iOS_Native_FlushMessageQueue` it fetches the
/// queue. Its `isolated deinit` takes the handlers off the web view. It is not the web view's navigation delegate:
/// the dialect loads no bridge URLs.
///
/// Compiles against WebKit and against SimulatedWebKit with the import above and nothing else; `isolated deinit`
/// needs a Swift 6.2 compiler (in either language mode).
@MainActor
public final class WKWebViewJavascriptBridge: NSObject {
    private static let injectJavascript = "iOS_Native_InjectJavascript"
    private static let flushMessageQueue = "iOS_Native_FlushMessageQueue"

    private weak var webView: WKWebView?
    private let base = WebViewJavascriptBridgeBase(words: .wkwvjb)

    /// Where the bridge's warnings go (`NSLog` by default).
    public var logger: @MainActor (String) -> Void {
        get { base.logger }
        set { base.logger = newValue }
    }

    /// Attaches a bridge to `webView` by adding its two script message handlers.
    public init(webView: WKWebView) {
        self.webView = webView
        super.init()
        base.delegate = self
        addScriptMessageHandlers()
    }

    isolated deinit {
        removeScriptMessageHandlers()
    }

    // MARK: API

    /// Registers `handler` under `handlerName`, replacing any handler of that name.
    public func register(handlerName: String, handler: @escaping WVJBHandler) {
        base.messageHandlers[handlerName] = handler
    }

    /// Removes the handler registered under `handlerName`, and returns it.
    @discardableResult
    public func remove(handlerName: String) -> WVJBHandler? {
        base.messageHandlers.removeValue(forKey: handlerName)
    }

    /// Calls the JS handler `handlerName` with `data`; `callback` gets its answer.
    public func call(handlerName: String, data: Any? = nil, callback: WVJBResponseCallback? = nil) {
        base.sendData(data, responseCallback: callback, handlerName: handlerName)
    }

    /// Holds messages until the JS side is injected again and forgets pending callbacks; handlers stay.
    public func reset() {
        base.reset()
    }

    // MARK: Script messages

    private func addScriptMessageHandlers() {
        let proxy = LeakAvoider(delegate: self)
        webView?.configuration.userContentController.add(proxy, name: Self.injectJavascript)
        webView?.configuration.userContentController.add(proxy, name: Self.flushMessageQueue)
    }

    private func removeScriptMessageHandlers() {
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.injectJavascript)
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.flushMessageQueue)
    }

    fileprivate func didReceive(_ message: WKScriptMessage) {
        if message.webView != webView { return }
        switch message.name {
        case Self.injectJavascript:
            webView?.evaluateJavaScript(WKWebViewJavascriptBridge_js) { [weak self] _, _ in
                self?.base.flushStartupMessageQueue()
            }
        case Self.flushMessageQueue:
            webView?.evaluateJavaScript(base.javascriptFetchQueueCommand) { [weak self] result, error in
                if let error {
                    self?.logger("WKWebViewJavascriptBridge: WARNING: error when fetching the message queue: \(error)")
                }
                self?.base.flushMessageQueue(result as? String)
            }
        default:
            break
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

/// Receives the page's script messages for a bridge it holds weakly: the user content controller keeps its handlers
/// strongly, and the bridge must be free to go (its deinit takes the handlers off).
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

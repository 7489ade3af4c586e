import ConformanceKit
import Foundation

/// A response callback of the typical port: takes the answer as a Foundation JSON object, or nil.
typealias TypicalResponseCallback = (Any?) -> Void

/// A native handler of the typical port: gets the message's data and a responder.
typealias TypicalHandler = (Any?, @escaping TypicalResponseCallback) -> Void

/// One protocol message, as Foundation JSON (`handlerName`, `data`, `callbackId`, `responseId`,
/// `responseData`).
typealias TypicalMessage = [String: Any]

/// A small Swift 5 port of WebViewJavascriptBridge, written the way real ports are: internal types,
/// handlers over Foundation JSON objects, `JSONSerialization` both ways, and every evaluation hopped
/// onto the main queue with `DispatchQueue.main.async`.
///
/// It becomes the web view's navigation delegate, injects the JS side on `__bridge_loaded__` and fetches
/// the JS queue on `__wvjb_queue_message__`. It is careful where the canonical bridge crashes: unknown
/// response ids are ignored, missing handlers are logged, and malformed fetch results are skipped.
final class TypicalBridge: SimulatedNavigationDelegate {
    private weak var webView: SimulatedWebView?
    private var messageHandlers: [String: TypicalHandlerForm] = [:]
    private var responseCallbacks: [String: TypicalResponseCallback] = [:]
    /// Messages held until the JS side is injected; nil once the bridge is live.
    private var startupMessageQueue: [TypicalMessage]? = []
    private var uniqueId = 0

    /// Creates the bridge and makes it `webView`'s navigation delegate.
    init(webView: SimulatedWebView) {
        self.webView = webView
        webView.navigationDelegate = self
    }

    // MARK: Public API

    func registerHandler(_ handlerName: String, handler: @escaping TypicalHandler) {
        messageHandlers[handlerName] = .escaping(handler)
    }

    /// Registers a handler whose responder is nil when JS sent no `callbackId`, as some ports declare
    /// `((Any?) -> Void)?`.
    func registerHandler(
        _ handlerName: String, optionalResponderHandler handler: @escaping (Any?, TypicalResponseCallback?) -> Void
    ) {
        messageHandlers[handlerName] = .optionalResponder(handler)
    }

    /// Registers a handler whose responder is non-escaping: it can answer only before it returns.
    func registerHandler(_ handlerName: String, synchronousHandler handler: @escaping (Any?, (Any?) -> Void) -> Void) {
        messageHandlers[handlerName] = .nonEscapingResponder(handler)
    }

    func removeHandler(_ handlerName: String) {
        messageHandlers.removeValue(forKey: handlerName)
    }

    func callHandler(_ handlerName: String?, data: Any? = nil, responseCallback: TypicalResponseCallback? = nil) {
        var message: TypicalMessage = [:]
        if let handlerName { message["handlerName"] = handlerName }
        if let data { message["data"] = data }
        if let responseCallback {
            uniqueId += 1
            let callbackId = "objc_cb_\(uniqueId)"
            responseCallbacks[callbackId] = responseCallback
            message["callbackId"] = callbackId
        }
        queueMessage(message)
    }

    /// Drops pending callbacks, restarts callback ids and holds messages until the next injection.
    func reset() {
        startupMessageQueue = []
        responseCallbacks = [:]
        uniqueId = 0
    }

    /// Asks the JS side to dispatch messages synchronously (the upstream name, typo included).
    func disableJavscriptAlertBoxSafetyTimeout() {
        queueMessage(["handlerName": "_disableJavascriptAlertBoxSafetyTimeout"])
    }

    // MARK: Navigation

    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        guard let url = action.url, isBridgeURL(url) else {
            decisionHandler(.allow)
            return
        }
        decisionHandler(.cancel)
        if url.host?.lowercased() == "__bridge_loaded__" {
            injectJavascriptFile()
        } else {
            flushMessageQueue()
        }
    }

    private func isBridgeURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "wvjbscheme" else { return false }
        let host = url.host?.lowercased()
        return host == "__bridge_loaded__" || host == "__wvjb_queue_message__"
    }

    private func injectJavascriptFile() {
        guard let webView else { return }
        evaluateJavascript(webView.bridgeJavaScriptSource)
        let queued = startupMessageQueue ?? []
        startupMessageQueue = nil
        for message in queued { dispatchMessage(message) }
    }

    // MARK: Native -> JS

    private func queueMessage(_ message: TypicalMessage) {
        if startupMessageQueue != nil {
            startupMessageQueue?.append(message)
        } else {
            dispatchMessage(message)
        }
    }

    private func dispatchMessage(_ message: TypicalMessage) {
        guard let json = serializeMessage(message) else {
            log("WebViewJavascriptBridge: WARNING: could not serialize message: \(message)")
            return
        }
        evaluateJavascript("WebViewJavascriptBridge._handleMessageFromObjC('\(escapeForJavascript(json))');")
    }

    private func serializeMessage(_ message: TypicalMessage) -> String? {
        guard JSONSerialization.isValidJSONObject(message),
            let data = try? JSONSerialization.data(withJSONObject: message)
        else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// Escapes JSON text for a single-quoted JS string literal (backslash first).
    private func escapeForJavascript(_ json: String) -> String {
        json.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "'", with: "\\'")
            .replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\u{0C}", with: "\\f")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    private func evaluateJavascript(_ script: String, completion: ((Any?, Error?) -> Void)? = nil) {
        DispatchQueue.main.async { [weak self] in
            self?.webView?.evaluateJavaScript(script, completionHandler: completion)
        }
    }

    // MARK: JS -> native

    private func flushMessageQueue() {
        evaluateJavascript("WebViewJavascriptBridge._fetchQueue();") { [weak self] result, error in
            guard let self else { return }
            if let error {
                self.log("WebViewJavascriptBridge: WARNING: error when fetching the message queue: \(error)")
            }
            guard let queueJSON = result as? String, !queueJSON.isEmpty else {
                self.log(
                    "WebViewJavascriptBridge: WARNING: ObjC got nil while fetching the message queue JSON from webview."
                )
                return
            }
            self.handleQueue(queueJSON)
        }
    }

    private func handleQueue(_ queueJSON: String) {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(queueJSON.utf8), options: [.fragmentsAllowed]),
            let messages = parsed as? [Any]
        else {
            log("WebViewJavascriptBridge: WARNING: Invalid message queue received: \(queueJSON)")
            return
        }
        for element in messages {
            guard let message = element as? TypicalMessage else {
                log("WebViewJavascriptBridge: WARNING: Invalid \(type(of: element)) received: \(element)")
                continue
            }
            handleMessage(message)
        }
    }

    private func handleMessage(_ message: TypicalMessage) {
        if let responseId = message["responseId"] {
            let key = "\(responseId)"
            guard let callback = responseCallbacks.removeValue(forKey: key) else {
                log("WebViewJavascriptBridge: WARNING: no callback for responseId \(key); ignored")
                return
            }
            callback(message["responseData"])
            return
        }
        var responder: TypicalResponseCallback?
        if let callbackId = message["callbackId"] {
            responder = { [weak self] responseData in
                self?.queueMessage(["responseId": callbackId, "responseData": responseData ?? NSNull()])
            }
        }
        guard let handlerName = message["handlerName"] as? String, let handler = messageHandlers[handlerName] else {
            log("WVJBNoHandlerException, No handler for message from JS: \(message)")
            return
        }
        switch handler {
        case .escaping(let handler): handler(message["data"], responder ?? { _ in })
        case .optionalResponder(let handler): handler(message["data"], responder)
        case .nonEscapingResponder(let handler): handler(message["data"]) { answer in responder?(answer) }
        }
    }

    private func log(_ line: String) {
        webView?.recordNativeLog(line)
    }
}

/// The forms of native handler the typical port accepts, as real ports declare them.
enum TypicalHandlerForm {
    /// The canonical form: an escaping responder, a no-op when JS sent no `callbackId`.
    case escaping(TypicalHandler)
    /// A responder that is nil when JS sent no `callbackId`.
    case optionalResponder((Any?, TypicalResponseCallback?) -> Void)
    /// A non-escaping responder, valid only while the handler runs.
    case nonEscapingResponder((Any?, (Any?) -> Void) -> Void)
}

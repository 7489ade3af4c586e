import Foundation

/// A response callback: takes JS's answer as a Foundation JSON object, or nil.
public typealias WVJBResponseCallback = (Any?) -> Void

/// A native handler: gets the message's data and a responder.
public typealias WVJBHandler = (Any?, @escaping WVJBResponseCallback) -> Void

/// What the platform-free base asks of the glue.
protocol WebViewJavascriptBridgeBaseDelegate: AnyObject {
    /// Evaluates `script` in the page.
    func evaluateJavascript(_ script: String)
}

/// The platform-free part of a typical Swift 5 port of WebViewJavascriptBridge: handlers, callbacks, the
/// startup queue, JSON and escaping. Written the way ports are: Foundation JSON objects and
/// `JSONSerialization` both ways. The WebKit glue (`WKWebViewJavascriptBridge`) feeds it.
final class WebViewJavascriptBridgeBase {
    weak var delegate: WebViewJavascriptBridgeBaseDelegate?
    var messageHandlers: [String: WVJBHandler] = [:]
    var logger: (String) -> Void = { NSLog("%@", $0) }
    private var responseCallbacks: [String: WVJBResponseCallback] = [:]
    /// Messages held until the JS side is injected; nil once it is.
    private var startupMessageQueue: [[String: Any]]? = []
    private var uniqueId = 0

    func reset() {
        startupMessageQueue = []
        responseCallbacks = [:]
        uniqueId = 0
    }

    func send(handlerName: String?, data: Any?, responseCallback: WVJBResponseCallback?) {
        var message: [String: Any] = [:]
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

    // MARK: URLs

    func isWebViewJavascriptBridgeURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "wvjbscheme" else { return false }
        return isBridgeLoadedURL(url) || isQueueMessageURL(url)
    }

    func isBridgeLoadedURL(_ url: URL) -> Bool { url.host?.lowercased() == "__bridge_loaded__" }

    func isQueueMessageURL(_ url: URL) -> Bool { url.host?.lowercased() == "__wvjb_queue_message__" }

    // MARK: Injection and messages

    func injectJavascriptFile(_ javascript: String) {
        delegate?.evaluateJavascript(javascript)
        let queued = startupMessageQueue ?? []
        startupMessageQueue = nil
        for message in queued { dispatchMessage(message) }
    }

    func flushMessageQueue(_ queueJSON: String?) {
        guard let queueJSON, !queueJSON.isEmpty else {
            logger("WebViewJavascriptBridge: WARNING: ObjC got nil while fetching the message queue JSON from webview.")
            return
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(queueJSON.utf8), options: [.fragmentsAllowed]),
            let messages = parsed as? [Any]
        else {
            logger("WebViewJavascriptBridge: WARNING: Invalid message queue received: \(queueJSON)")
            return
        }
        for element in messages {
            guard let message = element as? [String: Any] else {
                logger("WebViewJavascriptBridge: WARNING: Invalid \(type(of: element)) received: \(element)")
                continue
            }
            handle(message)
        }
    }

    private func handle(_ message: [String: Any]) {
        if let responseId = message["responseId"] {
            guard let callback = responseCallbacks.removeValue(forKey: "\(responseId)") else {
                logger("WebViewJavascriptBridge: WARNING: no callback for responseId \(responseId); ignored")
                return
            }
            callback(message["responseData"])
            return
        }
        var responder: WVJBResponseCallback = { _ in }
        if let callbackId = message["callbackId"] {
            responder = { [weak self] responseData in
                self?.queueMessage(["responseId": callbackId, "responseData": responseData ?? NSNull()])
            }
        }
        guard let handlerName = message["handlerName"] as? String, let handler = messageHandlers[handlerName] else {
            logger("WVJBNoHandlerException, No handler for message from JS: \(message)")
            return
        }
        handler(message["data"], responder)
    }

    private func queueMessage(_ message: [String: Any]) {
        if startupMessageQueue != nil {
            startupMessageQueue?.append(message)
        } else {
            dispatchMessage(message)
        }
    }

    private func dispatchMessage(_ message: [String: Any]) {
        guard JSONSerialization.isValidJSONObject(message),
            let data = try? JSONSerialization.data(withJSONObject: message),
            let json = String(data: data, encoding: .utf8)
        else {
            logger("WebViewJavascriptBridge: WARNING: could not serialize message: \(message)")
            return
        }
        delegate?.evaluateJavascript("WebViewJavascriptBridge._handleMessageFromObjC('\(escapeForJavascript(json))');")
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
}

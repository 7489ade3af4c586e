import Foundation

/// A response callback: takes JS's answer as a Foundation JSON object, or nil.
public typealias WKWVJBResponseCallback = (Any?) -> Void

/// A native handler: gets the message's data and a responder.
public typealias WKWVJBHandler = (Any?, @escaping WKWVJBResponseCallback) -> Void

/// What the platform-free base asks of the glue.
@MainActor
protocol WKWebViewJavascriptBridgeBaseDelegate: AnyObject {
    /// Evaluates `script` in the page.
    func evaluateJavascript(_ script: String)
}

/// The platform-free part of a typical port in the wkwvjb dialect (the `WKWebViewJavascriptBridge` package's
/// wire): handlers, callbacks, the startup queue, JSON and escaping, with keys `callbackID`/`responseID` and
/// native ids `native_iOS_cb_<n>`. Written the way ports are: Foundation JSON objects and `JSONSerialization`
/// both ways. The WebKit glue (`WKWebViewJavascriptBridge`) feeds it.
@MainActor
final class WKWebViewJavascriptBridgeBase {
    weak var delegate: WKWebViewJavascriptBridgeBaseDelegate?
    var messageHandlers: [String: WKWVJBHandler] = [:]
    var logger: (String) -> Void = { NSLog("%@", $0) }
    private var responseCallbacks: [String: WKWVJBResponseCallback] = [:]
    /// Messages held until the JS side is injected; nil once it is.
    private var startupMessageQueue: [[String: Any]]? = []
    private var uniqueId = 0

    func reset() {
        startupMessageQueue = []
        responseCallbacks = [:]
        uniqueId = 0
    }

    func send(handlerName: String?, data: Any?, responseCallback: WKWVJBResponseCallback?) {
        var message: [String: Any] = [:]
        if let handlerName { message["handlerName"] = handlerName }
        if let data { message["data"] = data }
        if let responseCallback {
            uniqueId += 1
            let callbackID = "native_iOS_cb_\(uniqueId)"
            responseCallbacks[callbackID] = responseCallback
            message["callbackID"] = callbackID
        }
        queueMessage(message)
    }

    /// Sends what was held until the JS side was injected and stops holding messages.
    func flushStartupMessageQueue() {
        let queued = startupMessageQueue ?? []
        startupMessageQueue = nil
        for message in queued { dispatchMessage(message) }
    }

    func flushMessageQueue(_ queueJSON: String?) {
        guard let queueJSON, !queueJSON.isEmpty else {
            logger(
                "WKWebViewJavascriptBridge: WARNING: iOS got nil while fetching the message queue JSON from webview.")
            return
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(queueJSON.utf8), options: [.fragmentsAllowed]),
            let messages = parsed as? [Any]
        else {
            logger("WKWebViewJavascriptBridge: WARNING: Invalid message queue received: \(queueJSON)")
            return
        }
        for element in messages {
            guard let message = element as? [String: Any] else {
                logger("WKWebViewJavascriptBridge: WARNING: Invalid \(type(of: element)) received: \(element)")
                continue
            }
            handle(message)
        }
    }

    private func handle(_ message: [String: Any]) {
        if let responseID = message["responseID"] {
            guard let callback = responseCallbacks.removeValue(forKey: "\(responseID)") else {
                logger("WKWebViewJavascriptBridge: WARNING: no callback for responseID \(responseID); ignored")
                return
            }
            callback(message["responseData"])
            return
        }
        var responder: WKWVJBResponseCallback = { _ in }
        if let callbackID = message["callbackID"] {
            responder = { [weak self] responseData in
                self?.queueMessage(["responseID": callbackID, "responseData": responseData ?? NSNull()])
            }
        }
        guard let handlerName = message["handlerName"] as? String, let handler = messageHandlers[handlerName] else {
            logger("WKWVJBNoHandlerException, No handler for message from JS: \(message)")
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
            logger("WKWebViewJavascriptBridge: WARNING: could not serialize message: \(message)")
            return
        }
        delegate?.evaluateJavascript("WKWebViewJavascriptBridge._handleMessageFromiOS('\(escapeForJavascript(json))');")
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

import Foundation

/// A response callback: takes the other side's answer as a Foundation JSON object, or nil.
public typealias WVJBResponseCallback = (Any?) -> Void

/// A native handler: gets the message's data and a responder.
public typealias WVJBHandler = (Any?, @escaping WVJBResponseCallback) -> Void

/// What the base asks of a port's WebKit glue.
@MainActor
public protocol WebViewJavascriptBridgeBaseDelegate: AnyObject {
    /// Evaluates `javascriptCommand` in the page.
    func _evaluateJavascript(_ javascriptCommand: String)
}

/// The platform-free part of a port of WebViewJavascriptBridge, shared by this package's ports so that what differs
/// between them is their WebKit glue: handlers, callbacks, the startup queue, JSON and escaping, written the way
/// ports write them (Foundation JSON objects and `JSONSerialization` both ways).
@MainActor
public final class WebViewJavascriptBridgeBase {
    /// The glue that evaluates in the page.
    public weak var delegate: (any WebViewJavascriptBridgeBaseDelegate)?
    /// The native handlers, by name.
    public var messageHandlers: [String: WVJBHandler] = [:]
    /// Where warnings go (`NSLog` by default).
    public var logger: @MainActor (String) -> Void = { NSLog("%@", $0) }
    /// The wire's words: the canonical dialect's or the wkwvjb dialect's.
    public let words: Words
    private var responseCallbacks: [String: WVJBResponseCallback] = [:]
    /// Messages held until the JS side is injected; nil once it is.
    private var startupMessageQueue: [[String: Any]]? = []
    private var uniqueId = 0

    /// A base speaking `words`.
    public init(words: Words = .canonical) {
        self.words = words
    }

    /// Holds messages again until the next injection, forgets pending callbacks and restarts callback ids.
    public func reset() {
        startupMessageQueue = []
        responseCallbacks = [:]
        uniqueId = 0
    }

    /// Sends a call to a JS handler (queued until the JS side is injected).
    public func sendData(_ data: Any?, responseCallback: WVJBResponseCallback?, handlerName: String?) {
        var message: [String: Any] = [:]
        if let handlerName { message["handlerName"] = handlerName }
        if let data { message["data"] = data }
        if let responseCallback {
            uniqueId += 1
            let callbackId = "\(words.nativeCallbackIdPrefix)\(uniqueId)"
            responseCallbacks[callbackId] = responseCallback
            message[words.callbackIdKey] = callbackId
        }
        queueMessage(message)
    }

    // MARK: Bridge URLs (the canonical dialect's signals)

    /// Whether `url` is one of the bridge's: scheme `https` or `wvjbscheme`, a bridge host.
    public func isWebViewJavascriptBridgeURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "wvjbscheme" else { return false }
        return isBridgeLoadedURL(url) || isQueueMessageURL(url)
    }

    /// Whether `url` asks for the JS side.
    public func isBridgeLoadedURL(_ url: URL) -> Bool { url.host?.lowercased() == "__bridge_loaded__" }

    /// Whether `url` says the page queued messages.
    public func isQueueMessageURL(_ url: URL) -> Bool { url.host?.lowercased() == "__wvjb_queue_message__" }

    /// The command that fetches the page's queue.
    public var javascriptFetchQueueCommand: String { "\(words.global)._fetchQueue();" }

    // MARK: Injection and messages

    /// Evaluates the JS side, then sends what was held for it.
    public func injectJavascriptFile(_ javascript: String) {
        delegate?._evaluateJavascript(javascript)
        flushStartupMessageQueue()
    }

    /// Sends what was held until the JS side was injected, and stops holding messages.
    public func flushStartupMessageQueue() {
        let queued = startupMessageQueue ?? []
        startupMessageQueue = nil
        for message in queued { dispatchMessage(message) }
    }

    /// Runs the messages of a `_fetchQueue` result.
    public func flushMessageQueue(_ messageQueueString: String?) {
        guard let messageQueueString, !messageQueueString.isEmpty else {
            logger(
                "\(words.logName): WARNING: \(words.nativeName) got nil while fetching the message queue JSON from webview."
            )
            return
        }
        guard
            let parsed = try? JSONSerialization.jsonObject(
                with: Data(messageQueueString.utf8), options: [.fragmentsAllowed]),
            let messages = parsed as? [Any]
        else {
            logger("\(words.logName): WARNING: Invalid message queue received: \(messageQueueString)")
            return
        }
        for element in messages {
            guard let message = element as? [String: Any] else {
                logger("\(words.logName): WARNING: Invalid \(type(of: element)) received: \(element)")
                continue
            }
            handle(message)
        }
    }

    private func handle(_ message: [String: Any]) {
        if let responseId = message[words.responseIdKey] {
            guard let callback = responseCallbacks.removeValue(forKey: "\(responseId)") else {
                logger("\(words.logName): WARNING: no callback for \(words.responseIdKey) \(responseId); ignored")
                return
            }
            callback(message["responseData"])
            return
        }
        var responder: WVJBResponseCallback = { _ in }
        if let callbackId = message[words.callbackIdKey] {
            let responseIdKey = words.responseIdKey
            responder = { [weak self] responseData in
                self?.queueMessage([responseIdKey: callbackId, "responseData": responseData ?? NSNull()])
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
            logger("\(words.logName): WARNING: could not serialize message: \(message)")
            return
        }
        delegate?._evaluateJavascript("\(words.global).\(words.entryPoint)('\(escapeForJavascript(json))');")
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

import Dispatch
import Foundation

/// What MiniBridge needs from its web view: evaluating a script, the way `WKWebView` does it.
///
/// Conform your web view type to it (`extension WKWebView: MiniBridgeWebView {}` has nothing to add).
@MainActor
public protocol MiniBridgeWebView: AnyObject {
    /// Evaluates `script` in the page and reports the result (or an error) later, on the main thread.
    func evaluateJavaScript(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?)
}

/// A compact native side of the WebViewJavascriptBridge (v6) protocol.
///
/// Handlers and callbacks take Foundation JSON values (`NSNull`, numbers, `Bool`, `String`, arrays,
/// dictionaries). The host forwards each navigation request to `decidePolicy(for:)`, which cancels
/// the bridge's own URLs and acts on them. Use it on the main thread, except for
/// `callHandlerFromAnyThread(_:data:)`.
@MainActor
public final class MiniBridge {
    /// Sends an answer back to the caller; nil is sent as JSON null.
    public typealias Responder = (Any?) -> Void
    /// A native handler: gets the call's data (nil when the message has none) and a responder.
    public typealias Handler = (Any?, @escaping Responder) -> Void

    /// What the host should do with a navigation request.
    public enum NavigationDecision: Sendable {
        /// Not a bridge URL: let it happen (or ask the app's own delegate).
        case allow
        /// A bridge URL: cancel it (the bridge has acted on it).
        case cancel
    }

    private weak var webView: (any MiniBridgeWebView)?
    private let javaScriptSource: String
    private let log: (String) -> Void
    private var handlers: [String: Handler] = [:]
    private var callbacks: [String: Responder] = [:]
    private var lastCallbackNumber = 0
    /// Messages held until the JS side is injected; nil while the bridge is live.
    private var startupQueue: [[String: Any]]? = []

    /// Creates a bridge for `webView`.
    /// - Parameters:
    ///   - webView: The web view to evaluate scripts in (held weakly).
    ///   - javaScriptSource: The JS side to inject when the page asks for the bridge.
    ///   - log: Where warnings go.
    public init(
        webView: any MiniBridgeWebView, javaScriptSource: String, log: @escaping (String) -> Void = { print($0) }
    ) {
        self.webView = webView
        self.javaScriptSource = javaScriptSource
        self.log = log
    }

    // MARK: API

    /// Registers (or replaces) the native handler `name`.
    public func registerHandler(_ name: String, handler: @escaping Handler) { handlers[name] = handler }

    /// Removes the native handler `name`; later calls to it are calls to a missing handler.
    public func removeHandler(_ name: String) { handlers[name] = nil }

    /// Calls the JS handler `name` with `data` (nil sends none); `responseCallback` gets the answer.
    public func callHandler(_ name: String?, data: Any? = nil, responseCallback: Responder? = nil) {
        var message: [String: Any] = [:]
        message["handlerName"] = name
        message["data"] = data
        if let responseCallback {
            lastCallbackNumber += 1
            let callbackId = "objc_cb_\(lastCallbackNumber)"
            callbacks[callbackId] = responseCallback
            message["callbackId"] = callbackId
        }
        send(message)
    }

    /// Like `callHandler(_:data:)`, from any thread: hops to the main queue without waiting for it.
    public nonisolated func callHandlerFromAnyThread(_ name: String, data: Any?) {
        nonisolated(unsafe) let data = data  // handed over to the main thread, not used here again
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.callHandler(name, data: data) }
        }
    }

    /// Holds sends until the next `__bridge_loaded__`, drops pending callbacks uncalled, restarts
    /// callback ids at `objc_cb_1`; handlers are kept.
    public func reset() {
        startupQueue = []
        callbacks = [:]
        lastCallbackNumber = 0
    }

    /// Asks the page's JS side to dispatch messages synchronously (the upstream name, typo included).
    public func disableJavscriptAlertBoxSafetyTimeout() {
        send(["handlerName": "_disableJavascriptAlertBoxSafetyTimeout"])
    }

    /// Decides a navigation request: bridge URLs are cancelled and acted on, everything else allowed.
    public func decidePolicy(for url: URL) -> NavigationDecision {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "wvjbscheme" else { return .allow }
        switch url.host?.lowercased() {
        case "__bridge_loaded__": injectJavaScript()
        case "__wvjb_queue_message__": fetchQueue()
        default: return .allow
        }
        return .cancel
    }

    // MARK: Native -> JS

    private func injectJavaScript() {
        webView?.evaluateJavaScript(javaScriptSource, completionHandler: nil)
        let held = startupQueue ?? []
        startupQueue = nil
        held.forEach(evaluate)
    }

    private func send(_ message: [String: Any]) {
        if startupQueue != nil { startupQueue?.append(message) } else { evaluate(message) }
    }

    private func evaluate(_ message: [String: Any]) {
        guard JSONSerialization.isValidJSONObject(message),
            let json = try? JSONSerialization.data(withJSONObject: message)
        else {
            log("MiniBridge: WARNING: dropped a message that is not JSON: \(message)")
            return
        }
        let literal = Self.escapeForJavaScriptLiteral(String(decoding: json, as: UTF8.self))
        webView?.evaluateJavaScript(
            "WebViewJavascriptBridge._handleMessageFromObjC('\(literal)');", completionHandler: nil)
    }

    /// Escapes JSON text for a single-quoted JavaScript string literal that ES5 engines accept:
    /// `\` `"` `'` LF CR FF become `\\` `\"` `\'` `\n` `\r` `\f`, and U+2028 / U+2029 become the six
    /// characters `\u2028` / `\u2029`. One pass over UTF-16 code units, so nothing is escaped twice.
    public nonisolated static func escapeForJavaScriptLiteral(_ json: String) -> String {
        var escaped: [UInt16] = []
        escaped.reserveCapacity(json.utf16.count + 16)
        for unit in json.utf16 {
            let replacement: String
            switch unit {
            case 0x5C: replacement = #"\\"#
            case 0x22: replacement = #"\""#
            case 0x27: replacement = #"\'"#
            case 0x0A: replacement = #"\n"#
            case 0x0D: replacement = #"\r"#
            case 0x0C: replacement = #"\f"#
            case 0x2028: replacement = #"\u2028"#
            case 0x2029: replacement = #"\u2029"#
            default:
                escaped.append(unit)
                continue
            }
            escaped.append(contentsOf: replacement.utf16)
        }
        return String(decoding: escaped, as: UTF16.self)
    }

    // MARK: JS -> native

    private func fetchQueue() {
        webView?.evaluateJavaScript("WebViewJavascriptBridge._fetchQueue();") { [weak self] result, error in
            if let error { self?.log("MiniBridge: WARNING: _fetchQueue failed: \(error)") }
            self?.flush(result as? String)
        }
    }

    private func flush(_ queueJSON: String?) {
        guard let queueJSON, !queueJSON.isEmpty else {
            log("WebViewJavascriptBridge: WARNING: ObjC got nil while fetching the message queue JSON from webview.")
            return
        }
        // swift-corelibs-foundation drops a raw U+FEFF at the start of a string; the escape survives.
        let text = queueJSON.replacingOccurrences(of: "\u{FEFF}", with: "\\ufeff")
        guard let batch = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) else {
            log("MiniBridge: WARNING: dropped a message queue that is not JSON")
            return
        }
        guard let messages = batch as? [Any] else {
            log("MiniBridge: WARNING: dropped a message queue that is not an array: \(type(of: batch))")
            return
        }
        for element in messages {
            guard let message = element as? [String: Any] else {
                log("WebViewJavascriptBridge: WARNING: Invalid \(type(of: element)) received: \(element)")
                continue
            }
            receive(message)
        }
    }

    private func receive(_ message: [String: Any]) {
        if message.keys.contains("responseId") {  // a response, whatever the id's value
            guard let id = message["responseId"] as? String, let callback = callbacks.removeValue(forKey: id) else {
                log("MiniBridge: WARNING: ignored a response to no pending callback: \(message["responseId"] ?? "nil")")
                return
            }
            callback(message["responseData"])
            return
        }
        guard let name = message["handlerName"] as? String, let handler = handlers[name] else {
            log("WVJBNoHandlerException, No handler for message from JS: \(message)")
            return
        }
        let callbackId = message["callbackId"]
        handler(
            message["data"],
            Self.callableFromAnyThread { [weak self] answer in
                guard let callbackId else { return }
                self?.send(["responseId": callbackId, "responseData": answer ?? NSNull()])
            })
    }

    /// Marks the main queue, which test runners may drain off the main thread.
    nonisolated private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue, where MiniBridge lives.
    private nonisolated static var isOnMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// `respond`, callable from any thread: a worker may answer a JS call when its work is done. Off the
    /// main thread the answer hops to the main queue without waiting, which keeps one thread's answers in order.
    private nonisolated static func callableFromAnyThread(_ respond: @escaping Responder) -> Responder {
        nonisolated(unsafe) let respond = respond  // only ever called on the main thread
        return { answer in
            nonisolated(unsafe) let answer = answer  // used on the main thread only, not here again
            guard !isOnMainQueue else { return MainActor.assumeIsolated { respond(answer) } }
            DispatchQueue.main.async { MainActor.assumeIsolated { respond(answer) } }
        }
    }
}

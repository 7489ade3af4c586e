// Three small third-party-style Swift ports of WebViewJavascriptBridge's native side, each with one
// realistic defect that the hand-written catalogue (`Catalogue.all`) passes and `conformance explore`
// finds. ExplorePortTests.swift runs both against each.
//
// The ports share only `PortWire`, their JSON and escaping plumbing. A real port would call
// `JSONSerialization` and a chain of `replacingOccurrences`; on Linux those are lenient and
// grapheme-based (see TypicalPortTests), which would fail catalogue cases for reasons that have
// nothing to do with the defects shown here, so the plumbing is the strict kind. The defects are all
// in the ports' own bookkeeping.
import ConformanceKit
import Foundation
import StrictJSON

/// A response callback of the ports: the answer as a Foundation JSON object, or nil.
typealias PortCallback = (Any?) -> Void
/// A native handler of the ports: the call's data and a responder.
typealias PortHandler = (Any?, @escaping PortCallback) -> Void
/// One protocol message as Foundation JSON.
typealias PortMessage = [String: Any]

/// The wire plumbing the three ports share: serialize and escape one native -> JS message, parse a
/// `_fetchQueue()` result, classify bridge URLs. Correct on purpose: the defects are elsewhere.
@MainActor
enum PortWire {
    static let fetchCommand = "WebViewJavascriptBridge._fetchQueue();"

    /// What `_fetchQueue()` returned, read as a batch; nil (after a warning) when it is not one.
    enum Batch {
        case messages([PortMessage?])
        case nothing
    }

    /// Whether `url` is a bridge URL, and which.
    static func bridgeHost(of url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "wvjbscheme",
            let host = url.host?.lowercased(), host == "__bridge_loaded__" || host == "__wvjb_queue_message__"
        else { return nil }
        return host
    }

    /// The command delivering `message`, or nil when its data is not JSON (logged by the caller).
    static func command(for message: PortMessage) -> String? {
        guard let json = try? JSONValue(foundation: message), !json.containsNonFiniteNumber else { return nil }
        let text = CanonicalJSON.encodeKeepingNonASCII(json)
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += #"\\"#
            case "\"": escaped += #"\""#
            case "'": escaped += #"\'"#
            case "\n": escaped += #"\n"#
            case "\r": escaped += #"\r"#
            case "\u{0C}": escaped += #"\f"#
            case "\u{2028}": escaped += #"\u2028"#
            case "\u{2029}": escaped += #"\u2029"#
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "WebViewJavascriptBridge._handleMessageFromObjC('\(escaped)');"
    }

    /// Parses a fetch result, logging what the canonical bridge warns about; a nil element stands for a
    /// non-object element (already logged).
    static func batch(_ result: String?, log: (String) -> Void) -> Batch {
        guard let result, !result.isEmpty else {
            log("WebViewJavascriptBridge: WARNING: ObjC got nil while fetching the message queue JSON from webview.")
            return .nothing
        }
        guard let parsed = try? JSONParser.parse(result, loneSurrogates: .reject), case .array(let elements) = parsed
        else {
            log("WebViewJavascriptBridge: WARNING: Invalid message queue received, ignored: \(result)")
            return .nothing
        }
        return .messages(
            elements.map { element in
                guard case .object = element, let message = element.foundationValue as? PortMessage else {
                    log("WebViewJavascriptBridge: WARNING: Invalid \(element.canonicalText) received")
                    return nil
                }
                return message
            })
    }

    /// Fetches the queue with `webView` and hands the batch to `handle`.
    static func fetch(
        in webView: SimulatedWebView, log: @escaping (String) -> Void, handle: @escaping (PortMessage) -> Void
    ) {
        webView.evaluateJavaScript(fetchCommand) { result, error in
            if let error { log("WebViewJavascriptBridge: WARNING: error when fetching the message queue: \(error)") }
            guard case .messages(let messages) = batch(result as? String, log: log) else { return }
            for case let message? in messages { handle(message) }
        }
    }
}

// MARK: - Port 1: recycled callback ids

/// A port that numbers its callbacks by how many are outstanding: `objc_cb_\(responseCallbacks.count + 1)`.
///
/// **Defect (CB-1):** the id is unique only while callbacks are answered in the order they were issued.
/// Once an earlier call is answered while a later one still waits, the count drops and the next call
/// reuses the waiting call's id: the new callback replaces the old one, which is never called, and
/// the old call's answer goes to the new caller.
///
/// **Why the catalogue misses it:** its cases issue their outstanding calls together (the reverse-order
/// case sends three before any answer) or one at a time (each answered before the next is made), and
/// ids restart after `reset()` anyway; no case makes a call after an early answer while a later call
/// still waits. Reading `count + 1` as "the next number" is exactly right in every one of those.
@MainActor
final class RecycledIdsPort: SimulatedNavigationDelegate {
    private weak var webView: SimulatedWebView?
    private var handlers: [String: PortHandler] = [:]
    private var responseCallbacks: [String: PortCallback] = [:]
    private var startupQueue: [PortMessage]? = []

    init(webView: SimulatedWebView) {
        self.webView = webView
        webView.navigationDelegate = self
    }

    func registerHandler(_ name: String, handler: @escaping PortHandler) { handlers[name] = handler }
    func removeHandler(_ name: String) { handlers[name] = nil }

    func callHandler(_ name: String, data: Any?, responseCallback: PortCallback?) {
        var message: PortMessage = ["handlerName": name]
        if let data { message["data"] = data }
        if let responseCallback {
            // The defect: "one more than the callbacks we hold" is not a fresh number once answers come out of order.
            let callbackId = "objc_cb_\(responseCallbacks.count + 1)"
            responseCallbacks[callbackId] = responseCallback
            message["callbackId"] = callbackId
        }
        send(message)
    }

    func reset() {
        startupQueue = []
        responseCallbacks = [:]
    }

    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        guard let host = PortWire.bridgeHost(of: action.url) else { return decisionHandler(.allow) }
        decisionHandler(.cancel)
        if host == "__bridge_loaded__" {
            webView.evaluateJavaScript(webView.bridgeJavaScriptSource, completionHandler: nil)
            let queued = startupQueue ?? []
            startupQueue = nil
            queued.forEach(deliver)
        } else {
            PortWire.fetch(in: webView, log: log) { [weak self] in self?.handle($0) }
        }
    }

    private func handle(_ message: PortMessage) {
        if message["responseId"] != nil {
            guard let id = message["responseId"] as? String, let callback = responseCallbacks.removeValue(forKey: id)
            else {
                return log("WebViewJavascriptBridge: WARNING: no callback for response \(message), ignored")
            }
            return callback(message["responseData"])
        }
        guard let name = message["handlerName"] as? String, let handler = handlers[name] else {
            return log("WVJBNoHandlerException, No handler for message from JS: \(message)")
        }
        let callbackId = message["callbackId"]
        handler(message["data"]) { [weak self] answer in
            guard let callbackId else { return }
            self?.send(["responseId": callbackId, "responseData": answer ?? NSNull()])
        }
    }

    private func send(_ message: PortMessage) {
        if startupQueue != nil { startupQueue?.append(message) } else { deliver(message) }
    }

    private func deliver(_ message: PortMessage) {
        guard let command = PortWire.command(for: message) else {
            return log("WebViewJavascriptBridge: WARNING: message is not valid JSON, not sent: \(message)")
        }
        webView?.evaluateJavaScript(command, completionHandler: nil)
    }

    private func log(_ line: String) { webView?.recordNativeLog(line) }
}

// MARK: - Port 2: removal by tombstone

/// A port whose `removeHandler` does not delete the handler but marks it removed, so that a handler can
/// be removed from inside a running batch without touching the dictionary being read.
///
/// **Defect (FLUSH-7):** `registerHandler` stores the new closure but never takes the name off the
/// removed list, so a handler that is removed and then registered again stays "missing" for good:
/// JS calls to it log the missing-handler warning and get no answer.
///
/// **Why the catalogue misses it:** its removal cases remove a handler and check that it is missing,
/// other handlers still work and that it stays removed across a reload; none registers the same name
/// again afterwards, which is the one step the tombstone gets wrong.
@MainActor
final class TombstonePort: SimulatedNavigationDelegate {
    private weak var webView: SimulatedWebView?
    private var handlers: [String: PortHandler] = [:]
    private var removedHandlers: Set<String> = []
    private var responseCallbacks: [String: PortCallback] = [:]
    private var startupQueue: [PortMessage]? = []
    private var uniqueId = 0

    init(webView: SimulatedWebView) {
        self.webView = webView
        webView.navigationDelegate = self
    }

    // The defect: registering again does not clear the tombstone (`removedHandlers.remove(name)` is missing).
    func registerHandler(_ name: String, handler: @escaping PortHandler) { handlers[name] = handler }
    func removeHandler(_ name: String) { removedHandlers.insert(name) }

    func callHandler(_ name: String, data: Any?, responseCallback: PortCallback?) {
        var message: PortMessage = ["handlerName": name]
        if let data { message["data"] = data }
        if let responseCallback {
            uniqueId += 1
            responseCallbacks["objc_cb_\(uniqueId)"] = responseCallback
            message["callbackId"] = "objc_cb_\(uniqueId)"
        }
        send(message)
    }

    func reset() {
        startupQueue = []
        responseCallbacks = [:]
        uniqueId = 0
    }

    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        guard let host = PortWire.bridgeHost(of: action.url) else { return decisionHandler(.allow) }
        decisionHandler(.cancel)
        if host == "__bridge_loaded__" {
            webView.evaluateJavaScript(webView.bridgeJavaScriptSource, completionHandler: nil)
            let queued = startupQueue ?? []
            startupQueue = nil
            queued.forEach(deliver)
        } else {
            PortWire.fetch(in: webView, log: log) { [weak self] in self?.handle($0) }
        }
    }

    private func handle(_ message: PortMessage) {
        if message["responseId"] != nil {
            guard let id = message["responseId"] as? String, let callback = responseCallbacks.removeValue(forKey: id)
            else {
                return log("WebViewJavascriptBridge: WARNING: no callback for response \(message), ignored")
            }
            return callback(message["responseData"])
        }
        guard let name = message["handlerName"] as? String, !removedHandlers.contains(name),
            let handler = handlers[name]
        else {
            return log("WVJBNoHandlerException, No handler for message from JS: \(message)")
        }
        let callbackId = message["callbackId"]
        handler(message["data"]) { [weak self] answer in
            guard let callbackId else { return }
            self?.send(["responseId": callbackId, "responseData": answer ?? NSNull()])
        }
    }

    private func send(_ message: PortMessage) {
        if startupQueue != nil { startupQueue?.append(message) } else { deliver(message) }
    }

    private func deliver(_ message: PortMessage) {
        guard let command = PortWire.command(for: message) else {
            return log("WebViewJavascriptBridge: WARNING: message is not valid JSON, not sent: \(message)")
        }
        webView?.evaluateJavaScript(command, completionHandler: nil)
    }

    private func log(_ line: String) { webView?.recordNativeLog(line) }
}

// MARK: - Port 3: every allowed navigation re-arms the startup queue

/// A port that takes LIFE-2's option: rather than lose sends made while a new page loads, it re-arms
/// its startup queue whenever it lets a navigation through, and flushes it at the new page's load URL.
///
/// **Defect (START-2):** it re-arms on *every* allowed navigation, without asking
/// `action.isMainFrame`: an iframe the page opens (an ad, a login frame, `about:blank`) goes through the
/// same delegate method, the queue is re-armed, and since the page does not load again no load URL
/// comes to flush it. Every later native call and answer is held for good.
///
/// **Why the catalogue misses it:** re-arming on a page load is allowed and the catalogue's reload
/// cases pass; the cases that open non-bridge iframes (look-alike URLs) only check the navigation
/// decisions and send nothing afterwards.
@MainActor
final class FrameRearmPort: SimulatedNavigationDelegate {
    private weak var webView: SimulatedWebView?
    private var handlers: [String: PortHandler] = [:]
    private var responseCallbacks: [String: PortCallback] = [:]
    private var startupQueue: [PortMessage]? = []
    private var uniqueId = 0

    init(webView: SimulatedWebView) {
        self.webView = webView
        webView.navigationDelegate = self
    }

    func registerHandler(_ name: String, handler: @escaping PortHandler) { handlers[name] = handler }
    func removeHandler(_ name: String) { handlers[name] = nil }

    func callHandler(_ name: String, data: Any?, responseCallback: PortCallback?) {
        var message: PortMessage = ["handlerName": name]
        if let data { message["data"] = data }
        if let responseCallback {
            uniqueId += 1
            responseCallbacks["objc_cb_\(uniqueId)"] = responseCallback
            message["callbackId"] = "objc_cb_\(uniqueId)"
        }
        send(message)
    }

    func reset() {
        startupQueue = []
        responseCallbacks = [:]
        uniqueId = 0
    }

    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        guard let host = PortWire.bridgeHost(of: action.url) else {
            // The defect: `guard action.isMainFrame else { return decisionHandler(.allow) }` is missing.
            if startupQueue == nil { startupQueue = [] }
            return decisionHandler(.allow)
        }
        decisionHandler(.cancel)
        if host == "__bridge_loaded__" {
            webView.evaluateJavaScript(webView.bridgeJavaScriptSource, completionHandler: nil)
            let queued = startupQueue ?? []
            startupQueue = nil
            queued.forEach(deliver)
        } else {
            PortWire.fetch(in: webView, log: log) { [weak self] in self?.handle($0) }
        }
    }

    private func handle(_ message: PortMessage) {
        if message["responseId"] != nil {
            guard let id = message["responseId"] as? String, let callback = responseCallbacks.removeValue(forKey: id)
            else {
                return log("WebViewJavascriptBridge: WARNING: no callback for response \(message), ignored")
            }
            return callback(message["responseData"])
        }
        guard let name = message["handlerName"] as? String, let handler = handlers[name] else {
            return log("WVJBNoHandlerException, No handler for message from JS: \(message)")
        }
        let callbackId = message["callbackId"]
        handler(message["data"]) { [weak self] answer in
            guard let callbackId else { return }
            self?.send(["responseId": callbackId, "responseData": answer ?? NSNull()])
        }
    }

    private func send(_ message: PortMessage) {
        if startupQueue != nil { startupQueue?.append(message) } else { deliver(message) }
    }

    private func deliver(_ message: PortMessage) {
        guard let command = PortWire.command(for: message) else {
            return log("WebViewJavascriptBridge: WARNING: message is not valid JSON, not sent: \(message)")
        }
        webView?.evaluateJavaScript(command, completionHandler: nil)
    }

    private func log(_ line: String) { webView?.recordNativeLog(line) }
}

// MARK: - Adapters

/// The adapter of `RecycledIdsPort`.
final class RecycledIdsPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset {
    private var bridge: RecycledIdsPort!
    func attach(to webView: SimulatedWebView) throws { bridge = RecycledIdsPort(webView: webView) }
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }
    func removeHandler(_ name: String) throws { bridge.removeHandler(name) }
    func reset() throws { bridge.reset() }
}

/// The adapter of `TombstonePort`.
final class TombstonePortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset {
    private var bridge: TombstonePort!
    func attach(to webView: SimulatedWebView) throws { bridge = TombstonePort(webView: webView) }
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }
    func removeHandler(_ name: String) throws { bridge.removeHandler(name) }
    func reset() throws { bridge.reset() }
}

/// The adapter of `FrameRearmPort`.
final class FrameRearmPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset {
    private var bridge: FrameRearmPort!
    func attach(to webView: SimulatedWebView) throws { bridge = FrameRearmPort(webView: webView) }
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }
    func removeHandler(_ name: String) throws { bridge.removeHandler(name) }
    func reset() throws { bridge.reset() }
}

import Foundation
import StrictJSON
import WireDialects

/// The callback that receives the answer to a call: the decoded JSON value, or nil.
public typealias BridgeResponseCallback = (Any?) -> Void

/// A native handler: gets the call's data and a responder it may call any number of times. An error it
/// throws is logged and ends only that call (FLUSH-8).
public typealias BridgeHandler = (Any?, @escaping BridgeResponseCallback) throws -> Void

/// The platform-free native side of the WebViewJavascriptBridge protocol (`spec/protocol.md`).
///
/// It knows nothing about web views: it evaluates JS through the `evaluate` closure and is told about
/// bridge URLs through `injectJavascript(_:)` and `flushMessageQueue(_:)`. Where the canonical bridge
/// crashes or loses data, it logs and carries on. Not thread-safe: use it from one thread.
public final class BridgeCore {
    /// One protocol message: a JSON object's members. Messages are built and read as JSON values, not
    /// Foundation objects, so that what is sent is the same bytes on every platform.
    private typealias Message = [String: JSONValue]

    /// The JS to evaluate when the page signals queued messages; its result goes to `flushMessageQueue(_:)`
    /// (FLUSH-1).
    public static let fetchQueueCommand = WireDialect.canonical.fetchCommand

    /// The words of the wire this bridge speaks (keys, ids, commands): the canonical dialect unless created
    /// for another.
    public let wire: WireDialect

    /// The JS to evaluate when the page signals queued messages, in this bridge's dialect.
    public var fetchCommand: String { wire.fetchCommand }

    /// Messages logged as traffic are cut after this many UTF-16 code units (LOG-7).
    private static let maxLoggedLength = 500

    /// Whether sent and received messages are logged as `WVJB SEND: ...` / `WVJB RCVD: ...` (LOG-7; off
    /// by default).
    public var logsTraffic = false

    private let evaluate: (String) -> Void
    private let log: (String) -> Void
    private var handlers: [String: BridgeHandler] = [:]
    private var responseCallbacks: [String: BridgeResponseCallback] = [:]
    private var nextCallbackNumber = 1
    /// Messages held until the bridge JS is injected (START-1); nil once queueing is off (START-2).
    private var startupQueue: [Message]? = []

    /// Whether outgoing messages are held until the next `injectJavascript(_:)`.
    ///
    /// True for a new core and again after `reset()`.
    public var isQueueingStartupMessages: Bool { startupQueue != nil }

    /// Creates a core.
    /// - Parameters:
    ///   - evaluate: Evaluates a JS string in the page; its result is not needed.
    ///   - log: Receives warnings (and traffic, if `logsTraffic` is on).
    public convenience init(evaluate: @escaping (String) -> Void, log: @escaping (String) -> Void = { _ in }) {
        self.init(dialect: .canonical, evaluate: evaluate, log: log)
    }

    /// Creates a core that speaks `dialect`.
    /// - Parameters:
    ///   - dialect: The wire's words.
    ///   - evaluate: Evaluates a JS string in the page; its result is not needed.
    ///   - log: Receives warnings (and traffic, if `logsTraffic` is on).
    public init(dialect: WireDialect, evaluate: @escaping (String) -> Void, log: @escaping (String) -> Void = { _ in })
    {
        wire = dialect
        self.evaluate = evaluate
        self.log = log
    }

    // MARK: - Handlers

    /// Registers the handler for calls from JS named `name`, replacing any earlier one.
    /// - Parameters:
    ///   - name: The handler name JS calls.
    ///   - handler: Gets the call's data and a responder.
    public func registerHandler(_ name: String, handler: @escaping BridgeHandler) {
        handlers[name] = handler
    }

    /// Removes the handler named `name`; later calls to it are treated as calls to a missing handler
    /// (MISS-2).
    /// - Parameter name: The handler name.
    public func removeHandler(_ name: String) {
        handlers[name] = nil
    }

    // MARK: - Sending

    /// Calls a JS handler (MSG-7).
    /// - Parameters:
    ///   - name: The JS handler name; nil sends a message without a handler name.
    ///   - data: JSON-serializable data; nil sends no data key.
    ///   - responseCallback: Called with the JS handler's answer; nil sends no callback id.
    public func callHandler(_ name: String?, data: Any? = nil, responseCallback: BridgeResponseCallback? = nil) {
        var message: Message = [:]
        if let name { message[wire.keys.handlerName] = .string(name) }
        if let data {
            // ESC-4: data that cannot be serialized is logged and not sent.
            guard let json = serializable(data, describedAs: "call to handler \(name.map { "'\($0)'" } ?? "(no name)")")
            else { return }
            message[wire.keys.data] = json
        }
        if let responseCallback {
            // ID-2, CB-1: ids count only calls that carry a callback, and are unique among outstanding ones.
            let callbackId = wire.callbackIDs.nativeID(nextCallbackNumber)
            nextCallbackNumber += 1
            responseCallbacks[callbackId] = responseCallback
            message[wire.keys.callbackID] = .string(callbackId)
        }
        send(message)
    }

    /// Asks the JS side to dispatch messages synchronously instead of through `setTimeout`.
    ///
    /// Sends the ordinary call, without data or callback, to the handler the dialect names for it, through
    /// the startup queue if the bridge JS is not injected yet (SAFE-2). (The method name's typo is the
    /// upstream API.)
    public func disableJavscriptAlertBoxSafetyTimeout() {
        guard let switchOff = wire.disableSafetyTimeoutHandler else { return }
        callHandler(switchOff, data: nil, responseCallback: nil)
    }

    /// Prepares for a new page (START-3): re-arms the startup queue, drops pending callbacks uncalled, and
    /// restarts callback ids at number 1. Handlers are kept; messages still in the startup queue are
    /// dropped.
    public func reset() {
        startupQueue = []
        responseCallbacks = [:]
        nextCallbackNumber = 1
    }

    /// Injects the bridge JS, then sends the startup queue in order and stops queueing (BOOT-3, BOOT-4,
    /// START-1, START-2).
    ///
    /// Call it for every load URL the page loads (`BridgeURLKind.bridgeLoaded`).
    /// - Parameter source: The bridge JS.
    public func injectJavascript(_ source: String) {
        evaluate(source)
        sendStartupQueue()
    }

    /// Sends the messages held until the JS side was injected, in order, and stops holding messages
    /// (START-1, START-2): for a glue that injects the JS side itself and sends the startup queue once that
    /// evaluation has completed, as the wkwvjb dialect's does (WK-3).
    public func sendStartupQueue() {
        let queued = startupQueue ?? []
        startupQueue = nil
        for message in queued { dispatch(message) }
    }

    // MARK: - Receiving

    /// Handles the string result of evaluating `fetchQueueCommand`: a JSON array of messages from JS.
    ///
    /// Messages run synchronously in array order (ORD-2). Nil, empty, invalid or non-array input and
    /// non-object elements are logged and skipped; nothing here crashes (FLUSH-2 to FLUSH-5).
    /// - Parameter messageQueueJSON: What `fetchQueueCommand` returned.
    public func flushMessageQueue(_ messageQueueJSON: String?) {
        guard let messageQueueJSON, !messageQueueJSON.isEmpty else {
            log(
                "WebViewJavascriptBridge: WARNING: ObjC got nil while fetching the message queue JSON from webview. "
                    + "This can happen if the WebViewJavascriptBridge JS is not currently present in the webview, "
                    + "e.g if the webview just loaded a new page.")
            return
        }
        let parsed: JSONValue
        do {
            // Strictly RFC 8259: Foundation's readers on Linux run text that is not JSON (FLUSH-3).
            parsed = try JSONParser.parse(messageQueueJSON, loneSurrogates: .reject)
        } catch {
            log(
                "WebViewJavascriptBridge: WARNING: message queue could not be parsed as JSON, batch dropped (\(error)): "
                    + truncated(messageQueueJSON))
            return
        }
        guard case .array(let batch) = parsed else {
            log(
                "WebViewJavascriptBridge: WARNING: message queue is not a JSON array, ignored: "
                    + truncated(messageQueueJSON))
            return
        }
        for element in batch {
            guard case .object(let message) = element else {
                log(
                    "WebViewJavascriptBridge: WARNING: Invalid \(Self.jsonTypeName(element)) received: \(Self.describe(element))"
                )
                continue
            }
            if logsTraffic { log("WVJB RCVD: " + truncated(Self.describe(element))) }
            // MSG-4: any response id, whatever its value, makes a message a response.
            if message[wire.keys.responseID] != nil {
                handleResponse(message)
            } else {
                handleCall(message)
            }
        }
    }

    /// Runs the callback a response names, once (CB-1 to CB-4).
    private func handleResponse(_ message: Message) {
        guard case .string(let responseId)? = message[wire.keys.responseID],
            let callback = responseCallbacks.removeValue(forKey: responseId)
        else {
            log(
                "WebViewJavascriptBridge: WARNING: no callback for \(wire.keys.responseID) \(message[wire.keys.responseID].map(Self.describeId) ?? "nil"), ignored: "
                    + Self.describe(.object(message)))
            return
        }
        callback(message[wire.keys.responseData]?.foundationValue)
    }

    /// Runs the handler a call names with its data and a responder (FLUSH-7), or logs a missing handler
    /// (MISS-1, LOG-1).
    private func handleCall(_ message: Message) {
        guard case .string(let name)? = message[wire.keys.handlerName], let handler = handlers[name] else {
            log("WVJBNoHandlerException, No handler for message from JS: \(Self.describe(.object(message)))")
            return
        }
        do {
            try handler(message[wire.keys.data]?.foundationValue, responder(for: message[wire.keys.callbackID]))
        } catch {
            // FLUSH-8: a failing handler ends only its own call; the rest of the batch still runs.
            log("WebViewJavascriptBridge: WARNING: handler \(name) threw \(error); the rest of the batch goes on")
        }
    }

    /// A responder for a JS call: sends a response (its id and its data) each time it is called (MSG-2), or
    /// does nothing without a callback id.
    private func responder(for callbackId: JSONValue?) -> BridgeResponseCallback {
        guard let callbackId else { return { _ in } }
        return { [weak self] answer in
            guard let self else { return }
            guard
                let data = serializable(
                    answer ?? NSNull(), describedAs: "response to JS callback \(Self.describeId(callbackId))")
            else { return }
            send([wire.keys.responseID: callbackId, wire.keys.responseData: data])
        }
    }

    // MARK: - Plumbing

    /// Holds the message in the startup queue, or evaluates it now.
    private func send(_ message: Message) {
        if startupQueue != nil {
            startupQueue?.append(message)
        } else {
            dispatch(message)
        }
    }

    /// Serializes, escapes and evaluates one message, in its own evaluation (ESC-1).
    private func dispatch(_ message: Message) {
        let json = CanonicalJSON.encodeKeepingNonASCII(.object(message))
        if logsTraffic { log("WVJB SEND: " + truncated(json)) }
        evaluate(wire.deliveryCommand(literal: MessageEscaper.escapeForSingleQuotedLiteral(json)))
    }

    /// The JSON form of `data`, checked up front; nil (and a warning) when it has none (ESC-4): a value
    /// that is not JSON, or a number JSON cannot write (NaN, infinity).
    private func serializable(_ data: Any, describedAs what: String) -> JSONValue? {
        let json: JSONValue
        do {
            json = try JSONValue(foundation: data)
        } catch {
            log("WebViewJavascriptBridge: WARNING: \(what) has data that is not valid JSON, not sent (\(error))")
            return nil
        }
        guard !json.containsNonFiniteNumber else {
            log(
                "WebViewJavascriptBridge: WARNING: \(what) has data that is not valid JSON, not sent (a number that is not finite)"
            )
            return nil
        }
        return json
    }

    private func truncated(_ text: String) -> String {
        guard text.utf16.count > Self.maxLoggedLength else { return text }
        let prefix = text.utf16.prefix(Self.maxLoggedLength)
        return String(decoding: Array(prefix), as: UTF16.self) + " [...]"
    }

    /// A value as compact JSON text with sorted keys, so that log lines are the same on every run.
    private static func describe(_ value: JSONValue) -> String {
        CanonicalJSON.encodeKeepingNonASCII(value)
    }

    /// A callback id for a warning: a string as it is, any other value as JSON.
    private static func describeId(_ id: JSONValue) -> String {
        if case .string(let string) = id { return string }
        return describe(id)
    }

    /// The JSON type of a parsed value, for warnings.
    private static func jsonTypeName(_ value: JSONValue) -> String {
        switch value {
        case .string: "string"
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .array: "array"
        case .object: "object"
        }
    }
}

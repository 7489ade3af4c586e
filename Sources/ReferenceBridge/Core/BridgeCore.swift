import Foundation

/// The callback that receives the answer to a call: the decoded JSON value, or nil.
public typealias BridgeResponseCallback = (Any?) -> Void

/// A native handler: gets the call's data and a responder it may call any number of times.
public typealias BridgeHandler = (Any?, @escaping BridgeResponseCallback) -> Void

/// The platform-free native side of the WebViewJavascriptBridge protocol.
///
/// It knows nothing about web views: it evaluates JS through the `evaluate` closure and is told about
/// bridge URLs through `injectJavascript(_:)` and `flushMessageQueue(_:)`. Where the canonical bridge
/// crashes or loses data, it logs and carries on. Not thread-safe: use it from one thread.
public final class BridgeCore {
    /// One protocol message as Foundation JSON.
    private typealias Message = [String: Any]

    /// The JS to evaluate when the page signals queued messages; its result goes to `flushMessageQueue(_:)`.
    public static let fetchQueueCommand = "WebViewJavascriptBridge._fetchQueue();"

    /// Messages logged as traffic are cut after this many UTF-16 code units.
    private static let maxLoggedLength = 500

    /// Defects to model; empty (the default) means correct behaviour.
    package var faults: Set<BridgeFault> = []

    /// Whether sent and received messages are logged as `WVJB SEND: ...` / `WVJB RCVD: ...`.
    public var logsTraffic = false

    private let evaluate: (String) -> Void
    private let logSink: (String) -> Void
    private var handlers: [String: BridgeHandler] = [:]
    private var responseCallbacks: [String: BridgeResponseCallback] = [:]
    private var nextCallbackNumber = 1
    /// Messages held until the bridge JS is injected; nil once queueing is off.
    private var startupQueue: [Message]? = []
    /// Set by the `unserializableMessageBlocksSends` fault.
    private var sendingBlocked = false
    /// Set by the `failedBatchStopsFlushing` fault.
    private var flushingStopped = false
    /// How many times the bridge JS has been injected (pages that loaded the bridge).
    private var injectionCount = 0

    /// Whether outgoing messages are held until the next `injectJavascript(_:)`.
    ///
    /// True for a new core and again after `reset()`.
    public var isQueueingStartupMessages: Bool { startupQueue != nil }

    /// Creates a core.
    /// - Parameters:
    ///   - evaluate: Evaluates a JS string in the page; its result is not needed.
    ///   - log: Receives warnings (and traffic, if `logsTraffic` is on).
    public init(evaluate: @escaping (String) -> Void, log: @escaping (String) -> Void = { _ in }) {
        self.evaluate = evaluate
        self.logSink = log
    }

    // MARK: - Handlers

    /// Registers the handler for calls from JS named `name`, replacing any earlier one.
    /// - Parameters:
    ///   - name: The handler name JS calls.
    ///   - handler: Gets the call's data and a responder.
    public func registerHandler(_ name: String, handler: @escaping BridgeHandler) {
        handlers[name] = handler
    }

    /// Removes the handler named `name`; later calls to it are treated as calls to a missing handler.
    /// - Parameter name: The handler name.
    public func removeHandler(_ name: String) {
        if faults.contains(.removeHandlerIgnored) { return }
        handlers[name] = nil
    }

    // MARK: - Sending

    /// Calls a JS handler.
    /// - Parameters:
    ///   - name: The JS handler name; nil sends a message without `handlerName`.
    ///   - data: JSON-serializable data; nil sends no `data` key.
    ///   - responseCallback: Called with the JS handler's answer; nil sends no `callbackId`.
    public func callHandler(_ name: String?, data: Any? = nil, responseCallback: BridgeResponseCallback? = nil) {
        var message: Message = [:]
        if let name { message["handlerName"] = name }
        if let data { message["data"] = data }
        if data == nil && faults.contains(.nilDataSentAsNull) { message["data"] = NSNull() }
        guard isSerializable(message, describedAs: "call to handler \(name.map { "'\($0)'" } ?? "(no name)")") else {
            if faults.contains(.unserializableMessageBlocksSends) { sendingBlocked = true }
            if faults.contains(.unserializableMessageSentEmpty) { evaluate(MessageEscaper.handleMessageCommand(forMessageJSON: "", faults: faults)) }
            return
        }
        if responseCallback == nil && faults.contains(.callbackIdCountsEveryCall) { nextCallbackNumber += 1 }
        if let responseCallback {
            let callbackId = "objc_cb_\(nextCallbackNumber)"
            if !faults.contains(.callbackIdNotIncremented) { nextCallbackNumber += 1 }
            responseCallbacks[callbackId] = responseCallback
            message["callbackId"] = callbackId
        }
        send(message)
    }

    /// Asks the JS side to dispatch messages synchronously instead of through `setTimeout`.
    ///
    /// Sends the ordinary call `{"handlerName":"_disableJavascriptAlertBoxSafetyTimeout"}`, through the
    /// startup queue if the bridge JS is not injected yet. (The method name's typo is the upstream API.)
    public func disableJavscriptAlertBoxSafetyTimeout() {
        if faults.contains(.disableSafetyTimeoutIgnored) { return }
        callHandler("_disableJavascriptAlertBoxSafetyTimeout", data: nil, responseCallback: nil)
    }

    /// Prepares for a new page: re-arms the startup queue, drops pending callbacks uncalled, and restarts
    /// callback ids at `objc_cb_1`. Handlers are kept; messages still in the startup queue are dropped.
    public func reset() {
        if faults.contains(.resetDoesNothing) { return }
        startupQueue = []
        responseCallbacks = [:]
        nextCallbackNumber = 1
    }

    /// Injects the bridge JS, then sends the startup queue in order and stops queueing.
    ///
    /// Call it when the page loads `https://__bridge_loaded__`.
    /// - Parameter source: The bridge JS.
    public func injectJavascript(_ source: String) {
        let isLaterPage = injectionCount > 0
        injectionCount += 1
        if isLaterPage && faults.contains(.handlersClearedOnNewPage) { handlers = [:] }
        if isLaterPage && faults.contains(.pendingCallbacksCalledOnNewPage) {
            let pending = responseCallbacks.sorted { Self.callbackNumber($0.key) < Self.callbackNumber($1.key) }
            responseCallbacks = [:]
            for (_, callback) in pending { callback(nil) }
        }
        let skipsJavascript = isLaterPage && faults.contains(.javascriptInjectedOnlyOnce)
        if !skipsJavascript && !faults.contains(.startupQueueFlushedBeforeJavascript) { evaluate(source) }
        var queued = startupQueue ?? []
        if faults.contains(.startupQueueReversed) { queued.reverse() }
        startupQueue = faults.contains(.startupQueueNeverSwitchedOff) ? [] : nil
        for message in queued { dispatch(message) }
        if faults.contains(.startupQueueFlushedBeforeJavascript) { evaluate(source) }
    }

    // MARK: - Receiving

    /// Handles the string result of evaluating `fetchQueueCommand`: a JSON array of messages from JS.
    ///
    /// Messages run synchronously in array order. Nil, empty, invalid or non-array input and non-object
    /// elements are logged and skipped; nothing here crashes.
    /// - Parameter messageQueueJSON: What `WebViewJavascriptBridge._fetchQueue()` returned.
    public func flushMessageQueue(_ messageQueueJSON: String?) {
        guard let messageQueueJSON, !messageQueueJSON.isEmpty else {
            if faults.contains(.nilFetchResultResets) { reset() }
            log("WebViewJavascriptBridge: WARNING: ObjC got nil while fetching the message queue JSON from webview. "
                + "This can happen if the WebViewJavascriptBridge JS is not currently present in the webview, "
                + "e.g if the webview just loaded a new page.")
            return
        }
        if faults.contains(.batchRecognizedByRawPrefix) && !messageQueueJSON.hasPrefix("[{") { return }
        if flushingStopped { return }
        let parsed: Any
        do {
            let text = faults.contains(.trailingCommasAccepted) ? FoundationJSON.removingTrailingCommas(messageQueueJSON) : messageQueueJSON
            parsed = try FoundationJSON.parse(text, allowingJSON5: faults.contains(.lenientJSONParsing))
        } catch {
            log("WebViewJavascriptBridge: WARNING: message queue is not valid JSON, batch dropped (\(error)): "
                + truncated(messageQueueJSON))
            if faults.contains(.failedBatchStopsFlushing) { flushingStopped = true }
            return
        }
        guard var batch = parsed as? [Any] else {
            if faults.contains(.topLevelObjectRunAsMessage), let message = parsed as? Message {
                _ = message["responseId"] != nil ? handleResponse(message) : handleCall(message)
                return
            }
            log("WebViewJavascriptBridge: WARNING: message queue is not a JSON array, ignored: " + truncated(messageQueueJSON))
            return
        }
        if faults.contains(.nonObjectElementDropsBatch) && !batch.allSatisfy({ $0 is Message }) { return }
        if faults.contains(.batchProcessedInReverse) { batch.reverse() }
        for element in batch {
            guard let message = element as? Message else {
                log("WebViewJavascriptBridge: WARNING: Invalid \(Self.jsonTypeName(element)) received: \(element)")
                continue
            }
            if logsTrafficNow { log("WVJB RCVD: " + truncated(Self.describe(message))) }
            var isResponse = message["responseId"] != nil
            if faults.contains(.nonStringResponseIdTreatedAsCall) { isResponse = message["responseId"] is String }
            let keepGoing = isResponse ? handleResponse(message) : handleCall(message)
            if !keepGoing { break }
        }
    }

    /// Runs the callback a response is for. Returns false if the rest of the batch must be skipped.
    private func handleResponse(_ message: Message) -> Bool {
        var responseId = message["responseId"] as? String
        if faults.contains(.responsesMatchedInCallOrder) {
            responseId = responseCallbacks.keys.min { Self.callbackNumber($0) < Self.callbackNumber($1) }
        }
        guard let responseId, let callback = responseCallbacks[responseId] else {
            log("WebViewJavascriptBridge: WARNING: no callback for responseId \(message["responseId"] ?? "nil"), ignored: "
                + Self.describe(message))
            return !faults.contains(.unknownResponseIdAbortsBatch)
        }
        if !faults.contains(.callbacksNotRemoved) { responseCallbacks[responseId] = nil }
        var answer = message["responseData"]
        if faults.contains(.nullResponseDataDeliveredAsNil) && answer is NSNull { answer = nil }
        callback(answer)
        return true
    }

    /// Runs the handler a call is for. Returns false if the rest of the batch must be skipped.
    private func handleCall(_ message: Message) -> Bool {
        if message["data"] == nil && faults.contains(.messagesWithoutDataDropped) { return true }
        guard let name = message["handlerName"] as? String, let handler = handlers[name] else {
            log("WVJBNoHandlerException, No handler for message from JS: \(Self.describe(message))")
            return !faults.contains(.missingHandlerAbortsBatch)
        }
        var data = message["data"]
        if faults.contains(.nonObjectDataDeliveredAsNil) && !(data is [String: Any]) { data = nil }
        if faults.contains(.receivedStringsTruncatedAtNUL) { data = data.map(Self.truncatingStringsAtNUL) }
        if faults.contains(.receivedNullValuesStripped) { data = data.map(Self.strippingNullValues) }
        handler(data, responder(for: message["callbackId"]))
        return true
    }

    /// A responder for a JS call: sends `{responseId, responseData}` each time, or does nothing without an id.
    private func responder(for callbackId: Any?) -> BridgeResponseCallback {
        var callbackId = callbackId
        if callbackId == nil && faults.contains(.responderWithoutCallbackIdSends) { callbackId = NSNull() }
        guard let callbackId else { return { _ in } }
        var answered = false
        return { [weak self] answer in
            guard let self else { return }
            if answered && faults.contains(.responderAnswersOnce) { return }
            answered = true
            var response: Message = ["responseId": callbackId]
            if faults.contains(.numericCallbackIdSentAsNumber), let text = callbackId as? String, let number = Int(text) {
                response["responseId"] = number
            }
            if answer != nil || !faults.contains(.nullResponseOmitted) {
                response["responseData"] = answer ?? NSNull()
            }
            if faults.contains(.responseCarriesErrorKey) { response["error"] = NSNull() }
            guard isSerializable(response, describedAs: "response to JS callback \(callbackId)") else { return }
            send(response)
        }
    }

    // MARK: - Plumbing

    /// Holds the message in the startup queue, or evaluates it now.
    private func send(_ message: Message) {
        if sendingBlocked { return }
        if startupQueue != nil && !faults.contains(.startupQueueDisabled) {
            startupQueue?.append(message)
        } else {
            dispatch(message)
        }
    }

    /// Serializes, escapes and evaluates one message.
    private func dispatch(_ message: Message) {
        var json: String
        do {
            json = String(decoding: try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]), as: UTF8.self)
        } catch {
            log("WebViewJavascriptBridge: WARNING: could not serialize message, not sent (\(error)): \(message)")
            return
        }
        if faults.contains(.controlCharactersLeftRaw) { json = Self.unescapingControlCharacters(json) }
        if logsTrafficNow { log("WVJB SEND: " + truncated(json)) }
        evaluate(MessageEscaper.handleMessageCommand(forMessageJSON: json, faults: faults))
    }

    /// Whether traffic is logged: `logsTraffic`, or always with the `trafficLoggedByDefault` fault.
    private var logsTrafficNow: Bool { logsTraffic || faults.contains(.trafficLoggedByDefault) }

    /// Hands a warning or traffic line to the log hook.
    private func log(_ line: String) {
        if faults.contains(.nothingLogged) { return }
        logSink(line)
    }

    /// Checks up front that a message can be serialized, logging if not, because Foundation may trap otherwise.
    private func isSerializable(_ message: Message, describedAs what: String) -> Bool {
        if JSONSerialization.isValidJSONObject(message) { return true }
        // Keys only: the message cannot be serialized, and a dictionary's description has no stable order.
        log("WebViewJavascriptBridge: WARNING: \(what) has data that is not valid JSON, not sent (keys: \(message.keys.sorted().joined(separator: ", ")))")
        return false
    }

    /// Turns `\u0000`...`\u001f` escapes back into raw characters, as a hand-built JSON writer would
    /// leave them (the `controlCharactersLeftRaw` fault).
    private static func unescapingControlCharacters(_ json: String) -> String {
        var output = json
        for code in 0..<0x20 {
            let escape = String(format: "\\u%04x", code)
            output = output.replacingOccurrences(of: escape, with: String(UnicodeScalar(UInt8(code))), options: [.literal, .caseInsensitive])
        }
        return output
    }

    private func truncated(_ text: String) -> String {
        guard text.utf16.count > Self.maxLoggedLength else { return text }
        let prefix = text.utf16.prefix(Self.maxLoggedLength)
        return String(decoding: Array(prefix), as: UTF16.self) + " [...]"
    }

    /// Compact JSON of a message for logs, falling back to its description.
    private static func describe(_ message: Message) -> String {
        guard JSONSerialization.isValidJSONObject(message),
              let data = try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]) else { return "\(message)" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The number in an id `objc_cb_<n>`, for ordering pending callbacks.
    private static func callbackNumber(_ id: String) -> Int {
        Int(id.split(separator: "_").last ?? "") ?? .max
    }

    /// `value` with every string cut at its first NUL (the `receivedStringsTruncatedAtNUL` fault).
    private static func truncatingStringsAtNUL(_ value: Any) -> Any {
        switch value {
        case let string as String: return String(string.prefix { $0 != "\u{0}" })
        case let array as [Any]: return array.map(truncatingStringsAtNUL)
        case let object as [String: Any]: return object.mapValues(truncatingStringsAtNUL)
        default: return value
        }
    }

    /// `value` without `NSNull` members in dictionaries (the `receivedNullValuesStripped` fault).
    private static func strippingNullValues(_ value: Any) -> Any {
        switch value {
        case let array as [Any]: return array.map(strippingNullValues)
        case let object as [String: Any]: return object.filter { !($0.value is NSNull) }.mapValues(strippingNullValues)
        default: return value
        }
    }

    /// The JSON type of a parsed value, for warnings.
    private static func jsonTypeName(_ value: Any) -> String {
        switch value {
        case is String: "string"
        case is NSNull: "null"
        case is [Any]: "array"
        case is [String: Any]: "object"
        default: "number"
        }
    }
}

/// A message from the harness to a testee (`spec/adapter-protocol.md`, section 4): a request, numbered
/// by `seq`, or the answer to a synchronous evaluation.
package enum HarnessMessage: Equatable, Sendable {
    /// Create the bridge for the (remote) web view.
    case attach(seq: Int, bridgeJavaScriptSource: String)
    /// Register a native handler that reports each invocation.
    case registerHandler(seq: Int, name: String)
    /// Call a JS handler; with `callback`, report the answer as `callbackInvoked`.
    case callHandler(seq: Int, name: String, data: WireData?, callback: Int?)
    /// Remove a native handler.
    case removeHandler(seq: Int, name: String)
    /// Reset the bridge.
    case reset(seq: Int)
    /// Call `disableJavscriptAlertBoxSafetyTimeout`.
    case disableSafetyTimeout(seq: Int)
    /// Ask the bridge to decide a navigation; it answers with `decide`.
    case navigation(seq: Int, navigation: Int, url: String, mainFrame: Bool)
    /// Complete an asynchronous evaluation: its result (absent for `undefined`) or its error.
    case evaluated(seq: Int, evaluation: Int, result: WireData?, error: String?)
    /// The harness's handler answers invocation `invocation`.
    case respond(seq: Int, invocation: Int, data: WireData?)
    /// The answer to a synchronous evaluation (ADP-11): its string result, nil when the script threw.
    case syncEvaluated(evaluation: Int, result: String?)
    /// End the case on a testee that stays for the next one (ADP-17): release the adapter, its bridge and
    /// page, and everything the case held.
    case endCase(seq: Int)

    /// The `type` field.
    package var type: String {
        switch self {
        case .attach: "attach"
        case .registerHandler: "registerHandler"
        case .callHandler: "callHandler"
        case .removeHandler: "removeHandler"
        case .reset: "reset"
        case .disableSafetyTimeout: "disableSafetyTimeout"
        case .navigation: "navigation"
        case .evaluated: "evaluated"
        case .respond: "respond"
        case .syncEvaluated: "syncEvaluated"
        case .endCase: "endCase"
        }
    }

    /// The request's sequence number (nil for `syncEvaluated`, which answers no request).
    package var seq: Int? {
        switch self {
        case .attach(let seq, _), .registerHandler(let seq, _), .callHandler(let seq, _, _, _),
            .removeHandler(let seq, _),
            .reset(let seq), .disableSafetyTimeout(let seq), .navigation(let seq, _, _, _),
            .evaluated(let seq, _, _, _),
            .respond(let seq, _, _), .endCase(let seq):
            seq
        case .syncEvaluated:
            nil
        }
    }

    /// This request with another sequence number (the harness numbers requests as it sends them).
    package func numbered(_ seq: Int) -> HarnessMessage {
        switch self {
        case .attach(_, let source): .attach(seq: seq, bridgeJavaScriptSource: source)
        case .registerHandler(_, let name): .registerHandler(seq: seq, name: name)
        case let .callHandler(_, name, data, callback):
            .callHandler(seq: seq, name: name, data: data, callback: callback)
        case .removeHandler(_, let name): .removeHandler(seq: seq, name: name)
        case .reset: .reset(seq: seq)
        case .disableSafetyTimeout: .disableSafetyTimeout(seq: seq)
        case let .navigation(_, navigation, url, mainFrame):
            .navigation(seq: seq, navigation: navigation, url: url, mainFrame: mainFrame)
        case let .evaluated(_, evaluation, result, error):
            .evaluated(seq: seq, evaluation: evaluation, result: result, error: error)
        case let .respond(_, invocation, data): .respond(seq: seq, invocation: invocation, data: data)
        case .syncEvaluated: self
        case .endCase: .endCase(seq: seq)
        }
    }
}

extension HarnessMessage: Codable {
    private enum Field: String, CodingKey {
        case type, seq, bridgeJavaScriptSource, name, data, callback, navigation, url, mainFrame, evaluation, result,
            error, invocation
    }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        let type = try fields.decode(String.self, forKey: .type)
        func seq() throws -> Int { try fields.decodeIdentifier(forKey: .seq) }
        switch type {
        case "attach":
            self = .attach(
                seq: try seq(), bridgeJavaScriptSource: try fields.decode(String.self, forKey: .bridgeJavaScriptSource))
        case "registerHandler":
            self = .registerHandler(seq: try seq(), name: try fields.decode(String.self, forKey: .name))
        case "callHandler":
            self = .callHandler(
                seq: try seq(), name: try fields.decode(String.self, forKey: .name),
                data: try fields.decodeData(forKey: .data),
                callback: try fields.decodeIdentifierIfPresent(forKey: .callback))
        case "removeHandler": self = .removeHandler(seq: try seq(), name: try fields.decode(String.self, forKey: .name))
        case "reset": self = .reset(seq: try seq())
        case "disableSafetyTimeout": self = .disableSafetyTimeout(seq: try seq())
        case "navigation":
            self = .navigation(
                seq: try seq(), navigation: try fields.decodeIdentifier(forKey: .navigation),
                url: try fields.decode(String.self, forKey: .url),
                mainFrame: try fields.decode(Bool.self, forKey: .mainFrame))
        case "evaluated":
            self = .evaluated(
                seq: try seq(), evaluation: try fields.decodeIdentifier(forKey: .evaluation),
                result: try fields.decodeData(forKey: .result),
                error: try fields.decodeIfPresent(String.self, forKey: .error))
        case "respond":
            self = .respond(
                seq: try seq(), invocation: try fields.decodeIdentifier(forKey: .invocation),
                data: try fields.decodeData(forKey: .data))
        case "syncEvaluated":
            self = .syncEvaluated(
                evaluation: try fields.decodeIdentifier(forKey: .evaluation),
                result: try fields.decodeIfPresent(String.self, forKey: .result))
        case "endCase": self = .endCase(seq: try seq())
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: fields,
                debugDescription: "unknown message type `\(type)` (section 4 lists the requests)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(type, forKey: .type)
        try fields.encodeIfPresent(seq, forKey: .seq)
        switch self {
        case .attach(_, let source): try fields.encode(source, forKey: .bridgeJavaScriptSource)
        case .registerHandler(_, let name), .removeHandler(_, let name): try fields.encode(name, forKey: .name)
        case let .callHandler(_, name, data, callback):
            try fields.encode(name, forKey: .name)
            try fields.encodeIfPresent(data, forKey: .data)
            try fields.encodeIfPresent(callback, forKey: .callback)
        case .reset, .disableSafetyTimeout, .endCase: break
        case let .navigation(_, navigation, url, mainFrame):
            try fields.encode(navigation, forKey: .navigation)
            try fields.encode(url, forKey: .url)
            try fields.encode(mainFrame, forKey: .mainFrame)
        case let .evaluated(_, evaluation, result, error):
            try fields.encode(evaluation, forKey: .evaluation)
            try fields.encodeIfPresent(result, forKey: .result)
            try fields.encodeIfPresent(error, forKey: .error)
        case let .respond(_, invocation, data):
            try fields.encode(invocation, forKey: .invocation)
            try fields.encodeIfPresent(data, forKey: .data)
        case let .syncEvaluated(evaluation, result):
            try fields.encode(evaluation, forKey: .evaluation)
            // `null` when the script threw: the field is always present (ADP-11).
            try fields.encode(result, forKey: .result)
        }
    }
}

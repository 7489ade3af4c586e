import StrictJSON

/// One operation of a container exploration program: what the native side or the page does next. Each step is
/// followed by the page running until idle.
package enum ContainerStep: Sendable, Equatable, CustomStringConvertible {
    /// The native side registers `handler`/`action`, answering as `reply` says.
    case register(handler: String, action: String, reply: Reply)
    /// The page calls `handler`/`action` `count` times in one script with `params` (none when nil), with callbacks
    /// labelled `callback` (and a number after the first) or none.
    case call(handler: String, action: String, params: JSONValue?, callback: String?, count: Int)
    /// The page posts a body of its own making, with `callbackID` and `callbackFunction`.
    case post(handler: String, action: String, params: JSONValue?, callbackID: String, callbackFunction: String)
    /// The page calls `callbackDispatcher` itself with the last id it was answered with (or an unknown one) and
    /// `json`, as a second answer would.
    case redispatch(knownID: Bool, json: String)
    /// The page calls `handler`/`action` synchronously and notes what it got under `label`.
    case callSync(handler: String, action: String, params: JSONValue?, label: String)
    /// The page adds a listener to `eventID` that notes its data under `label` and returns `returns`.
    case listen(eventID: String, label: String, returns: JSONValue?)
    /// The native side sends `eventID` with `data`, its completion labelled `completion` or none.
    case event(eventID: String, data: JSONValue?, completion: String?)
    /// The native side answers the oldest held call of `handler.action` with `value`.
    case answerHeld(name: String, value: JSONValue)

    /// How an explored handler answers (`ContainerCaseContext.Reply`, the ones a program draws).
    package enum Reply: Sendable, Equatable {
        /// With its params.
        case echo
        /// With a value.
        case value(JSONValue)
        /// Never.
        case none
        /// Later, when the program says (`answerHeld`).
        case later
        /// Twice: its params, then a value.
        case twice(JSONValue)
        /// It throws.
        case throwing

        /// The reply the case context makes.
        var contextReply: ContainerCaseContext.Reply {
            switch self {
            case .echo: .echo
            case .value(let value): .value(value)
            case .none: .none
            case .later: .later
            case .twice(let value): .twice(value)
            case .throwing: .throwing
            }
        }
    }

    /// The step as a shrunk program lists it.
    package var description: String {
        func show(_ value: JSONValue?) -> String { value?.canonicalText ?? "none" }
        switch self {
        case let .register(handler, action, reply): return "register \(handler).\(action) answering \(reply)"
        case let .call(handler, action, params, callback, count):
            return "page calls \(handler).\(action)(\(show(params)))" + (count > 1 ? " \(count) times" : "")
                + (callback.map { " -> \($0)" } ?? "")
        case let .post(handler, action, params, callbackID, callbackFunction):
            return
                "page posts \(handler).\(action)(\(show(params))) with id \(JSONValue.string(callbackID).canonicalText) "
                + "through \(JSONValue.string(callbackFunction).canonicalText)"
        case let .redispatch(knownID, json):
            return "page calls callbackDispatcher(\(knownID ? "its last answered id" : "an unknown id"), "
                + "\(JSONValue.string(json).canonicalText))"
        case let .callSync(handler, action, params, label):
            return "page calls \(handler).\(action)(\(show(params))) synchronously -> \(label)"
        case let .listen(eventID, label, returns):
            return "page listens to \(eventID) -> \(label), returning \(show(returns))"
        case let .event(eventID, data, completion):
            return "native sends \(eventID)(\(show(data)))" + (completion.map { " -> \($0)" } ?? "")
        case let .answerHeld(name, value): return "native answers held \(name) with \(value.canonicalText)"
        }
    }
}

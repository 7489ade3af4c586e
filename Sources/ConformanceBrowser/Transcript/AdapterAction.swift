import StrictJSON

/// What a case asked the implementation to do through its adapter, as the transcript records it. Reports and
/// goldens show it as the line `description` makes; rules that ask which operation a case performed match its
/// `kind`. Its JSON arguments are recorded as JSON text carries them (`JSONValue.withNonFiniteNumbersAsNull`: a
/// NaN the case sent is `null`, as the transcript always showed it), so that an action equals itself.
package enum AdapterAction: Equatable, Sendable, CustomStringConvertible {
    /// `attach(to:)`: the implementation attached to the case's web view.
    case attach
    /// `registerHandler(_:handler:)` of a native handler.
    case registerHandler(name: String)
    /// A native handler registered to fail when called.
    case registerThrowingHandler(name: String)
    /// The oldest unanswered invocation of a `.later` handler answered (nil answers nil).
    case answerHeld(name: String, answer: JSONValue?)
    /// `removeHandler(_:)` of a native handler.
    case removeHandler(name: String)
    /// `callHandler(_:data:responseCallback:)` of a JS handler, with the label of its response callback, if any.
    case callHandler(name: String, data: JSONValue?, callback: String?)
    /// `reset()` of the bridge.
    case reset
    /// `setTrafficLogging(_:)`: traffic logging on or off.
    case setTrafficLogging(enabled: Bool)
    /// `disableJavscriptAlertBoxSafetyTimeout()`.
    case disableSafetyTimeout
    /// Calls of a JS handler sent from a background thread (`callHandlerFromAnyThread`), one per datum.
    case callHandlerFromBackgroundThread(name: String, calls: Int)
    /// The oldest unanswered invocations of `.later` handlers answered from one background thread, in order.
    case answerHeldFromBackgroundThread(names: [String], answers: [JSONValue?])
    /// `sendEvent(_:data:completion:)` of a messageHandler container, with the label of its completion, if any.
    case sendEvent(id: String, data: JSONValue?, completion: String?)

    /// Which operation an action is, without its arguments.
    package enum Kind: String, Sendable, CaseIterable {
        /// `AdapterAction.attach`.
        case attach
        /// `AdapterAction.registerHandler(name:)`.
        case registerHandler
        /// `AdapterAction.registerThrowingHandler(name:)`.
        case registerThrowingHandler
        /// `AdapterAction.answerHeld(name:answer:)`.
        case answerHeld
        /// `AdapterAction.removeHandler(name:)`.
        case removeHandler
        /// `AdapterAction.callHandler(name:data:callback:)`.
        case callHandler
        /// `AdapterAction.reset`.
        case reset
        /// `AdapterAction.setTrafficLogging(enabled:)`.
        case setTrafficLogging
        /// `AdapterAction.disableSafetyTimeout`.
        case disableSafetyTimeout
        /// `AdapterAction.callHandlerFromBackgroundThread(name:calls:)`.
        case callHandlerFromBackgroundThread
        /// `AdapterAction.answerHeldFromBackgroundThread(names:answers:)`.
        case answerHeldFromBackgroundThread
        /// `AdapterAction.sendEvent(id:data:completion:)`.
        case sendEvent
    }

    /// Which operation this is.
    package var kind: Kind {
        switch self {
        case .attach: .attach
        case .registerHandler: .registerHandler
        case .registerThrowingHandler: .registerThrowingHandler
        case .answerHeld: .answerHeld
        case .removeHandler: .removeHandler
        case .callHandler: .callHandler
        case .reset: .reset
        case .setTrafficLogging: .setTrafficLogging
        case .disableSafetyTimeout: .disableSafetyTimeout
        case .callHandlerFromBackgroundThread: .callHandlerFromBackgroundThread
        case .answerHeldFromBackgroundThread: .answerHeldFromBackgroundThread
        case .sendEvent: .sendEvent
        }
    }

    /// The action as transcripts, goldens and a stopped case's stage show it: the adapter call as Swift writes
    /// it (`callHandler("sink", data: "hello", callback: cb)`), or what the case did in words.
    package var description: String {
        switch self {
        case .attach: "attach(to: webView)"
        case .registerHandler(let name): "registerHandler(\(CanonicalJSON.quote(name)))"
        case .registerThrowingHandler(let name): "registerThrowingHandler(\(CanonicalJSON.quote(name)))"
        case let .answerHeld(name, answer):
            "answer the held invocation of \(CanonicalJSON.quote(name)) with \(answer?.displayText ?? "nil")"
        case .removeHandler(let name): "removeHandler(\(CanonicalJSON.quote(name)))"
        case let .callHandler(name, data, callback):
            "callHandler(\(CanonicalJSON.quote(name))\(data.map { ", data: " + $0.canonicalText } ?? "")"
                + "\(callback.map { ", callback: \($0)" } ?? ""))"
        case .reset: "reset()"
        case .setTrafficLogging(let enabled): "setTrafficLogging(\(enabled))"
        case .disableSafetyTimeout: "disableJavscriptAlertBoxSafetyTimeout()"
        case let .callHandlerFromBackgroundThread(name, calls):
            "callHandlerFromAnyThread(\(CanonicalJSON.quote(name))) x\(calls) on a background thread"
        case let .answerHeldFromBackgroundThread(names, answers):
            "answer the held invocations of \(names.map(CanonicalJSON.quote).joined(separator: ", ")) on a "
                + "background thread with \(answers.map { $0?.canonicalText ?? "nil" }.joined(separator: ", "))"
        case let .sendEvent(id, data, completion):
            "sendEvent(\(CanonicalJSON.quote(id))\(data.map { ", data: " + $0.canonicalText } ?? "")"
                + "\(completion.map { ", completion: \($0)" } ?? ""))"
        }
    }
}

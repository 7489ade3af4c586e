import ConformanceBrowser
import ConformanceCatalogue
import StrictJSON

/// What a container program shows of an implementation, in order: the comparison of two runs (`ContainerExplorer`)
/// is the comparison of these. Ids, evaluation texts and error messages are left out (implementations may differ
/// there and both be right); JSON texts are compared as values.
package enum ContainerObservation: Sendable, Equatable, CustomStringConvertible {
    /// The page posted a call: its body's keys, names and params (the id's text is the JS side's choice).
    case posted(
        keys: [String], handler: JSONValue?, action: JSONValue?, params: JSONValue?, callbackFunction: JSONValue?)
    /// A native handler got a call.
    case handlerInvoked(name: String, params: JSONValue?)
    /// A page callback, listener note or synchronous result got a value.
    case page(label: String, value: JSONValue?)
    /// An event's completion got a value.
    case completion(label: String, value: JSONValue?)
    /// The text input panel answered a synchronous call: its JSON value, or the text when it is not JSON.
    case promptAnswer(JSONValue?)
    /// The page threw an uncaught error.
    case uncaughtError
    /// A hostile payload ran code in the page.
    case tripwire
    /// The run stopped before its end with this verdict.
    case stopped(String)

    /// The observations of a program's run.
    package static func of(_ result: CaseResult) -> [ContainerObservation] {
        var observed: [ContainerObservation] = result.transcript.entries.compactMap { entry in
            switch entry.event {
            case let .scriptMessagePosted(_, body):
                guard case .object(let members)? = body else {
                    return .posted(keys: [], handler: body, action: nil, params: nil, callbackFunction: nil)
                }
                return .posted(
                    keys: members.keys.sorted(), handler: members["handler"], action: members["action"],
                    params: members["params"], callbackFunction: members["callbackFunction"])
            case let .nativeHandlerInvoked(name, data): return .handlerInvoked(name: name, params: data)
            case let .jsCallbackInvoked(label, data), let .pageNote(label, data):
                return .page(label: label, value: normalized(data))
            case let .nativeCallbackInvoked(label, data): return .completion(label: label, value: normalized(data))
            case .promptAnswered(let text):
                return .promptAnswer(normalized(text.map { (try? JSONParser.parse($0)) ?? .string("not JSON: " + $0) }))
            case .uncaughtError: return .uncaughtError
            case .tripwire: return .tripwire
            default: return nil
            }
        }
        if let interruption = result.interruption { observed.append(.stopped(interruption.verdict.rawValue)) }
        return observed
    }

    /// `value` with every error object's text left out: an error object is `{"error": <string>}` whatever the
    /// string says (spec/container.md, MHFAIL), so two containers that both answer one are alike.
    static func normalized(_ value: JSONValue?) -> JSONValue? {
        switch value {
        case .object(let members)?:
            if members.count == 1, case .string? = members["error"] { return ["error": "(text)"] }
            return .object(members.mapValues { normalized($0) ?? .null })
        case .array(let elements)?: return .array(elements.map { normalized($0) ?? .null })
        default: return value
        }
    }

    /// The observation as a finding shows it.
    package var description: String {
        func show(_ value: JSONValue?) -> String { value?.canonicalText ?? "nothing" }
        switch self {
        case let .posted(keys, handler, action, params, callbackFunction):
            return
                "the page posted \(show(handler)).\(show(action))(\(show(params))) with keys \(keys.joined(separator: ", "))"
                + (callbackFunction.map { " through \($0.canonicalText)" } ?? "")
        case let .handlerInvoked(name, params): return "handler \(name) got \(show(params))"
        case let .page(label, value): return "page \(label) got \(show(value))"
        case let .completion(label, value): return "completion \(label) got \(show(value))"
        case .promptAnswer(let value): return "the panel answered \(show(value))"
        case .uncaughtError: return "an uncaught error in the page"
        case .tripwire: return "a payload ran code in the page (tripwire)"
        case .stopped(let verdict): return "the run stopped: \(verdict)"
        }
    }
}

import ConformanceAdapter
import StrictJSON
import WireDialects

// Transcript events as JSON, losslessly, for the case results a restarted run hands on (`CaseResult+Codable`)
// and for whatever keeps a transcript. Not the golden format: goldens are rendered by `TranscriptRenderer`.
// An evaluation is written as its script and read again in the transcript's dialect (`NativeCommand`), so an
// event is read only as part of its transcript (`Transcript.init(from:)`).

extension EvaluationStyle: Codable {}

extension TranscriptEvent: Encodable {
    private enum CodingKeys: String, CodingKey {
        case event, id, url, isMainFrame, policy, defaulted, style, script, result, error, text, name, label, data
        case hasResponder, duringNativeEvaluation, level, message, arguments, kind, blocking, delay, repeats, line
        case clause, body, method, evaluation, action
    }

    /// Reads an event written by `encode(to:)`.
    /// - Parameters:
    ///   - decoder: Where the event is.
    ///   - dialect: The dialect of its transcript, which an evaluation's script is read in.
    /// - Throws: `DecodingError` for a missing field or an unknown event or policy.
    package init(from decoder: any Decoder, in dialect: WireDialect) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        func string(_ key: CodingKeys) throws -> String { try values.decode(String.self, forKey: key) }
        func int(_ key: CodingKeys) throws -> Int { try values.decode(Int.self, forKey: key) }
        func flag(_ key: CodingKeys) throws -> Bool { try values.decode(Bool.self, forKey: key) }
        // An optional JSON value travels in a one-element array, so that `null` stays apart from no value.
        func json(_ key: CodingKeys) throws -> JSONValue? {
            try values.decodeIfPresent([JSONValue].self, forKey: key)?.first
        }
        let event = try string(.event)
        switch event {
        case "pageRequested": self = .pageRequested(url: try string(.url))
        case "pageLoaded": self = .pageLoaded(url: try string(.url))
        case "navigationRequested":
            self = .navigationRequested(id: try int(.id), url: try string(.url), isMainFrame: try flag(.isMainFrame))
        case "navigationDecided":
            guard let policy = NavigationActionPolicy(rawValue: try string(.policy)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .policy, in: values, debugDescription: "unknown navigation policy")
            }
            self = .navigationDecided(
                id: try int(.id), url: try string(.url), policy: policy, defaulted: try flag(.defaulted))
        case "evaluationStarted":
            self = .evaluationStarted(
                id: try int(.id), style: try values.decode(EvaluationStyle.self, forKey: .style),
                command: NativeCommand(try string(.script), in: dialect))
        case "evaluationFinished":
            self = .evaluationFinished(
                id: try int(.id), result: try json(.result),
                error: try values.decodeIfPresent(String.self, forKey: .error))
        case "javaScriptSideAppeared": self = .javaScriptSideAppeared(evaluation: try int(.evaluation))
        case "adapterAction": self = .adapterAction(try values.decode(AdapterAction.self, forKey: .action))
        case "nativeHandlerInvoked": self = .nativeHandlerInvoked(name: try string(.name), data: try json(.data))
        case "nativeCallbackInvoked": self = .nativeCallbackInvoked(label: try string(.label), data: try json(.data))
        case "jsHandlerInvoked":
            self = .jsHandlerInvoked(
                name: try string(.name), data: try json(.data), hasResponder: try flag(.hasResponder),
                duringNativeEvaluation: try flag(.duringNativeEvaluation))
        case "jsCallbackInvoked": self = .jsCallbackInvoked(label: try string(.label), data: try json(.data))
        case "pageNote": self = .pageNote(label: try string(.label), data: try json(.data))
        case "nativeLog": self = .nativeLog(try string(.text))
        case "console":
            self = .console(
                level: try values.decode(ConsoleLevel.self, forKey: .level), message: try string(.message),
                arguments: try values.decode([JSONValue].self, forKey: .arguments))
        case "dialog":
            self = .dialog(
                kind: try values.decode(DialogKind.self, forKey: .kind), message: try string(.message),
                blocking: try flag(.blocking))
        case "promptAnswered": self = .promptAnswered(text: try values.decodeIfPresent(String.self, forKey: .text))
        case "timerScheduled":
            self = .timerScheduled(
                id: try int(.id), delay: try values.decode(Int64.self, forKey: .delay), repeats: try flag(.repeats))
        case "timerFired": self = .timerFired(id: try int(.id))
        case "uncaughtError":
            self = .uncaughtError(
                message: try string(.message), line: try values.decodeIfPresent(Int.self, forKey: .line))
        case "tripwire": self = .tripwire(label: try string(.label))
        case "scriptMessagePosted": self = .scriptMessagePosted(name: try string(.name), body: try json(.body))
        case "appDelegateNotified": self = .appDelegateNotified(method: try string(.method), url: try string(.url))
        case "violation": self = .violation(clause: try string(.clause), message: try string(.message))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .event, in: values, debugDescription: "unknown transcript event \(event)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        func some(_ value: JSONValue?) -> [JSONValue]? { value.map { [$0] } }
        func put(_ event: String, _ fields: [(CodingKeys, (any Encodable)?)]) throws {
            try values.encode(event, forKey: .event)
            for (key, value) in fields {
                if let value { try values.encode(value, forKey: key) }
            }
        }
        switch self {
        case .pageRequested(let url): try put("pageRequested", [(.url, url)])
        case .pageLoaded(let url): try put("pageLoaded", [(.url, url)])
        case let .navigationRequested(id, url, isMainFrame):
            try put("navigationRequested", [(.id, id), (.url, url), (.isMainFrame, isMainFrame)])
        case let .navigationDecided(id, url, policy, defaulted):
            try put("navigationDecided", [(.id, id), (.url, url), (.policy, policy.rawValue), (.defaulted, defaulted)])
        case let .evaluationStarted(id, style, command):
            try put("evaluationStarted", [(.id, id), (.style, style), (.script, command.script)])
        case let .evaluationFinished(id, result, error):
            try put("evaluationFinished", [(.id, id), (.result, some(result)), (.error, error)])
        case .javaScriptSideAppeared(let evaluation): try put("javaScriptSideAppeared", [(.evaluation, evaluation)])
        case .adapterAction(let action): try put("adapterAction", [(.action, action)])
        case let .nativeHandlerInvoked(name, data):
            try put("nativeHandlerInvoked", [(.name, name), (.data, some(data))])
        case let .nativeCallbackInvoked(label, data):
            try put("nativeCallbackInvoked", [(.label, label), (.data, some(data))])
        case let .jsHandlerInvoked(name, data, hasResponder, during):
            try put(
                "jsHandlerInvoked",
                [(.name, name), (.data, some(data)), (.hasResponder, hasResponder), (.duringNativeEvaluation, during)])
        case let .jsCallbackInvoked(label, data): try put("jsCallbackInvoked", [(.label, label), (.data, some(data))])
        case let .pageNote(label, data): try put("pageNote", [(.label, label), (.data, some(data))])
        case .nativeLog(let text): try put("nativeLog", [(.text, text)])
        case let .console(level, message, arguments):
            try put("console", [(.level, level), (.message, message), (.arguments, arguments)])
        case let .dialog(kind, message, blocking):
            try put("dialog", [(.kind, kind), (.message, message), (.blocking, blocking)])
        case .promptAnswered(let text): try put("promptAnswered", [(.text, text)])
        case let .timerScheduled(id, delay, repeats):
            try put("timerScheduled", [(.id, id), (.delay, delay), (.repeats, repeats)])
        case .timerFired(let id): try put("timerFired", [(.id, id)])
        case let .uncaughtError(message, line): try put("uncaughtError", [(.message, message), (.line, line)])
        case .tripwire(let label): try put("tripwire", [(.label, label)])
        case let .scriptMessagePosted(name, body): try put("scriptMessagePosted", [(.name, name), (.body, some(body))])
        case let .appDelegateNotified(method, url): try put("appDelegateNotified", [(.method, method), (.url, url)])
        case let .violation(clause, message): try put("violation", [(.clause, clause), (.message, message)])
        }
    }
}

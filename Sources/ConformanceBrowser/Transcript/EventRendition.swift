import ConformanceAdapter
import StrictJSON
import WireDialects

/// The one mapping from a transcript event to what people and files see of it: its kind and fields
/// (the golden form, compared semantically) and its line in a failure's wire log. A new kind of event
/// is added here once, and both the goldens and the renderer know it.
package struct EventRendition {
    /// The event's kind as goldens name it (`navigation-decided`, ...).
    package let kind: String
    /// Its fields as parsed JSON; absent ones are left out.
    package let fields: [String: JSONValue]
    /// Its line in a wire log, printable ASCII.
    package let line: String
    /// Whether the event is a timer's (the renderer shows those only when asked).
    package let isTimer: Bool

    /// The rendition of `event`.
    /// - Parameters:
    ///   - event: The event.
    ///   - javaScriptSideEvaluations: The evaluations of its transcript that evaluated the JS side
    ///     (`Transcript.javaScriptSideEvaluationIDs`): their scripts are named, not shown, whatever their text.
    ///   - bridgeJavaScriptSource: The JS side the run gave, also named instead of shown when evaluated.
    ///   - dialect: The wire the event was recorded in.
    package init(
        _ event: TranscriptEvent, javaScriptSideEvaluations: Set<Int>, bridgeJavaScriptSource: String?,
        dialect: WireDialect
    ) {
        var isTimer = false
        let kind: String, fields: [String: JSONValue?], line: String
        func text(_ value: String, limit: Int = 200) -> String { PrintableText.abbreviate(value, limit: limit) }
        func json(_ value: JSONValue?) -> String {
            value.map { PrintableText.abbreviate($0, limit: 160) } ?? "undefined"
        }
        switch event {
        case .pageRequested(let url):
            (kind, fields, line) = ("page-requested", ["url": .string(url)], "page  load requested \(text(url))")
        case .pageLoaded(let url):
            (kind, fields, line) = ("page-loaded", ["url": .string(url)], "page  loaded \(text(url))")
        case let .navigationRequested(id, url, isMainFrame):
            (kind, fields, line) = (
                "navigation-requested",
                ["id": .number(Double(id)), "url": .string(url), "mainFrame": .bool(isMainFrame)],
                "nav#\(id) requested \(text(url))\(isMainFrame ? " (main frame)" : "")"
            )
        case let .navigationDecided(id, url, policy, defaulted):
            (kind, fields, line) = (
                "navigation-decided",
                [
                    "id": .number(Double(id)), "url": .string(url), "policy": .string(policy.rawValue),
                    "defaulted": .bool(defaulted),
                ],
                "nav#\(id) \(policy.rawValue) \(text(url))\(defaulted ? " (no delegate)" : "")"
            )
        case let .evaluationStarted(id, style, command):
            let script = command.script
            var described: [String: JSONValue?] = ["id": .number(Double(id)), "style": .string(style.rawValue)]
            let shown: String
            if javaScriptSideEvaluations.contains(id) || script == bridgeJavaScriptSource {
                described["script"] = "<JS side>"
                shown = "<JS side, \(script.utf16.count) UTF-16 units>"
            } else if let message = command.delivery?.wellFormedMessage {
                // Native key order is unspecified: a delivered message is shown and compared as parsed JSON.
                described["message"] = message
                shown = "deliver " + json(message)
            } else {
                described["script"] = .string(script)
                shown = text(script, limit: 160)
            }
            (kind, fields, line) = ("evaluation", described, "eval#\(id) \(style.rawValue) \(shown)")
        case let .evaluationFinished(id, result, error):
            (kind, fields) = (
                "evaluation-result",
                [
                    "id": .number(Double(id)), "result": result.map(Self.parsedResult),
                    "error": error.map(JSONValue.string),
                ]
            )
            if let error {
                line = "eval#\(id) threw \(text(error, limit: 160))"
            } else {
                line = "eval#\(id) -> \(json(result))"
            }
        case .javaScriptSideAppeared(let evaluation):
            (kind, fields, line) = (
                "js-side-appeared", ["evaluation": .number(Double(evaluation))],
                "eval#\(evaluation) the JS side is in: window.\(dialect.javaScriptGlobal) appeared"
            )
        case .adapterAction(let action):
            (kind, fields, line) = (
                "native-action", ["action": .string(action.description)],
                "native \(PrintableText.printable(action.description))"
            )
        case let .nativeHandlerInvoked(name, data):
            (kind, fields, line) = (
                "native-handler", ["name": .string(name), "data": data],
                "native handler \(text(name)) got \(json(data))"
            )
        case let .nativeCallbackInvoked(label, data):
            (kind, fields, line) = (
                "native-callback", ["label": .string(label), "data": data],
                "native callback \(text(label)) got \(json(data))"
            )
        case let .jsHandlerInvoked(name, data, hasResponder, during):
            (kind, fields, line) = (
                "js-handler",
                [
                    "name": .string(name), "data": data, "responder": .bool(hasResponder),
                    "insideNativeEvaluation": .bool(during),
                ],
                "js handler \(text(name)) got \(json(data))\(hasResponder ? " (with responder)" : "")\(during ? " [inside native evaluation]" : "")"
            )
        case let .jsCallbackInvoked(label, data):
            (kind, fields, line) = (
                "js-callback", ["label": .string(label), "data": data], "js callback \(text(label)) got \(json(data))"
            )
        case let .pageNote(label, data):
            (kind, fields, line) = (
                "page-note", ["label": .string(label), "data": data], "page note \(text(label)): \(json(data))"
            )
        case .nativeLog(let message):
            (kind, fields, line) = ("native-log", ["message": .string(message)], "native log \(text(message))")
        case let .console(level, message, arguments):
            (kind, fields, line) = (
                "console",
                ["level": .string(level.rawValue), "message": .string(message), "arguments": .array(arguments)],
                "console.\(level.rawValue) \(text(message))\(arguments.count == 1 ? "" : " (\(arguments.count) arguments)")"
            )
        case let .dialog(dialogKind, message, blocking):
            (kind, fields, line) = (
                "dialog",
                ["kind": .string(dialogKind.rawValue), "message": .string(message), "blocking": .bool(blocking)],
                "dialog \(dialogKind.rawValue)(\(text(message, limit: 60)))\(blocking ? " BLOCKING" : "")"
            )
        case .promptAnswered(let answer):
            (kind, fields, line) = (
                "prompt-answered", ["text": answer.map(JSONValue.string) ?? .null],
                "prompt answered \(answer.map { json(.string($0)) } ?? "null")"
            )
        case let .timerScheduled(id, delay, repeats):
            isTimer = true
            (kind, fields, line) = (
                "timer-set", ["id": .number(Double(id)), "delay": .number(Double(delay)), "repeats": .bool(repeats)],
                "timer#\(id) set \(repeats ? "every" : "after") \(delay)ms"
            )
        case .timerFired(let id):
            isTimer = true
            (kind, fields, line) = ("timer-fired", ["id": .number(Double(id))], "timer#\(id) fired")
        case let .uncaughtError(message, errorLine):
            (kind, fields, line) = (
                "uncaught-error", ["message": .string(message), "line": errorLine.map { .number(Double($0)) }],
                "uncaught \(text(message, limit: 160))\(errorLine.map { " (line \($0))" } ?? "")"
            )
        case .tripwire(let label):
            (kind, fields, line) = (
                "tripwire", ["label": .string(label)], "TRIPWIRE \(text(label)): payload code ran in the page"
            )
        case let .scriptMessagePosted(name, body):
            (kind, fields, line) = (
                "script-message", ["name": .string(name), "body": body],
                "page  postMessage to \(text(name)): \(json(body))"
            )
        case let .appDelegateNotified(method, url):
            (kind, fields, line) = (
                "app-delegate", ["method": .string(method), "url": .string(url)],
                "app   delegate \(method) \(text(url))"
            )
        case let .violation(clause, message):
            (kind, fields, line) = (
                "violation", ["clause": .string(clause), "message": .string(message)],
                "VIOLATION [\(clause)] \(PrintableText.printable(message))"
            )
        }
        self.kind = kind
        self.fields = fields.compactMapValues { $0 }
        self.line = line
        self.isTimer = isTimer
    }

    /// Whether `event` is a timer being set or firing (`isTimer`), known without rendering it.
    package static func isTimer(_ event: TranscriptEvent) -> Bool {
        switch event {
        case .timerScheduled, .timerFired: true
        default: false
        }
    }

    /// An evaluation result; a string holding a JSON array, as the fetch command
    /// returns, is parsed so that its messages compare semantically.
    private static func parsedResult(_ value: JSONValue) -> JSONValue {
        if case .string(let inner) = value, let parsed = try? JSONParser.parse(inner), case .array = parsed {
            return ["json": parsed]
        }
        return value
    }
}

import ConformanceAdapter
import ConformanceKit
import Foundation
import StrictJSON

/// Reading back what a task made the page do, in the page's order.
extension WebKitGTKPageHost {
    /// Lets WebKit deliver what the page's last task made it ask (a real timer turn of the page's), then records
    /// the page's log in order and queues the work each entry asks for: a timer, the delegate's turn on the
    /// request a written `src` made, the delivery of a posted message.
    /// - Parameters:
    ///   - task: The task's own work in the page, as statements, when it is the host's (a timer, a harness script,
    ///     the end of a native evaluation): run in the same round trip, just before the settling.
    ///   - afterParsing: Whether the settling waits for the page's HTML and user scripts to have run (a page just
    ///     committed): the page answers once they have, instead of the host asking until they have.
    func collect(after task: String = "", afterParsing: Bool = false) throws(PageInterruption) {
        // The task, the real timer turn and the drain in one round trip (`__kitHost.settle`). The task cannot keep
        // the drain from running: what it throws is the page's (the host's own calls catch what scripts throw).
        var settled: WebKitGTKView.EvaluationOutcome?
        view.callAsync("try { \(task) } catch (e) {}\nreturn await __kitHost.settle(\(afterParsing));") {
            settled = $0
        }
        try waitFor { settled != nil }
        if case .string(let text)? = settled,
            case .array(let entries)? = try? JSONParser.parse(text)
        {
            for case .array(let fields) in entries { follow(fields) }
        }
        // What WebKit told of that the log did not place: a request no written src made (a navigation of the
        // page's own, an iframe without src), a post or a dialog the page's marks did not see.
        while !arrivedRequests.isEmpty {
            let request = arrivedRequests.removeFirst()
            let index = writtenSources.firstIndex { $0.resolved.map { Self.sameURL($0, request.uri) } ?? false }
            register(request, writtenAs: index.map { writtenSources.remove(at: $0).written } ?? request.uri)
        }
        while !arrivedMessages.isEmpty { deliverMessage() }
        while !arrivedDialogs.isEmpty { showDialog() }
    }

    private func follow(_ fields: [JSONValue]) {
        guard case .string(let kind)? = fields.first else { return }
        switch kind {
        case "navigationSource":
            guard fields.count == 3, case .string(let written) = fields[1] else { return }
            var resolved: String?
            if case .string(let value) = fields[2] { resolved = value }
            if let resolved, let index = arrivedRequests.firstIndex(where: { Self.sameURL(resolved, $0.uri) }) {
                register(arrivedRequests.remove(at: index), writtenAs: written)
            } else {
                writtenSources.append((written, resolved))
            }
        case "timerCancelled":
            guard fields.count == 2, case .number(let id) = fields[1],
                let task = timerTasks.removeValue(forKey: Int(id))
            else { return }
            loop.cancel(task)
        case "userScript":
            guard fields.count == 2, case .number(let index) = fields[1], pageUserScripts.indices.contains(Int(index))
            else { return }
            let id = nextEvaluationID
            nextEvaluationID += 1
            let source = pageUserScripts[Int(index)].source
            record(
                .evaluationStarted(id: id, style: .userScript, command: NativeCommand(source, in: environment.dialect)))
            userScriptEvaluationID = id
        case "nativeEvaluationInjected":
            nativeEvaluationInjected = true
        case "javaScriptSideAppeared":
            if let userScriptEvaluationID { record(.javaScriptSideAppeared(evaluation: userScriptEvaluationID)) }
        case "scriptMessagePosted":
            if !arrivedMessages.isEmpty { deliverMessage() }
        case "dialogShown":
            if !arrivedDialogs.isEmpty { showDialog() }
        case "console":
            // None only for a level the kit's shim never sends.
            guard let event = Self.event(from: fields) else {
                if interruption == nil {
                    interruption = .harness(
                        "the page's log holds a console entry of no level the kit knows: \(PrintableText.abbreviate(.array(fields), limit: 120))"
                    )
                }
                return
            }
            record(event)
        default:
            guard let event = Self.event(from: fields) else { return }
            record(event)
            if case let .timerScheduled(id, delay, repeats) = event {
                scheduleTimer(id, delay: delay, repeats: repeats)
            }
        }
    }

    /// Queues a page timer as the simulation does; firing it runs the page's callback through the clock shim.
    private func scheduleTimer(_ id: Int, delay: Int64, repeats: Bool) {
        let page = pageNumber
        timerTasks[id] = loop.schedule(after: delay, label: .timer(page: page, id: id), timerID: id) {
            [weak self] in
            guard let self else { return }
            timerTasks[id] = nil
            if repeats { scheduleTimer(id, delay: max(delay, 1), repeats: true) }
            record(.timerFired(id: id))
            // The timer's callback: the JS side's, or a script's the native side evaluated.
            stage = ("timer \(id) of page \(page)", environment.javaScriptSideIsKits ? .nativeSide : .javaScriptSide)
            runTask { () throws(PageInterruption) in try collect(after: "__kitHost.fire(\(id), \(loop.now));") }
        }
    }

    /// Records the first message WebKit delivered and hands it to its receiver on a later turn.
    private func deliverMessage() {
        let (name, body) = arrivedMessages.removeFirst()
        record(.scriptMessagePosted(name: name, body: body))
        nonisolated(unsafe) let foundationBody = body?.foundationValue ?? NSNull()
        loop.schedule(label: .scriptMessage(name: name)) { [weak self] in
            guard let self else { return }
            recorder.countNativeActivity()
            _ = webView.deliver(ScriptMessage(name: name, body: foundationBody))
        }
    }

    /// Records the first dialog WebKit showed and tells the web view's dialog observer.
    private func showDialog() {
        let (kind, message) = arrivedDialogs.removeFirst()
        record(.dialog(kind: kind, message: message, blocking: false))
        if let observer = webView.dialogObserver {
            recorder.countNativeActivity()
            observer(kind, message)
        }
    }

    private static func event(from fields: [JSONValue]) -> TranscriptEvent? {
        guard case .string(let kind)? = fields.first else { return nil }
        func string(_ index: Int) -> String {
            if index < fields.count, case .string(let value) = fields[index] { return value }
            return ""
        }
        func number(_ index: Int) -> Double {
            if index < fields.count, case .number(let value) = fields[index] { return value }
            return 0
        }
        func bool(_ index: Int) -> Bool {
            if index < fields.count, case .bool(let value) = fields[index] { return value }
            return false
        }
        func json(_ index: Int) -> JSONValue? {
            guard index < fields.count, case .string(let text) = fields[index] else { return nil }
            return try? JSONParser.parse(text)
        }
        switch kind {
        case "timerScheduled": return .timerScheduled(id: Int(number(1)), delay: Int64(number(2)), repeats: bool(3))
        case "console":
            guard let level = ConsoleLevel(rawValue: string(1)) else { return nil }
            let values: [JSONValue]
            if case .array(let parsed)? = json(3) { values = parsed } else { values = [.string(string(2))] }
            return .console(level: level, message: string(2), arguments: values)
        case "tripwire": return .tripwire(label: string(1))
        case "uncaughtError":
            let line = Int(number(2))
            return .uncaughtError(message: string(1), line: line == 0 ? nil : line)
        case "jsHandlerInvoked":
            return .jsHandlerInvoked(
                name: string(1), data: json(2), hasResponder: bool(3), duringNativeEvaluation: bool(4))
        case "jsCallbackInvoked": return .jsCallbackInvoked(label: string(1), data: json(2))
        case "pageNote": return .pageNote(label: string(1), data: json(2))
        default: return nil
        }
    }

    /// A result as WebKit hands it to native code, as JSON for the transcript, and the error.
    static func converted(_ outcome: WebKitGTKView.EvaluationOutcome) -> (
        Any?, JSONValue?, JavaScriptEvaluationError?
    ) {
        switch outcome {
        case .string(let string): return (string, .string(string), nil)
        case .json(nil): return (nil, nil, nil)
        case .json(let text?):
            guard let value = try? JSONParser.parse(text) else { return (nil, nil, nil) }
            return (value.foundationValue, value, nil)
        case .error(let message): return (nil, nil, JavaScriptEvaluationError(message: message, line: nil))
        }
    }

    /// `text` as a JavaScript string literal that is also safe inside an HTML `<script>` element.
    static func literal(_ text: String) -> String {
        CanonicalJSON.encode(.string(text)).replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// A one-line statement that runs `script` named `url`, its lines counted from its own first line; safe
    /// inside an inline `<script>` element.
    static func evaluated(_ script: String, named url: String) -> String {
        "(0, eval)(\(literal(script + "\n//# sourceURL=" + url)));"
    }

    /// `script` as the text of an inline `<script>` element, meaning the same: `</script` and `<!--` cannot
    /// appear there, and `<\/script`, `<\!--` are the same characters in JavaScript strings, templates and regular
    /// expressions.
    static func scriptElementText(_ script: String) -> String {
        script.replacingOccurrences(of: "</(?=[sS][cC][rR][iI][pP][tT])", with: "<\\\\/", options: .regularExpression)
            .replacingOccurrences(of: "<!--", with: "<\\!--")
    }

    /// Whether two URLs are the same but for the trailing slash WebKit adds to an empty path.
    static func sameURL(_ a: String, _ b: String) -> Bool {
        a == b || a == b + "/" || a + "/" == b
    }
}

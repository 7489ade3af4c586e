/// Renders transcripts as readable text for failure messages: one line per event, printable ASCII only,
/// long scripts shortened, the injected JS side named instead of printed.
public enum TranscriptRenderer {
    /// Renders `transcript`.
    /// - Parameters:
    ///   - transcript: The transcript to render.
    ///   - bridgeJavaScriptSource: The injected JS side, shown as `<JS side>` when evaluated.
    ///   - includeTimers: Whether timer scheduling and firing lines are shown.
    /// - Returns: Lines joined by newlines.
    public static func render(_ transcript: Transcript, bridgeJavaScriptSource: String? = nil, includeTimers: Bool = false) -> String {
        transcript.entries.compactMap { entry -> String? in
            guard let text = describe(entry.event, bridgeJavaScriptSource: bridgeJavaScriptSource, includeTimers: includeTimers)
            else { return nil }
            return "\(pad(entry.time)) \(text)"
        }.joined(separator: "\n")
    }

    private static func pad(_ time: Int64) -> String {
        let text = "\(time)ms"
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }

    private static func describe(_ event: TranscriptEvent, bridgeJavaScriptSource: String?, includeTimers: Bool) -> String? {
        switch event {
        case .pageRequested(let url): return "page  load requested \(printable(url))"
        case .pageLoaded(let url): return "page  loaded \(printable(url))"
        case let .navigationRequested(id, url, isMainFrame):
            return "nav#\(id) requested \(printable(url))\(isMainFrame ? " (main frame)" : "")"
        case let .navigationDecided(id, url, policy, defaulted):
            return "nav#\(id) \(policy.rawValue) \(printable(url))\(defaulted ? " (no delegate)" : "")"
        case let .evaluationStarted(id, style, script):
            return "eval#\(id) \(style.rawValue) \(describeScript(script, bridgeJavaScriptSource: bridgeJavaScriptSource))"
        case let .evaluationFinished(id, result, error):
            if let error { return "eval#\(id) threw \(abbreviate(error, limit: 160))" }
            return "eval#\(id) -> \(result.map { abbreviate($0, limit: 160) } ?? "undefined")"
        case .adapterAction(let action): return "native \(printable(action))"
        case let .nativeHandlerInvoked(name, data): return "native handler \(printable(name)) got \(json(data))"
        case let .nativeCallbackInvoked(label, data): return "native callback \(printable(label)) got \(json(data))"
        case let .jsHandlerInvoked(name, data, hasResponder, during):
            return "js handler \(printable(name)) got \(json(data))\(hasResponder ? " (with responder)" : "")\(during ? " [inside native evaluation]" : "")"
        case let .jsCallbackInvoked(label, data): return "js callback \(printable(label)) got \(json(data))"
        case let .pageNote(label, data): return "page note \(printable(label)): \(json(data))"
        case .nativeLog(let message): return "native log \(abbreviate(message, limit: 200))"
        case let .console(level, message): return "console.\(level) \(abbreviate(message, limit: 200))"
        case let .dialog(kind, message, blocking): return "dialog \(kind)(\(abbreviate(message, limit: 60)))\(blocking ? " BLOCKING" : "")"
        case let .timerScheduled(id, delay, repeats):
            return includeTimers ? "timer#\(id) set \(repeats ? "every" : "after") \(delay)ms" : nil
        case .timerFired(let id): return includeTimers ? "timer#\(id) fired" : nil
        case let .uncaughtError(message, line):
            return "uncaught \(abbreviate(message, limit: 160))\(line.map { " (line \($0))" } ?? "")"
        case .tripwire(let label): return "TRIPWIRE \(printable(label)): payload code ran in the page"
        case let .violation(clause, message): return "VIOLATION [\(clause)] \(printable(message))"
        }
    }

    /// A script as the wire log shows it: the JS side by name, a well-formed message command as its
    /// decoded message in canonical JSON (native key order is unspecified, so raw text would differ
    /// between runs), anything else as written.
    private static func describeScript(_ script: String, bridgeJavaScriptSource: String?) -> String {
        if script == bridgeJavaScriptSource { return "<JS side, \(script.utf16.count) UTF-16 units>" }
        if case .message(let message) = WireInspector.decodeCommand(script) {
            return "deliver " + abbreviate(message.canonicalText, limit: 160)
        }
        return abbreviate(script, limit: 160)
    }

    private static func json(_ value: JSONValue?) -> String {
        value.map { abbreviate($0.canonicalText, limit: 160) } ?? "undefined"
    }

    /// Shortens `text` to about `limit` characters and makes it printable.
    /// - Parameters:
    ///   - text: Any text, hostile payloads included.
    ///   - limit: The number of UTF-16 units kept before ` [... N more]`.
    /// - Returns: Printable ASCII.
    public static func abbreviate(_ text: String, limit: Int) -> String {
        let units = Array(text.utf16)
        guard units.count > limit else { return printable(text) }
        return printable(String(decoding: units[0..<limit], as: UTF16.self)) + " [... \(units.count - limit) more]"
    }

    /// Makes `text` safe for a terminal and a log: every character outside printable ASCII (controls,
    /// NUL, line separators, emoji, U+FFFD standing for a lone surrogate) becomes `<U+XXXX>`, which no
    /// JavaScript or JSON escape looks like, so escapes in the text stay readable as they are.
    /// - Parameter text: Any text.
    /// - Returns: Printable ASCII.
    public static func printable(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if (0x20..<0x7F).contains(scalar.value) {
                output.unicodeScalars.append(scalar)
            } else {
                let digits = String(scalar.value, radix: 16, uppercase: true)
                output += "<U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ">"
            }
        }
        return output
    }
}

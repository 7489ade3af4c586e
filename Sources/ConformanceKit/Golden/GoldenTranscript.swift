/// The golden form of a transcript: a JSON document compared at the semantic level.
///
/// Each event becomes one JSON object; messages and fetch results appear as parsed JSON, never as the
/// text the implementation wrote (key order and escapes are not semantic); callback ids (`cb_1_0`,
/// `objc_cb_3`) are replaced by `#1`, `#2`, ... in order of first appearance; strings longer than
/// 4096 UTF-16 units are replaced by their length and an FNV-1a hash. The file form is canonical
/// JSON with one event per line, so diffs stay readable (format: spec/protocol.md, appendix A).
public enum GoldenTranscript {
    /// The golden document of `transcript`.
    /// - Parameters:
    ///   - transcript: What a case observed.
    ///   - bridgeJavaScriptSource: The injected JS side, named instead of included.
    /// - Returns: A JSON array of event objects.
    public static func document(for transcript: Transcript, bridgeJavaScriptSource: String) -> JSONValue {
        var normalizer = IDNormalizer()
        return .array(transcript.entries.map { entry in
            normalizer.normalize(event(entry, bridgeJavaScriptSource: bridgeJavaScriptSource))
        })
    }

    /// The canonical file text of a document: `[`, one canonical JSON event per line, `]`.
    public static func fileText(of document: JSONValue) -> String {
        guard case .array(let events) = document else { return document.canonicalText + "\n" }
        return "[\n" + events.map(\.canonicalText).joined(separator: ",\n") + "\n]\n"
    }

    /// Where two documents first differ, readably; nil when they are equal.
    /// - Parameters:
    ///   - expected: The golden document.
    ///   - actual: The document of this run.
    public static func firstDifference(expected: JSONValue, actual: JSONValue) -> String? {
        guard expected != actual else { return nil }
        guard case .array(let want) = expected, case .array(let got) = actual else {
            return "expected \(expected.canonicalText.prefix(200)), got \(actual.canonicalText.prefix(200))"
        }
        let index = want.indices.first { $0 >= got.count || want[$0] != got[$0] } ?? got.count
        func line(_ events: [JSONValue]) -> String {
            events.indices.contains(index) ? TranscriptRenderer.abbreviate(events[index].canonicalText, limit: 300) : "<end of transcript>"
        }
        return """
            first difference at event \(index + 1) (golden has \(want.count) events, this run \(got.count)):
              golden:   \(line(want))
              this run: \(line(got))
            """
    }

    private static func event(_ entry: Transcript.Entry, bridgeJavaScriptSource: String) -> JSONValue {
        var fields: [String: JSONValue] = ["t": .number(Double(entry.time))]
        func put(_ kind: String, _ more: [String: JSONValue?]) {
            fields["event"] = .string(kind)
            for (key, value) in more { if let value { fields[key] = value } }
        }
        switch entry.event {
        case .pageRequested(let url): put("page-requested", ["url": .string(url)])
        case .pageLoaded(let url): put("page-loaded", ["url": .string(url)])
        case let .navigationRequested(id, url, isMainFrame):
            put("navigation-requested", ["id": .number(Double(id)), "url": .string(url), "mainFrame": .bool(isMainFrame)])
        case let .navigationDecided(id, url, policy, defaulted):
            put("navigation-decided", ["id": .number(Double(id)), "url": .string(url), "policy": .string(policy.rawValue), "defaulted": .bool(defaulted)])
        case let .evaluationStarted(id, style, script):
            var described: [String: JSONValue?] = ["id": .number(Double(id)), "style": .string(style.rawValue)]
            if script == bridgeJavaScriptSource {
                described["script"] = "<JS side>"
            } else if case .message(let message) = WireInspector.decodeCommand(script) {
                described["message"] = message
            } else {
                described["script"] = .string(script)
            }
            put("evaluation", described)
        case let .evaluationFinished(id, result, error):
            put("evaluation-result", ["id": .number(Double(id)), "result": result.map(parsedResult), "error": error.map(JSONValue.string)])
        case .adapterAction(let action): put("native-action", ["action": .string(action)])
        case let .nativeHandlerInvoked(name, data): put("native-handler", ["name": .string(name), "data": data])
        case let .nativeCallbackInvoked(label, data): put("native-callback", ["label": .string(label), "data": data])
        case let .jsHandlerInvoked(name, data, hasResponder, during):
            put("js-handler", ["name": .string(name), "data": data, "responder": .bool(hasResponder), "insideNativeEvaluation": .bool(during)])
        case let .jsCallbackInvoked(label, data): put("js-callback", ["label": .string(label), "data": data])
        case let .pageNote(label, data): put("page-note", ["label": .string(label), "data": data])
        case .nativeLog(let message): put("native-log", ["message": .string(message)])
        case let .console(level, message): put("console", ["level": .string(level), "message": .string(message)])
        case let .dialog(kind, message, blocking): put("dialog", ["kind": .string(kind), "message": .string(message), "blocking": .bool(blocking)])
        case let .timerScheduled(id, delay, repeats):
            put("timer-set", ["id": .number(Double(id)), "delay": .number(Double(delay)), "repeats": .bool(repeats)])
        case .timerFired(let id): put("timer-fired", ["id": .number(Double(id))])
        case let .uncaughtError(message, line): put("uncaught-error", ["message": .string(message), "line": line.map { .number(Double($0)) }])
        case .tripwire(let label): put("tripwire", ["label": .string(label)])
        case let .violation(clause, message): put("violation", ["clause": .string(clause), "message": .string(message)])
        }
        return .object(fields)
    }

    /// An evaluation result (canonical JSON text); a string holding JSON, as `_fetchQueue` returns,
    /// is parsed so that its messages compare semantically.
    private static func parsedResult(_ text: String) -> JSONValue {
        guard let value = try? JSONParser.parse(text) else { return .string(text) }
        if case .string(let inner) = value, let parsed = try? JSONParser.parse(inner), case .array = parsed {
            return ["json": parsed]
        }
        return value
    }
}

/// Replaces callback ids by `#1`, `#2`, ... in order of first appearance, and long strings by a digest.
private struct IDNormalizer {
    private var ids: [String: String] = [:]

    mutating func normalize(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let string): return .string(normalize(string))
        case .array(let elements): return .array(elements.map { normalize($0) })
        case .object(let members):
            // Sorted keys, so that numbering follows the canonical order of the file.
            var result: [String: JSONValue] = [:]
            for key in members.keys.sorted() { result[key] = normalize(members[key]!) }
            return .object(result)
        default: return value
        }
    }

    private mutating func normalize(_ string: String) -> String {
        if string.wholeMatch(of: /cb_[0-9]+_[0-9]+|objc_cb_[0-9]+/) != nil {
            if let known = ids[string] { return known }
            let number = "#\(ids.count + 1)"
            ids[string] = number
            return number
        }
        let units = string.utf16
        guard units.count > 4096 else { return string }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units { hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3 }
        return "<\(units.count) UTF-16 units, fnv1a64 \(String(hash, radix: 16))>"
    }
}

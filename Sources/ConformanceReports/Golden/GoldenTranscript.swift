import ConformanceAdapter
import ConformanceBrowser
import StrictJSON
import WireDialects

/// The golden form of a transcript: a JSON document compared at the semantic level.
///
/// Each event becomes one JSON object; messages and fetch results appear as parsed JSON, never as the
/// text the implementation wrote (key order and escapes are not semantic); callback ids (the forms of
/// the transcript's dialect) are replaced by `#1`, `#2`, ... in order of first appearance; strings longer than
/// 4096 UTF-16 units are replaced by their length and an FNV-1a hash. The file form is canonical
/// JSON with one event per line, so diffs stay readable (format: spec/protocol.md, appendix A).
package enum GoldenTranscript {
    /// The golden document of `transcript`.
    /// - Parameters:
    ///   - transcript: What a case observed.
    ///   - bridgeJavaScriptSource: The JS side the run gave, named instead of included (as is any script that
    ///     injected a JS side: `Transcript.javaScriptSideEvaluationIDs`).
    /// - Returns: A JSON array of event objects.
    package static func document(for transcript: Transcript, bridgeJavaScriptSource: String) -> JSONValue {
        var normalizer = IDNormalizer(forms: transcript.dialect.callbackIDs)
        let javaScriptSide = transcript.javaScriptSideEvaluationIDs
        return .array(
            transcript.entries.map { entry in
                let rendition = EventRendition(
                    entry.event, javaScriptSideEvaluations: javaScriptSide,
                    bridgeJavaScriptSource: bridgeJavaScriptSource, dialect: transcript.dialect)
                var fields = rendition.fields
                fields["t"] = .number(Double(entry.time))
                fields["event"] = .string(rendition.kind)
                return normalizer.normalize(.object(fields))
            })
    }

    /// The canonical file text of a document: `[`, one canonical JSON event per line, `]`.
    package static func fileText(of document: JSONValue) -> String {
        guard case .array(let events) = document else { return document.canonicalText + "\n" }
        return "[\n" + events.map(\.canonicalText).joined(separator: ",\n") + "\n]\n"
    }

    /// Where two documents first differ, readably; nil when they are equal.
    /// - Parameters:
    ///   - expected: The golden document.
    ///   - actual: The document of this run.
    package static func firstDifference(expected: JSONValue, actual: JSONValue) -> String? {
        guard expected != actual else { return nil }
        guard case .array(let want) = expected, case .array(let got) = actual else {
            return "expected \(expected.canonicalText.prefix(200)), got \(actual.canonicalText.prefix(200))"
        }
        let index = want.indices.first { $0 >= got.count || want[$0] != got[$0] } ?? got.count
        func line(_ events: [JSONValue]) -> String {
            events.indices.contains(index)
                ? PrintableText.abbreviate(events[index].canonicalText, limit: 300) : "<end of transcript>"
        }
        return """
            first difference at event \(index + 1) (golden has \(want.count) events, this run \(got.count)):
              golden:   \(line(want))
              this run: \(line(got))
            """
    }

}

/// Replaces callback ids by `#1`, `#2`, ... in order of first appearance, and long strings by a digest.
private struct IDNormalizer {
    /// The callback id forms replaced.
    let forms: CallbackIDForms
    private var ids: [String: String] = [:]

    init(forms: CallbackIDForms) {
        self.forms = forms
    }

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
        if forms.isCallbackID(string) {
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

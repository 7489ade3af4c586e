import ConformanceAdapter

/// Text made safe for the HTML report, whatever a case id, payload, message or adapter name holds.
///
/// One escape serves element text and attribute values alike, because the report writes every attribute
/// value between double quotes and escapes both quote characters: `&`, `<`, `>`, `"` and `'` become
/// entities, so text can open no tag, comment or attribute. Before that, every character a reader could be
/// misled by (NUL and the other controls but the line feed, the Unicode line and paragraph separators,
/// bidirectional controls; `PrintableText.terminalSafe`) and every noncharacter is shown as `<U+XXXX>`. Lone
/// surrogates cannot occur: Swift strings hold U+FFFD in their place, which is shown as it is.
package enum HTMLText {
    /// `text` as HTML element text or a double-quoted attribute value.
    package static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in PrintableText.terminalSafe(text).unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case _ where isNoncharacter(scalar): output += escape(PrintableText.printable(String(scalar)))
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `text` as element text only, never an attribute value: as `escape`, but the quote characters stay as
    /// they are (they end nothing in element text), so text full of JSON's quotes takes a sixth of the bytes.
    /// For the page's pool of transcript lines (`HTMLLinePool`).
    package static func escapeElementText(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
    }

    /// Whether `scalar` is a Unicode noncharacter (U+FDD0 to U+FDEF, and the last two of every plane), which
    /// HTML parsers report as an error.
    private static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }
}

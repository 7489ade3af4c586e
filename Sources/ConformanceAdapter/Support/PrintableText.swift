import StrictJSON

/// Text made safe for a terminal, a log and a report, whatever a payload holds.
package enum PrintableText {
    /// Makes `text` safe for a terminal and a log: every character outside printable ASCII (controls,
    /// NUL, line separators, emoji, U+FFFD standing for a lone surrogate) becomes `<U+XXXX>`, which no
    /// JavaScript or JSON escape looks like, so escapes in the text stay readable as they are.
    /// - Parameter text: Any text.
    /// - Returns: Printable ASCII.
    package static func printable(_ text: String) -> String {
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

    /// Makes multi-line `text` safe to print on a terminal while keeping what reads well there: every
    /// control character but the line feed (ESC, CR, backspace, NUL, DEL, the C1 controls), the Unicode line
    /// and paragraph separators and the bidirectional controls become `<U+XXXX>`, so nothing in the text
    /// can move the cursor, rewrite a line, change colours or reorder what is shown; letters and symbols
    /// outside ASCII stay as they are.
    /// - Parameter text: Any text.
    /// - Returns: The text, with those characters escaped.
    package static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafeOnTerminal) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if isUnsafeOnTerminal(scalar) {
                output += printable(String(scalar))
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether a terminal acts on `scalar` instead of showing it (the line feed aside).
    private static func isUnsafeOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Shortens `text` to about `limit` characters and makes it printable.
    /// - Parameters:
    ///   - text: Any text, hostile payloads included.
    ///   - limit: The number of UTF-16 units kept before ` [... N more]`.
    /// - Returns: Printable ASCII.
    package static func abbreviate(_ text: String, limit: Int) -> String {
        printable(cut(text, limit: limit))
    }

    /// `abbreviate(value.displayText, limit: limit)`, made without writing more of the value's text than is
    /// kept: a megabyte payload on a failure's line costs what its first characters do.
    /// - Parameters:
    ///   - value: Any JSON value, hostile payloads included.
    ///   - limit: The number of characters kept before ` [... N more]`.
    /// - Returns: Printable ASCII.
    package static func abbreviate(_ value: JSONValue, limit: Int) -> String {
        let (kept, length) = CanonicalJSON.displayExcerpt(value, limit: limit)
        return length > limit ? printable(kept) + " [... \(length - limit) more]" : printable(kept)
    }

    /// Shortens `text` to its first `limit` UTF-16 units, followed by ` [... N more]`; as it is when it is
    /// no longer. Unlike `abbreviate`, it leaves the characters as they are (for JSON, which escapes them).
    /// - Parameters:
    ///   - text: Any text.
    ///   - limit: The number of UTF-16 units kept.
    package static func cut(_ text: String, limit: Int) -> String {
        // Only the kept units are copied: the text may be a megabyte payload.
        let count = text.utf16.count
        guard count > limit else { return text }
        let kept = Array(text.utf16.prefix(limit))
        return String(decoding: kept, as: UTF16.self) + " [... \(count - limit) more]"
    }
}

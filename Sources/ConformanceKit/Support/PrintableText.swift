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

    /// Shortens `text` to about `limit` characters and makes it printable.
    /// - Parameters:
    ///   - text: Any text, hostile payloads included.
    ///   - limit: The number of UTF-16 units kept before ` [... N more]`.
    /// - Returns: Printable ASCII.
    package static func abbreviate(_ text: String, limit: Int) -> String {
        // Only the kept units are copied: the text may be a megabyte payload.
        let count = text.utf16.count
        guard count > limit else { return printable(text) }
        let kept = Array(text.utf16.prefix(limit))
        return printable(String(decoding: kept, as: UTF16.self)) + " [... \(count - limit) more]"
    }
}

import Foundation

/// Turns one message's JSON into the JS command that delivers it to the page.
public enum MessageEscaper {
    /// The text before the escaped JSON in a delivery command.
    static let commandPrefix = "WebViewJavascriptBridge._handleMessageFromObjC('"
    /// The text after the escaped JSON in a delivery command.
    static let commandSuffix = "');"

    /// Escapes a string for a single-quoted JS string literal in one linear pass over its UTF-16 code units.
    ///
    /// Backslash becomes `\\`, `"` becomes `\"`, `'` becomes `\'`, LF, CR and FF become `\n`, `\r`, `\f`,
    /// and U+2028 / U+2029 become the six characters `\u2028` / `\u2029`. Everything else, NUL included,
    /// is kept unchanged.
    /// - Parameter json: The compact JSON of one message.
    /// - Returns: The text to put between the quotes.
    public static func escapeForSingleQuotedLiteral(_ json: String) -> String {
        escapeForSingleQuotedLiteral(json, faults: [])
    }

    /// Escapes like `escapeForSingleQuotedLiteral(_:)`, with the escaping faults in `faults` switched on.
    /// - Parameters:
    ///   - json: The compact JSON of one message.
    ///   - faults: Faults to model; only the escaping ones have an effect here.
    /// - Returns: The text to put between the quotes.
    package static func escapeForSingleQuotedLiteral(_ json: String, faults: Set<BridgeFault>) -> String {
        var out: [UInt16] = []
        out.reserveCapacity(json.utf16.count + 16)
        var units = json.utf16.makeIterator()
        while let unit = units.next() {
            switch unit {
            case 0xD800...0xDBFF where faults.contains(.nonBMPEscapedAsScalar):
                // Written as `\u` plus the scalar's hex digits, as a port escaping by Unicode scalar would.
                guard let low = units.next() else { out.append(unit); continue }
                let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                out += Array("\\u\(String(scalar, radix: 16))".utf16)
            case 0x5C: out += Array(#"\\"#.utf16)
            case 0x22: out += Array(#"\""#.utf16)
            case 0x27 where !faults.contains(.singleQuoteNotEscaped): out += Array(#"\'"#.utf16)
            case 0x0A: out += Array(#"\n"#.utf16)
            case 0x0D: out += Array(#"\r"#.utf16)
            case 0x0C: out += Array(#"\f"#.utf16)
            case 0x2028, 0x2029:
                if faults.contains(.lineSeparatorsNotEscaped) {
                    out.append(unit)
                } else {
                    let hex = String(unit, radix: 16)
                    let escape = faults.contains(.es2015LineSeparatorEscape) ? "\\u{\(hex)}" : "\\u\(hex)"
                    out += Array(escape.utf16)
                }
            default: out.append(unit)
            }
        }
        return String(decoding: out, as: UTF16.self)
    }

    /// Escapes with the naive chain of eight `replacingOccurrences` passes, backslash first.
    ///
    /// Kept for a benchmark and as a cross-check of the one-pass escaper. The passes use `.literal`,
    /// because the default comparison would not match `"` followed by a combining mark.
    /// - Parameter json: The compact JSON of one message.
    /// - Returns: The same text as `escapeForSingleQuotedLiteral(_:)`.
    public static func escapeByReplacementChain(_ json: String) -> String {
        let replacements: [(String, String)] = [
            ("\\", "\\\\"), ("\"", "\\\""), ("'", "\\'"), ("\n", "\\n"),
            ("\r", "\\r"), ("\u{0C}", "\\f"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"),
        ]
        var result = json
        for (target, replacement) in replacements {
            result = result.replacingOccurrences(of: target, with: replacement, options: .literal)
        }
        return result
    }

    /// Builds the command that delivers one message to the page.
    /// - Parameter json: The compact JSON of one message.
    /// - Returns: `WebViewJavascriptBridge._handleMessageFromObjC('<escaped json>');`
    public static func handleMessageCommand(forMessageJSON json: String) -> String {
        handleMessageCommand(forMessageJSON: json, faults: [])
    }

    /// Builds the delivery command like `handleMessageCommand(forMessageJSON:)`, with `faults` switched on.
    /// - Parameters:
    ///   - json: The compact JSON of one message.
    ///   - faults: Faults to model; only the escaping and command-building ones have an effect here.
    /// - Returns: The command to evaluate.
    package static func handleMessageCommand(forMessageJSON json: String, faults: Set<BridgeFault>) -> String {
        commandPrefix + escapeForSingleQuotedLiteral(json, faults: faults) + commandSuffix
    }
}

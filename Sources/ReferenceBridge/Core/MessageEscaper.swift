import Foundation

/// Turns one message's JSON into the JS command that delivers it to the page.
public enum MessageEscaper {
    /// The text before the escaped JSON in a delivery command.
    static let commandPrefix = "WebViewJavascriptBridge._handleMessageFromObjC('"
    /// The text after the escaped JSON in a delivery command.
    static let commandSuffix = "');"

    /// Escapes a string for a single-quoted JS string literal in one linear pass over its code units.
    ///
    /// Backslash becomes `\\`, `"` becomes `\"`, `'` becomes `\'`, LF, CR and FF become `\n`, `\r`, `\f`,
    /// and U+2028 / U+2029 become the six characters `\u2028` / `\u2029`. Everything else, NUL included,
    /// is kept unchanged.
    ///
    /// The pass runs over the string's UTF-8 storage and writes the result in place: every character
    /// that needs escaping is ASCII or one of two fixed three-byte sequences, and skipping the UTF-16
    /// transcoding makes it several times faster on large payloads.
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
        let options = EscapeOptions(faults)
        var json = json
        return json.withUTF8 { input in
            // Every escape at most doubles its bytes (`\u{10ffff}` stands for a 4-byte sequence).
            String(unsafeUninitializedCapacity: input.count * 2 + 16) { output in
                escape(input, into: output, options: options)
            }
        }
    }

    private struct EscapeOptions {
        let singleQuote: Bool, lineSeparators: Bool, es2015Form: Bool, byScalar: Bool
        init(_ faults: Set<BridgeFault>) {
            singleQuote = !faults.contains(.singleQuoteNotEscaped)
            lineSeparators = !faults.contains(.lineSeparatorsNotEscaped)
            es2015Form = faults.contains(.es2015LineSeparatorEscape)
            byScalar = faults.contains(.nonBMPEscapedAsScalar)
        }
    }

    /// The escaping loop; returns the number of bytes written.
    private static func escape(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, options: EscapeOptions) -> Int {
        let backslash = UInt8(ascii: "\\")
        var written = 0
        func put(_ byte: UInt8) { output[written] = byte; written += 1 }
        var index = 0
        while index < input.count {
            let byte = input[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""): put(backslash); put(byte)
            case UInt8(ascii: "'") where options.singleQuote: put(backslash); put(byte)
            case 0x0A: put(backslash); put(UInt8(ascii: "n"))
            case 0x0D: put(backslash); put(UInt8(ascii: "r"))
            case 0x0C: put(backslash); put(UInt8(ascii: "f"))
            case 0xE2 where options.lineSeparators && index + 1 < input.count
                && input[index] == 0x80 && (input[index + 1] == 0xA8 || input[index + 1] == 0xA9):
                // U+2028 / U+2029 (E2 80 A8 / E2 80 A9) become \u2028 / \u2029, or \u{2028} under the fault.
                let last = input[index + 1] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")
                index += 2
                put(backslash); put(UInt8(ascii: "u"))
                if options.es2015Form { put(UInt8(ascii: "{")) }
                for digit in [UInt8(ascii: "2"), UInt8(ascii: "0"), UInt8(ascii: "2"), last] { put(digit) }
                if options.es2015Form { put(UInt8(ascii: "}")) }
            case 0xF0...0xF4 where options.byScalar && index + 2 < input.count:
                // Written as `\u` plus the scalar's hex digits, as a port escaping by Unicode scalar would.
                var scalar = UInt32(byte & 0x07)
                for continuation in input[index..<index + 3] { scalar = scalar << 6 | UInt32(continuation & 0x3F) }
                index += 3
                put(backslash); put(UInt8(ascii: "u"))
                for digit in String(scalar, radix: 16).utf8 { put(digit) }
            default: put(byte)
            }
        }
        return written
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

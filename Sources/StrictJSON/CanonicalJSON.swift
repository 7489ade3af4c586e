/// The one JSON encoder transcripts use, so that the same value always gives the same bytes.
///
/// Rules: object keys sorted by UTF-16 code units; no whitespace; strings escape `"`, `\`, every code
/// unit below U+0020 and every non-ASCII code unit as `\uXXXX` (lowercase hex), so the output is
/// printable ASCII whatever the payload; `/` is never escaped; integral numbers below 2^53 print without
/// a fraction, others in Swift's shortest round-trip form; non-finite numbers print as `null` (as
/// `JSON.stringify` does).
package enum CanonicalJSON {
    /// Encodes `value` canonically.
    /// - Parameter value: The value to encode.
    /// - Returns: Printable ASCII JSON text.
    package static func encode(_ value: JSONValue) -> String {
        var output = UTF8Buffer()
        write(value, to: &output, escapingNonASCII: true)
        return output.string
    }

    /// `value` for people (expected and actual values, transcript lines): as `encode(_:)` writes it, but a
    /// NaN or an infinity (a JSON number too large for a double, such as `1e400`, is one) by its JavaScript
    /// name, `NaN`, `Infinity` or `-Infinity`, so that it is never shown as the `null` it is not. Not JSON
    /// when it holds one.
    /// - Parameter value: The value to show.
    /// - Returns: Printable ASCII.
    package static func display(_ value: JSONValue) -> String {
        var output = UTF8Buffer()
        write(value, to: &output, escapingNonASCII: true, namingNonFinite: true)
        return output.string
    }

    /// The start of `display(_:)`'s text and the length of the whole, written no further than the start: a
    /// megabyte payload's line in a report costs what its first characters do.
    /// - Parameters:
    ///   - value: The value to show.
    ///   - limit: The most bytes (printable ASCII, so also characters) of the text kept.
    /// - Returns: The text's first `limit` bytes (all of it when shorter), and its whole length in bytes.
    package static func displayExcerpt(_ value: JSONValue, limit: Int) -> (text: String, length: Int) {
        var output = UTF8Buffer(keepingAtMost: limit)
        write(value, to: &output, escapingNonASCII: true, namingNonFinite: true)
        return (output.string, output.count)
    }

    /// Encodes `value` the way a native side sends it: as `encode(_:)` does (sorted keys, no whitespace,
    /// the same numbers), but with text outside ASCII left as it is, U+2028 and U+2029 included; only `"`,
    /// `\` and control characters are escaped. Such JSON still has to be escaped for a JS string literal.
    /// - Parameter value: The value to encode.
    /// - Returns: Compact JSON text.
    package static func encodeKeepingNonASCII(_ value: JSONValue) -> String {
        var output = UTF8Buffer()
        write(value, to: &output, escapingNonASCII: false)
        return output.string
    }

    /// Quotes and escapes `string` as a canonical JSON string literal.
    package static func quote(_ string: String) -> String {
        var output = UTF8Buffer()
        writeString(string, to: &output, escapingNonASCII: true)
        return output.string
    }

    private static func write(
        _ value: JSONValue, to output: inout UTF8Buffer, escapingNonASCII: Bool, namingNonFinite: Bool = false
    ) {
        switch value {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .number(let number) where namingNonFinite && !number.isFinite:
            output.append(number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity")
        case .number(let number): output.append(contentsOf: format(number))
        case .string(let string): writeString(string, to: &output, escapingNonASCII: escapingNonASCII)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output, escapingNonASCII: escapingNonASCII, namingNonFinite: namingNonFinite)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let keys = members.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            for (index, key) in keys.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, to: &output, escapingNonASCII: escapingNonASCII)
                output.append(UInt8(ascii: ":"))
                write(members[key]!, to: &output, escapingNonASCII: escapingNonASCII, namingNonFinite: namingNonFinite)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == 0 { return "0" }
        if number.rounded() == number, abs(number) < 9.007_199_254_740_992e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ string: String, to output: inout UTF8Buffer, escapingNonASCII: Bool) {
        var string = string
        string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return output.append("\"\"") }
            output.append(UInt8(ascii: "\""))
            // Runs of bytes that stay as they are are copied at once; the rest is escaped one by one. Each
            // byte read writes at least one, so past `output.room` bytes read the rest is only counted.
            let keptEnd = min(bytes.count, output.room)
            var runStart = 0
            var index = 0
            while index < keptEnd {
                let byte = base[index]
                // Comparisons one by one, not `&&` or range patterns, which debug builds call out for.
                if byte >= 0x80 {
                    if !escapingNonASCII {
                        index += 1
                        continue
                    }
                } else if byte >= 0x20, byte != 0x7F, byte != 0x22, byte != 0x5C {
                    index += 1
                    continue
                }
                output.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                if byte < 0x80 {
                    writeEscaped(UInt16(byte), to: &output)
                    index += 1
                } else {
                    // A non-ASCII character (valid UTF-8: 2, 3 or 4 bytes) as its UTF-16 code units.
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    var scalar = UInt32(byte) & (0xFF >> (length + 1))
                    for offset in 1..<length { scalar = scalar << 6 | UInt32(base[index + offset] & 0x3F) }
                    if scalar >= 0x10000 {
                        writeEscaped(UInt16(0xD800 + ((scalar - 0x10000) >> 10)), to: &output)
                        writeEscaped(UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF)), to: &output)
                    } else {
                        writeEscaped(UInt16(scalar), to: &output)
                    }
                    index += length
                }
                runStart = index
            }
            output.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            if index < bytes.count {
                output.countDropped(
                    escapedLength(UnsafeBufferPointer(rebasing: bytes[index...]), escapingNonASCII: escapingNonASCII))
            }
            output.append(UInt8(ascii: "\""))
        }
    }

    /// The number of bytes `writeString` writes for `bytes` (valid UTF-8, starting on a character), quotes
    /// left out.
    private static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>, escapingNonASCII: Bool) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var length = 0
        var index = 0
        while index < bytes.count {
            let byte = base[index]
            if byte >= 0x80 {
                if !escapingNonASCII {
                    length += 1
                    index += 1
                } else if byte >= 0xF0 {
                    length += 12  // a surrogate pair, two `\uXXXX`
                    index += 4
                } else {
                    length += 6
                    index += byte >= 0xE0 ? 3 : 2
                }
            } else if byte >= 0x20, byte != 0x7F, byte != 0x22, byte != 0x5C {
                length += 1
                index += 1
            } else {
                let isShort = byte == 0x22 || byte == 0x5C || byte == 0x0A || byte == 0x0D || byte == 0x09
                length += isShort ? 2 : 6
                index += 1
            }
        }
        return length
    }

    /// Writes one UTF-16 code unit inside a string literal: printable ASCII as it is, the rest escaped.
    private static func writeEscaped(_ unit: UInt16, to output: inout UTF8Buffer) {
        switch unit {
        case 0x22: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "\""))
        case 0x5C: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "\\"))
        case 0x0A: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "t"))
        case 0x20..<0x7F: output.append(UInt8(unit))
        default:
            // `\uXXXX`, its hex digits lowercase.
            let digit = { (shift: UInt16) in hexDigits[Int((unit >> shift) & 0xF)] }
            output.append(UInt8(ascii: "\\"))
            output.append(UInt8(ascii: "u"))
            output.append(digit(12))
            output.append(digit(8))
            output.append(digit(4))
            output.append(digit(0))
        }
    }
}

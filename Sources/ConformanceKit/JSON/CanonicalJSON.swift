/// The one JSON encoder transcripts use, so that the same value always gives the same bytes.
///
/// Rules: object keys sorted by UTF-16 code units; no whitespace; strings escape `"`, `\`, every code
/// unit below U+0020 and every non-ASCII code unit as `\uXXXX` (lowercase hex), so the output is
/// printable ASCII whatever the payload; `/` is never escaped; integral numbers below 2^53 print without
/// a fraction, others in Swift's shortest round-trip form; non-finite numbers print as `null` (as
/// `JSON.stringify` does).
public enum CanonicalJSON {
    /// Encodes `value` canonically.
    /// - Parameter value: The value to encode.
    /// - Returns: Printable ASCII JSON text.
    public static func encode(_ value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    /// Quotes and escapes `string` as a canonical JSON string literal.
    public static func quote(_ string: String) -> String {
        var output = ""
        writeString(string, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += format(number)
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            let keys = members.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            for (index, key) in keys.enumerated() {
                if index > 0 { output += "," }
                writeString(key, to: &output)
                output += ":"
                write(members[key]!, to: &output)
            }
            output += "}"
        }
    }

    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == 0 { return "0" }
        if number.rounded() == number, abs(number) < 9.007_199_254_740_992e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static let hexDigits = Array("0123456789abcdef")

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for unit in string.utf16 {
            switch unit {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x0A: output += "\\n"
            case 0x0D: output += "\\r"
            case 0x09: output += "\\t"
            case 0x20..<0x7F: output.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                output += "\\u"
                for shift in stride(from: 12, through: 0, by: -4) {
                    output.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
                }
            }
        }
        output += "\""
    }
}

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
        var output: [UInt8] = []
        write(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Quotes and escapes `string` as a canonical JSON string literal.
    package static func quote(_ string: String) -> String {
        var output: [UInt8] = []
        writeString(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output += Array("null".utf8)
        case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
        case .number(let number): output += Array(format(number).utf8)
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let keys = members.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            for (index, key) in keys.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(members[key]!, to: &output)
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

    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.reserveCapacity(output.count + string.utf8.count + 2)
        output.append(UInt8(ascii: "\""))
        for unit in string.utf16 {
            switch unit {
            case 0x22: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "\""))
            case 0x5C: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "\\"))
            case 0x0A: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "t"))
            case 0x20..<0x7F: output.append(UInt8(unit))
            default:
                output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "u"))
                for shift in stride(from: 12, through: 0, by: -4) { output.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)]) }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

import Foundation

/// Parses JSON text into Foundation values (`NSNull`, `Bool`, `Int`/`Double`, `String`, `[Any]`,
/// `[String: Any]`), what handlers of ports receive.
///
/// Goes through `JSONDecoder` rather than `JSONSerialization`, because swift-corelibs-foundation's
/// `JSONSerialization` silently drops U+FEFF inside strings, which is data loss.
enum FoundationJSON: Decodable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case array([FoundationJSON])
    case object([String: FoundationJSON])

    /// Parses `text`.
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - allowingJSON5: Whether JSON5 is accepted too (only the `lenientJSONParsing` fault does this).
    /// - Throws: `NotJSON` or the decoder's error when `text` is not JSON.
    static func parse(_ text: String, allowingJSON5: Bool = false) throws -> Any {
        // The decoder alone is lenient (trailing commas, leading zeros, unknown escapes): check strictly first.
        guard allowingJSON5 || StrictJSONSyntax.isValid(text) else { throw NotJSON() }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = allowingJSON5
        return try decoder.decode(FoundationJSON.self, from: Data(text.utf8)).foundationValue
    }

    /// `text` without the commas that stand right before a `]` or `}` (outside strings): what a lenient
    /// parser makes of trailing commas. Only the `trailingCommasAccepted` fault uses it.
    static func removingTrailingCommas(_ text: String) -> String {
        let units = Array(text.utf8)
        var kept: [UInt8] = []
        var inString = false, escaped = false
        for (index, unit) in units.enumerated() {
            if inString {
                if escaped { escaped = false } else if unit == UInt8(ascii: "\\") { escaped = true } else if unit == UInt8(ascii: "\"") { inString = false }
            } else if unit == UInt8(ascii: "\"") {
                inString = true
            } else if unit == UInt8(ascii: ","),
                      let next = units[(index + 1)...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
                      next == UInt8(ascii: "]") || next == UInt8(ascii: "}") {
                continue
            }
            kept.append(unit)
        }
        return String(decoding: kept, as: UTF8.self)
    }

    init(from decoder: any Decoder) throws {
        if var elements = try? decoder.unkeyedContainer() {
            var array: [FoundationJSON] = []
            while !elements.isAtEnd { array.append(try elements.decode(FoundationJSON.self)) }
            self = .array(array)
            return
        }
        if let members = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: FoundationJSON] = [:]
            for key in members.allKeys { object[key.stringValue] = try members.decode(FoundationJSON.self, forKey: key) }
            self = .object(object)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() { self = .null }
        else if let flag = try? value.decode(Bool.self) { self = .bool(flag) }
        else if let integer = try? value.decode(Int.self) { self = .integer(integer) }
        else if let number = try? value.decode(Double.self) { self = .double(number) }
        else { self = .string(try value.decode(String.self)) }
    }

    var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let flag): flag
        case .integer(let integer): integer
        case .double(let number): number
        case .string(let string): string
        case .array(let array): array.map(\.foundationValue)
        case .object(let object): object.mapValues(\.foundationValue)
        }
    }

    /// The text breaks the JSON grammar of RFC 8259.
    struct NotJSON: Error, CustomStringConvertible {
        var description: String { "not JSON by the grammar of RFC 8259" }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A strict RFC 8259 JSON parser producing `JSONValue`s, used for fixtures and transcripts.
///
/// Escaped lone surrogates (`"\ud800"`) decode to U+FFFD, because Swift strings hold only scalars.
public struct JSONParser {
    /// A parse failure with the UTF-8 byte offset where it happened.
    public struct ParseError: Error, CustomStringConvertible, Sendable, Equatable {
        /// What was wrong.
        public var reason: String
        /// The byte offset of the problem.
        public var offset: Int
        /// A readable, one-line description.
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    private let bytes: [UInt8]
    private var index = 0

    /// Parses one JSON text (surrounding whitespace allowed, nothing else).
    /// - Parameter text: The JSON text.
    /// - Returns: The parsed value.
    /// - Throws: `JSONParser.ParseError` at the first byte that is not valid JSON.
    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> ParseError { ParseError(reason: reason, offset: index) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(ParseError) -> JSONValue {
        guard depth < 10_000 else { throw error("nesting deeper than 10000 levels") }
        guard index < bytes.count else { throw error("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(ParseError) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count,
              bytes[index..<index + length].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: length))
        else { throw error("unexpected character") }
        index += length
    }

    private mutating func parseObject(depth: Int) throws(ParseError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(ParseError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(ParseError) -> String {
        index += 1
        // Runs of plain bytes are copied as they are; escapes are decoded, pairing surrogate escapes.
        var utf8: [UInt8] = []
        var pendingHigh: UInt16?
        func appendUnit(_ unit: UInt16) {
            var scalarValue = UInt32(unit)
            if let high = pendingHigh {
                pendingHigh = nil
                if (0xDC00...0xDFFF).contains(unit) {
                    scalarValue = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                } else {
                    appendScalar(0xFFFD)
                }
            } else if (0xD800...0xDBFF).contains(unit) {
                pendingHigh = unit
                return
            }
            appendScalar(scalarValue)
        }
        func appendScalar(_ value: UInt32) {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            utf8.append(contentsOf: UTF8.encode(scalar)!)
        }
        func flushPending() {
            if pendingHigh != nil { pendingHigh = nil; appendScalar(0xFFFD) }
        }
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if index > runStart { flushPending(); utf8.append(contentsOf: bytes[runStart..<index]) }
                flushPending()
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 { throw error("raw control character in a string") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            if index > runStart { flushPending(); utf8.append(contentsOf: bytes[runStart..<index]) }
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): appendUnit(0x22)
            case UInt8(ascii: "\\"): appendUnit(0x5C)
            case UInt8(ascii: "/"): appendUnit(0x2F)
            case UInt8(ascii: "b"): appendUnit(0x08)
            case UInt8(ascii: "f"): appendUnit(0x0C)
            case UInt8(ascii: "n"): appendUnit(0x0A)
            case UInt8(ascii: "r"): appendUnit(0x0D)
            case UInt8(ascii: "t"): appendUnit(0x09)
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count, let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                else { throw error("bad \\u escape") }
                appendUnit(unit)
                index += 4
            default: throw error("unknown escape")
            }
            runStart = index
        }
    }

    private mutating func parseNumber() throws(ParseError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("unexpected character") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { throw error("leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("digits expected in the exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw error("bad number") }
        return number
    }
}

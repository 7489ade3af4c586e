/// The one JSON parser of the kit and of the reference bridge: the grammar of RFC 8259 and nothing more
/// lenient (no trailing commas, leading zeros, unknown escapes, comments or single quotes).
///
/// Foundation's readers on Linux accept text that is not JSON, and FLUSH-3 requires a batch that is not
/// JSON to be dropped, so the reference core parses with this parser too; the harness uses it for
/// fixtures, transcripts and page values. One linear pass over the UTF-8 bytes.
package struct JSONParser {
    /// Nesting deeper than this many arrays and objects is refused (the hostile corpus nests 500 deep,
    /// and transcripts wrap a payload in a few more levels).
    package static let maximumDepth = 1024

    /// What to do with an escaped surrogate that has no partner (`"\ud800"`): the grammar allows it,
    /// but no Swift string can hold it.
    package enum LoneSurrogates: Sendable {
        /// Decode it as U+FFFD, as the harness shows page values.
        case replace
        /// Refuse the text, as Foundation's readers on Apple platforms do.
        case reject
    }

    /// What to do with a key an object holds twice (`{"a": 1, "a": 2}`): RFC 8259 leaves it to the reader.
    package enum DuplicateKeys: Sendable {
        /// Keep the last value, as JavaScript's `JSON.parse` does: how a bridge reads the wire.
        case keepLast
        /// Refuse the text, naming the key: how the kit reads a file a person writes or keeps (baselines,
        /// dialect and case files, reports), where a second value would silently replace the first.
        case reject
    }

    /// A parse failure with the UTF-8 byte offset where it happened.
    package struct ParseError: Error, CustomStringConvertible, Sendable, Equatable {
        /// What was wrong.
        package var reason: String
        /// The byte offset of the problem.
        package var offset: Int
        /// A readable, one-line description.
        package var description: String { "at byte \(offset): \(reason)" }

        /// The reason of a control character (below U+0020) written raw in a string.
        package static let rawControlCharacter = "raw control character in a string"
        /// The reason of a backslash followed by a letter JSON gives no meaning (the offset is the letter's).
        package static let unknownEscape = "unknown escape"
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// `bytes`' first byte: reading through the pointer keeps debug builds fast on megabyte texts.
    private let base: UnsafePointer<UInt8>?
    private let loneSurrogates: LoneSurrogates
    private let duplicateKeys: DuplicateKeys
    private var index = 0

    /// Parses one JSON text (surrounding whitespace allowed, nothing else).
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - loneSurrogates: How escaped lone surrogates are decoded.
    /// - Returns: The parsed value; of a key an object holds twice, the last value.
    /// - Throws: `JSONParser.ParseError` at the first byte that is not valid JSON.
    package static func parse(_ text: String, loneSurrogates: LoneSurrogates = .replace) throws(ParseError) -> JSONValue
    {
        try parse(text, loneSurrogates: loneSurrogates, duplicateKeys: .keepLast)
    }

    /// Parses one JSON text (surrounding whitespace allowed, nothing else), saying what to do with a key an
    /// object holds twice.
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - loneSurrogates: How escaped lone surrogates are decoded.
    ///   - duplicateKeys: What to do with a key an object holds twice.
    /// - Returns: The parsed value.
    /// - Throws: `JSONParser.ParseError` at the first byte that is not valid JSON (or, with `.reject`, at the
    ///   second occurrence of a key, naming it).
    package static func parse(
        _ text: String, loneSurrogates: LoneSurrogates = .replace, duplicateKeys: DuplicateKeys
    ) throws(ParseError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, ParseError> = text.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer, loneSurrogates: loneSurrogates, duplicateKeys: duplicateKeys)
            do throws(ParseError) {
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw parser.error("unexpected text after the value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, loneSurrogates: LoneSurrogates, duplicateKeys: DuplicateKeys) {
        self.bytes = bytes
        base = bytes.baseAddress
        self.loneSurrogates = loneSurrogates
        self.duplicateKeys = duplicateKeys
    }

    private func error(_ reason: String) -> ParseError { ParseError(reason: reason, offset: index) }

    private var current: UInt8? { index < bytes.count ? base![index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(ParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard let byte = current else { throw error("unexpected end of text") }
        switch byte {
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
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyOffset = index
            let key = try parseString()
            if duplicateKeys == .reject, members[key] != nil {
                throw ParseError(
                    reason:
                        "the key \(CanonicalJSON.quote(String(key.prefix(200)))) appears twice in one object; keep one",
                    offset: keyOffset)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            case nil: throw error("unterminated object")
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(ParseError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            case nil: throw error("unterminated array")
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(ParseError) -> String {
        index += 1
        var runStart = index
        // Plain bytes are skipped through the pointer: strings run to a megabyte.
        skipPlainBytes()
        // Most strings hold no escape: they are their bytes.
        if current == UInt8(ascii: "\""), let base {
            index += 1
            return String(
                decoding: UnsafeBufferPointer(start: base + runStart, count: index - 1 - runStart), as: UTF8.self)
        }
        // Runs of plain bytes are copied as they are; escapes are decoded, pairing surrogate escapes.
        var utf8 = UTF8Buffer(capacity: index - runStart + 64)
        var pendingHigh: UInt16?
        while true {
            skipPlainBytes()
            guard let byte = current else { throw error("unterminated string") }
            if index > runStart {
                try flushLoneHigh(&pendingHigh, into: &utf8)
                utf8.append(UnsafeBufferPointer(start: base! + runStart, count: index - runStart))
            }
            if byte == UInt8(ascii: "\"") {
                try flushLoneHigh(&pendingHigh, into: &utf8)
                index += 1
                return utf8.string
            }
            if byte < 0x20 { throw error(ParseError.rawControlCharacter) }
            index += 1
            guard let escape = current else { throw error("unterminated escape") }
            index += 1
            let unit: UInt16
            switch escape {
            case UInt8(ascii: "\""): unit = 0x22
            case UInt8(ascii: "\\"): unit = 0x5C
            case UInt8(ascii: "/"): unit = 0x2F
            case UInt8(ascii: "b"): unit = 0x08
            case UInt8(ascii: "f"): unit = 0x0C
            case UInt8(ascii: "n"): unit = 0x0A
            case UInt8(ascii: "r"): unit = 0x0D
            case UInt8(ascii: "t"): unit = 0x09
            case UInt8(ascii: "u"):
                guard let code = hexQuad() else { throw error("\\u must be followed by four hex digits") }
                unit = code
                index += 4
            default:
                index -= 1
                throw error(ParseError.unknownEscape)
            }
            try append(unit, pendingHigh: &pendingHigh, to: &utf8)
            runStart = index
        }
    }

    /// Moves past bytes that stand for themselves in a string: not `"`, `\` or a control character.
    private mutating func skipPlainBytes() {
        guard let base else { return }
        while index < bytes.count {
            let byte = base[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return }
            index += 1
        }
    }

    /// Appends one decoded code unit, pairing a high surrogate with the low one that follows it.
    private func append(_ unit: UInt16, pendingHigh: inout UInt16?, to utf8: inout UTF8Buffer) throws(ParseError) {
        if let high = pendingHigh {
            pendingHigh = nil
            if (0xDC00...0xDFFF).contains(unit) {
                utf8.appendScalar(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00))
                return
            }
            try loneSurrogate(high, into: &utf8)
        }
        switch unit {
        case 0xD800...0xDBFF: pendingHigh = unit
        case 0xDC00...0xDFFF: try loneSurrogate(unit, into: &utf8)
        default: utf8.appendScalar(UInt32(unit))
        }
    }

    private func flushLoneHigh(_ pendingHigh: inout UInt16?, into utf8: inout UTF8Buffer) throws(ParseError) {
        guard let high = pendingHigh else { return }
        pendingHigh = nil
        try loneSurrogate(high, into: &utf8)
    }

    private func loneSurrogate(_ unit: UInt16, into utf8: inout UTF8Buffer) throws(ParseError) {
        guard loneSurrogates == .replace else {
            throw error(
                "\\u\(String(unit, radix: 16)) is the escape of a lone surrogate, which no Swift string can hold")
        }
        utf8.appendScalar(0xFFFD)
    }

    /// The four hex digits at `index` as a code unit, or nil.
    private func hexQuad() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var code: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): code = code << 4 | UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): code = code << 4 | UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): code = code << 4 | UInt16(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return code
    }

    private mutating func parseNumber() throws(ParseError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        // The integer part is 0 alone, or digits without a leading zero.
        let integerStart = index
        guard skipDigits() > 0 else { throw error("unexpected character") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { throw error("leading zero") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw error("digits expected after '.'") }
        }
        if let byte = current, byte | 0x20 == UInt8(ascii: "e") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw error("digits expected in the exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw error("bad number")
        }
        return number
    }

    /// Skips a run of decimal digits; returns how many there were.
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }
}

/// Checks text against the JSON grammar of RFC 8259, and nothing more lenient.
///
/// Foundation's JSON readers on Linux accept text that is not JSON (trailing commas, leading zeros,
/// unknown escapes such as `\x`), and FLUSH-3 requires a batch that is not valid JSON to be dropped, so
/// the core checks the syntax itself before decoding. One linear pass over the UTF-8 bytes.
struct StrictJSONSyntax {
    /// Nesting deeper than this counts as invalid (the decoder would refuse it anyway).
    private static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether `text` is exactly one JSON value, optionally surrounded by JSON whitespace.
    /// - Parameter text: The text to check.
    /// - Returns: True when it is valid JSON.
    static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var checker = StrictJSONSyntax(bytes: buffer)
            checker.skipWhitespace()
            guard checker.value(depth: 0) else { return false }
            checker.skipWhitespace()
            return checker.index == buffer.count
        }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func value(depth: Int) -> Bool {
        guard depth < Self.maxDepth, let byte = current else { return false }
        switch byte {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> Bool {
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\""), string() else { return false }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard value(depth: depth + 1) else { return false }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}"))
        }
    }

    private mutating func array(depth: Int) -> Bool {
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return true }
        while true {
            skipWhitespace()
            guard value(depth: depth + 1) else { return false }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "]"))
        }
    }

    private mutating func string() -> Bool {
        index += 1
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return true
            case 0x00..<0x20:
                return false
            case UInt8(ascii: "\\"):
                guard let escape = current else { return false }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                case UInt8(ascii: "u"):
                    for _ in 0..<4 {
                        guard let digit = current, Self.isHexDigit(digit) else { return false }
                        index += 1
                    }
                default:
                    return false
                }
            default:
                continue
            }
        }
        return false
    }

    private mutating func number() -> Bool {
        _ = consume(UInt8(ascii: "-"))
        // The integer part is 0 alone, or digits without a leading zero.
        if !consume(UInt8(ascii: "0")) {
            guard let first = current, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first) else { return false }
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            guard skipDigits() else { return false }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() else { return false }
        }
        return true
    }

    /// Skips a run of decimal digits; returns whether there was at least one.
    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index > start
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { return false }
        index += count
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}

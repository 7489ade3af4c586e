/// Conversions between UTF-16 code units and Swift strings, for megabyte payloads crossing the engine.
///
/// `String(decoding:as: UTF16.self)` takes the standard library's generic transcoding path; this writes
/// UTF-8 straight into the new string's storage, ASCII byte by byte. Lone surrogates become U+FFFD, as
/// Swift strings require.
package enum UTF16Text {
    /// The string with the code units `units`.
    package static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        guard let input = units.baseAddress else { return "" }
        return String(unsafeUninitializedCapacity: units.count * 3) { output in
            let start = output.baseAddress!
            var written = 0
            var index = 0
            while index < units.count {
                let unit = input[index]
                index += 1
                if unit < 0x80 {
                    start[written] = UInt8(truncatingIfNeeded: unit)
                    written += 1
                    continue
                }
                var scalar = UInt32(unit)
                // Comparisons one by one, not range patterns, which debug builds call out for.
                if unit >= 0xD800, unit <= 0xDBFF, index < units.count, input[index] >= 0xDC00, input[index] <= 0xDFFF {
                    scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(input[index] - 0xDC00)
                    index += 1
                }
                written += UTF8Buffer.encode(scalar, into: start + written)
            }
            return written
        }
    }

    /// The string with the code units `units`.
    package static func string(_ units: [UInt16]) -> String {
        units.withUnsafeBufferPointer(string)
    }

    /// The UTF-16 code units of `string`.
    package static func units(of string: String) -> [UInt16] {
        Array(string.utf16)
    }
}

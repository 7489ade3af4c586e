/// Fast conversions between UTF-16 code units and Swift strings.
///
/// `String(decoding:as: UTF16.self)` takes the standard library's slow generic path (about 80 ns per
/// unit); payloads of a megabyte cross this boundary several times per case, so the kit transcodes by
/// hand. Lone surrogates become U+FFFD, as Swift strings require.
package enum UTF16Text {
    /// The string with the code units `units`.
    package static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        String(unsafeUninitializedCapacity: units.count * 3) { output in
            var writer = UTF8Writer(output)
            var index = 0
            while index < units.count {
                let unit = units[index]
                index += 1
                if (0xD800...0xDBFF).contains(unit), index < units.count, (0xDC00...0xDFFF).contains(units[index]) {
                    writer.append(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[index] - 0xDC00))
                    index += 1
                } else {
                    writer.append(UInt32(unit))
                }
            }
            return writer.count
        }
    }

    /// The string with the code units `units`.
    package static func string(_ units: [UInt16]) -> String {
        units.withUnsafeBufferPointer(string)
    }

    /// The UTF-16 code units of `string`. `Array(string.utf16)` transcodes unit by unit through the
    /// standard library's index machinery; this widens ASCII bytes directly and transcodes the rest
    /// scalar by scalar.
    package static func units(of string: String) -> [UInt16] {
        var string = string
        return string.withUTF8 { bytes in
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                guard lead >= 0x80 else {
                    units.append(UInt16(lead))
                    index += 1
                    continue
                }
                // Valid UTF-8 (a Swift string's storage): 2, 3 or 4 bytes by the lead byte.
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                var scalar = UInt32(lead) & (0xFF >> (length + 1))
                for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
                index += length
                if scalar >= 0x10000 {
                    units.append(UInt16(0xD800 + ((scalar - 0x10000) >> 10)))
                    units.append(UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF)))
                } else {
                    units.append(UInt16(scalar))
                }
            }
            return units
        }
    }
}

/// Appends Unicode scalars as UTF-8 into a buffer; surrogate code points become U+FFFD.
package struct UTF8Writer {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    package private(set) var count = 0

    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// Appends one scalar value (a surrogate value is replaced by U+FFFD).
    package mutating func append(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            put(UInt8(value))
        case 0x80..<0x800:
            put(UInt8(0xC0 | value >> 6)); put(UInt8(0x80 | value & 0x3F))
        case 0xD800...0xDFFF:
            put(0xEF); put(0xBF); put(0xBD)
        case 0x800..<0x10000:
            put(UInt8(0xE0 | value >> 12)); put(UInt8(0x80 | value >> 6 & 0x3F)); put(UInt8(0x80 | value & 0x3F))
        default:
            put(UInt8(0xF0 | value >> 18)); put(UInt8(0x80 | value >> 12 & 0x3F))
            put(UInt8(0x80 | value >> 6 & 0x3F)); put(UInt8(0x80 | value & 0x3F))
        }
    }

    private mutating func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }
}

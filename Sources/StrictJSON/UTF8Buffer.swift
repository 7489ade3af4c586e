import Foundation

/// A growable buffer of UTF-8 bytes whose appends are plain pointer writes.
///
/// `Array.append(contentsOf:)` is generic: in a debug build, which is how implementers run the kit from
/// their `swift test`, each call looks up generic metadata, and a megabyte payload full of escapes makes
/// hundreds of thousands of such calls. These appends are concrete and copy runs with `memcpy`, and the
/// buffer is a noncopyable struct passed `inout`, so that debug builds check no exclusive access at run time
/// (they would on every property of a class).
package struct UTF8Buffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The most bytes kept; the bytes appended after them are only counted.
    private let keptLimit: Int
    /// The number of bytes written (kept or only counted).
    package private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it first grows.
    /// - Parameters:
    ///   - capacity: The room allocated at first.
    ///   - keptLimit: The most bytes kept: past them, appends are counted and dropped (an excerpt of a
    ///     megabyte payload need not hold the megabyte).
    package init(capacity: Int = 64, keepingAtMost keptLimit: Int = .max) {
        self.capacity = max(min(capacity, keptLimit), 16)
        self.keptLimit = keptLimit
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// How many more bytes are kept before appends are only counted.
    package var room: Int { max(0, keptLimit - count) }

    /// Appends one byte.
    package mutating func append(_ byte: UInt8) {
        if count < keptLimit {
            if count == capacity { grow(toHold: count + 1) }
            storage[count] = byte
        }
        count += 1
    }

    /// Appends a run of bytes.
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let kept = min(bytes.count, room)
        if kept > 0 {
            if count + kept > capacity { grow(toHold: count + kept) }
            memcpy(storage + count, source, kept)
        }
        count += bytes.count
    }

    /// Counts `byteCount` bytes written elsewhere as appended past the kept ones.
    /// - Precondition: No room is left (`room == 0`).
    package mutating func countDropped(_ byteCount: Int) {
        precondition(room == 0, "only bytes past the kept ones may be counted without being written")
        count += byteCount
    }

    /// Appends the bytes of an ASCII or UTF-8 string (a keyword, a number's text).
    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the bytes of `text`.
    package mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends the UTF-8 encoding of a scalar value; a surrogate value or one past U+10FFFF becomes U+FFFD.
    package mutating func appendScalar(_ value: UInt32) {
        guard room >= 4 else {
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)
            defer { scratch.deallocate() }
            append(UnsafeBufferPointer(start: scratch, count: Self.encode(value, into: scratch)))
            return
        }
        if count + 4 > capacity { grow(toHold: count + 4) }
        count += Self.encode(value, into: storage + count)
    }

    /// Writes the UTF-8 encoding of a scalar value (at most 4 bytes) at `output`; a surrogate value or one
    /// past U+10FFFF becomes U+FFFD. Returns the number of bytes written.
    package static func encode(_ value: UInt32, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let scalar = (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF ? 0xFFFD : value
        if scalar < 0x80 {
            output[0] = UInt8(scalar)
            return 1
        }
        if scalar < 0x800 {
            output[0] = UInt8(0xC0 | scalar >> 6)
            output[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        }
        if scalar < 0x10000 {
            output[0] = UInt8(0xE0 | scalar >> 12)
            output[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        }
        output[0] = UInt8(0xF0 | scalar >> 18)
        output[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
        output[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
        output[3] = UInt8(0x80 | scalar & 0x3F)
        return 4
    }

    /// The bytes kept, as a string (ill-formed UTF-8 repaired with U+FFFD).
    package var string: String {
        String(decoding: UnsafeBufferPointer(start: storage, count: min(count, keptLimit)), as: UTF8.self)
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        memcpy(newStorage, storage, count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}

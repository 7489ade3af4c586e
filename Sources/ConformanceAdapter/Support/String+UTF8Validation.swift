#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// The text of `bytes` when they are UTF-8, nil when they are not.
    ///
    /// `String(validating:as:)` says the same but needs macOS 15, and the package supports macOS 13. Decoding
    /// repairs what is not UTF-8 (with U+FFFD, in the standard library, fast even in a debug build), so the
    /// bytes are UTF-8 exactly when decoding changed none of them.
    package init?(exactUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        var decoded = String(decoding: bytes, as: UTF8.self)
        let unchanged = decoded.withUTF8 { text in
            text.count == bytes.count
                && (bytes.count == 0 || memcmp(text.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        guard unchanged else { return nil }
        self = decoded
    }

    /// The offset of the first byte of `bytes` that does not begin or continue a valid UTF-8 character; nil
    /// when they are all UTF-8. One byte at a time: for saying where a text that is not UTF-8 goes wrong.
    package static func firstInvalidUTF8Offset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

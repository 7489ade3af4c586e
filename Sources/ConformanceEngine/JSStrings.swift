import CJavaScriptCore
import Foundation
import StrictJSON

/// Engine strings holding exactly the code units of Swift strings, NUL included.
///
/// The C-string constructor stops at the first NUL byte, which is one of the hostile payloads, so strings
/// holding one are created from their UTF-16 code units. Strings are scoped: created, used by `body`,
/// released, so no reference outlives its owner.
enum JSStrings {
    /// Calls `body` with an engine string holding exactly the UTF-16 code units of `string`.
    static func with<Result>(_ string: String, _ body: (JSStringRef) throws -> Result) rethrows -> Result {
        let ref: JSStringRef
        var utf8 = string
        if utf8.withUTF8({ $0.count > 0 && memchr($0.baseAddress!, 0, $0.count) != nil }) {
            let units = UTF16Text.units(of: string)
            ref = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }!
        } else {
            // Without NUL, the engine's own UTF-8 decoding gives the same code units, faster.
            ref = JSStringCreateWithUTF8CString(string)!
        }
        defer { JSStringRelease(ref) }
        return try body(ref)
    }

    /// Calls `body` with an engine string for `string`, or with nil.
    static func with<Result>(optional string: String?, _ body: (JSStringRef?) throws -> Result) rethrows -> Result {
        guard let string else { return try body(nil) }
        return try with(string) { try body($0) }
    }

    /// Reads and releases a string the engine returned with a +1 reference.
    /// - Returns: Swift text (lone surrogates become U+FFFD, as Swift strings require).
    static func take(_ ref: JSStringRef) -> String {
        defer { JSStringRelease(ref) }
        let count = JSStringGetLength(ref)
        guard count > 0, let characters = JSStringGetCharactersPtr(ref) else { return "" }
        return UTF16Text.string(UnsafeBufferPointer(start: characters, count: count))
    }
}

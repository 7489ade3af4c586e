/// The forms of the callback ids the two sides make. Each side answers with the id it was given,
/// whatever its form; the forms matter to people reading transcripts and to the checks of how native
/// numbers its ids.
///
/// A native id is `<native prefix><n>`, n counting from 1; a JS side id is `<JS prefix><n>_<milliseconds>`.
public struct CallbackIDForms: Hashable, Sendable {
    /// The start of a native id.
    public let nativePrefix: String
    /// The start of a JS side id.
    public let javaScriptPrefix: String

    /// Creates the forms.
    /// - Parameters:
    ///   - nativePrefix: The start of a native id.
    ///   - javaScriptPrefix: The start of a JS side id.
    public init(nativePrefix: String, javaScriptPrefix: String) {
        self.nativePrefix = nativePrefix
        self.javaScriptPrefix = javaScriptPrefix
    }

    /// The native id numbered `number`.
    /// - Parameter number: The call's number, from 1.
    public func nativeID(_ number: Int) -> String { nativePrefix + String(number) }

    /// The number of a native id read as Swift's `Int` reads the text after the prefix (a sign allowed);
    /// nil when `id` does not start with the prefix or the rest is no integer.
    /// - Parameter id: A callback id.
    public func nativeNumber(of id: String) -> Int? {
        guard id.hasPrefix(nativePrefix) else { return nil }
        return Int(id.dropFirst(nativePrefix.count))
    }

    /// Whether `id` is exactly a native id (`<prefix><digits>`) or a JS side id
    /// (`<prefix><digits>_<digits>`), ASCII digits only.
    /// - Parameter id: A string from a transcript.
    public func isCallbackID(_ id: String) -> Bool {
        let units = id.utf8
        /// The index past the ASCII digits from `start`.
        func digits(from start: String.UTF8View.Index) -> String.UTF8View.Index {
            var end = start
            while end < units.endIndex, (0x30...0x39).contains(units[end]) { end = units.index(after: end) }
            return end
        }
        if units.starts(with: nativePrefix.utf8) {
            let start = units.index(units.startIndex, offsetBy: nativePrefix.utf8.count), end = digits(from: start)
            if end > start, end == units.endIndex { return true }
        }
        guard units.starts(with: javaScriptPrefix.utf8) else { return false }
        let start = units.index(units.startIndex, offsetBy: javaScriptPrefix.utf8.count), end = digits(from: start)
        guard end > start, end < units.endIndex, units[end] == 0x5F else { return false }  // _
        let timeStart = units.index(after: end), timeEnd = digits(from: timeStart)
        return timeEnd > timeStart && timeEnd == units.endIndex
    }
}

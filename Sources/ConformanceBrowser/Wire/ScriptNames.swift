import Foundation

/// The names a script's code and strings hold, found word for word as `DialectRenaming` finds them (runs of
/// ASCII letters, digits, `_` and `$` not starting with a digit), with its comments left out: a word of a
/// comment renamed harms nothing, one of code or of a string (a member, a global, a `typeof` answer) renamed
/// over breaks the script. Regular expression literals are read as code (the kit's scripts have none).
package struct ScriptNames: Sendable {
    /// The line (from 1) each name first stands on.
    private let firstLine: [String: Int]
    /// The script's lines.
    private let lines: [Substring]

    /// The names of `script`.
    package init(of script: String) {
        var firstLine: [String: Int] = [:]
        let bytes = Array(script.utf8)
        var index = 0
        var line = 1
        var quote: UInt8?  // the quote of the string being read, if any
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\n") { line += 1 }
            if let open = quote {
                if byte == UInt8(ascii: "\\") {
                    if next == UInt8(ascii: "\n") { line += 1 }
                    index += 2
                    continue
                }
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index - 1] == UInt8(ascii: "*") && bytes[index] == UInt8(ascii: "/"))
                {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index += 1
                continue
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                quote = byte
                index += 1
                continue
            }
            guard DialectRenaming.isWordByte(byte) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, DialectRenaming.isWordByte(bytes[end]) { end += 1 }
            if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let name = String(decoding: bytes[index..<end], as: UTF8.self)
                if firstLine[name] == nil { firstLine[name] = line }
            }
            index = end
        }
        self.firstLine = firstLine
        lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Whether the script's code or strings hold `name` as a whole word.
    package func contains(_ name: String) -> Bool { firstLine[name] != nil }

    /// Where `name` first stands: its line's number and text (trimmed, at most 80 characters), or nil.
    package func firstUse(of name: String) -> (line: Int, text: String)? {
        guard let line = firstLine[name], line <= lines.count else { return nil }
        let text = lines[line - 1].trimmingCharacters(in: .whitespaces)
        return (line, text.count > 80 ? String(text.prefix(79)) + "…" : text)
    }
}

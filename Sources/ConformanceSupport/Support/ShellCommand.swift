/// A command the kit prints for a user to paste into a shell (`rerun:`, `replay:`, the baseline update,
/// smoke's next step): the one place every printed shell word is quoted.
///
/// Each word reaches the program exactly as given, whatever it holds (quotes, `$(…)`, backticks, globs,
/// `~`, white space, an empty word), and the printed text is printable ASCII on one line, so a hostile
/// word can neither run a command when pasted nor forge a line or a terminal escape when printed:
///
/// - words of letters, digits and `-_./:@%+,` (and `=` after the first character) are printed as they are;
/// - other printable ASCII words are single-quoted (`'it'\''s'`), which every POSIX shell reads;
/// - a word holding anything else (a control character, DEL, any non-ASCII character) is written in
///   ANSI-C quoting, `$'…'`, with `\n`, `\t`, `\r`, `\\`, `\'`, and `!` and every other byte of its
///   UTF-8 outside printable ASCII as `\xHH`: bash, zsh, ksh and busybox read it the same in every locale
///   (POSIX.1-2024 adds it; dash 0.5.12 does not).
///
/// A value that starts with `-` is attached to its option (`--case-file=-x.json`, `option(_:_:)`), so that
/// it is never read as an option of its own.
package struct ShellCommand: Sendable, Equatable, CustomStringConvertible {
    /// The words, unquoted.
    package var words: [String]

    /// A command of `words`.
    package init(_ words: [String]) { self.words = words }

    /// Appends `option` and `value`: one word `option=value` when `value` starts with `-` (a parser would
    /// take it for an option), two words otherwise.
    /// - Parameters:
    ///   - option: A long option (`--case-file`).
    ///   - value: Its value, as the program should get it.
    package mutating func option(_ option: String, _ value: String) {
        words += Self.option(option, value)
    }

    /// `option` and `value` as the words of a command line; see `option(_:_:)`.
    package static func option(_ option: String, _ value: String) -> [String] {
        value.hasPrefix("-") ? [option + "=" + value] : [option, value]
    }

    /// The command line: every word quoted, separated by spaces.
    package var description: String { words.map(Self.quote).joined(separator: " ") }

    /// `word` as one shell word that a POSIX shell (or, when it holds characters outside printable ASCII,
    /// bash, zsh or ksh) reads back exactly; printable ASCII.
    /// - Parameter word: Any text, the empty string included.
    package static func quote(_ word: String) -> String {
        if word.isEmpty { return "''" }
        if isPlain(word) { return word }
        if word.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }
        var quoted = "$'"
        // After `\xHH` a hex digit is escaped too: some shells read more than two digits.
        var afterHexEscape = false
        for byte in word.utf8 {
            let isHexDigit =
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
            switch byte {
            case UInt8(ascii: "\\"): quoted += #"\\"#
            case UInt8(ascii: "'"): quoted += #"\'"#
            case 0x0A: quoted += #"\n"#
            case 0x09: quoted += #"\t"#
            case 0x0D: quoted += #"\r"#
            // `!` is escaped for interactive bash's history expansion.
            case 0x20..<0x7F where byte != UInt8(ascii: "!") && !(afterHexEscape && isHexDigit):
                quoted.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                quoted += #"\x"# + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
                afterHexEscape = true
                continue
            }
            afterHexEscape = false
        }
        return quoted + "'"
    }

    /// Whether `word` needs no quotes in any shell: characters no shell expands, and no `=` first (zsh
    /// expands `=name` to a path).
    private static func isPlain(_ word: String) -> Bool {
        guard word.first != "=" else { return false }
        return word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
                UInt8(ascii: "@"),
                UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "="):
                true
            default: false
            }
        }
    }
}

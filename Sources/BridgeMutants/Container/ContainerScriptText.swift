import ReferenceContainer

/// A script the reference container evaluates, read back into its parts: the function it calls and the strings
/// of its single-quoted literals, decoded. Defects rewrite answers and events from these and write them again with
/// their own (broken) quoting.
struct ContainerScriptText {
    /// The script as the reference wrote it.
    let source: String
    /// The function called (`callbackDispatcher`, `eventDispatcher`, a dotted path).
    let function: String
    /// The decoded strings of the call's single-quoted arguments, in order.
    let arguments: [String]

    /// Whether the script is a native event rather than an answer.
    var isEvent: Bool { function == "eventDispatcher" }

    /// Reads `source`; a script of another shape keeps no arguments.
    init(_ source: String) {
        self.source = source
        let function = source.prefix { $0 != "(" }
        self.function = String(function)
        var arguments: [String] = []
        var scalars = Array(source.unicodeScalars.dropFirst(function.unicodeScalars.count))
        while let quote = scalars.firstIndex(of: "'") {
            scalars.removeSubrange(...quote)
            var text = String.UnicodeScalarView()
            var index = 0
            while index < scalars.count, scalars[index] != "'" {
                if scalars[index] == "\\", index + 1 < scalars.count {
                    index += 1
                    switch scalars[index] {
                    case "n": text.append("\n")
                    case "r": text.append("\r")
                    case "u":
                        let hex = String(String.UnicodeScalarView(scalars[(index + 1)..<min(index + 5, scalars.count)]))
                        text.append(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "?")
                        index += 4
                    default: text.append(scalars[index])
                    }
                } else {
                    text.append(scalars[index])
                }
                index += 1
            }
            arguments.append(String(text))
            scalars.removeSubrange(..<min(index + 1, scalars.count))
        }
        self.arguments = arguments
    }

    /// The call written again with `quote` making each literal: `function(quote(a), quote(b))`, ending as the
    /// reference's did.
    func written(function: String? = nil, arguments: [String]? = nil, quote: (String) -> String) -> String {
        let call = "\(function ?? self.function)(\((arguments ?? self.arguments).map(quote).joined(separator: ", ")))"
        return isEvent ? call : call + ";"
    }

    /// The quoting of a port that escapes only the backslash and the single quote, with `String` replacement: it
    /// matches whole characters, so a quote that a combining mark follows (one character) stays raw.
    static func quotesOnly(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// The quoting of a port that escapes nothing.
    static func unescaped(_ text: String) -> String { "'" + text + "'" }

    /// The reference's quoting, for the arguments a defect leaves alone.
    static func escaped(_ text: String) -> String { ContainerScript.singleQuoted(text) }
}

import ReferenceBridgeCore
import WireDialects

/// The escaping of a careless port: the eight substitutions of ESC-2 written as a loop over the
/// characters of the message JSON, with one step missing or written the way Swift writes escapes.
struct PortEscaper {
    /// How the port writes U+2028 and U+2029.
    enum LineSeparators {
        /// `\u2028`, as ESC-2 requires.
        case escaped
        /// Raw, a SyntaxError before ES2019.
        case raw
        /// `\u{2028}`, Swift's form, a SyntaxError on ES5 engines.
        case es2015
    }

    /// Whether `'` becomes `\'`.
    var escapesSingleQuote = true
    /// How line separators are written.
    var lineSeparators = LineSeparators.escaped
    /// Whether characters beyond U+FFFF are written as `\u` and the scalar's hex digits.
    var escapesNonBMPByScalar = false
    /// Whether the substitutions compare whole Swift `Character`s (as `String.replacing(_:with:)` and a
    /// `for character in json` loop do), so that `'` or U+2028 followed by a combining mark, one
    /// grapheme cluster, is left as it is.
    var matchesCharacters = false

    /// The delivery command for a message's JSON text.
    func command(forMessageJSON json: String) -> String {
        var literal = ""
        if matchesCharacters {
            for character in json {
                // A cluster of several scalars matches none of the single-scalar patterns: copied raw.
                if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first {
                    literal += escaped(scalar)
                } else {
                    literal.unicodeScalars.append(contentsOf: character.unicodeScalars)
                }
            }
        } else {
            for scalar in json.unicodeScalars { literal += escaped(scalar) }
        }
        return WireDialect.canonical.deliveryCommand(literal: literal)
    }

    /// One scalar of the JSON text as the port writes it in the literal.
    private func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\\\"
        case "\"": return "\\\""
        case "'": return escapesSingleQuote ? "\\'" : "'"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\u{0C}": return "\\f"
        case "\u{2028}", "\u{2029}":
            let digits = String(scalar.value, radix: 16)
            switch lineSeparators {
            case .escaped: return "\\u" + digits
            case .raw: return String(scalar)
            case .es2015: return "\\u{" + digits + "}"
            }
        case _ where escapesNonBMPByScalar && scalar.value > 0xFFFF:
            return "\\u" + String(scalar.value, radix: 16)
        default:
            return String(scalar)
        }
    }
}

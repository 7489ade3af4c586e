import ReferenceBridgeCore

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

    /// The delivery command for a message's JSON text.
    func command(forMessageJSON json: String) -> String {
        var literal = ""
        for scalar in json.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "'": literal += escapesSingleQuote ? "\\'" : "'"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\u{0C}": literal += "\\f"
            case "\u{2028}", "\u{2029}":
                let digits = String(scalar.value, radix: 16)
                switch lineSeparators {
                case .escaped: literal += "\\u" + digits
                case .raw: literal.unicodeScalars.append(scalar)
                case .es2015: literal += "\\u{" + digits + "}"
                }
            case _ where escapesNonBMPByScalar && scalar.value > 0xFFFF:
                literal += "\\u" + String(scalar.value, radix: 16)
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
        return "WebViewJavascriptBridge._handleMessageFromObjC('" + literal + "');"
    }
}

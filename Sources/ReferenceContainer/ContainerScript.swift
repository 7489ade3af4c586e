import Foundation

/// The scripts the container evaluates in the page, and the texts inside them (spec/container.md, MHESC).
package enum ContainerScript {
    /// The answer to a call: `<function>('<callbackId>', '<json>');` (MHCALL-3).
    static func answer(through function: String, callbackID: String, json: String) -> String {
        "\(function)(\(singleQuoted(callbackID)), \(singleQuoted(json)));"
    }

    /// A native event: `eventDispatcher('<eventId>', '<json>')`, whose value is what the listeners returned (MHEVT-2).
    static func event(_ eventID: String, json: String) -> String {
        "eventDispatcher(\(singleQuoted(eventID)), \(singleQuoted(json)))"
    }

    /// `text` as a single-quoted JavaScript literal that decodes to exactly `text` (MHESC-1): the backslash and
    /// the quote escaped, and every character that ends a line in JavaScript (or that a literal may not hold).
    package static func singleQuoted(_ text: String) -> String {
        var literal = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "'": literal += "\\'"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\u{2028}": literal += "\\u2028"
            case "\u{2029}": literal += "\\u2029"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "'"
    }

    /// The JSON text of a native value (MHESC-2), its keys sorted so that the same value always gives the same
    /// text; nil (the page's `undefined`) gives `null`, and a value JSON cannot hold gives an error object rather
    /// than a crash.
    static func jsonText(of value: Any?) -> String {
        let value = value ?? NSNull()
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        else { return errorObject("the handler's result is not a JSON value") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The JSON text of an error object: `{"error": message}` (MHFAIL).
    static func errorObject(_ message: String) -> String {
        jsonText(of: ["error": message])
    }
}

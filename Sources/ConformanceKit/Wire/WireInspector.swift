import StrictJSON

/// Lints what the native side evaluated, at the wire level: the exact command form and the string
/// literal under ES5 lexing rules.
///
/// Modern JavaScriptCore accepts raw U+2028/U+2029 and `\u{...}` inside string literals, so a round trip
/// on today's engine proves nothing about older WebKit; this inspector reads the literal the way an ES5
/// engine does and reports what it would reject.
package enum WireInspector {
    /// The exact start of a native -> JS message command.
    package static let commandPrefix = "WebViewJavascriptBridge._handleMessageFromObjC('"
    /// The exact end of a native -> JS message command.
    package static let commandSuffix = "');"

    /// A problem found in one evaluated command.
    package struct Problem: Equatable, Sendable {
        /// The obligation it breaks (`ESC-2.c`, spec appendix C): what a failure for it cites.
        package var obligation: String
        /// What is wrong, printable.
        package var message: String
        /// The clause of `obligation` (`ESC-2` for `ESC-2.c`).
        package var clause: String { String(obligation.prefix { $0 != "." }) }
    }

    /// Problems in `script` if it is a message command (scripts that are not are ignored).
    /// - Parameter script: A script the native side evaluated.
    /// - Returns: The problems; empty when the command is well-formed or not a message command.
    package static func problems(inCommand script: String) -> [Problem] {
        switch decodeCommand(script) {
        case .notACommand, .message: return []
        case .malformed(let problems): return problems
        }
    }

    /// The outcome of decoding one evaluated script.
    package enum Decoded: Equatable, Sendable {
        /// The script is not a `_handleMessageFromObjC` command.
        case notACommand
        /// A well-formed command carrying this message.
        case message(JSONValue)
        /// A command that breaks the rules.
        case malformed([Problem])
    }

    /// Decodes a native -> JS command: checks its form, lexes the literal as ES5, parses the JSON.
    /// - Parameter script: A script the native side evaluated.
    /// - Returns: The message, or the problems, or `.notACommand`.
    package static func decodeCommand(_ script: String) -> Decoded {
        // Only scripts that set out to call the entry point are commands (the JS side mentions it too).
        let trimmed = script.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard trimmed.hasPrefix("WebViewJavascriptBridge._handleMessageFromObjC")
                || trimmed.hasPrefix("window.WebViewJavascriptBridge._handleMessageFromObjC")
        else { return .notACommand }
        guard script.hasPrefix(commandPrefix), script.hasSuffix(commandSuffix),
              script.utf16.count >= commandPrefix.utf16.count + commandSuffix.utf16.count
        else {
            return .malformed([Problem(obligation: "ESC-1.b", message: "the command is not exactly \(commandPrefix)<literal>\(commandSuffix)")])
        }
        let units = Array(script.utf16)
        let body = units[commandPrefix.utf16.count..<(units.count - commandSuffix.utf16.count)]
        var problems: [Problem] = []
        let decoded = lexSingleQuotedBody(body, problems: &problems)
        guard problems.isEmpty else {
            if let count = joinedCommandCount(script) {
                return .malformed([Problem(obligation: "ESC-1.a", message: "one evaluation holds \(count) well-formed commands: each message must be its own evaluation")])
            }
            return .malformed(summarized(problems))
        }
        let text = UTF16Text.string(decoded)
        do {
            let message = try JSONParser.parse(text)
            guard case .object = message else {
                return .malformed([Problem(obligation: "ESC-3.a", message: "the literal's value is JSON but not an object: \(PrintableText.abbreviate(text, limit: 80))")])
            }
            return .message(message)
        } catch {
            // The literal lexes, so its quotes and line terminators are escaped: a value that is not JSON
            // comes from backslashes escaped wrongly (not doubled, or doubled after other escapes).
            return .malformed([Problem(obligation: "ESC-2.a", message: "the literal's value is not JSON (\(error)): \(PrintableText.abbreviate(text, limit: 80))")])
        }
    }

    /// How many commands `script` is, when it is two or more well-formed commands one after another
    /// (separated by white space at most), as a bridge that joins the messages of a turn evaluates them;
    /// nil otherwise.
    private static func joinedCommandCount(_ script: String) -> Int? {
        var pieces: [String] = []
        var rest = Substring(script)
        while !rest.isEmpty {
            guard rest.hasPrefix(commandPrefix) else { return nil }
            // The end of this command: the first `');` whose quote no backslash escapes.
            var end: Substring.Index?
            var search = rest.index(rest.startIndex, offsetBy: commandPrefix.count)
            while let found = rest[search...].range(of: commandSuffix) {
                let backslashes = rest[rest.startIndex..<found.lowerBound].reversed().prefix { $0 == "\\" }.count
                if backslashes % 2 == 0 { end = found.upperBound; break }
                search = found.upperBound
            }
            guard let end else { return nil }
            pieces.append(String(rest[..<end]))
            rest = rest[end...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        }
        guard pieces.count > 1 else { return nil }
        for piece in pieces {
            guard case .message = decodeCommand(piece) else { return nil }
        }
        return pieces.count
    }

    /// The string value of the literal of an exact, well-lexed command (the message's JSON text), or
    /// nil for any other script.
    /// - Parameter script: A script the native side evaluated.
    package static func literalText(ofCommand script: String) -> String? {
        guard script.hasPrefix(commandPrefix), script.hasSuffix(commandSuffix),
              script.utf16.count >= commandPrefix.utf16.count + commandSuffix.utf16.count else { return nil }
        let units = Array(script.utf16)
        var problems: [Problem] = []
        let decoded = lexSingleQuotedBody(units[commandPrefix.utf16.count..<(units.count - commandSuffix.utf16.count)], problems: &problems)
        return problems.isEmpty ? UTF16Text.string(decoded) : nil
    }

    /// One problem per kind, the first occurrence's offset kept and the others counted, so that a
    /// megabyte payload full of raw U+2028 gives one readable line, not thousands.
    private static func summarized(_ problems: [Problem]) -> [Problem] {
        var order: [String] = []
        var firsts: [String: Problem] = [:]
        var counts: [String: Int] = [:]
        for problem in problems {
            let kind = problem.message.components(separatedBy: " at literal offset ").first ?? problem.message
            if firsts[kind] == nil { order.append(kind); firsts[kind] = problem }
            counts[kind, default: 0] += 1
        }
        return order.map { kind in
            var problem = firsts[kind]!
            if counts[kind]! > 1 { problem.message += " (and \(counts[kind]! - 1) more like it)" }
            return problem
        }
    }

    /// Lexes the inside of a single-quoted literal (without its quotes) as ES5 does, returning the
    /// string value's code units and appending every rule broken to `problems`.
    static func lexSingleQuotedBody(_ body: ArraySlice<UInt16>, problems: inout [Problem]) -> [UInt16] {
        var value: [UInt16] = []
        var index = body.startIndex
        func report(_ obligation: String, _ message: String) {
            problems.append(Problem(obligation: obligation, message: message + " at literal offset \(index - body.startIndex)"))
        }
        while index < body.endIndex {
            let unit = body[index]
            switch unit {
            case 0x27:
                report("ESC-2.c", "an unescaped ' ends the string literal early: the rest of the payload runs as code (script injection)")
                return value
            case 0x0A, 0x0D:
                report(unit == 0x0A ? "ESC-2.d" : "ESC-2.e", "a raw line terminator (U+\(hex(unit))) inside the literal is a SyntaxError")
            case 0x2028, 0x2029:
                report(unit == 0x2028 ? "ESC-2.g" : "ESC-2.h", "a raw U+\(hex(unit)) inside the literal is a SyntaxError on ES5 engines (escape it as \\u\(hex(unit).lowercased()))")
            case 0x5C:
                index += 1
                guard index < body.endIndex else {
                    report("ESC-2.a", "the literal ends in a lone backslash, which escapes the closing quote")
                    return value
                }
                index = lexEscape(body, at: index, into: &value, report: report)
                continue
            default:
                value.append(unit)
            }
            index += 1
        }
        return value
    }

    /// Lexes the escape whose character is at `index` (just past the backslash); returns the next index.
    private static func lexEscape(
        _ body: ArraySlice<UInt16>, at index: Int, into value: inout [UInt16], report: (_ obligation: String, _ message: String) -> Void
    ) -> Int {
        let unit = body[index]
        switch unit {
        case 0x62: value.append(0x08)  // \b
        case 0x66: value.append(0x0C)  // \f
        case 0x6E: value.append(0x0A)  // \n
        case 0x72: value.append(0x0D)  // \r
        case 0x74: value.append(0x09)  // \t
        case 0x76: value.append(0x0B)  // \v
        case 0x0A, 0x2028, 0x2029: break  // line continuation
        case 0x0D:
            if index + 1 < body.endIndex, body[index + 1] == 0x0A { return index + 2 }
        case 0x30 where index + 1 >= body.endIndex || !(0x30...0x39).contains(body[index + 1]):
            value.append(0)  // \0 not followed by a digit
        case 0x30...0x39:
            // The literal's escapes are the spec's substitutions; an octal one is none of them.
            report("ESC-2.a", "a legacy octal escape (\\\(Character(Unicode.Scalar(UInt8(unit)))) is not allowed")
        case 0x78:  // \xHH
            guard let code = hexValue(body, from: index + 1, count: 2) else {
                report("ESC-2.a", "\\x must be followed by two hex digits")
                return index + 1
            }
            value.append(code)
            return index + 3
        case 0x75:  // \uHHHH
            if index + 1 < body.endIndex, body[index + 1] == 0x7B {
                report("ESC-2.i", "an ES2015 code point escape \\u{...} is a SyntaxError on ES5 engines (use \\uXXXX)")
                return index + 1
            }
            guard let code = hexValue(body, from: index + 1, count: 4) else {
                report("ESC-2.a", "\\u must be followed by four hex digits")
                return index + 1
            }
            value.append(code)
            return index + 5
        default:
            value.append(unit)  // \' \" \\ and non-escape characters stand for themselves
        }
        return index + 1
    }

    private static func hexValue(_ body: ArraySlice<UInt16>, from start: Int, count: Int) -> UInt16? {
        guard start + count <= body.endIndex else { return nil }
        var code: UInt16 = 0
        for unit in body[start..<start + count] {
            let digit: UInt16
            switch unit {
            case 0x30...0x39: digit = unit - 0x30
            case 0x41...0x46: digit = unit - 0x41 + 10
            case 0x61...0x66: digit = unit - 0x61 + 10
            default: return nil
            }
            code = code * 16 + digit
        }
        return code
    }

    private static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

import ConformanceAdapter
import ConformanceObligations
import Foundation
import StrictJSON
import WireDialects

/// Lints what the native side evaluated, at the wire level: each command is read as its parts (the
/// function called, the string literal, what follows the call; `WireCommand`) and each part is judged on
/// its own, so that one deviation never hides another: the function against ESC-1, the literal under ES5
/// lexing rules (ESC-2, ESC-3) whatever the call around it, the spelling of the call against ESC-5.
/// What a command must call and how it is spelled are the run's dialect's (`WireDialect`).
///
/// Modern JavaScriptCore accepts raw U+2028/U+2029 and `\u{...}` inside string literals, so a round trip
/// on today's engine proves nothing about older WebKit; this inspector reads the literal the way an ES5
/// engine does and reports what it would reject.
package enum WireInspector {
    /// A problem found in one evaluated command.
    package struct Problem: Equatable, Sendable {
        /// The obligation it breaks (spec appendix C): what a failure for it cites.
        package var obligation: Obligation
        /// What is wrong, printable.
        package var message: String
        /// Whether the problem lets a payload break out of the literal: a quote left raw ends it early, and
        /// the rest of the payload is read as code.
        package var breaksOutOfLiteral = false
        /// The clause of `obligation` (`ESC-2` for `ESC-2.c`).
        package var clause: Clause { obligation.clause }

        /// A problem breaking `obligation`.
        /// - Parameters:
        ///   - obligation: The obligation it breaks.
        ///   - message: What is wrong, printable.
        ///   - breaksOutOfLiteral: Whether it lets a payload break out of the literal.
        package init(obligation: Obligation, message: String, breaksOutOfLiteral: Bool = false) {
            self.obligation = obligation
            self.message = message
            self.breaksOutOfLiteral = breaksOutOfLiteral
        }
    }

    /// Reads `script` as a message command in `dialect` and lints each of its parts on its own: every
    /// deviation, whatever else is wrong with the command. `NativeCommand` calls this once per evaluation.
    /// - Parameters:
    ///   - script: A script the native side evaluated.
    ///   - dialect: The wire the command is read and judged in.
    /// - Returns: The command's message and problems; nil when the script is not a message command.
    package static func delivery(readingCommand script: String, in dialect: WireDialect) -> NativeCommand.Delivery? {
        // The exact form with a literal that lexes to a JSON object, what nearly every command is, has
        // nothing to report: no need to read it part by part.
        if let text = literalText(ofCommand: script, in: dialect),
            case let message? = try? JSONParser.parse(text), case .object = message
        {
            return Inspection(message: message, reachesEntryPoint: true)
        }
        guard var command = WireCommand(parsing: script, in: dialect) else { return nil }
        let rest = command.trailer.map(restAfterCall)
        if let count = rest?.isEmpty == false ? joinedCommandCount(startingWith: command, in: dialect) : nil {
            return Inspection(problems: [
                Problem(
                    obligation: .esc1a,
                    message:
                        "one evaluation holds \(count) well-formed commands: each message must be its own evaluation")
            ])
        }
        // Something other than `)` or other code after it: when a quote the payload left unescaped ended
        // the literal early, read the literal as the native side meant it, to its last quote.
        if rest?.isEmpty != true, let meant = command.endingAtLastQuote(of: script) { command = meant }
        return lint(command, dialect)
    }

    /// The problem of a command whose evaluation threw an exception of its own: thrown by the command's
    /// text, not by the JS side or a handler it called, so the call never reached the entry point.
    /// - Parameters:
    ///   - command: A script the native side evaluated, read.
    ///   - error: The error the evaluation reported (`message in <source URL> at line <n>`).
    ///   - sourceURL: The source URL the evaluation ran under: an error located there is the command's own.
    ///   - dialect: The wire the command is read in.
    /// - Returns: The problem (ESC-1.c), or nil when the script is not a command or the error is not its own.
    package static func problem(
        ofThrowingCommand command: NativeCommand, error: String, sourceURL: String, in dialect: WireDialect
    ) -> Problem? {
        guard command.delivery != nil, error.contains(" in \(sourceURL)") else { return nil }
        return Problem(
            obligation: .esc1c,
            message:
                "the evaluation threw before the call reached `\(dialect.entryPoint)`, so its message was not delivered: "
                + PrintableText.abbreviate(error, limit: 200))
    }

    /// What the lint found in one command.
    private typealias Inspection = NativeCommand.Delivery

    /// Lints the entry point, the literal and the trailer of `command`, each on its own.
    private static func lint(_ command: WireCommand, _ dialect: WireDialect) -> Inspection {
        var inspection = Inspection()
        let reachesEntryPoint = lintEntryPoint(command, dialect.entryPoint, into: &inspection.problems)
        lintArgument(command, into: &inspection)
        let followedByNothing = lintTrailer(command, dialect.entryPoint, into: &inspection.problems)
        inspection.reachesEntryPoint = reachesEntryPoint && followedByNothing
        return inspection
    }

    /// Reports a call of another function than the entry point (ESC-1.c) or of the entry point through
    /// `window.` (ESC-5.b); returns whether the call reaches the entry point.
    private static func lintEntryPoint(_ command: WireCommand, _ entryPoint: String, into problems: inout [Problem])
        -> Bool
    {
        if command.entryPoint == entryPoint { return true }
        if command.entryPoint == "window." + entryPoint {
            problems.append(
                Problem(
                    obligation: .esc5b,
                    message: "the command calls the entry point through the global object: "
                        + "`window.\(entryPoint)(` instead of `\(entryPoint)(`"))
            return true
        }
        problems.append(
            Problem(
                obligation: .esc1c,
                message: "the command calls `\(PrintableText.abbreviate(command.entryPoint, limit: 80))`, "
                    + "\(callsAnotherFunctionWords) `\(entryPoint)`, so its message is not delivered"))
        return false
    }

    /// The words of the problem of a command that calls another function than the entry point (ESC-1.c). The
    /// command itself shows this defect, where a command that throws shows the effect of another (a broken
    /// literal, a JS side that never arrived): `RootCauses` takes the first for a cause on the wire.
    package static let callsAnotherFunctionWords = "not the JS side's entry point"

    /// Lexes the literal as ES5, whatever the call around it, then parses its value as JSON.
    private static func lintArgument(_ command: WireCommand, into inspection: inout Inspection) {
        guard case .literal(let quote, let body) = command.argument else {
            if case .other(let text) = command.argument {
                inspection.problems.append(
                    Problem(
                        obligation: .esc1b,
                        message: "the argument is not a string literal: "
                            + PrintableText.abbreviate(text, limit: 80)))
            }
            return
        }
        if quote != 0x27 {
            inspection.problems.append(
                Problem(
                    obligation: .esc1b, message: "the literal is double-quoted (\"...\"), not single-quoted ('...')")
            )
        }
        var lexed: [Problem] = []
        let decoded = lexLiteralBody(body[...], quote: quote, problems: &lexed)
        guard lexed.isEmpty else {
            inspection.problems += lexed
            return
        }
        let text = UTF16Text.string(decoded)
        do {
            let message = try JSONParser.parse(text)
            guard case .object = message else {
                inspection.problems.append(
                    Problem(
                        obligation: .esc3a,
                        message:
                            "the literal's value is JSON but not an object: \(PrintableText.abbreviate(text, limit: 80))"
                    ))
                return
            }
            inspection.message = message
        } catch {
            let (obligation, why) = causeOfValueNotJSON(body: body, text: text, error: error)
            inspection.problems.append(
                Problem(
                    obligation: obligation,
                    message:
                        "the literal's value is not JSON (\(error))\(why): \(PrintableText.abbreviate(text, limit: 80))"
                ))
        }
    }

    /// The obligation a literal breaks whose value (`text`) is not JSON though the literal lexes (its quotes
    /// and line terminators are escaped), and why when it is not the default. By default backslashes were
    /// escaped wrongly (not doubled, or doubled after other escapes), ESC-2.a. But a control character the
    /// literal holds raw was raw in the native side's JSON text already, where no escaping of the literal puts
    /// it; and `\x00` or `\0` in the value is a JavaScript escape of a control character, which JSON lacks and
    /// no JSON encoder writes: the JSON text lost its control characters (ESC-3.b). And a literal without a
    /// backslash holds the native side's JSON text unchanged, so that text was not JSON (ESC-3.a), unless it
    /// is empty: no JSON text at all is what data the native side could not serialize gives, sent anyway
    /// (ESC-4.b).
    private static func causeOfValueNotJSON(body: [UInt16], text: String, error: JSONParser.ParseError)
        -> (obligation: Obligation, why: String)
    {
        if body.isEmpty {
            return (
                Obligation.esc4b,
                "; the literal is empty: the native side sent a message it had no JSON text for, as data it cannot serialize gives"
            )
        }
        if error.reason == JSONParser.ParseError.rawControlCharacter, body.contains(where: { $0 < 0x20 }) {
            return (
                Obligation.esc3b,
                "; the literal holds the control character raw: the native side's JSON text left it unescaped"
            )
        }
        if !body.contains(0x5C) {
            return (
                Obligation.esc3a, "; the literal holds no escape, so its value is the native side's JSON text as it was"
            )
        }
        let utf8 = text.utf8
        if error.reason == JSONParser.ParseError.unknownEscape, error.offset < utf8.count {
            let letter = utf8[utf8.index(utf8.startIndex, offsetBy: error.offset)]
            if letter == UInt8(ascii: "x") || (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(letter) {
                return (
                    Obligation.esc3b,
                    "; the native side's JSON text escapes a control character as JavaScript does, which JSON.parse rejects"
                )
            }
        }
        return (Obligation.esc2a, "")
    }

    /// Reports what differs around the call: a call left unclosed or followed by other code (ESC-1.b),
    /// a missing `;` (ESC-5.a), white space (ESC-5.b). Returns whether nothing but white space follows it.
    private static func lintTrailer(_ command: WireCommand, _ entryPoint: String, into problems: inout [Problem])
        -> Bool
    {
        guard let trailer = command.trailer else {
            if case .literal = command.argument {
                problems.append(Problem(obligation: .esc1b, message: "no `)` closes the call after its literal"))
            }
            return false
        }
        let afterSpace = trailer.drop(while: isWhiteSpace)
        let hasSemicolon = afterSpace.first == ";"
        let rest = restAfterCall(trailer)
        if !rest.isEmpty {
            problems.append(
                Problem(
                    obligation: .esc1b,
                    message: "code follows the call\(hasSemicolon ? "'s `;`" : ""): "
                        + PrintableText.abbreviate(rest, limit: 80)))
        }
        if !hasSemicolon {
            problems.append(
                Problem(
                    obligation: .esc5a,
                    message:
                        "the command ends `\(ending(of: command))` without the `;` of `\(entryPoint)('<literal>');`"))
        }
        var spaces: [String] = []
        if !command.leading.isEmpty { spaces.append("before the call") }
        if command.spacedInside { spaces.append("inside the call") }
        if afterSpace.count < trailer.count || (rest.isEmpty && trailer.last.map(isWhiteSpace) == true) {
            spaces.append("after the call")
        }
        if !spaces.isEmpty {
            problems.append(
                Problem(
                    obligation: .esc5b,
                    message:
                        "white space \(spaces.joined(separator: ", ")): the command is not exactly `\(entryPoint)('<literal>');`"
                ))
        }
        return rest.isEmpty
    }

    /// The trailer without its leading white space, its `;` and the white space after it.
    private static func restAfterCall(_ trailer: String) -> String {
        var rest = Substring(trailer).drop(while: isWhiteSpace)
        if rest.first == ";" { rest = rest.dropFirst().drop(while: isWhiteSpace) }
        return String(rest)
    }

    /// The last characters of the call, up to its `)`, printable: `…\"}')`.
    private static func ending(of command: WireCommand) -> String {
        guard case .literal(let quote, let body) = command.argument else { return ")" }
        let tail = UTF16Text.string(Array(body.suffix(12)))
        let quoteText = quote == 0x27 ? "'" : "\""
        return (body.count > 12 ? "…" : "") + PrintableText.printable(tail) + quoteText + ")"
    }

    private static func isWhiteSpace(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09...0x0D, 0x20, 0xA0, 0xFEFF, 0x2028, 0x2029: true
            default: false
            }
        }
    }

    /// How many commands the script read as `first` is, when it is two or more well-formed commands one
    /// after another (separated by white space at most), as a bridge that joins the messages of a turn
    /// evaluates them; nil otherwise.
    private static func joinedCommandCount(startingWith first: WireCommand, in dialect: WireDialect) -> Int? {
        var count = 0
        var command = first
        while let trailer = command.trailer {
            var piece = command
            piece.trailer = ";"  // each piece judged without the commands after it
            let judged = lint(piece, dialect)
            guard judged.reachesEntryPoint, judged.message != nil, judged.problems.isEmpty else { return nil }
            count += 1
            let rest = restAfterCall(trailer)
            if rest.isEmpty { return count > 1 ? count : nil }
            guard let next = WireCommand(parsing: rest, in: dialect) else { return nil }
            command = next
        }
        return nil
    }

    /// The string value of the literal of an exact, well-lexed command (the message's JSON text), or
    /// nil for any other script.
    /// - Parameters:
    ///   - script: A script the native side evaluated.
    ///   - dialect: The wire whose exact command form is looked for.
    package static func literalText(ofCommand script: String, in dialect: WireDialect) -> String? {
        let prefix = dialect.deliveryCommandPrefix, suffix = dialect.deliveryCommandSuffix
        guard script.hasPrefix(prefix), script.hasSuffix(suffix),
            script.utf16.count >= prefix.utf16.count + suffix.utf16.count
        else { return nil }
        let units = UTF16Text.units(of: script)
        var problems: [Problem] = []
        let decoded = lexLiteralBody(
            units[prefix.utf16.count..<(units.count - suffix.utf16.count)], problems: &problems)
        return problems.isEmpty ? UTF16Text.string(decoded) : nil
    }

    /// Lexes the inside of a string literal (without its quotes, `'` unless `quote` says otherwise) as ES5
    /// does, returning the string value's code units and appending the rules broken to `problems`. An
    /// unescaped quote is reported and lexing goes on, so that what follows it is linted too.
    ///
    /// One problem per kind: the first occurrence's offset is kept and the others are counted, so that a
    /// megabyte payload full of raw U+2028 gives one readable line, not thousands.
    static func lexLiteralBody(_ body: ArraySlice<UInt16>, quote: UInt16 = 0x27, problems: inout [Problem]) -> [UInt16]
    {
        var value: [UInt16] = []
        var index = body.startIndex
        let firstOwn = problems.count
        var kinds: [String: Int] = [:]
        var counts: [Int] = []
        func report(_ obligation: Obligation, _ message: String, breaksOut: Bool = false) {
            if let kind = kinds[message] {
                counts[kind] += 1
                return
            }
            kinds[message] = counts.count
            counts.append(1)
            problems.append(
                Problem(
                    obligation: obligation, message: message + " at literal offset \(index - body.startIndex)",
                    breaksOutOfLiteral: breaksOut))
        }
        defer {
            for (kind, count) in counts.enumerated() where count > 1 {
                problems[firstOwn + kind].message += " (and \(count - 1) more like it)"
            }
        }
        while index < body.endIndex {
            let unit = body[index]
            switch unit {
            case quote:
                report(
                    quote == 0x27 ? Obligation.esc2c : Obligation.esc2j,
                    "an unescaped \(quote == 0x27 ? "'" : "\"") ends the string literal early: the rest of the payload runs as code (script injection)",
                    breaksOut: true)
                value.append(unit)
            case 0x0A, 0x0D:
                report(
                    unit == 0x0A ? Obligation.esc2d : Obligation.esc2e,
                    "a raw line terminator (U+\(hex(unit))) inside the literal is a SyntaxError")
            case 0x2028, 0x2029:
                report(
                    unit == 0x2028 ? Obligation.esc2g : Obligation.esc2h,
                    "a raw U+\(hex(unit)) inside the literal is a SyntaxError on ES5 engines (escape it as \\u\(hex(unit).lowercased()))"
                )
            case 0x5C:
                index += 1
                guard index < body.endIndex else {
                    report(.esc2a, "the literal ends in a lone backslash, which escapes the closing quote")
                    return value
                }
                index = lexEscape(body, at: index, into: &value, report: { report($0, $1) })
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
        _ body: ArraySlice<UInt16>, at index: Int, into value: inout [UInt16],
        report: (_ obligation: Obligation, _ message: String) -> Void
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
            report(.esc2a, "a legacy octal escape (\\\(Character(Unicode.Scalar(UInt8(unit)))) is not allowed")
        case 0x78:  // \xHH
            guard let code = hexValue(body, from: index + 1, count: 2) else {
                report(.esc2a, "\\x must be followed by two hex digits")
                return index + 1
            }
            value.append(code)
            return index + 3
        case 0x75:  // \uHHHH
            if index + 1 < body.endIndex, body[index + 1] == 0x7B {
                report(.esc2i, "an ES2015 code point escape \\u{...} is a SyntaxError on ES5 engines (use \\uXXXX)")
                return index + 1
            }
            guard let code = hexValue(body, from: index + 1, count: 4) else {
                report(.esc2a, "\\u must be followed by four hex digits")
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
            guard let digit = hexDigitValue(unit) else { return nil }
            code = code * 16 + digit
        }
        return code
    }

    /// The value of one hex digit, or nil for any other code unit.
    private static func hexDigitValue(_ unit: UInt16) -> UInt16? {
        switch unit {
        case 0x30...0x39: unit - 0x30
        case 0x41...0x46: unit - 0x41 + 10
        case 0x61...0x66: unit - 0x61 + 10
        default: nil
        }
    }

    private static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

import StrictJSON
import WireDialects

/// A native evaluation read as one call, `<entry point>(<argument>)<trailer>`, so that the wire lint can
/// judge the function called, the literal passed and what follows the call each on its own: a deviation
/// in one part never keeps the others from being read.
///
/// Only scripts that set out to deliver a message are read as commands: a call whose function's last name
/// mentions `handleMessage` or the dialect's delivery function (any case), or a call of a member of the
/// dialect's JS global with a string literal argument. The fetch command, the JS side and other scripts
/// are not commands.
package struct WireCommand: Equatable, Sendable {
    /// The argument of the call.
    package enum Argument: Equatable, Sendable {
        /// A string literal: its quote (`'` or `"`) and the code units between its quotes, as written.
        case literal(quote: UInt16, body: [UInt16])
        /// Something else, as written from the `(` on, with the rest of the script.
        case other(String)
    }

    /// The function called, as written but without white space (the dialect's entry point, or the same
    /// through `window.`, or another object's function).
    package var entryPoint: String
    /// The argument.
    package var argument: Argument
    /// Everything after the `)` closing the call (`;` for the exact form); nil when no `)` closes it.
    package var trailer: String?
    /// The white space written before the call.
    package var leading: String
    /// Whether white space is written inside the call: between the names of the function, before its
    /// `(`, or around the literal.
    package var spacedInside: Bool
    /// Whether the literal ends at the last quote before the final `)`, past an unescaped quote of the
    /// same kind inside it (the reading of a payload that ended the literal early), not at its first
    /// unescaped quote.
    package var endsAtLastQuote = false
    /// Where the literal's first code unit is in the script, and whether white space comes before it.
    private var literalStart = 0
    private var spacedBeforeLiteral = false

    /// Reads `script` as a command, taking the literal to its first unescaped closing quote.
    /// - Parameters:
    ///   - script: A script the native side evaluated.
    ///   - dialect: The wire whose delivery commands are looked for.
    /// - Returns: Nil when the script is not a message command.
    package init?(parsing script: String, in dialect: WireDialect) {
        var reader = Reader(units: UTF16Text.units(of: script))
        let leadingEnd = reader.skipWhiteSpace()
        guard let (names, spacedNames) = reader.dottedNames() else { return nil }
        let beforeParen = reader.position
        reader.skipWhiteSpace()
        guard reader.take(0x28) else { return nil }  // (
        var spaced = spacedNames || reader.position - 1 > beforeParen
        let afterParen = reader.position
        reader.skipWhiteSpace()
        spaced = spaced || reader.position > afterParen
        let quote = reader.peek.flatMap { $0 == 0x27 || $0 == 0x22 ? $0 : nil }
        let mentionsBridge = names.contains(dialect.javaScriptGlobal) && quote != nil
        guard
            Self.mentions("handleMessage", in: names.last!) || Self.mentions(dialect.deliveryFunction, in: names.last!)
                || mentionsBridge
        else { return nil }
        entryPoint = names.joined(separator: ".")
        leading = reader.text(0..<leadingEnd)
        spacedInside = spaced
        guard let quote else {
            argument = .other(reader.text(afterParen - 1..<reader.units.count))
            trailer = nil
            return
        }
        let open = reader.position
        literalStart = open + 1
        spacedBeforeLiteral = spaced
        guard let close = reader.closingQuote(from: open + 1, quote: quote) else {
            argument = .literal(quote: quote, body: Array(reader.units[(open + 1)...]))
            trailer = nil
            return
        }
        argument = .literal(quote: quote, body: Array(reader.units[(open + 1)..<close]))
        reader.position = close + 1
        let afterLiteral = reader.position
        reader.skipWhiteSpace()
        spacedInside = spacedInside || reader.position > afterLiteral
        trailer = reader.take(0x29) ? reader.text(reader.position..<reader.units.count) : nil
    }

    /// The same command read with its literal ending at the last quote of its kind that is followed by
    /// `)`, an optional `;` and white space only, when that quote lies past the literal's first end:
    /// the literal as the native side meant it, holding a quote it did not escape.
    /// - Parameter script: The script this command was read from.
    /// - Returns: Nil when there is no such later quote.
    package func endingAtLastQuote(of script: String) -> WireCommand? {
        guard case .literal(let quote, let body) = argument else { return nil }
        let units = UTF16Text.units(of: script)
        var end = units.count
        func skipBack() { while end > 0, Reader.isWhiteSpace(units[end - 1]) { end -= 1 } }
        skipBack()
        if end > 0, units[end - 1] == 0x3B { end -= 1 }  // ;
        skipBack()
        guard end > 0, units[end - 1] == 0x29 else { return nil }  // )
        let paren = end - 1
        end = paren
        skipBack()
        let closing = end - 1
        // Past the literal's first end, or anywhere in a literal no quote closed.
        guard closing >= literalStart, trailer == nil || closing > literalStart + body.count, units[closing] == quote
        else { return nil }
        var command = self
        command.argument = .literal(quote: quote, body: Array(units[literalStart..<closing]))
        command.trailer = String(decoding: units[(paren + 1)...], as: UTF16.self)
        command.spacedInside = spacedBeforeLiteral || paren > closing + 1
        command.endsAtLastQuote = true
        return command
    }

    /// Whether `name` holds `word` in any case; names are ASCII (`Reader.isNamePart`).
    private static func mentions(_ word: String, in name: String) -> Bool {
        func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        let target = word.utf8.map(folded)
        let bytes = Array(name.utf8)
        guard !target.isEmpty, bytes.count >= target.count else { return false }
        return (0...(bytes.count - target.count)).contains { start in
            target.indices.allSatisfy { folded(bytes[start + $0]) == target[$0] }
        }
    }

    /// A cursor over a script's UTF-16 code units.
    private struct Reader {
        let units: [UInt16]
        var position = 0

        var peek: UInt16? { position < units.count ? units[position] : nil }

        /// Skips ES5 white space and line terminators; returns the new position.
        @discardableResult
        mutating func skipWhiteSpace() -> Int {
            while let unit = peek, Self.isWhiteSpace(unit) { position += 1 }
            return position
        }

        mutating func take(_ unit: UInt16) -> Bool {
            guard peek == unit else { return false }
            position += 1
            return true
        }

        /// `name(.name)*`, white space allowed around the dots; nil when no name starts here.
        mutating func dottedNames() -> (names: [String], spaced: Bool)? {
            var names: [String] = []
            var spaced = false
            while true {
                let start = position
                while let unit = peek, Self.isNamePart(unit) { position += 1 }
                guard position > start, !(0x30...0x39).contains(units[start]) else {
                    return names.isEmpty ? nil : (names, spaced)
                }
                names.append(text(start..<position))
                let afterName = position
                skipWhiteSpace()
                guard take(0x2E) else { position = afterName; return (names, spaced) }  // .
                spaced = spaced || position - 1 > afterName
                let afterDot = position
                skipWhiteSpace()
                spaced = spaced || position > afterDot
            }
        }

        /// The index of the first `quote` from `start` that no backslash escapes.
        func closingQuote(from start: Int, quote: UInt16) -> Int? {
            var index = start
            while index < units.count {
                if units[index] == 0x5C { index += 2; continue }
                if units[index] == quote { return index }
                index += 1
            }
            return nil
        }

        func text(_ range: Range<Int>) -> String {
            let slice = units[range]
            // Names, white space and `;` are ASCII, and decoding ASCII as UTF-8 takes the fast path.
            if slice.allSatisfy({ $0 < 0x80 }) {
                return String(decoding: slice.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
            }
            return String(decoding: slice, as: UTF16.self)
        }

        static func isWhiteSpace(_ unit: UInt16) -> Bool {
            switch unit {
            case 0x09...0x0D, 0x20, 0xA0, 0xFEFF, 0x2028, 0x2029: true
            default: false
            }
        }

        static func isNamePart(_ unit: UInt16) -> Bool {
            (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) || unit == 0x5F
                || unit == 0x24
        }
    }
}

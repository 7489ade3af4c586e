import Foundation

/// Derives mutants mechanically from a JS side's or the native side's source: every operator of
/// `MutationOperator` at every site where it fits, none of them chosen by hand.
///
/// It reads the source line by line, as the kit's sources are written (one statement per line; in JS each ending
/// with a semicolon), and never changes text inside a string literal (a Swift string's interpolations included)
/// or a comment. Each mutant differs from the source in one place; a mutant equal to the source is never
/// produced. The same source gives the same mutants in the same order. A Swift mutant may not compile (a
/// statement left out that declared a name used later): the study builds each one and says so.
package struct MechanicalMutator: Sendable {
    /// The language a source is written in: how it is lexed, and which sites fit an operator.
    package enum Language: Sendable {
        /// ES5, as the kit's JS sides and page snippets are written.
        case javaScript
        /// Swift, as the reference native side is written.
        case swift
    }

    /// The file's name, for the mutants' ids.
    package let file: String
    private let language: Language
    private let lines: [Line]

    /// A mutator for `source`.
    /// - Parameters:
    ///   - source: The source's text.
    ///   - file: Its name, for the mutants' ids.
    ///   - language: What it is written in.
    package init(source: String, file: String, language: Language = .javaScript) {
        self.file = file
        self.language = language
        let text = Array(source)
        let isCode = language == .javaScript ? Lexer.javaScriptCode(text) : Lexer.swiftCode(text)
        var lines: [Line] = [], start = 0
        for index in 0...text.count where index == text.count || text[index] == "\n" {
            lines.append(Line(text: Array(text[start..<index]), isCode: Array(isCode[start..<index])))
            start = index + 1
        }
        self.lines = lines
    }

    /// Every mutant, in source order.
    package func mutants() -> [MechanicalMutant] {
        let original = lines.map { String($0.text) }
        let source = original.joined(separator: "\n")
        var found: [MechanicalMutant] = []
        for index in lines.indices {
            for mutationOperator in MutationOperator.allCases {
                for (occurrence, edit) in edits(mutationOperator, at: index).enumerated() {
                    var mutated = original
                    edit.apply(&mutated)
                    let mutatedSource = mutated.joined(separator: "\n")
                    guard mutatedSource != source else { continue }
                    found.append(
                        MechanicalMutant(
                            file: file, line: index + 1, mutationOperator: mutationOperator,
                            occurrence: occurrence + 1, change: edit.change, source: mutatedSource))
                }
            }
        }
        return found
    }

    // MARK: Sites

    private func edits(_ mutationOperator: MutationOperator, at index: Int) -> [Edit] {
        let line = lines[index]
        switch mutationOperator {
        case .deleteStatement:
            guard isStatement(at: index) else { return [] }
            return [Edit(change: "`\(line.trimmed)` left out") { $0[index] = "" }]
        case .swapStatements:
            guard isStatement(at: index), index + 1 < lines.count, isStatement(at: index + 1),
                line.indentation == lines[index + 1].indentation
            else { return [] }
            return [
                Edit(change: "`\(line.trimmed)` after `\(lines[index + 1].trimmed)`") { $0.swapAt(index, index + 1) }
            ]
        case .negateCondition, .dropCondition:
            guard let (keyword, condition) = language == .javaScript ? line.javaScriptIfCondition : line.swiftCondition
            else { return [] }
            let text = String(line.text[condition])
            let replacement = mutationOperator == .negateCondition ? "!(\(text))" : "true"
            let (open, close) = language == .javaScript ? ("(", ")") : (" ", "")
            return [
                line.replacing(
                    condition, with: replacement, at: index,
                    change: "`\(keyword)\(open)\(text)\(close)` -> `\(keyword)\(open)\(replacement)\(close)`")
            ]
        case .replaceOperator:
            let replacements = language == .javaScript ? Self.javaScriptOperators : Self.swiftOperators
            return line.codeTokens(replacements.map(\.0)).map { range in
                let token = String(line.text[range])
                let replacement = replacements.first { $0.0 == token }!.1
                return line.replacing(
                    range, with: replacement, at: index,
                    change:
                        "`\(token.trimmingCharacters(in: .whitespaces))` -> `\(replacement.trimmingCharacters(in: .whitespaces))`"
                )
            }
        case .changeConstant:
            return line.constants().map { range in
                let token = String(line.text[range])
                let replacement: String
                switch token {
                case "true": replacement = "false"
                case "false": replacement = "true"
                case "0": replacement = "1"
                case "1": replacement = "0"
                default: replacement = String((Int(token) ?? 0) + 1)
                }
                return line.replacing(range, with: replacement, at: index, change: "`\(token)` -> `\(replacement)`")
            }
        case .shiftIncrement:
            guard language == .javaScript else { return [] }
            return line.postIncrements().map { range in
                let name = String(line.text[range].dropLast(2))
                return line.replacing(range, with: "++" + name, at: index, change: "`\(name)++` -> `++\(name)`")
            }
        case .replaceCollectionOperation:
            let replacements = language == .javaScript ? Self.javaScriptCollections : Self.swiftCollections
            return line.codeTokens(replacements.map(\.0)).map { range in
                let token = String(line.text[range])
                let replacement = replacements.first { $0.0 == token }!.1
                return line.replacing(range, with: replacement, at: index, change: "`\(token)` -> `\(replacement)`")
            }
        case .dropDeferral:
            guard language == .javaScript else {
                return line.codeTokens([Self.swiftMainQueueHop]).map { range in
                    line.replacing(range, with: "do {", at: index, change: "`\(Self.swiftMainQueueHop)` -> `do {`")
                }
            }
            return line.deferredCalls().map { (range, function) in
                line.replacing(
                    range, with: "\(function)()", at: index, change: "`\(String(line.text[range]))` -> `\(function)()`")
            }
        }
    }

    /// Whether the line at `index` is a whole statement that can be left out or moved.
    private func isStatement(at index: Int) -> Bool {
        let line = lines[index]
        guard language == .swift else { return line.isJavaScriptStatement }
        // A line continued by the next (`.map { … }`, `+ "…"`) is part of a longer expression.
        let next = lines[(index + 1)...].first { !$0.trimmed.isEmpty }?.trimmed ?? ""
        let continues = next.hasPrefix(".") || Self.swiftBinaryStarts.contains { next.hasPrefix($0) }
        return line.isSwiftStatement && !continues
    }

    /// Longest first, so that `===` is never read as `==`.
    private static let javaScriptOperators: [(String, String)] = [
        ("===", "!=="), ("!==", "==="), ("==", "!="), ("!=", "=="), ("<=", "<"), (">=", ">"), ("&&", "||"),
        ("||", "&&"), ("<", "<="), (">", ">="),
    ]
    /// Binary operators as the kit writes them, a space on each side: never a generic's `<` or an arrow's `>`.
    private static let swiftOperators: [(String, String)] = [
        (" === ", " !== "), (" !== ", " === "), (" == ", " != "), (" != ", " == "), (" <= ", " < "), (" >= ", " > "),
        (" && ", " || "), (" || ", " && "), (" < ", " <= "), (" > ", " >= "),
    ]
    private static let swiftBinaryStarts = ["+ ", "- ", "&& ", "|| ", "?? ", "? ", ": ", "== ", "!= "]
    private static let javaScriptCollections: [(String, String)] = [
        (".push(", ".unshift("), (".unshift(", ".push("), (".shift(", ".pop("), (".pop(", ".shift("),
    ]
    private static let swiftCollections: [(String, String)] = [
        (".first", ".last"), (".last", ".first"), (".removeFirst(", ".removeLast("), (".removeLast(", ".removeFirst("),
        (".dropFirst(", ".dropLast("), (".dropLast(", ".dropFirst("), (".prefix(", ".suffix("),
        (".suffix(", ".prefix("),
    ]
    private static let swiftMainQueueHop = "DispatchQueue.main.async {"

    /// One change to the source's lines.
    private struct Edit {
        let change: String
        let apply: (inout [String]) -> Void
    }

    /// A line of source, and which of its characters are code (not inside a string literal or a comment).
    private struct Line {
        let text: [Character]
        let isCode: [Bool]

        var trimmed: String { String(text).trimmingCharacters(in: .whitespaces) }
        var indentation: Int { text.prefix { $0 == " " }.count }

        /// Whether the code's brackets balance, never closing one that the line did not open.
        private var bracketsBalance: Bool {
            var depth = 0
            for (character, code) in zip(text, isCode) where code {
                switch character {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    depth -= 1
                    if depth < 0 { return false }
                default: break
                }
            }
            return depth == 0
        }

        /// A whole JS statement: it ends with a semicolon and opens no bracket it does not close.
        var isJavaScriptStatement: Bool {
            guard trimmed.hasSuffix(";"), let first = text.firstIndex(where: { $0 != " " }), isCode[first] else {
                return false
            }
            return bracketsBalance
        }

        /// A whole Swift statement: a call, an assignment or a mutation, on one line, that declares nothing and
        /// leaves no scope (leaving out a declaration or a `return` only makes a mutant that does not compile).
        var isSwiftStatement: Bool {
            guard let first = text.firstIndex(where: { $0 != " " }), isCode[first],
                let last = text.lastIndex(where: { $0 != " " }),
                isCode[last], bracketsBalance
            else { return false }
            let words = trimmed.split(separator: " ", maxSplits: 1)
            guard let head = words.first.map(String.init), !Self.swiftNonStatementHeads.contains(head),
                !head.hasPrefix("@"), !head.hasPrefix("#"), !head.hasPrefix("}"), !head.hasPrefix("."),
                !head.hasSuffix(":"), !trimmed.hasSuffix("{"), !trimmed.hasSuffix(","), !trimmed.hasSuffix(" in")
            else { return false }
            return text[first].isIdentifierPart || text[first] == "(" || text[first] == "_"
        }

        /// Words that begin a declaration, a scope or a jump, never a statement the mutator moves.
        private static let swiftNonStatementHeads: Set<String> = [
            "let", "var", "func", "init", "deinit", "import", "struct", "class", "enum", "extension", "protocol",
            "typealias", "public", "private", "package", "fileprivate", "internal", "static", "final", "override",
            "return", "throw", "case", "default", "else", "guard", "if", "for", "while", "switch", "catch", "do",
            "defer", "weak", "unowned", "nonisolated", "convenience", "lazy", "repeat", "break", "continue",
        ]

        /// The condition of `if (…) {` on this line, with its keyword.
        var javaScriptIfCondition: (String, Range<Int>)? {
            guard let start = firstCode("if ("), start == 0 || !text[start - 1].isIdentifierPart else { return nil }
            let open = start + 3
            var depth = 0
            for index in open..<text.count where isCode[index] {
                if text[index] == "(" { depth += 1 }
                if text[index] == ")" {
                    depth -= 1
                    if depth == 0 { return open + 1 < index ? ("if ", (open + 1)..<index) : nil }
                }
            }
            return nil
        }

        /// The condition of `if … {` or `guard … else` on this line, with its keyword: a plain Boolean
        /// expression only (no `let`, `case` or list of conditions, which have no negation).
        var swiftCondition: (String, Range<Int>)? {
            for keyword in ["if", "guard"] {
                guard let start = codeTokens([keyword + " "]).first?.lowerBound else { continue }
                let from = start + keyword.count + 1
                var depth = 0, end: Int?
                for index in from..<text.count where isCode[index] {
                    switch text[index] {
                    case "(", "[": depth += 1
                    case ")", "]": depth -= 1
                    case "{" where depth == 0 && keyword == "if": end = index
                    case "e"
                    where depth == 0 && keyword == "guard" && String(text[index...]).hasPrefix("else")
                        && text[index - 1] == " ":
                        end = index
                    case "," where depth == 0: return nil
                    default: break
                    }
                    if end != nil { break }
                }
                guard let end, from < end - 1 else { return nil }
                let condition = String(text[from..<(end - 1)])
                let bindings = ["let ", "var ", "case ", "#available", "try "]
                guard !bindings.contains(where: { condition.hasPrefix($0) || condition.contains(" " + $0) }) else {
                    return nil
                }
                return (keyword, from..<(end - 1))
            }
            return nil
        }

        /// Where each of `tokens` occurs in code, longest token first, occurrences not overlapping; a token that
        /// begins or ends with a word character matches whole words only.
        func codeTokens(_ tokens: [String]) -> [Range<Int>] {
            var taken = [Bool](repeating: false, count: text.count)
            var found: [Range<Int>] = []
            for token in tokens {
                let pattern = Array(token)
                var index = 0
                while index + pattern.count <= text.count {
                    let range = index..<(index + pattern.count)
                    if Array(text[range]) == pattern, range.allSatisfy({ isCode[$0] && !taken[$0] }),
                        !extendsOperator(range), !extendsWord(range)
                    {
                        range.forEach { taken[$0] = true }
                        found.append(range)
                        index += pattern.count
                    } else {
                        index += 1
                    }
                }
            }
            return found.sorted { $0.lowerBound < $1.lowerBound }
        }

        /// Whether an operator match is part of a longer operator (`<` of `<<`, `=` of `=>`).
        private func extendsOperator(_ range: Range<Int>) -> Bool {
            guard let first = range.first, text[first] != ".", text[first] != " " else { return false }
            let operatorCharacters: Set<Character> = ["=", "<", ">", "!", "&", "|"]
            let before = range.lowerBound > 0 ? text[range.lowerBound - 1] : " "
            let after = range.upperBound < text.count ? text[range.upperBound] : " "
            return operatorCharacters.contains(before) || operatorCharacters.contains(after)
        }

        /// Whether a match is part of a longer word (`.first` of `.firstIndex`, `if ` of `elif `).
        private func extendsWord(_ range: Range<Int>) -> Bool {
            let before = range.lowerBound > 0 ? text[range.lowerBound - 1] : " "
            let after = range.upperBound < text.count ? text[range.upperBound] : " "
            return (text[range.lowerBound].isIdentifierPart && before.isIdentifierPart)
                || (text[range.upperBound - 1].isIdentifierPart && after.isIdentifierPart)
        }

        /// Numeric literals and `true`/`false`, as whole words of code.
        func constants() -> [Range<Int>] {
            words().filter { range in
                let word = String(text[range])
                return word == "true" || word == "false" || word.allSatisfy(\.isNumber)
            }
        }

        /// `name++`.
        func postIncrements() -> [Range<Int>] {
            words().compactMap { range in
                guard text[range.lowerBound].isLetter || text[range.lowerBound] == "_",
                    range.upperBound + 1 < text.count, text[range.upperBound] == "+", text[range.upperBound + 1] == "+",
                    isCode[range.upperBound]
                else { return nil }
                return range.lowerBound..<(range.upperBound + 2)
            }
        }

        /// `setTimeout(name)` and `setTimeout(name, n)`, with the name.
        func deferredCalls() -> [(Range<Int>, String)] {
            guard let start = firstCode("setTimeout("), start == 0 || !text[start - 1].isIdentifierPart else {
                return []
            }
            let argumentsStart = start + "setTimeout(".count
            guard let close = text[argumentsStart...].firstIndex(of: ")") else { return [] }
            let arguments = String(text[argumentsStart..<close]).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let function = arguments.first, !function.isEmpty, function.allSatisfy(\.isIdentifierPart),
                arguments.count == 1 || (arguments.count == 2 && arguments[1].allSatisfy(\.isNumber))
            else { return [] }
            return [(start..<(close + 1), function)]
        }

        /// The identifier and number words of code.
        private func words() -> [Range<Int>] {
            var found: [Range<Int>] = []
            var index = 0
            while index < text.count {
                guard isCode[index], text[index].isIdentifierPart else {
                    index += 1
                    continue
                }
                let start = index
                while index < text.count, isCode[index], text[index].isIdentifierPart { index += 1 }
                if start == 0 || text[start - 1] != "." { found.append(start..<index) }
            }
            return found
        }

        private func firstCode(_ token: String) -> Int? {
            codeTokens([token]).first?.lowerBound
        }

        func replacing(_ range: Range<Int>, with replacement: String, at index: Int, change: String) -> Edit {
            let mutated = String(text[..<range.lowerBound]) + replacement + String(text[range.upperBound...])
            return Edit(change: change) { $0[index] = mutated }
        }
    }
}

extension Character {
    fileprivate var isIdentifierPart: Bool { isLetter || isNumber || self == "_" || self == "$" }
}

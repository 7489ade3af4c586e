import Foundation

/// Derives mutants mechanically from a JS side's source: every operator of `JavaScriptMutationOperator` at
/// every site where it fits, none of them chosen by hand.
///
/// It reads the source as the kit's JS sides are written (ES5, one statement per line, each ending with a
/// semicolon) and never changes text inside a string literal or a comment. Each mutant differs from the
/// source in one place; a mutant equal to the source is never produced. The same source gives the same
/// mutants in the same order.
package struct JavaScriptMutator: Sendable {
    /// The file's name, for the mutants' ids.
    package let file: String
    private let lines: [Line]

    /// A mutator for `source`.
    /// - Parameters:
    ///   - source: The JS side's text.
    ///   - file: Its name, for the mutants' ids.
    package init(source: String, file: String) {
        self.file = file
        var inComment = false
        lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
            Line(text: Array($0), inComment: &inComment)
        }
    }

    /// Every mutant, in source order.
    package func mutants() -> [MechanicalMutant] {
        var found: [MechanicalMutant] = []
        for index in lines.indices {
            for mutationOperator in JavaScriptMutationOperator.allCases {
                for (occurrence, edit) in edits(mutationOperator, at: index).enumerated() {
                    var mutated = lines.map { String($0.text) }
                    edit.apply(&mutated)
                    let source = mutated.joined(separator: "\n")
                    guard source != lines.map({ String($0.text) }).joined(separator: "\n") else { continue }
                    found.append(
                        MechanicalMutant(
                            file: file, line: index + 1, mutationOperator: mutationOperator,
                            occurrence: occurrence + 1, change: edit.change, source: source))
                }
            }
        }
        return found
    }

    // MARK: Sites

    private func edits(_ mutationOperator: JavaScriptMutationOperator, at index: Int) -> [Edit] {
        let line = lines[index]
        switch mutationOperator {
        case .deleteStatement:
            guard line.isStatement else { return [] }
            return [Edit(change: "`\(line.trimmed)` left out") { $0[index] = "" }]
        case .swapStatements:
            guard line.isStatement, index + 1 < lines.count, lines[index + 1].isStatement,
                line.indentation == lines[index + 1].indentation
            else { return [] }
            return [
                Edit(change: "`\(line.trimmed)` after `\(lines[index + 1].trimmed)`") { $0.swapAt(index, index + 1) }
            ]
        case .negateCondition, .dropCondition:
            guard let condition = line.ifCondition else { return [] }
            let text = String(line.text[condition])
            let replacement = mutationOperator == .negateCondition ? "!(\(text))" : "true"
            return [
                line.replacing(
                    condition, with: replacement, at: index, change: "`if (\(text))` -> `if (\(replacement))`")
            ]
        case .replaceOperator:
            return line.codeTokens(Self.operatorReplacements.map(\.0)).map { range in
                let token = String(line.text[range])
                let replacement = Self.operatorReplacements.first { $0.0 == token }!.1
                return line.replacing(range, with: replacement, at: index, change: "`\(token)` -> `\(replacement)`")
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
            return line.postIncrements().map { range in
                let name = String(line.text[range].dropLast(2))
                return line.replacing(range, with: "++" + name, at: index, change: "`\(name)++` -> `++\(name)`")
            }
        case .replaceCollectionOperation:
            return line.codeTokens(Self.collectionReplacements.map(\.0)).map { range in
                let token = String(line.text[range])
                let replacement = Self.collectionReplacements.first { $0.0 == token }!.1
                return line.replacing(range, with: replacement, at: index, change: "`\(token)` -> `\(replacement)`")
            }
        case .dropDeferral:
            return line.deferredCalls().map { (range, function) in
                line.replacing(
                    range, with: "\(function)()", at: index, change: "`\(String(line.text[range]))` -> `\(function)()`")
            }
        }
    }

    /// Longest first, so that `===` is never read as `==`.
    private static let operatorReplacements: [(String, String)] = [
        ("===", "!=="), ("!==", "==="), ("==", "!="), ("!=", "=="), ("<=", "<"), (">=", ">"), ("&&", "||"),
        ("||", "&&"), ("<", "<="), (">", ">="),
    ]
    private static let collectionReplacements: [(String, String)] = [
        (".push(", ".unshift("), (".unshift(", ".push("), (".shift(", ".pop("), (".pop(", ".shift("),
    ]

    /// One change to the source's lines.
    private struct Edit {
        let change: String
        let apply: (inout [String]) -> Void
    }

    /// A line of source, and which of its characters are code (not inside a string literal or a comment).
    private struct Line {
        let text: [Character]
        let isCode: [Bool]

        init(text: [Character], inComment: inout Bool) {
            self.text = text
            var isCode = [Bool](repeating: false, count: text.count)
            var quote: Character?
            var index = 0
            while index < text.count {
                let character = text[index], next = index + 1 < text.count ? text[index + 1] : nil
                if inComment {
                    if character == "*" && next == "/" { inComment = false; index += 1 }
                } else if let open = quote {
                    if character == "\\" { index += 1 } else if character == open { quote = nil }
                } else if character == "/" && next == "*" {
                    inComment = true
                    index += 1
                } else if character == "/" && next == "/" {
                    break
                } else if character == "\"" || character == "'" {
                    quote = character
                } else {
                    isCode[index] = true
                }
                index += 1
            }
            self.isCode = isCode
        }

        var trimmed: String { String(text).trimmingCharacters(in: .whitespaces) }
        var indentation: Int { text.prefix { $0 == " " }.count }

        /// A whole statement: it ends with a semicolon and opens no bracket it does not close.
        var isStatement: Bool {
            guard trimmed.hasSuffix(";"), let first = text.firstIndex(where: { $0 != " " }), isCode[first] else {
                return false
            }
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

        /// The condition of `if (…) {` on this line.
        var ifCondition: Range<Int>? {
            guard let start = firstCode("if ("), start == 0 || !text[start - 1].isIdentifierPart else { return nil }
            let open = start + 3
            var depth = 0
            for index in open..<text.count where isCode[index] {
                if text[index] == "(" { depth += 1 }
                if text[index] == ")" {
                    depth -= 1
                    if depth == 0 { return open + 1 < index ? (open + 1)..<index : nil }
                }
            }
            return nil
        }

        /// Where each of `tokens` occurs in code, longest token first, occurrences not overlapping.
        func codeTokens(_ tokens: [String]) -> [Range<Int>] {
            var taken = [Bool](repeating: false, count: text.count)
            var found: [Range<Int>] = []
            for token in tokens {
                let pattern = Array(token)
                var index = 0
                while index + pattern.count <= text.count {
                    let range = index..<(index + pattern.count)
                    if Array(text[range]) == pattern, range.allSatisfy({ isCode[$0] && !taken[$0] }),
                        !extendsOperator(range)
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
            guard let first = range.first, text[first] != "." else { return false }
            let operatorCharacters: Set<Character> = ["=", "<", ">", "!", "&", "|"]
            let before = range.lowerBound > 0 ? text[range.lowerBound - 1] : " "
            let after = range.upperBound < text.count ? text[range.upperBound] : " "
            return operatorCharacters.contains(before) || operatorCharacters.contains(after)
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

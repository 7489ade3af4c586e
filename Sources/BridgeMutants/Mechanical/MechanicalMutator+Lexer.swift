extension MechanicalMutator {
    /// Which characters of a source are code: not inside a string literal or a comment. Line feeds are never code.
    enum Lexer {
        /// ES5: `"…"` and `'…'` strings end at their line; `//` and `/* … */` comments.
        static func javaScriptCode(_ text: [Character]) -> [Bool] {
            var isCode = [Bool](repeating: false, count: text.count)
            var inComment = false
            var quote: Character?
            var index = 0
            while index < text.count {
                let character = text[index], next = index + 1 < text.count ? text[index + 1] : nil
                if character == "\n" {
                    quote = nil
                } else if inComment {
                    if character == "*" && next == "/" { inComment = false; index += 1 }
                } else if let open = quote {
                    if character == "\\" && next != "\n" { index += 1 } else if character == open { quote = nil }
                } else if character == "/" && next == "*" {
                    inComment = true
                    index += 1
                } else if character == "/" && next == "/" {
                    while index + 1 < text.count && text[index + 1] != "\n" { index += 1 }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else {
                    isCode[index] = true
                }
                index += 1
            }
            return isCode
        }

        /// Swift: `"…"`, `"""…"""` and raw `#"…"#` strings, whose interpolations `\(…)` hold strings of their own;
        /// `//` and nested `/* … */` comments.
        static func swiftCode(_ text: [Character]) -> [Bool] {
            var isCode = [Bool](repeating: false, count: text.count)
            var commentDepth = 0
            var index = 0
            while index < text.count {
                let character = text[index], next = index + 1 < text.count ? text[index + 1] : nil
                if commentDepth > 0 {
                    if character == "*" && next == "/" {
                        commentDepth -= 1
                        index += 1
                    } else if character == "/" && next == "*" {
                        commentDepth += 1
                        index += 1
                    }
                } else if character == "/" && next == "/" {
                    while index + 1 < text.count && text[index + 1] != "\n" { index += 1 }
                } else if character == "/" && next == "*" {
                    commentDepth = 1
                    index += 1
                } else if character == "\"" || (character == "#" && opensRawString(text, at: index)) {
                    index = endOfSwiftString(text, from: index)
                    continue
                } else if character != "\n" {
                    isCode[index] = true
                }
                index += 1
            }
            return isCode
        }

        /// Whether the `#`s at `index` are followed by a quote.
        private static func opensRawString(_ text: [Character], at index: Int) -> Bool {
            var index = index
            while index < text.count && text[index] == "#" { index += 1 }
            return index < text.count && text[index] == "\""
        }

        /// The index after the string literal that starts at `start` (its `#`s or its quote).
        private static func endOfSwiftString(_ text: [Character], from start: Int) -> Int {
            var index = start, hashes = 0
            while text[index] == "#" {
                hashes += 1
                index += 1
            }
            let delimiter = Array(String(repeating: "\"", count: isTripleQuote(text, at: index) ? 3 : 1))
            index += delimiter.count
            let closing = delimiter + Array(String(repeating: "#", count: hashes))
            while index < text.count {
                if text[index] == "\\" && matches(Array(String(repeating: "#", count: hashes)), in: text, at: index + 1)
                {
                    let escaped = index + 1 + hashes
                    if escaped < text.count && text[escaped] == "(" {
                        index = endOfInterpolation(text, from: escaped + 1)
                    } else {
                        index = escaped + 1
                    }
                    continue
                }
                if matches(closing, in: text, at: index) { return index + closing.count }
                // A one-line string that does not end on its line: stop there rather than swallow the file.
                if delimiter.count == 1 && text[index] == "\n" { return index }
                index += 1
            }
            return index
        }

        /// The index after the `)` that closes an interpolation whose content starts at `start`.
        private static func endOfInterpolation(_ text: [Character], from start: Int) -> Int {
            var index = start, depth = 1
            while index < text.count {
                let character = text[index]
                if character == "\"" || (character == "#" && opensRawString(text, at: index)) {
                    index = endOfSwiftString(text, from: index)
                    continue
                }
                if character == "(" { depth += 1 }
                if character == ")" {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
                index += 1
            }
            return index
        }

        private static func isTripleQuote(_ text: [Character], at index: Int) -> Bool {
            matches(["\"", "\"", "\""], in: text, at: index)
        }

        private static func matches(_ pattern: [Character], in text: [Character], at index: Int) -> Bool {
            index + pattern.count <= text.count && Array(text[index..<(index + pattern.count)]) == pattern
        }
    }
}

/// Values as the checks print them (`CaseContext.show`), compared for their order alone: the same elements,
/// as a multiset, in another sequence.
package enum ReorderedValues {
    /// Whether one failure's actual value holds the elements of its expected value in another order.
    package static func holds(expected: String, actual: String) -> Bool {
        isReordering(elements(of: expected), elements(of: actual))
    }

    /// Whether `actual` is `expected`, two elements or more, in another sequence.
    package static func isReordering(_ expected: [Substring], _ actual: [Substring]) -> Bool {
        expected.count > 1 && expected != actual && expected.sorted() == actual.sorted()
    }

    /// The members of a value as the checks print it: for a list (`[1, "a, b", {"k": [2]}]`), its top-level
    /// members, trimmed; for any other value, the value itself.
    package static func elements(of value: String) -> [Substring] {
        let text = value[...].trimmingSpaces
        guard text.first == "[", text.last == "]" else { return [text] }
        let inner = text.dropFirst().dropLast()
        guard !inner.trimmingSpaces.isEmpty else { return [] }
        var members: [Substring] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = inner.startIndex
        for index in inner.indices {
            let character = inner[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case "," where depth == 0:
                members.append(inner[start..<index].trimmingSpaces)
                start = inner.index(after: index)
            default: break
            }
        }
        members.append(inner[start...].trimmingSpaces)
        return members
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        let trimmed = drop { $0 == " " }
        return trimmed.dropLast(trimmed.reversed().prefix { $0 == " " }.count)
    }
}

/// Whether a case's failures are one *order difference*: together they saw exactly the values expected, in
/// another order.
///
/// One ordering defect (a batch handled last-first, a queue built newest-first) fails checks of many
/// obligations: the data a handler got, the response ids in order, the calls around a non-object element.
/// Their failures differ in citation but not in kind, so `SameCauseGroup` folds the findings that occur only in
/// such cases under one of them (the ordering obligation, when one failed that way).
enum OrderDifference {
    /// Whether every failure of `result` has an expected and an actual value, and the elements of all
    /// expected values (the members of a list, or the whole value) are those of all actual values, as a
    /// multiset, in another sequence.
    static func holds(for result: CaseResult) -> Bool {
        guard result.verdict == .fail, !result.failures.isEmpty else { return false }
        var expected: [Substring] = []
        var actual: [Substring] = []
        for failure in result.failures {
            guard let want = failure.expected, let got = failure.actual else { return false }
            expected += elements(of: want)
            actual += elements(of: got)
        }
        return expected.count > 1 && expected != actual && expected.sorted() == actual.sorted()
    }

    /// The members of a value as the checks print it: for a list (`[1, "a, b", {"k": [2]}]`), its top-level
    /// members, trimmed; for any other value, the value itself.
    static func elements(of value: String) -> [Substring] {
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

/// Selects cases by id glob: `*` matches within one dot-separated segment, `**` matches across segments.
package struct CaseSelector: Sendable {
    /// Globs a case must match one of (empty: every case).
    package var include: [String]
    /// Globs that exclude a case.
    package var exclude: [String]

    /// Creates a selector.
    /// - Parameters:
    ///   - include: Globs to run; empty runs every case.
    ///   - exclude: Globs to skip.
    package init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// The cases of `cases` (of either profile's catalogue) this selector keeps, in their order.
    package func select<Case: Identifiable>(_ cases: [Case]) -> [Case] where Case.ID == String {
        cases.filter { conformanceCase in
            (include.isEmpty || include.contains { Self.matches($0, conformanceCase.id) })
                && !exclude.contains { Self.matches($0, conformanceCase.id) }
        }
    }

    /// Globs among `include` that match no case of `cases` (usually a typo).
    package func unmatchedPatterns<Case: Identifiable>(in cases: [Case]) -> [String] where Case.ID == String {
        include.filter { pattern in !cases.contains { Self.matches(pattern, $0.id) } }
    }

    /// Whether `id` matches `pattern`.
    /// - Parameters:
    ///   - pattern: A glob with `*` (within a segment) and `**` (across segments).
    ///   - id: A case id.
    package static func matches(_ pattern: String, _ id: String) -> Bool {
        matches(Array(pattern.utf8)[...], Array(id.utf8)[...])
    }

    private static func matches(_ pattern: ArraySlice<UInt8>, _ id: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return id.isEmpty }
        let star = UInt8(ascii: "*")
        if first == star {
            let crossesSegments = pattern.dropFirst().first == star
            let rest = pattern.dropFirst(crossesSegments ? 2 : 1)
            var remaining = id
            while true {
                if matches(rest, remaining) { return true }
                guard let next = remaining.first, crossesSegments || next != UInt8(ascii: ".") else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let character = id.first, character == first else { return false }
        return matches(pattern.dropFirst(), id.dropFirst())
    }
}

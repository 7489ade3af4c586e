/// A normative clause of `spec/protocol.md` (`ESC-2`), one of the members `SpecObligations.generated.swift`
/// declares from the spec: code names a clause by its member (`Clause.esc2`), never by its text, and a test holds
/// the members to the spec.
package struct Clause: SpecIdentified {
    /// How binding a clause is: the strongest RFC 2119 keyword in its text (the raw values are
    /// `RequirementLevel`'s).
    package enum Level: String, Sendable, CaseIterable {
        /// The clause says MUST.
        case must = "MUST"
        /// The clause says SHOULD and not MUST.
        case should = "SHOULD"
        /// The clause says MAY and neither MUST nor SHOULD.
        case may = "MAY"
        /// The clause binds nothing (withdrawn, or informative).
        case informational = "INFO"
    }

    /// The spec's id, `ESC-2`.
    package let id: String
    /// Its level in the spec.
    package let level: Level
    /// Its place among the spec's clauses, for sorting in the spec's order.
    package let order: Int

    init(_ id: String, _ level: Level, order: Int) {
        self.id = id
        self.level = level
        self.order = order
    }

    /// The clause with the spec id `id`, nil for an id the spec does not define.
    /// - Parameter id: A clause id as the spec writes it (`ESC-2`).
    package init?(id: String) {
        guard let clause = Self.byID[id] else { return nil }
        self = clause
    }

    /// The clause whose id `citation` (a clause or an obligation id: `ESC-2`, `ESC-2.c`) names, nil for any other
    /// text.
    /// - Parameter citation: A clause or obligation id.
    package init?(citation: String) {
        self.init(id: String(citation.prefix { $0 != "." }))
    }

    /// Its obligations (appendix C), in the spec's order.
    package var obligations: [Obligation] { Obligation.all.filter { $0.clause == self } }

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// What a clause id looks like, for the error that refuses another.
    package static let expectedForm =
        "a clause of spec/protocol.md (clauses look like ESC-2; `conformance list --coverage` lists them)"
}

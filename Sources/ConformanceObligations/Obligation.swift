/// One obligation of a clause of `spec/protocol.md`, a row of its appendix C (`ESC-2.c`), one of the members
/// `SpecObligations.generated.swift` declares from the spec: code cites an obligation by its member
/// (`Obligation.esc2c`), never by its text, and a test holds the members to the spec.
package struct Obligation: SpecIdentified {
    /// The side an obligation binds (appendix C's "side" column).
    package enum Side: String, Sendable, CaseIterable {
        /// `N`: the native side.
        case native = "N"
        /// `J`: the JS side.
        case javaScriptSide = "J"
        /// `P`: the page setup snippet.
        case pageSnippet = "P"
    }

    /// Its clause (`ESC-2` for `ESC-2.c`).
    package let clause: Clause
    /// Its letter (`c` for `ESC-2.c`).
    package let letter: Character
    /// The side it binds.
    package let side: Side
    /// Its row among appendix C's, for sorting in the spec's order.
    package let order: Int

    init(_ clause: Clause, _ letter: Character, _ side: Side, order: Int) {
        self.clause = clause
        self.letter = letter
        self.side = side
        self.order = order
    }

    /// The obligation with the spec id `id`, nil for an id appendix C does not list.
    /// - Parameter id: An obligation id as the spec writes it (`ESC-2.c`).
    package init?(id: String) {
        guard let obligation = Self.byID[id] else { return nil }
        self = obligation
    }

    /// The spec's id, `ESC-2.c`.
    package var id: String { "\(clause.id).\(letter)" }

    /// Its clause's level.
    package var level: Clause.Level { clause.level }

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// What an obligation id looks like, for the error that refuses another.
    package static let expectedForm =
        "an obligation of spec/protocol.md's appendix C (obligations look like ESC-2.c; `conformance list --coverage` "
        + "lists them)"
}

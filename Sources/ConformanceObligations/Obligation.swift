/// One obligation of a clause of `spec/protocol.md`, a row of its appendix C (`ESC-2.c`), one of the members
/// `SpecObligations.generated.swift` declares from the spec: code cites an obligation by its member
/// (`Obligation.esc2c`), never by its text, and a test holds the members to the spec.
package struct Obligation: Hashable, Comparable, Sendable, CustomStringConvertible {
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
    let order: Int

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

    /// The spec's text for it, `ESC-2.c`.
    package var description: String { id }

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.order == rhs.order }
    package func hash(into hasher: inout Hasher) { hasher.combine(order) }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }
}

extension Obligation: Codable {
    /// Reads the spec's text for an obligation (`"ESC-2.c"`).
    /// - Throws: `DecodingError.dataCorrupted` naming an id appendix C does not list.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let obligation = Obligation(id: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\(SpecID.quoted(text)) is not an obligation of spec/protocol.md's appendix C "
                    + "(obligations look like ESC-2.c; `conformance list --coverage` lists them)")
        }
        self = obligation
    }

    /// Writes the spec's text for the obligation.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}

/// Quoting an id read from a file in an error message.
enum SpecID {
    /// `text` quoted with Swift's escapes (quotes, backslashes, control characters) and bounded to 40 scalars: the
    /// text is the file's, not the kit's.
    static func quoted(_ text: String) -> String {
        let bounded = String(String.UnicodeScalarView(text.unicodeScalars.prefix(40)))
        return bounded.debugDescription + (text.unicodeScalars.count > 40 ? "…" : "")
    }
}

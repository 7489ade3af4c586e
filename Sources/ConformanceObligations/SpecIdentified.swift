/// What `Clause` and `Obligation` share: an id the spec writes, a place in the spec's order, and the members
/// `SpecObligations.generated.swift` declares. Equality, hashing and sorting go by that place, and both are
/// coded as the spec's text, refusing an id the spec does not define.
package protocol SpecIdentified: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The spec's id (`ESC-2`, `ESC-2.c`).
    var id: String { get }
    /// Its place in the spec's order.
    var order: Int { get }
    /// The member with the spec id `id`, nil for an id the spec does not define.
    init?(id: String)
    /// What a wrong id should have been, for the error that refuses it: "a clause of spec/protocol.md (clauses
    /// look like ESC-2; ...)".
    static var expectedForm: String { get }
}

extension SpecIdentified {
    /// The spec's text for it.
    package var description: String { id }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.order == rhs.order }
    package func hash(into hasher: inout Hasher) { hasher.combine(order) }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }

    /// Reads the spec's text (`"ESC-2"`, `"ESC-2.c"`).
    /// - Throws: `DecodingError.dataCorrupted` naming an id the spec does not define.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let member = Self(id: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(SpecID.quoted(text)) is not \(Self.expectedForm)")
        }
        self = member
    }

    /// Writes the spec's text.
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

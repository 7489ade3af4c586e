import ConformanceObligations

/// One explicit check a case made, passed or not: what it cites and what it checked (the coverage table counts
/// them per clause and obligation, `ProtocolSpec.coverageTable(for:checks:mutants:mutantGaps:)`).
package struct CaseCheck: Sendable, Hashable, Codable {
    /// What a check cites: an obligation of appendix C, a clause of the spec, or a custom case's own clause.
    package enum Citation: Sendable, Hashable {
        /// An obligation (`ESC-2.c`).
        case obligation(Obligation)
        /// A clause, no obligation of it named (`ESC-2`).
        case clause(Clause)
        /// A citation the spec does not define: a custom case's own clause (`APP-1`).
        case custom(String)

        /// The citation `text` names: the obligation or clause of the spec it is the id of, else a custom one.
        /// - Parameter text: An obligation's or clause's id, or a custom case's own clause.
        package init(_ text: String) {
            if let obligation = Obligation(id: text) {
                self = .obligation(obligation)
            } else if let clause = Clause(id: text) {
                self = .clause(clause)
            } else {
                self = .custom(text)
            }
        }

        /// The cited id, as the spec writes it (`ESC-2.c`, `ESC-2`) or as the custom case gave it.
        package var id: String {
            switch self {
            case .obligation(let obligation): return obligation.id
            case .clause(let clause): return clause.id
            case .custom(let text): return text
            }
        }
    }

    /// What the check cites.
    package var citation: Citation
    /// What it checked.
    package var message: String

    /// A check citing `obligation`.
    /// - Parameters:
    ///   - obligation: The obligation checked.
    ///   - message: What was checked.
    package init(_ obligation: Obligation, _ message: String) {
        self.citation = .obligation(obligation)
        self.message = message
    }

    /// A check citing `citation`, read as the spec's obligation or clause it names when it names one.
    /// - Parameters:
    ///   - citation: An obligation's or clause's id, or a custom case's own clause (`APP-1`).
    ///   - message: What was checked.
    package init(citing citation: String, _ message: String) {
        self.citation = Citation(citation)
        self.message = message
    }

    /// The cited id (`ESC-2.c`, `ESC-2`, `APP-1`).
    package var citedID: String { citation.id }

    private enum CodingKeys: String, CodingKey {
        case clause, message
    }

    /// Reads a check written by `encode(to:)`: its citation's id under `clause`, and its message.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            citing: try container.decode(String.self, forKey: .clause),
            try container.decode(String.self, forKey: .message))
    }

    /// Writes the check as `{"clause": <cited id>, "message": ...}`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(citedID, forKey: .clause)
        try container.encode(message, forKey: .message)
    }
}

import ConformanceSpec

/// The normative clauses of `spec/protocol.md`: id, level and text.
package struct ProtocolSpec: Sendable {
    /// One normative clause.
    package struct Clause: Sendable, Equatable, Identifiable {
        /// The stable id, e.g. `ESC-2`.
        package var id: String
        /// The strongest RFC 2119 keyword in the clause.
        package var level: RequirementLevel
        /// The clause's sentence(s), as written.
        package var text: String
    }

    /// The clauses in the order the spec defines them.
    package let clauses: [Clause]

    /// The spec the kit ships.
    /// - Throws: `HarnessError` when the spec is missing from the resource bundle.
    package static func bundled() throws(HarnessError) -> ProtocolSpec {
        guard let text = ConformanceSpec.protocolText else {
            throw HarnessError(code: .missingResource, message: "spec/protocol.md is missing from the ConformanceSpec resource bundle; rebuild the package")
        }
        return ProtocolSpec(markdown: text)
    }

    /// Parses clauses written as `**[AREA-N]** sentence...` (a clause runs to the next blank line).
    /// - Parameter markdown: The spec text.
    package init(markdown: String) {
        var clauses: [Clause] = []
        for paragraph in markdown.components(separatedBy: "\n\n") {
            let text = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let match = text.firstMatch(of: /^(?:[-*] )?\*\*\[([A-Z]+-[0-9]+)\]\*\*\s*/) else { continue }
            let body = String(text[match.range.upperBound...])
            let level: RequirementLevel
            if body.contains("MUST") { level = .must } else if body.contains("SHOULD") { level = .should } else if body.contains("MAY") { level = .may } else { level = .informational }
            clauses.append(Clause(id: String(match.output.1), level: level, text: body))
        }
        self.clauses = clauses
    }

    /// The clause with `id`, if any.
    package func clause(_ id: String) -> Clause? { clauses.first { $0.id == id } }

    /// For each clause, the cases citing it, in catalogue order.
    /// - Parameter cases: The catalogue.
    package func coverage(by cases: [ConformanceCase]) -> [(clause: Clause, cases: [String])] {
        clauses.map { clause in (clause, cases.filter { $0.clauses.contains(clause.id) }.map(\.id)) }
    }

    /// The coverage table as text: one row per clause with its level, the number of distinct checks
    /// citing it (when `checks` is given) and its citing cases, then totals.
    /// - Parameters:
    ///   - cases: The catalogue.
    ///   - checks: The checks the catalogue made on a run (clause and what was checked), or nil to leave
    ///     the checks column out.
    package func coverageTable(for cases: [ConformanceCase], checks: [(clause: String, message: String)]? = nil) -> String {
        let rows = coverage(by: cases)
        var checksByClause: [String: Set<String>] = [:]
        for check in checks ?? [] { checksByClause[check.clause, default: []].insert(check.message) }
        let width = (rows.map(\.clause.id.count).max() ?? 6) + 2
        let checksHeader = checks == nil ? "" : "checks  "
        var lines = ["clause" + String(repeating: " ", count: width - 6) + "level   " + checksHeader + "cases"]
        for (clause, citing) in rows {
            let pad = String(repeating: " ", count: width - clause.id.count)
            let level = clause.level.rawValue + String(repeating: " ", count: 8 - clause.level.rawValue.count)
            var checkColumn = ""
            if checks != nil {
                let count = "\(checksByClause[clause.id]?.count ?? 0)"
                checkColumn = count + String(repeating: " ", count: max(1, 8 - count.count))
            }
            lines.append(clause.id + pad + level + checkColumn
                         + (citing.isEmpty ? "-- NOT COVERED --" : "\(citing.count): " + citing.joined(separator: ", ")))
        }
        let covered = rows.filter { !$0.cases.isEmpty }.count
        for level in [RequirementLevel.must, .should, .may] {
            let ofLevel = rows.filter { $0.clause.level == level }
            lines.append("\(level.rawValue): \(ofLevel.filter { !$0.cases.isEmpty }.count)/\(ofLevel.count) covered")
        }
        lines.append("total: \(covered)/\(rows.count) clauses covered by \(cases.count) cases")
        if let checks {
            let distinct = Set(checks.map { $0.clause + "\u{0}" + $0.message }).count
            lines.append("checks: \(distinct) distinct explicit checks on the reference run; every case also checks the web view's violations and its leftovers")
        }
        return lines.joined(separator: "\n")
    }
}

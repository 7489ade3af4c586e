import ConformanceSpec
import ConformanceSupport

/// The normative clauses of `spec/protocol.md`: id, level, text and the obligations of appendix C.
package struct ProtocolSpec: Sendable {
    /// One normative clause as the spec writes it: its text and level, and its rows of appendix C (the typed id
    /// code cites is `ConformanceObligations.Clause`).
    package struct ClauseText: Sendable, Equatable, Identifiable {
        /// The stable id, e.g. `ESC-2`.
        package var id: String
        /// The strongest RFC 2119 keyword in the clause.
        package var level: RequirementLevel
        /// The clause's sentence(s), as written.
        package var text: String
        /// Its obligations (appendix C), in the spec's order.
        package var obligations: [ObligationRow] = []
    }

    /// One obligation of a clause as appendix C writes it: a row's id, side and text (the typed id code cites is
    /// `ConformanceObligations.Obligation`).
    package struct ObligationRow: Sendable, Equatable, Identifiable {
        /// The stable id, e.g. `ESC-2.c`.
        package var id: String
        /// The side it binds: `N` native, `J` JS side, `P` page setup snippet.
        package var side: String
        /// What it obliges.
        package var text: String
        /// The id of its clause (`ESC-2` for `ESC-2.c`).
        package var clause: String { String(id.prefix { $0 != "." }) }
    }

    /// MUST and SHOULD obligations no check of the kit cites, each with the reason (the tests fail on any
    /// other obligation without a check, and on a listed one that has checks).
    package static let obligationsWithoutChecks: [String: String] = [:]

    /// The clauses in the order the spec defines them.
    package let clauses: [ClauseText]

    /// The spec the kit ships, parsed and checked against `FixtureManifest.shipped` once per process.
    /// - Throws: `HarnessError` when the spec is missing from the resource bundle, or its clauses and
    ///   obligations are not those the kit was built with (a garbled file).
    package static func bundled() throws(HarnessError) -> ProtocolSpec {
        try parsedBundle.get()
    }

    private static let parsedBundle = Result { () throws(HarnessError) -> ProtocolSpec in
        try checked(
            markdown: ConformanceSpec.protocolText,
            file: "spec/protocol.md" + (ConformanceSpec.protocolURL.map { " (\($0.path))" } ?? ""))
    }

    /// Parses a kit spec and checks it has the clauses (per level) and obligations `manifest` counts, ids
    /// unique, and an obligation for every MUST and SHOULD clause: a garbled spec would otherwise judge
    /// failures at the wrong level, or cover nothing and pass.
    /// - Parameters:
    ///   - markdown: The spec's text; nil when it could not be read.
    ///   - manifest: The expected counts.
    ///   - file: The file's name in messages.
    /// - Throws: `HarnessError` (`missingResource`) naming the file and what is wrong.
    package static func checked(
        markdown: String?, against manifest: FixtureManifest = .shipped, file: String = "spec/protocol.md"
    ) throws(HarnessError) -> ProtocolSpec {
        guard let markdown else {
            throw HarnessError(
                code: .missingResource,
                message: "\(file) is missing from the ConformanceSpec resource bundle; rebuild the package")
        }
        let spec = ProtocolSpec(markdown: markdown)
        var problems: [String] = []
        let levels = Dictionary(grouping: spec.clauses, by: \.level.rawValue).mapValues(\.count)
        let levelDifferences = FixtureManifest.differences(found: levels, expected: manifest.specClausesByLevel)
        if !levelDifferences.isEmpty {
            problems.append(
                "\(spec.clauses.count) clauses where the kit expects \(manifest.specClauses): "
                    + levelDifferences.joined(separator: ", "))
        }
        let obligations = spec.clauses.flatMap(\.obligations)
        if obligations.count != manifest.specObligations {
            problems.append(
                "\(obligations.count) obligations (appendix C rows of defined clauses) where the kit expects \(manifest.specObligations)"
            )
        }
        for (kind, ids) in [("clause", spec.clauses.map(\.id)), ("obligation", obligations.map(\.id))] {
            let repeated = Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
            if !repeated.isEmpty {
                problems.append("\(kind) ids defined more than once: " + repeated.joined(separator: ", "))
            }
        }
        let bare = spec.clauses.filter { ($0.level == .must || $0.level == .should) && $0.obligations.isEmpty }.map(
            \.id)
        if !bare.isEmpty {
            problems.append("MUST or SHOULD clauses without obligations: " + bare.joined(separator: ", "))
        }
        guard problems.isEmpty else {
            throw HarnessError(
                code: .missingResource,
                message: "\(file): " + problems.joined(separator: "; ") + ". " + FixtureManifest.remedy)
        }
        return spec
    }

    /// Parses clauses written as `**[AREA-N]** sentence...` (a clause runs to the next blank line) and
    /// obligations written as table rows `| AREA-N.x | side | text |`.
    /// - Parameter markdown: The spec text.
    package init(markdown: String) {
        // Plain string tests first, the regular expressions only on the lines they can match: parsing
        // is part of every run's start-up.
        var obligations: [String: [ObligationRow]] = [:]
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") && line.hasSuffix(" |") {
            let cells = line.dropFirst(2).dropLast(2).split(
                separator: " | ", maxSplits: 2, omittingEmptySubsequences: false)
            guard cells.count == 3, Self.isObligationID(cells[0]), ["N", "J", "P"].contains(cells[1]), !cells[2].isEmpty
            else { continue }
            let obligation = ObligationRow(id: String(cells[0]), side: String(cells[1]), text: String(cells[2]))
            obligations[obligation.clause, default: []].append(obligation)
        }
        var clauses: [ClauseText] = []
        for paragraph in markdown.components(separatedBy: "\n\n") {
            let text = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.prefix(6).contains("**["),
                let match = text.firstMatch(of: /^(?:[-*] )?\*\*\[([A-Z]+-[0-9]+)\]\*\*\s*/)
            else { continue }
            let body = String(text[match.range.upperBound...])
            let level: RequirementLevel
            if body.contains("MUST") {
                level = .must
            } else if body.contains("SHOULD") {
                level = .should
            } else if body.contains("MAY") {
                level = .may
            } else {
                level = .informational
            }
            let id = String(match.output.1)
            clauses.append(ClauseText(id: id, level: level, text: body, obligations: obligations[id] ?? []))
        }
        self.clauses = clauses
    }

    /// Whether `text` has the form of an obligation id, `AREA-N.x`.
    private static func isObligationID(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ ("A"..."Z").contains($0) }) else {
            return false
        }
        let number = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard number.count == 2, !number[0].isEmpty, number[0].allSatisfy(\.isASCII), number[0].allSatisfy(\.isNumber)
        else { return false }
        return number[1].count == 1 && ("a"..."z").contains(number[1].first!)
    }

    /// The clause with `id`, if any.
    package func clause(_ id: String) -> ClauseText? { clauses.first { $0.id == id } }

    /// The level a check citing `citation` (a clause or obligation id) is judged at: its clause's; nil for
    /// an id the spec does not define.
    /// - Parameter citation: A check's clause or obligation id.
    package func level(ofCitation citation: String) -> RequirementLevel? {
        clause(String(citation.prefix { $0 != "." }))?.level
    }

    /// For each clause, the cases citing it, in catalogue order.
    /// - Parameter cases: The catalogue.
    package func coverage(by cases: [ConformanceCase]) -> [(clause: ClauseText, cases: [String])] {
        clauses.map { clause in (clause, cases.filter { $0.clauses.contains(clause.id) }.map(\.id)) }
    }

    /// The obligation a check citing `citation` counts for: the obligation it names, or the only
    /// obligation of the clause it names; nil for a clause with several obligations or an unknown id.
    /// - Parameter citation: A check's clause or obligation id.
    package func obligation(citedBy citation: String) -> ObligationRow? {
        let clauseID = String(citation.prefix { $0 != "." })
        guard let obligations = clause(clauseID)?.obligations else { return nil }
        if citation == clauseID { return obligations.count == 1 ? obligations[0] : nil }
        return obligations.first { $0.id == citation }
    }

    /// The coverage table as text: one row per clause with its level, the number of distinct checks
    /// citing it (when `checks` is given) and its citing cases; under it, with checks, one row per
    /// obligation with its side, its number of distinct checks and its text; then totals.
    /// - Parameters:
    ///   - cases: The catalogue.
    ///   - checks: The checks the catalogue made on a run (clause or obligation, and what was checked),
    ///     or nil to leave the checks out.
    ///   - mutants: For each obligation id, the mutants breaking it, or nil to leave the mutants out.
    ///   - mutantGaps: For obligations no mutant breaks, why.
    package func coverageTable(
        for cases: [ConformanceCase], checks: [CaseCheck]? = nil,
        mutants: [String: [String]]? = nil,
        mutantGaps: [String: String] = [:]
    ) -> String {
        let rows = coverage(by: cases)
        var checksByClause: [String: Set<String>] = [:], checksByObligation: [String: Set<String>] = [:]
        for check in checks ?? [] {
            checksByClause[String(check.citedID.prefix { $0 != "." }), default: []].insert(check.message)
            if let obligation = obligation(citedBy: check.citedID) {
                checksByObligation[obligation.id, default: []].insert(check.message)
            }
        }
        let width = max((rows.map(\.clause.id.count).max() ?? 6) + 4, 12)
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - text.count))
        }
        var lines = [
            padded("clause", width) + padded("level", 8) + (checks == nil ? "" : padded("checks", 8))
                + (mutants == nil ? "" : padded("mutants", 9)) + "cases"
        ]
        for (clause, citing) in rows {
            var line = padded(clause.id, width) + padded(clause.level.rawValue, 8)
            if checks != nil { line += padded("\(checksByClause[clause.id]?.count ?? 0)", 8) }
            if let mutants {
                line += padded("\(clause.obligations.reduce(0) { $0 + (mutants[$1.id]?.count ?? 0) })", 9)
            }
            lines.append(
                line
                    + (citing.isEmpty
                        ? (clause.text.hasPrefix("*Withdrawn.*") ? "-- withdrawn --" : "-- NOT COVERED --")
                        : "\(citing.count): " + citing.joined(separator: ", ")))
            guard checks != nil else { continue }
            for obligation in clause.obligations {
                let count = checksByObligation[obligation.id]?.count ?? 0
                let binding = clause.level == .must || clause.level == .should
                var gaps: [String] = []
                if count == 0 && binding {
                    gaps.append("NO CHECK (\(Self.obligationsWithoutChecks[obligation.id] ?? "no reason written"))")
                }
                if binding, let mutants, mutants[obligation.id] == nil {
                    gaps.append("NO MUTANT (\(mutantGaps[obligation.id] ?? "no reason written"))")
                }
                let mutantColumn = mutants.map { padded("\($0[obligation.id]?.count ?? 0)", 9) } ?? ""
                lines.append(
                    "  " + padded(obligation.id, width - 2) + padded(obligation.side, 8) + padded("\(count)", 8)
                        + mutantColumn
                        + obligation.text + (gaps.isEmpty ? "" : " -- " + gaps.joined(separator: "; ")))
            }
        }
        for level in [RequirementLevel.must, .should, .may] {
            let ofLevel = rows.filter { $0.clause.level == level }
            lines.append("\(level.rawValue): \(ofLevel.filter { !$0.cases.isEmpty }.count)/\(ofLevel.count) covered")
        }
        let normative = rows.filter { $0.clause.level != .informational }
        lines.append(
            "total: \(covered(normative))/\(normative.count) normative clauses covered by \(cases.count) cases"
                + (normative.count < rows.count ? " (\(rows.count - normative.count) withdrawn)" : ""))
        if let checks {
            let binding = rows.filter { $0.clause.level == .must || $0.clause.level == .should }.flatMap(
                \.clause.obligations)
            let checked = binding.filter { checksByObligation[$0.id] != nil }.count
            let distinct = Set(checks.map { $0.citedID + "\u{0}" + $0.message }).count
            lines.append("obligations: \(checked)/\(binding.count) MUST and SHOULD obligations checked")
            if let mutants {
                let broken = binding.filter { mutants[$0.id] != nil }.count
                lines.append(
                    "mutants: \(mutants.values.reduce(0) { $0 + $1.count }) breaking \(broken)/\(binding.count) MUST and SHOULD obligations"
                )
            }
            lines.append(
                "checks: \(distinct) distinct explicit checks on the reference run, implicit ones (every case's web view and wire lint) included"
            )
        }
        return lines.joined(separator: "\n")
    }

    private func covered(_ rows: [(clause: ClauseText, cases: [String])]) -> Int {
        rows.filter { !$0.cases.isEmpty }.count
    }
}

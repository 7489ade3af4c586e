import ConformanceKit
import Foundation
import KitTestSupport
import TestTiers
import Testing

@Suite("The spec and the cases agree")
struct SpecTests {
    /// Clause ids defined in `spec/protocol.md` as `**[ID]**`.
    static func definedClauses() throws -> [String] {
        let specURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("spec/protocol.md")
        let text = try String(contentsOf: specURL, encoding: .utf8)
        return text.matches(of: /\*\*\[([A-Z]+-[0-9]+)\]\*\*/).map { String($0.output.1) }
    }

    @Test("every clause is defined once")
    func clausesUnique() throws {
        let clauses = try Self.definedClauses()
        #expect(clauses.count > 20)
        #expect(Set(clauses).count == clauses.count, "duplicate clause ids")
    }

    @Test(
        "every normative clause is cited by at least one case; withdrawn clauses oblige nothing (coverage table printed)"
    )
    func everyClauseCovered() throws {
        let spec = try ProtocolSpec.bundled()
        print(spec.coverageTable(for: Catalogue.all))
        #expect(
            spec.clauses.count == (try Self.definedClauses()).count,
            "the bundled spec differs from spec/protocol.md: rebuild")
        for (clause, cases) in spec.coverage(by: Catalogue.all) where clause.level != .informational {
            #expect(
                !cases.isEmpty,
                "\(clause.id) [\(clause.level.rawValue)] is cited by no case: \(clause.text.prefix(100))")
        }
    }

    @Test("every MUST and SHOULD clause has obligations, with unique ids")
    func obligationsDefined() throws {
        let spec = try ProtocolSpec.bundled()
        let ids = spec.clauses.flatMap(\.obligations).map(\.id)
        #expect(ids.count > 150)
        #expect(Set(ids).count == ids.count, "duplicate obligation ids")
        for clause in spec.clauses where clause.level == .must || clause.level == .should {
            #expect(
                !clause.obligations.isEmpty, "\(clause.id) [\(clause.level.rawValue)] has no obligation in appendix C")
        }
        for clause in spec.clauses where clause.level == .may || clause.level == .informational {
            #expect(
                clause.obligations.isEmpty,
                "\(clause.id) [\(clause.level.rawValue)] obliges nothing, yet appendix C lists obligations for it")
        }
    }

    @MainActor
    @Test(
        "every MUST and SHOULD obligation has a check on the reference run, or a stated reason; every check names an obligation listed by its case; no clause with several obligations rests on one case (coverage printed)",
        .fullTier)
    func everyObligationChecked() async throws {
        let spec = try ProtocolSpec.bundled()
        // The canonical reference on the catalogue, and the wkwvjb one on its dialect's own cases.
        let shared = try await Kit.referenceRun().merging(try await Kit.wkwvjbReferenceRun()) { canonical, wkwvjb in
            canonical.verdict == .notApplicable ? wkwvjb : canonical
        }
        let results = Catalogue.all.compactMap { shared[$0.id] }
        let checks = results.flatMap(\.checks)
        print(spec.coverageTable(for: Catalogue.all, checks: checks))
        for check in checks {
            #expect(
                spec.obligation(citedBy: check.citedID) != nil,
                "the check \"\(check.message)\" cites \(check.citedID), which is no obligation (cite one of appendix C)"
            )
        }
        let implicit = Set(CaseContext.implicitChecks.map(\.message))
        for result in results {
            for check in result.checks where !implicit.contains(check.message) {
                let clause = CheckFailure.citation(check.citedID).clause
                #expect(
                    result.clauses.contains(clause),
                    "\(result.caseID) checks \(check.citedID) (\"\(check.message)\") but does not list \(clause) in its clauses"
                )
            }
        }
        // No clause with several checkable obligations rests on one case (the implicit checks run in every case).
        var casesByClause: [String: Set<String>] = [:]
        for result in results {
            for check in result.checks {
                casesByClause[CheckFailure.citation(check.citedID).clause, default: []].insert(result.caseID)
            }
        }
        for clause in spec.clauses where clause.level == .must || clause.level == .should {
            let checkable = clause.obligations.filter { ProtocolSpec.obligationsWithoutChecks[$0.id] == nil }
            guard checkable.count > 1 else { continue }
            let cases = casesByClause[clause.id, default: []]
            #expect(
                cases.count >= 2,
                "\(clause.id) has \(checkable.count) checkable obligations but rests on one case: \(cases.sorted())")
        }
        let checked = Set(checks.compactMap { spec.obligation(citedBy: $0.citedID)?.id })
        for clause in spec.clauses where clause.level == .must || clause.level == .should {
            for obligation in clause.obligations {
                let reason = ProtocolSpec.obligationsWithoutChecks[obligation.id]
                #expect(
                    checked.contains(obligation.id) || reason != nil,
                    "\(obligation.id) [\(clause.level.rawValue)] has no check: \(obligation.text)")
                #expect(
                    !(checked.contains(obligation.id) && reason != nil),
                    "\(obligation.id) has checks now: drop it from ProtocolSpec.obligationsWithoutChecks")
            }
        }
    }

    @Test("every clause a case cites is defined in the spec")
    func citedClausesExist() throws {
        let defined = Set(try Self.definedClauses())
        for conformanceCase in Catalogue.all {
            for clause in conformanceCase.clauses {
                #expect(
                    defined.contains(clause),
                    "\(conformanceCase.id) cites \(clause), which spec/protocol.md does not define")
            }
        }
    }
}

import ConformanceKit
import Foundation
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

    @Test("every normative clause is cited by at least one case (coverage table printed)")
    func everyClauseCovered() throws {
        let spec = try ProtocolSpec.bundled()
        print(spec.coverageTable(for: Catalogue.all))
        #expect(spec.clauses.count == (try Self.definedClauses()).count, "the bundled spec differs from spec/protocol.md: rebuild")
        for (clause, cases) in spec.coverage(by: Catalogue.all) {
            #expect(!cases.isEmpty, "\(clause.id) [\(clause.level.rawValue)] is cited by no case: \(clause.text.prefix(100))")
        }
    }

    @Test("every clause a case cites is defined in the spec")
    func citedClausesExist() throws {
        let defined = Set(try Self.definedClauses())
        for conformanceCase in Catalogue.all {
            for clause in conformanceCase.clauses {
                #expect(defined.contains(clause), "\(conformanceCase.id) cites \(clause), which spec/protocol.md does not define")
            }
        }
    }
}

import BridgeMutants
import ConformanceKit
import KitTestSupport
import ReferenceBridge
import TestTiers
import Testing
import WireDialects

@Suite("The catalogue against the reference bridge")
@MainActor
struct CatalogueTests {
    /// The catalogue's cases the canonical profile runs: all but those of another dialect's own clauses.
    nonisolated static let canonicalCases = Catalogue.all.filter { $0.dialects.contains(.canonical) }

    @Test("the reference bridge (async evaluation) passes", .fullTier, arguments: canonicalCases)
    func referencePasses(_ conformanceCase: ConformanceCase) async throws {
        let result = try await Kit.referenceResult(of: conformanceCase)
        #expect(result.verdict == .pass, "\(result.report)")
    }

    @Test("the reference bridge (sync evaluation) passes", .fullTier, arguments: TestTier.sample(canonicalCases))
    func synchronousReferencePasses(_ conformanceCase: ConformanceCase) async throws {
        let result = try await Kit.run(conformanceCase) { ReferenceBridgeAdapter(evaluationStyle: .synchronous) }
        #expect(result.verdict == .pass, "\(result.report)")
    }

    @Test("the catalogue is large enough and covers every area twice")
    func catalogueShape() {
        #expect(Catalogue.all.count >= 12)
        let areas = Dictionary(grouping: Catalogue.all, by: \.area).mapValues(\.count)
        for area in ["ordering", "startup", "callbacks", "escaping", "missing-handler", "alert-safety"] {
            #expect(areas[area, default: 0] >= 2, "area \(area) has \(areas[area, default: 0]) cases")
        }
    }

    @Test("case ids are unique, hierarchical and stable-looking; every case cites a clause and says what it checks")
    func caseMetadata() {
        let ids = Catalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for conformanceCase in Catalogue.all {
            #expect(
                conformanceCase.id.wholeMatch(of: /[a-z0-9-]+(\.[a-z0-9-]+)+/) != nil, "bad id \(conformanceCase.id)")
            #expect(!conformanceCase.clauses.isEmpty, "\(conformanceCase.id) cites no clause")
            #expect(!conformanceCase.summary.isEmpty, "\(conformanceCase.id) has no summary")
            for clause in conformanceCase.clauses {
                #expect(
                    clause.wholeMatch(of: /[A-Z]+-[0-9]+/) != nil,
                    "\(conformanceCase.id) cites malformed clause \(clause)")
            }
        }
    }

    @Test("every case is expected to catch at least one mutant, and mutants only name existing cases")
    func everyCaseHasAMutant() {
        let expected = Set(MutantCatalogue.all.flatMap(\.caughtBy))
        for conformanceCase in Catalogue.all {
            #expect(expected.contains(conformanceCase.id), "no mutant is expected to fail \(conformanceCase.id)")
        }
        let ids = Set(Catalogue.all.map(\.id))
        for mutant in MutantCatalogue.all {
            #expect(!mutant.caughtBy.isEmpty)
            for id in mutant.caughtBy { #expect(ids.contains(id), "mutant \(mutant.id) names unknown case \(id)") }
        }
    }
}

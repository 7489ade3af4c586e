import ConformanceCatalogue
import ContainerCatalogue
import ReferenceContainer
import Testing

/// The reference container passes every case of the container profile, and the profile's cases cite its spec.
@MainActor
@Suite struct ReferenceContainerTests {
    @Test func referencePassesEveryCase() async throws {
        let runner = try ContainerRunner()
        let results = await runner.run(ContainerCatalogue.all) { ReferenceContainerAdapter() }
        for result in results where result.verdict != .pass {
            Issue.record("\(result.caseID): \(result.verdict)\n\(result.report)")
        }
        #expect(results.count == ContainerCatalogue.all.count)
    }

    @Test func everyCaseCitesClausesOfTheContainerSpec() throws {
        let spec = try ContainerSpec.bundled()
        let ids = ContainerCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count, "case ids are unique")
        for containerCase in ContainerCatalogue.all {
            for clause in containerCase.clauses {
                #expect(
                    spec.clause(clause) != nil, "\(containerCase.id) cites \(clause), which spec/container.md lacks")
            }
        }
    }
}

import ConformanceCatalogue
import ContainerCatalogue
import ContainerPortAdapter
import TestTiers
import Testing

/// A container the kit did not write (its own page library, its own glue, answers on the next main-queue turn)
/// passes the whole container profile through its 11-line adapter.
@MainActor
@Suite struct ContainerPortTests {
    @Test(.fullTier) func portPassesEveryCaseInProcess() async throws {
        let runner = try ContainerRunner()
        let results = await runner.run(ContainerCatalogue.all) { ContainerPortAdapter() }
        for result in results where result.verdict != .pass {
            Issue.record("\(result.caseID): \(result.verdict)\n\(result.report)")
        }
        #expect(results.count == ContainerCatalogue.all.count)
    }
}

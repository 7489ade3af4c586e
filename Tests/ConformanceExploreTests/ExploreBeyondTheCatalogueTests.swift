import BridgeMutants
import ConformanceKit
import TestTiers
import Testing

/// Defects no case caught, found by explore, and the cases they taught: the glue half of issue 44's "found by
/// explore in a test" (the JS-side half is `MechanicalMutationTests.exploreFindsWhatNoCaseCaught`).
@Suite("Explore finds what no case caught")
@MainActor
struct ExploreBeyondTheCatalogueTests {
    @Test(
        "a glue that fetches only for the JS side's own queue URL passes every other case; explore finds it in its first programs, and the case it taught catches it",
        .fullTier)
    func glueClassifyingTwice() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "glue-fetches-only-for-its-own-queue-url"))
        let taught = "flush.fetch-command.queue-url-written-otherwise"
        let runner = try ConformanceRunner(configuration: try mutant.configuration())
        let before = await runner.run(Catalogue.all.filter { $0.id != taught }) { mutant.makeAdapter() }
        let caught = before.filter { $0.verdict.category != .clean }.map(\.caseID)
        #expect(caught == [], "cases that caught it before the case it taught: \(caught)")

        let explorer = try ExploreTests.explorer(
            configuration: try mutant.configuration(), candidate: { mutant.makeAdapter() })
        let report = await explorer.explore(ExploreOptions(seed: 1, runs: 100), generator: try ExploreTests.generator())
        let found = try #require(report.counterexample, "explore found nothing in 100 programs")
        #expect(found.differences.contains { $0.clause == "FLUSH-1" }, "\(found.differences)")
        #expect(found.shrunk.operations.count == 1, "\(found.shrunk.listing)")
        // Grouped, as `conformance run` explores: the error the page throws while fetching, missing with the
        // fetch, is the missing fetch's too (it once read as ESC-3, data changed on the way).
        let grouped = await explorer.explore(
            ExploreOptions(seed: 1, runs: 100, maxFindings: 5), generator: try ExploreTests.generator())
        #expect(
            grouped.findings.map(\.id) == ["explore.flush-1.missing-fetch", "explore.flush-1.missing-page-error"])

        let now = await runner.run(Catalogue.all.filter { $0.id == taught }) { mutant.makeAdapter() }
        #expect(now.map(\.verdict) == [.fail])
        #expect(now.first?.failedObligations == ["FLUSH-1.b"])
    }
}

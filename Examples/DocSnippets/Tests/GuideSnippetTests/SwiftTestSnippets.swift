import ConformanceKit
import ConformanceTesting
import Testing

@MainActor @Test(.conformanceSummary, arguments: Catalogue.all)
func wvjbConformance(_ conformanceCase: ConformanceCase) async {
    await ConformanceExpectations.expectConformance(conformanceCase, adapter: { MyBridgeAdapter() })
}

@MainActor @Test func explored() async throws {
    let outcome = try await ConformanceExploration.explore(adapter: { MyBridgeAdapter() }, seed: 1, runs: 300)
    #expect(!outcome.foundDifference, "\(outcome)")
}

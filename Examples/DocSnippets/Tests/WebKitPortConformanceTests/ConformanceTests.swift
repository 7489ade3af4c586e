import ConformanceKit
import ConformanceTesting
import Testing
import WebKitPortAdapter

@MainActor @Test(.conformanceSummary, arguments: Catalogue.all)
func wvjbConformance(_ conformanceCase: ConformanceCase) async {
    await ConformanceExpectations.expectConformance(conformanceCase, adapter: { WebKitPortAdapter() })
}

import ConformanceKit
import ConformanceTesting
import MiniBridgeConformanceAdapter
import Testing
import XCTest

/// The cases MiniBridge is known to fail, each with its verdict and why. Empty: it passes them all.
/// A fork that knowingly differs lists entries here (or loads them with `Baseline.load(from:)`); an entry
/// whose case passes is reported, so the list cannot go stale.
let miniBridgeBaseline = Baseline(entries: [
    // .init(caseGlob: "missing-handler.native.removed-handler", verdict: .fail, reason: "why it is accepted"),
])

/// The whole catalogue, one test per case, named by case id.
@MainActor
@Test("MiniBridge conforms to the WVJB protocol", arguments: Catalogue.all)
func wvjbConformance(_ conformanceCase: ConformanceCase) async {
    await ConformanceExpectations.expectConformance(conformanceCase, adapter: { MiniBridgeAdapter() }, baseline: miniBridgeBaseline)
}

/// The same catalogue through XCTest, for projects not on swift-testing.
final class MiniBridgeXCTestConformance: XCTestCase {
    @MainActor
    func testConformance() async {
        await ConformanceXCTest.assertConformance(adapter: { MiniBridgeAdapter() })
    }
}

import ConformanceKit
import ConformanceTesting
import Foundation
import MiniBridgeConformanceAdapter
import Testing
import XCTest

/// The cases MiniBridge is known to fail, each with its verdict and why: `conformance-baseline.json`, the
/// file `conformance run --baseline` gates the adapter executable with in CI, so both stay in step. An
/// entry whose case passes is reported, so the list cannot go stale.
let miniBridgeBaseline: Baseline = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("conformance-baseline.json")
    do { return try Baseline.load(from: file) } catch { fatalError("\(error)") }
}()

/// The whole catalogue, one test per case, named by case id.
@MainActor
@Test("MiniBridge conforms to the WVJB protocol", .conformanceSummary, arguments: Catalogue.all)
func wvjbConformance(_ conformanceCase: ConformanceCase) async {
    await ConformanceExpectations.expectConformance(
        conformanceCase, adapter: { MiniBridgeAdapter() }, baseline: miniBridgeBaseline)
}

/// The same catalogue through XCTest, for projects not on swift-testing.
final class MiniBridgeXCTestConformance: XCTestCase {
    @MainActor
    func testConformance() async {
        await ConformanceXCTest.assertConformance(adapter: { MiniBridgeAdapter() }, baseline: miniBridgeBaseline)
    }
}

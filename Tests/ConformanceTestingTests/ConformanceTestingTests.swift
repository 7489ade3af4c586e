import BridgeMutants
import ConformanceKit
import ConformanceTesting
import ReferenceBridge
import Testing
import XCTest

/// What an implementer writes: one parameterized test over the catalogue.
@MainActor
@Test("the reference bridge conforms (as an implementer's test would check it)", arguments: Catalogue.all)
func referenceConforms(_ conformanceCase: ConformanceCase) async {
    await ConformanceExpectations.expectConformance(conformanceCase, adapter: { ReferenceBridgeAdapter() })
}

@Suite("The swift-testing integration records what broke")
@MainActor
struct ConformanceExpectationsTests {
    let mutant = MutantCatalogue.mutant(named: "remove-handler-ignored")!
    let brokenCase = Catalogue.case(withID: "missing-handler.native.removed-handler")!

    @Test("a broken MUST is recorded as an issue")
    func mustFailureIsRecorded() async {
        await withKnownIssue("the mutant breaks MISS-2") {
            await ConformanceExpectations.expectConformance(brokenCase, adapter: { mutant.makeAdapter() })
        }
    }

    @Test("a failure the baseline expects is a known issue, not a failure")
    func baselineEntryIsKnownIssue() async {
        let baseline = Baseline(entries: [.init(caseGlob: "missing-handler.native.*", verdict: .fail, reason: "known in this fork")])
        await ConformanceExpectations.expectConformance(brokenCase, adapter: { mutant.makeAdapter() }, baseline: baseline)
    }

    @Test("a baseline entry whose case passes is recorded, so baselines never rot")
    func unexpectedPassIsRecorded() async {
        let baseline = Baseline(entries: [.init(caseGlob: brokenCase.id, verdict: .fail, reason: "fixed since")])
        await withKnownIssue("the reference passes a case the baseline expects to fail") {
            await ConformanceExpectations.expectConformance(brokenCase, adapter: { ReferenceBridgeAdapter() }, baseline: baseline)
        }
    }
}

/// The XCTest entry point.
final class ConformanceXCTestTests: XCTestCase {
    @MainActor
    func testReferenceConformsThroughXCTest() async {
        await ConformanceXCTest.assertConformance(adapter: { ReferenceBridgeAdapter() }, cases: Array(Catalogue.all.prefix(10)))
    }

    @MainActor
    func testBaselineEntriesAreKnownFailuresThroughXCTest() async {
        let mutant = MutantCatalogue.mutant(named: "remove-handler-ignored")!
        let baseline = Baseline(entries: [.init(caseGlob: "missing-handler.native.removed-handler", verdict: .fail, reason: "known in this fork")])
        await ConformanceXCTest.assertConformance(
            adapter: { mutant.makeAdapter() }, cases: [Catalogue.case(withID: "missing-handler.native.removed-handler")!], baseline: baseline)
    }
}

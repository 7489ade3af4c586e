import ConformanceKit
import XCTest

/// Runs the whole catalogue from an XCTest test, for projects not on swift-testing yet.
///
///     final class WVJBConformanceTests: XCTestCase {
///         @MainActor func testConformance() async {
///             await ConformanceXCTest.assertConformance(adapter: { MyBridgeAdapter() })
///         }
///     }
public enum ConformanceXCTest {
    /// Runs every case and fails the test once per broken MUST (SHOULD breaks are printed, not failed).
    ///
    /// With a baseline, failures it expects are printed, not failed; a baseline entry whose case now
    /// passes or fails differently, or that matches no case, fails the test, so the baseline cannot go
    /// stale. Entries for other platforms (`platforms` in the file) are ignored.
    /// - Parameters:
    ///   - adapter: Makes the adapter for your implementation.
    ///   - cases: The cases to run; the whole catalogue by default.
    ///   - baseline: Known failures, for a fork that knowingly differs.
    ///   - javaScriptSide: A JS side to inject instead of the kit's reference one (your fork's).
    ///   - file: Where failures are reported.
    ///   - line: Where failures are reported.
    @MainActor
    public static func assertConformance(
        adapter: AdapterFactory, cases: [ConformanceCase] = Catalogue.all, baseline: Baseline? = nil,
        javaScriptSide: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let runner: ConformanceRunner
        do { runner = try ConformanceRunner(configuration: .forImplementers(javaScriptSide: javaScriptSide)) } catch {
            XCTFail("\(error)", file: file, line: line)
            return
        }
        let results = await runner.run(cases, adapter: adapter)
        let gate = baseline?.gate(results, catalogueIDs: Catalogue.all.map(\.id))
        let expected = Set(gate?.expected.map(\.caseID) ?? [])
        for result in results {
            if result.verdict == .nonStrict && !expected.contains(result.caseID) {
                print("warning: \(result.report)")
            } else if expected.contains(result.caseID) {
                print("known failure (baseline): \(result.caseID) \(result.verdict)")
            } else if !result.verdict.isSuccess {
                XCTFail(result.report, file: file, line: line)
            }
        }
        if let gate {
            for (caseID, entry) in gate.unexpectedPasses {
                XCTFail("\(caseID) passes, but the baseline expects \(entry.verdict) (\(entry.reason)); remove the entry", file: file, line: line)
            }
            for (result, entry) in gate.changed {
                XCTFail("\(result.caseID) is \(result.verdict), but the baseline expects \(entry.verdict); update the entry", file: file, line: line)
            }
            for entry in gate.stale {
                XCTFail("the baseline entry \(entry.caseGlob) matches no case of the catalogue; remove or fix it", file: file, line: line)
            }
        }
    }
}

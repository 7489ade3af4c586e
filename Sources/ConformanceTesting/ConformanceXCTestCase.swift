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
    /// - Parameters:
    ///   - adapter: Makes the adapter for your implementation.
    ///   - cases: The cases to run; the whole catalogue by default.
    ///   - configuration: The harness set-up.
    ///   - file: Where failures are reported.
    ///   - line: Where failures are reported.
    @MainActor
    public static func assertConformance(
        adapter: AdapterFactory, cases: [ConformanceCase] = Catalogue.all,
        configuration: ConformanceRunner.Configuration = .init(), file: StaticString = #filePath, line: UInt = #line
    ) async {
        let runner: ConformanceRunner
        do { runner = try ConformanceRunner(configuration: configuration) } catch {
            XCTFail("\(error)", file: file, line: line)
            return
        }
        for result in await runner.run(cases, adapter: adapter) {
            if result.verdict == .nonStrict {
                print("warning: \(result.report)")
            } else if !result.verdict.isSuccess {
                XCTFail(result.report, file: file, line: line)
            }
        }
    }
}

import ConformanceKit
import Foundation
import WireDialects
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
    /// passes or fails differently (another verdict, a MUST obligation the entry does not pin, or no longer
    /// one it pins), or that matches no case, fails the test, so the baseline cannot go stale. Entries for other platforms (`platforms` in the file) are ignored. Each failure and printed
    /// line is the gate's issue (`GateIssue`), in the words the CLI and `ConformanceExpectations` use.
    /// - Parameters:
    ///   - adapter: Makes the adapter for your implementation.
    ///   - cases: The cases to run; the whole catalogue by default.
    ///   - baseline: Known failures, for a fork that knowingly differs.
    ///   - javaScriptSide: A JS side to inject instead of the kit's reference one (your fork's).
    ///   - profile: The dialect your implementation speaks (`.wkwvjb` for the WKWebViewJavascriptBridge
    ///     package's); a case that does not hold in it is not applicable.
    ///   - reports: Files to write the run's reports to, as `conformance run --report` does, each kind by its
    ///     extension: `.json` (`Fixtures/schemas/report.schema.json`), `.xml` (JUnit), `.md` (Markdown), `.html`
    ///     (one page for people), or a name ending in `.badge.json` (a shields.io badge).
    ///   - file: Where failures are reported.
    ///   - line: Where failures are reported.
    @MainActor
    public static func assertConformance(
        adapter: AdapterFactory, cases: [ConformanceCase] = Catalogue.all, baseline: Baseline? = nil,
        javaScriptSide: String? = nil, profile: WireDialect = .canonical, reports: [URL] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let results = await assertConformance(
            adapter: adapter, cases: cases, baseline: baseline, javaScriptSide: javaScriptSide, profile: profile,
            reports: reports
        ) {
            message in
            XCTFail(message, file: file, line: line)
        } print: { text in
            print(text)
        }
        // The totals and what to fix first, as `conformance run` puts them, after the issues of each case.
        guard !results.isEmpty else { return }
        print(RunTally.summaryLines(results, subject: "WVJB conformance (\(profile.name))").joined(separator: "\n"))
    }

    /// Runs `cases` and hands each failure to `fail` and each line to print to `print`: the kit's tests
    /// compare them with what the CLI and swift-testing print.
    /// - Parameters:
    ///   - fail: Fails the test with a message (an error issue, then the case's report).
    ///   - print: Prints a line or more (a warning with the case's report, or an expected failure).
    /// - Returns: The cases' results; none when the run could not start (a report name or a baseline refused).
    @MainActor @discardableResult
    package static func assertConformance(
        adapter: AdapterFactory, cases: [ConformanceCase], baseline: Baseline?, javaScriptSide: String?,
        profile: WireDialect = .canonical, reports: [URL] = [], fail: (String) -> Void, print: (String) -> Void
    ) async -> [CaseResult] {
        for report in reports where ReportFile(report) == nil {
            fail(
                "cannot write the report \(report.path): name it .json, .xml (JUnit), .md (Markdown), .html or .badge.json (a badge)"
            )
            return []
        }
        if let baseline, let mismatch = baseline.mismatch(withRunIn: profile.name) {
            fail(mismatch)
            return []
        }
        let runner: ConformanceRunner
        do {
            runner = try ConformanceRunner(
                configuration: .forImplementers(javaScriptSide: javaScriptSide, profile: profile))
        } catch {
            fail("\(error)")
            return []
        }
        let started = Date()
        let results = await runner.run(cases, adapter: adapter)
        var context = RunContext(adapter: "your adapter (swift test)", rerunWords: ["swift", "test"])
        context.profile = .wire(profile)
        context.date = started
        for report in reports.compactMap(ReportFile.init) {
            do throws(TextDestination.Failure) { try report.write(results, context: context) } catch {
                fail(error.message)
            }
        }
        // The whole run is known: your own cases among `cases` are not stale entries.
        let gate = (baseline ?? Baseline(entries: [])).gate(
            results, catalogueIDs: Catalogue.all.map(\.id) + cases.map(\.id))
        for issue in gate.issues {
            switch issue.severity {
            case .error: fail(issue.message)
            case .warning: print(issue.message)
            // The report of a failure the baseline accepts would only bury the lines that matter.
            case .knownIssue: print(issue.text)
            }
        }
        return results
    }
}

import ConformanceKit
import ConformanceTesting
import Foundation
import MiniBridgeConformanceAdapter
import Testing
import XCTest

/// MiniBridge's own cases, run beside the catalogue: one in Swift under a clause of MiniBridge's own, and one
/// case file (`Cases/`, the format `conformance explore --write-case` writes; docs/case-files.md).
enum OwnCases {
    /// MB-1, MiniBridge's promise to its apps: nested data reaches a JS handler and comes back unchanged.
    static func nestedData() throws -> ConformanceCase {
        try ConformanceCase.custom(
            id: "minibridge.nested-data", clause: "MB-1",
            summary: "nested data reaches a JS handler and comes back unchanged"
        ) { context in
            context.loadPage(
                #"setupWebViewJavascriptBridge(function (bridge) { bridge.registerHandler("show", conformance.echoHandler("show")); });"#
            )
            try await context.runUntilIdle()
            try context.callHandler("show", data: ["list": [1, "two"], "flag": true], callback: "shown")
            try await context.runUntilIdle()
            let sent = #"{"flag":true,"list":[1,"two"]}"#
            context.expectEqual(context.javaScriptHandlerCalls("show"), [sent], "what the JS handler show got")
            context.expectEqual(context.nativeCallbackAnswers("shown"), [sent], "what the callback shown got")
        }
    }

    /// Every case file in `Cases/`.
    @MainActor
    static func caseFiles() throws -> [ConformanceCase] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Cases")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        return try files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
            .map { try ConformanceCase.loadCaseFile($0) }
    }

    @MainActor
    static func all() throws -> [ConformanceCase] { [try nestedData()] + (try caseFiles()) }
}

/// MiniBridge with a bug a hurried port has: booleans read back with `as? Int` first, so they reach handlers
/// and callbacks as 1 and 0. The own cases must catch it.
final class BooleansAsNumbersAdapter: BridgeAdapter {
    private let adapter = MiniBridgeAdapter()

    func attach(to webView: SimulatedWebView) throws { try adapter.attach(to: webView) }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try adapter.registerHandler(name) { data, respond in handler(Self.numbersForBooleans(data), respond) }
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try adapter.callHandler(
            name, data: data,
            responseCallback: responseCallback.map { callback in { callback(Self.numbersForBooleans($0)) } })
    }

    private static func numbersForBooleans(_ value: Any?) -> Any? {
        switch value {
        case let flag as Bool: return flag ? 1 : 0
        case let list as [Any]: return list.map { numbersForBooleans($0) ?? NSNull() }
        case let object as [String: Any]: return object.mapValues { numbersForBooleans($0) ?? NSNull() }
        default: return value
        }
    }
}

@MainActor
@Test("MiniBridge's own cases pass, beside the catalogue")
func ownCasesPass() async throws {
    for conformanceCase in try OwnCases.all() {
        await ConformanceExpectations.expectConformance(conformanceCase, adapter: { MiniBridgeAdapter() })
    }
}

@MainActor
@Test("MiniBridge's own cases fail a bridge that turns booleans into numbers, and a baseline can expect that")
func ownCasesCatchABrokenBridge() async throws {
    for conformanceCase in try OwnCases.all() {
        await withKnownIssue("\(conformanceCase.id) fails the broken bridge") {
            await ConformanceExpectations.expectConformance(conformanceCase, adapter: { BooleansAsNumbersAdapter() })
        }
    }
    let baselineFile = FileManager.default.temporaryDirectory.appendingPathComponent("own-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: baselineFile) }
    try #"""
    {"format":"wvjb-conformance-baseline","version":2,"profile":"canonical","entries":[
      {"case":"minibridge.nested-data","obligations":["MB-1"],"reason":"the broken bridge reads booleans as numbers","verdict":"fail"},
      {"case":"explore.booleans","reason":"the broken bridge reads booleans as numbers","verdict":"fail"}
    ]}
    """#.write(to: baselineFile, atomically: true, encoding: .utf8)
    // One case at a time, the gate cannot know which of your cases run: tell the baseline of them.
    let baseline = try Baseline.load(from: baselineFile).knowing(try OwnCases.all())
    for conformanceCase in try OwnCases.all() {
        // Expected failures are known issues (recorded as such by the kit), never errors.
        await ConformanceExpectations.expectConformance(
            conformanceCase, adapter: { BooleansAsNumbersAdapter() }, baseline: baseline)
    }
}

/// The catalogue and MiniBridge's own cases in one run, with its reports.
final class MiniBridgeOwnCasesXCTest: XCTestCase {
    @MainActor
    func testOwnCasesInTheReports() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("minibridge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = ["conformance.json", "conformance.xml", "conformance.md"].map {
            folder.appendingPathComponent($0)
        }
        await ConformanceXCTest.assertConformance(
            adapter: { MiniBridgeAdapter() }, cases: Catalogue.all + (try OwnCases.all()), baseline: miniBridgeBaseline,
            reports: reports)
        for report in reports {
            let text = try String(contentsOf: report, encoding: .utf8)
            XCTAssertTrue(text.contains("minibridge.nested-data"), report.lastPathComponent)
            XCTAssertTrue(text.contains("explore.booleans"), report.lastPathComponent)
        }
    }
}

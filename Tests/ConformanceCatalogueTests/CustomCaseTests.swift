import BridgeMutants
import ConformanceFixtures
import ConformanceKit
import ConformanceTesting
import Foundation
import KitTestSupport
import ReferenceBridge
import StrictJSON
import Testing

/// An implementer's own cases (`ConformanceCase.custom`, case files): rules, runs beside the catalogue,
/// verdicts under the implementer's clause, the baseline gate and reports.
@Suite("Implementers' own cases")
@MainActor
struct CustomCaseTests {
    /// A case of the implementer's own clause APP-1: nested data goes to JS and back unchanged.
    static func nestedData(level: RequirementLevel = .must) throws -> ConformanceCase {
        try ConformanceCase.custom(
            id: "mybridge.nested-data", clause: "APP-1", level: level,
            summary: "nested data reaches a JS handler and comes back unchanged"
        ) { context in
            context.loadPage(
                #"setupWebViewJavascriptBridge(function (bridge) { bridge.registerHandler("show", conformance.echoHandler("show")); });"#
            )
            try await context.runUntilIdle()
            try context.callHandler("show", data: ["list": [1, "two", NSNull()], "flag": true], callback: "shown")
            try await context.runUntilIdle()
            let sent = #"{"flag":true,"list":[1,"two",null]}"#
            context.expectEqual(context.javaScriptHandlerCalls("show"), [sent], "what the JS handler show got")
            context.expectEqual(context.nativeCallbackAnswers("shown"), [sent], "what the callback shown got")
        }
    }

    @Test("a custom case passes on the reference and fails under its own clause on a bridge that breaks it")
    func customCaseVerdicts() async throws {
        let nested = try Self.nestedData()
        let reference = try await Kit.run([nested], adapter: { ReferenceBridgeAdapter() })[0]
        #expect(reference.verdict == .pass, "\(reference.report)")
        let mutant = try #require(MutantCatalogue.mutant(named: "object-data-sent-as-json-string"))
        let broken = try await Kit.run([nested], against: mutant)[0]
        #expect(broken.verdict == .fail, "\(broken.report)")
        #expect(broken.failures.contains { $0.clause == "APP-1" }, "\(broken.failures)")
        // A SHOULD of one's own is non-strict, not a failure.
        let should = try await Kit.run([try Self.nestedData(level: .should)], against: mutant)[0]
        #expect(should.verdict == .nonStrict, "\(should.report)")
    }

    @Test(
        "ids and clauses follow their rules, and a case's id never takes a catalogue area",
        arguments: [
            ("mybridge", "APP-1", "two or more"), ("MyBridge.x", "APP-1", "a-z, 0-9"),
            ("escaping.mine", "APP-1", "area of the kit's catalogue"), ("explore.mine", "APP-1", "or of explore"),
            ("mybridge.x", "app-1", "not a clause id"), ("mybridge.x", "APP1", "not a clause id"),
        ])
    func rulesAreEnforced(id: String, clause: String, message: String) throws {
        let error = #expect(throws: HarnessError.self) {
            _ = try ConformanceCase.custom(id: id, clause: clause, summary: "x") { _ in }
        }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.code == .invalidInput)
    }

    @Test("the XCTest entry point runs own cases beside the catalogue, gates them and writes every report")
    func ownCasesInTheGateAndReports() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("own-cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mutant = try #require(MutantCatalogue.mutant(named: "object-data-sent-as-json-string"))
        let reports = ["r.json", "r.xml", "r.md", "r.html"].map { folder.appendingPathComponent($0) }
        let badge = folder.appendingPathComponent("r.badge.json")
        var failures: [String] = [], printed: [String] = []
        let cases = [try Self.nestedData()] + Catalogue.all.filter { $0.id.hasPrefix("messages.js-to-native.") }
        await ConformanceXCTest.assertConformance(
            adapter: { mutant.makeAdapter() }, cases: cases, baseline: nil, javaScriptSide: nil,
            reports: reports + [badge], fail: { failures.append($0) }, print: { printed.append($0) })
        #expect(failures.contains { $0.hasPrefix("NEW FAILURE mybridge.nested-data: fail") }, "\(failures)")
        for report in reports {
            let text = try String(contentsOf: report, encoding: .utf8)
            #expect(text.contains("mybridge.nested-data") && text.contains("APP-1"), "\(report.lastPathComponent)")
        }
        #expect(
            try String(contentsOf: badge, encoding: .utf8).contains(#""color":"red""#), "a .badge.json is the badge")
        // A baseline entry for the own case makes it an expected failure, and is not stale.
        let baselineFile = folder.appendingPathComponent("baseline.json")
        try #"""
        {"format":"wvjb-conformance-baseline","version":1,"profile":"canonical","entries":[
          {"case":"mybridge.nested-data","reason":"objects travel as JSON text until 2.0","verdict":"fail"}
        ]}
        """#.write(to: baselineFile, atomically: true, encoding: .utf8)
        let baseline = try Baseline.load(from: baselineFile)
        failures = []
        printed = []
        await ConformanceXCTest.assertConformance(
            adapter: { mutant.makeAdapter() }, cases: [try Self.nestedData()], baseline: baseline,
            javaScriptSide: nil, fail: { failures.append($0) }, print: { printed.append($0) })
        #expect(failures.isEmpty, "\(failures)")
        #expect(printed.contains { $0.hasPrefix("EXPECTED FAILURE mybridge.nested-data: fail") }, "\(printed)")
        await ConformanceXCTest.assertConformance(
            adapter: { ReferenceBridgeAdapter() }, cases: [try Self.nestedData()], baseline: baseline,
            javaScriptSide: nil, fail: { failures.append($0) }, print: { printed.append($0) })
        #expect(failures.contains { $0.hasPrefix("UNEXPECTED PASS mybridge.nested-data") }, "\(failures)")
        #expect(!failures.contains { $0.hasPrefix("STALE ENTRY") }, "\(failures)")
    }

    @Test(
        "a case file loads as a case: it passes on the reference, fails the bridge whose defect it caught, and its format is the schema's"
    )
    func caseFileLoads() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("case-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("explore.booleans.json")
        try """
        {
          "format": "wvjb-explore-case/1",
          "id": "explore.booleans",
          "summary": "booleans the page sends reach the native handler as booleans",
          "clauses": ["ESC-3"],
          "operations": [
            {"op": "registerNative", "handler": "alpha", "reply": "echo"},
            {"op": "callNative", "handler": "alpha", "data": [true, false], "callback": true},
            {"op": "settle", "horizon": 0}
          ]
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/case-file.schema.json"), encoding: .utf8))
        let document = try JSONParser.parse(try String(contentsOf: file, encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: document).isEmpty)
        let loaded = try ConformanceCase.loadCaseFile(file)
        #expect(loaded.id == "explore.booleans" && loaded.clauses == ["ESC-3"])
        let reference = try await Kit.run([loaded], adapter: { ReferenceBridgeAdapter() })[0]
        #expect(reference.verdict == .pass, "\(reference.report)")
        let mutant = try #require(MutantCatalogue.mutant(named: "booleans-as-numbers"))
        let broken = try await Kit.run([loaded], against: mutant)[0]
        #expect(broken.verdict == .fail, "\(broken.report)")
        // A misspelt member is refused, naming it, as the schema would.
        try
            #"{"format": "wvjb-explore-case/1", "id": "explore.x", "clauses": ["ORD-1"], "operations": [{"op": "reset", "handler": "x"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let refused = #expect(throws: HarnessError.self) { _ = try ConformanceCase.loadCaseFile(file) }
        #expect(
            refused?.message.contains(#"operation 0 (reset): unknown member "handler""#) == true,
            "\(refused?.message ?? "")")
        #expect(
            !JSONSchemaValidator(schema: schema).violations(
                of: try JSONParser.parse(try String(contentsOf: file, encoding: .utf8))
            ).isEmpty)
    }
}

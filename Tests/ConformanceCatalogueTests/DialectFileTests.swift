import ConformanceFixtures
import Foundation
import KitTestSupport
import ReferenceBridge
import StrictJSON
import TestTiers
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports
@testable import ConformanceSupport

/// A third profile given as a file (`Examples/Dialects/hybrid-bridge.dialect.json`, a small invented
/// postMessage dialect whose words are all its own, common English ones among them): loaded strictly, run
/// without code, its cases renamed into it and read back unchanged.
@Suite("Dialect files: a third profile without code")
@MainActor
struct DialectFileTests {
    nonisolated static let example = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Dialects/hybrid-bridge.dialect.json")

    @Test("the example dialect file loads into the value it describes, and matches the schema")
    func exampleLoads() throws {
        let dialect = try WireDialect.load(from: Self.example)
        #expect(dialect.name == "hybrid-bridge")
        #expect(dialect.fetchCommand == "HybridBridge._takeQueue();")
        #expect(dialect.deliveryCommand(literal: "{}") == "HybridBridge._receiveFromHost('{}');")
        #expect(dialect.loadSignal == .scriptMessage(handlerName: "hybridInject"))
        #expect(dialect.keys.all == ["hbName", "hbData", "hbCallback", "hbResponse", "hbResult"])
        #expect(dialect.disableSafetyTimeoutHandler == nil && dialect.nativeSideWord == "Host")
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/dialect.schema.json"), encoding: .utf8))
        let document = try JSONParser.parse(try String(contentsOf: Self.example, encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: document).isEmpty)
    }

    @Test(
        "a dialect file that cannot be used is refused, naming the field",
        arguments: [
            (#""keys": {"#, #""keys": {"extra": "x", "#, "keys.extra: unknown field"),
            (#""hbName""#, #""hb name""#, #"keys.handlerName: "hb name" is not a JavaScript identifier"#),
            (
                #""loadSignal": { "scriptMessage": "hybridInject" }"#, #""loadSignal": {}"#,
                #"loadSignal: give either "navigation""#
            ),
            (#""name": "hybrid-bridge""#, #""name": "wkwvjb""#, #"name: "wkwvjb" is a shipped profile's name"#),
            (#""version": 1"#, #""version": 2"#, "version: expected 1, found the number 2"),
            (#""safetyTimeoutSwitch": null,"#, "", "safetyTimeoutSwitch: required field missing"),
            (#""version": 1"#, #""version": 1, "version": 1"#, #"the key "version" appears twice in one object"#),
            (
                #""callHandlerFunction": "send""#, #""callHandlerFunction": "on""#,
                #"callHandlerFunction: "on" is registerHandlerFunction's word too; give each field a word of its own"#
            ),
            (
                #""hbData""#, #""hybridInject""#,
                #"keys.data: "hybridInject" is loadSignal.scriptMessage's word too"#
            ),
            (
                #""hbData""#, #""__proto__""#,
                #"keys.data: "__proto__" is a name JavaScript keeps for an object's prototype"#
            ),
        ])
    func badFilesAreRefused(replacing old: String, with new: String, message: String) throws {
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        #expect(text.contains(old))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dialect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.dialect.json")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
        let error = Kit.harnessErrorMessage { () throws(HarnessError) in try WireDialect.load(from: file) }
        #expect(error.hasPrefix(file.path + ": ") && error.contains(message), "\(error)")
    }

    @Test(
        "the reference in the file's dialect passes every case whose clauses hold there; the others say why not",
        .fullTier)
    func referencePassesTheFileProfile() async throws {
        let dialect = try WireDialect.load(from: Self.example)
        let results = try await Kit.run(
            Catalogue.all, configuration: .init(javaScriptSideUnderTest: true, dialect: dialect)
        ) { ReferenceBridgeAdapter(dialect: dialect) }
        for (conformanceCase, result) in zip(Catalogue.all, results) {
            if let reason = DialectApplicability.whyNotApplicable(conformanceCase, in: dialect) {
                #expect(result.interruption?.text == "not applicable in the hybrid-bridge profile: \(reason)")
            } else {
                #expect(result.verdict == .pass, "\(result.report)")
            }
        }
        // The navigation-signal and safety clauses' cases are not applicable; the cases of the script-message
        // clauses (WK-1 to WK-5, written in the wkwvjb dialect's words) run renamed from those words.
        #expect(results.filter { $0.verdict == .notApplicable }.count == 24)
        #expect(results.filter { $0.verdict == .pass }.count == 146)
        let scriptMessageCases = zip(Catalogue.all, results).filter { $0.0.dialects == [.wkwvjb] }
        #expect(scriptMessageCases.count == 6 && scriptMessageCases.allSatisfy { $0.1.verdict == .pass })
        #expect(DialectRecognition.hint(for: results, profile: dialect) == nil)
    }

    @Test("renaming is one-to-one: text that already holds a dialect's word reads the same after the round trip")
    func renamingIsAPermutation() throws {
        let dialect = try WireDialect.load(from: Self.example)
        let toRun = try #require(DialectRenaming(wordsFrom: .canonical, to: dialect))
        let data = "on the new page, send registerHandler"
        #expect(toRun.rename(data) == "registerHandler the new page, callHandler on")
        #expect(toRun.reversed.rename(toRun.rename(data)) == data)
        let script = #"WebViewJavascriptBridge.registerHandler("x", function (data) {});"#
        #expect(toRun.rename(script) == #"HybridBridge.on("x", function (hbData) {});"#)
    }
}

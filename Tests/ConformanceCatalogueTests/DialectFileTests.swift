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

    /// The words a dialect file may not take because the kit's scripts already use them for something else (the
    /// case pages, renamed into the dialect, use the same names): each row is a word measured against the
    /// reference under the example file (with `keys.data` set to it) before the file refused it, and what that run
    /// gave, when the kit still renamed its JS side rather than rendering it (`KitScriptTemplate`).
    @Test(
        "a word the kit's renamed scripts use for something else is refused, naming the field and the script",
        arguments: [
            // 122 cases failed: `.length` of the queue and of arguments was renamed to `hbData`'s source word.
            ("length", "js/WebViewJavascriptBridge.js"),
            // harness-error, "the kit's own file is damaged": `sendMessageQueue.push(...)` became `.data(...)`.
            ("push", "js/WebViewJavascriptBridge.js"),
            // harness-error, "the kit's own file is damaged": `window.WKWebViewJavascriptBridge` broke.
            ("window", "js/WebViewJavascriptBridge.js"),
            // harness-error, "the kit's own file is damaged": `JSON.stringify` became `data.stringify`.
            ("JSON", "js/WebViewJavascriptBridge.js"),
            // harness-error, "the kit's own file is damaged": `setTimeout(...)` became `data(...)`.
            ("setTimeout", "js/WebViewJavascriptBridge.js"),
            // 104 cases failed: every case page's `conformance.echoHandler(...)` became `data.echoHandler(...)`.
            ("conformance", "the case page prelude"),
        ])
    func wordsTheKitsScriptsUseAreRefused(word: String, script: String) throws {
        let error = try loadError(replacing: #""hbData""#, with: "\"\(word)\"")
        #expect(
            error.contains(
                #"keys.data: "\#(word)" is a name the kit's scripts already use in this dialect (\#(script)"#),
            "\(error)")
        #expect(error.hasSuffix("choose another"), "\(error)")
    }

    @Test(
        "names JavaScript gives every object, and that the kit's scripts do not use, stay accepted",
        arguments: ["constructor", "toString", "hasOwnProperty", "valueOf"])
    func namesTheScriptsDoNotUseAreAccepted(word: String) throws {
        let dialect = try load(replacing: #""hbData""#, with: "\"\(word)\"")
        #expect(dialect.keys.data == word)
    }

    @Test("a file giving the words of a shipped dialect, or the example's, loads", arguments: WireDialect.shipped)
    func shippedWordsAreAccepted(shipped: WireDialect) throws {
        #expect(try WireDialect.load(from: Self.example).name == "hybrid-bridge")
        let copy = try load(text: Self.dialectFile(shipped, name: "copy-of-\(shipped.name)"))
        #expect(copy.wordsAndSignals == shipped.wordsAndSignals)
        // The words of one dialect with the other's signals: the kit's scripts are renamed from the other one.
        let other = try #require(WireDialect.shipped.first { $0 != shipped })
        let crossed = Self.dialectFile(shipped, name: "crossed", signalsOf: other)
        #expect(try load(text: crossed).name == "crossed")
    }

    /// The example files of the navigation dialects without a safety timeout (`Examples/Dialects/README.md`):
    /// the ClientBridge family (its page SDK object `mpBridge.ready`), and WVJB's snippet on a scheme of its own
    /// (full tier: each file is a whole catalogue on the quick tier's one main thread).
    @Test(
        "the ClientBridge and plain navigation example files: the reference passes, the rest not applicable",
        .fullTier, arguments: [("clientbridge", 152, 18), ("plain-navigation", 155, 15)])
    func navigationExamplesPass(name: String, passing: Int, notApplicable: Int) async throws {
        let file = Self.example.deletingLastPathComponent().appendingPathComponent("\(name).dialect.json")
        let dialect = try WireDialect.load(from: file)
        let results = try await Self.referenceRun(in: dialect)
        #expect(results.filter { $0.verdict == .pass }.count == passing)
        #expect(results.filter { $0.verdict == .notApplicable }.count == notApplicable)
        #expect(DialectRecognition.hint(for: results, profile: .wire(dialect)) == nil)
    }

    @Test(
        "the reference in the file's dialect passes every case whose clauses hold there; the others say why not",
        .fullTier)
    func referencePassesTheFileProfile() async throws {
        let dialect = try WireDialect.load(from: Self.example)
        let results = try await Self.referenceRun(in: dialect)
        // The navigation-signal and safety clauses' cases are not applicable; the cases of the script-message
        // clauses (WK-1 to WK-5, written in the wkwvjb dialect's words) run renamed from those words.
        #expect(results.filter { $0.verdict == .notApplicable }.count == 24)
        #expect(results.filter { $0.verdict == .pass }.count == 146)
        let scriptMessageCases = zip(Catalogue.all, results).filter { $0.0.dialects == [.wkwvjb] }
        #expect(scriptMessageCases.count == 6 && scriptMessageCases.allSatisfy { $0.1.verdict == .pass })
        #expect(DialectRecognition.hint(for: results, profile: .wire(dialect)) == nil)
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

    /// The example file with `old` replaced by `new`, loaded.
    private func load(replacing old: String, with new: String) throws -> WireDialect {
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        #expect(text.contains(old))
        return try load(text: text.replacingOccurrences(of: old, with: new))
    }

    /// The error loading the example file with `old` replaced by `new` gives, after the file's path.
    private func loadError(replacing old: String, with new: String) throws -> String {
        do {
            let dialect = try load(replacing: old, with: new)
            Issue.record("loaded \(dialect.name)")
            return ""
        } catch let error as HarnessError {
            let message = error.message
            let prefix = try #require(message.range(of: ".dialect.json: "))
            return String(message[prefix.upperBound...])
        }
    }

    /// `text` as a dialect file, loaded.
    private func load(text: String) throws -> WireDialect {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dialect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mine.dialect.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try WireDialect.load(from: file)
    }

    /// The catalogue against the reference speaking `dialect`, expecting every applicable case to pass and every
    /// other one to say why it does not apply.
    static func referenceRun(
        in dialect: WireDialect, cases: [ConformanceCase] = Catalogue.all
    ) async throws -> [CaseResult] {
        let results = try await Kit.runReference(cases, in: dialect)
        for (conformanceCase, result) in zip(cases, results) {
            if let reason = DialectApplicability.whyNotApplicable(conformanceCase, in: dialect) {
                #expect(result.interruption?.text == "not applicable in the \(dialect.name) profile: \(reason)")
            } else {
                #expect(result.verdict == .pass, "in the \(dialect.name) dialect:\n\(result.report)")
            }
        }
        return results
    }

    /// A dialect file giving `dialect`'s words under `name`, with the signals and safety switch of
    /// `signalsOf` (by default its own).
    private static func dialectFile(_ dialect: WireDialect, name: String, signalsOf: WireDialect? = nil) -> String {
        let signals = signalsOf ?? dialect
        func quoted(_ word: String) -> String { "\"\(word)\"" }
        func schemes(_ navigation: NavigationSignal) -> String {
            navigation.schemes.map(quoted).joined(separator: ", ")
        }
        func signal(_ signal: WireSignal, _ own: WireSignal) -> String {
            // The host or handler name is the dialect's own word where it has one of that kind.
            switch (signal, own) {
            case let (.navigation(navigation), .navigation(ownNavigation)):
                #"{"navigation": {"schemes": [\#(schemes(navigation))], "host": "\#(ownNavigation.host)"}}"#
            case let (.navigation(navigation), _):
                #"{"navigation": {"schemes": [\#(schemes(navigation))], "host": "\#(navigation.host)"}}"#
            case let (.scriptMessage, .scriptMessage(ownName)): #"{"scriptMessage": \#(quoted(ownName))}"#
            case let (.scriptMessage(name), _): #"{"scriptMessage": \#(quoted(name))}"#
            }
        }
        let safetySwitch = signals.disableSafetyTimeoutHandler.map { dialect.disableSafetyTimeoutHandler ?? $0 }
        return """
            {"format": "wvjb-conformance-dialect", "version": 1, "name": \(quoted(name)),
             "javaScriptGlobal": \(quoted(dialect.javaScriptGlobal)),
             "registerHandlerFunction": \(quoted(dialect.registerHandlerFunction)),
             "callHandlerFunction": \(quoted(dialect.callHandlerFunction)),
             "deliveryFunction": \(quoted(dialect.deliveryFunction)), "fetchFunction": \(quoted(dialect.fetchFunction)),
             "pageSetupFunction": \(quoted(dialect.pageSetupFunction)),
             "waitingCallbacksGlobal": \(quoted(dialect.waitingCallbacksGlobal)),
             "loadSignal": \(signal(signals.loadSignal, dialect.loadSignal)),
             "queueSignal": \(signal(signals.queueSignal, dialect.queueSignal)),
             "keys": {\(zip(["handlerName", "data", "callbackID", "responseID", "responseData"], dialect.keys.all)
                .map { "\(quoted($0)): \(quoted($1))" }.joined(separator: ", "))},
             "callbackIDs": {"nativePrefix": \(quoted(dialect.callbackIDs.nativePrefix)),
                             "javaScriptPrefix": \(quoted(dialect.callbackIDs.javaScriptPrefix))},
             "safetyTimeoutSwitch": \(safetySwitch.map(quoted) ?? "null"),
             "nativeSideWord": \(quoted(dialect.nativeSideWord))}
            """
    }
}

extension WireDialect {
    /// Everything but the name, to compare a dialect with its copy under another name.
    fileprivate var wordsAndSignals: String {
        "\(javaScriptGlobal) \(registerHandlerFunction) \(callHandlerFunction) \(deliveryFunction) \(fetchFunction) "
            + "\(pageSetupFunction) \(waitingCallbacksGlobal) \(loadSignal) \(queueSignal) \(keys.all) "
            + "\(callbackIDs.nativePrefix) \(callbackIDs.javaScriptPrefix) "
            + "\(String(describing: disableSafetyTimeoutHandler)) \(nativeSideWord)"
    }
}

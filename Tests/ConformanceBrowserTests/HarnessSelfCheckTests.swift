import ConformanceFixtures
import Foundation
import ReferenceBridge
import StrictJSON
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceEngine
@testable import ConformanceKit
@testable import ConformanceSupport

/// The start-up self-check: the kit's own spec, corpus and scripts are checked before any case, a damaged
/// one is a harness error naming the file, and what a run supplies (its JS side) is never self-tested.
@Suite("Harness self-check of the kit's own fixtures")
@MainActor
struct HarnessSelfCheckTests {
    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized

    static func sourceFile(_ path: String) throws -> String {
        try String(contentsOf: sourceRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// An environment whose own JS side is supplied (so that making it checks only the kit's snippet).
    static func environment() throws -> HarnessEnvironment {
        try HarnessEnvironment(bridgeJavaScriptSource: "/* supplied */", executionTimeLimit: 5)
    }

    /// Expects `body` to throw a `HarnessError` whose message contains each of `fragments`.
    static func expectHarnessError(
        _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("no harness error; expected one mentioning \(fragments)", sourceLocation: sourceLocation)
        } catch let error as HarnessError {
            for fragment in fragments {
                #expect(
                    error.message.contains(fragment), "\(fragment) not in: \(error.message)",
                    sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("expected a HarnessError, got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "the manifest matches the shipped spec and corpus (after a deliberate change, paste the printed literal into FixtureManifest.shipped)"
    )
    func manifestInSync() throws {
        let spec = ProtocolSpec(markdown: try Self.sourceFile("spec/protocol.md"))
        let corpus = try PayloadCorpus.load(
            from: Self.sourceRoot.appendingPathComponent("Fixtures/" + PayloadCorpus.bundledPath))
        let counted = FixtureManifest(
            specClausesByLevel: Dictionary(grouping: spec.clauses, by: \.level.rawValue).mapValues(\.count),
            specObligations: spec.clauses.flatMap(\.obligations).count,
            corpusPayloadsByClass: Dictionary(grouping: corpus.payloads, by: \.payloadClass.rawValue).mapValues(\.count)
        )
        #expect(
            counted == FixtureManifest.shipped,
            "the fixtures changed; if on purpose, FixtureManifest.shipped is now:\n\(counted.swiftLiteral)")
    }

    @Test("the shipped fixtures pass: spec, corpus, page setup snippet and reference JS side")
    func shippedFixturesPass() throws {
        let spec = try ProtocolSpec.bundled()
        #expect(spec.clauses.count == FixtureManifest.shipped.specClauses)
        #expect(try PayloadCorpus.bundled().payloads.count == FixtureManifest.shipped.corpusPayloads)
        _ = try HarnessEnvironment(bridgeJavaScriptSource: nil, executionTimeLimit: 5)
        try HarnessSelfCheck.checkScripts(
            javaScriptSide: try HarnessEnvironment.referenceJavaScriptSide(),
            pageSetup: try ConformanceRunner.referencePageSetup(), in: try Self.environment())
    }

    @Test(
        "a broken reference JS side is a harness error naming the file and what is wrong",
        arguments: [
            ("syntax", "evaluating it in a fresh page threw"),
            ("empty", "defines no object window.WebViewJavascriptBridge"),
            ("no-fetch-queue", "lacks the function(s) _fetchQueue"),
            ("no-handle-message", "lacks the function(s) _handleMessageFromObjC"),
            ("queue-dropped", "after one callHandler, _fetchQueue() returned \"[]\""),
            ("throws-on-use", "using it threw"),
        ])
    func brokenJavaScriptSide(damage: String, problem: String) throws {
        let reference = try HarnessEnvironment.referenceJavaScriptSide()
        let broken: String
        switch damage {
        case "syntax": broken = String(reference.prefix(reference.count / 2))
        case "empty": broken = ""
        case "no-fetch-queue": broken = reference.replacingOccurrences(of: "_fetchQueue: fetchQueue,", with: "")
        case "no-handle-message":
            broken = reference.replacingOccurrences(of: "_handleMessageFromObjC: handleMessageFromObjC", with: "_x: 1")
        case "queue-dropped":
            broken = reference.replacingOccurrences(
                of: "function doSend(message, responseCallback) {",
                with: "function doSend(message, responseCallback) { return;")
        default:
            broken = reference.replacingOccurrences(
                of: "function fetchQueue() {", with: "function fetchQueue() { throw new Error(\"damaged\");")
        }
        #expect(broken != reference, "the damage \(damage) no longer applies to the reference JS side")
        let environment = try Self.environment()
        Self.expectHarnessError([
            "Fixtures/js/WebViewJavascriptBridge.js", "the kit's reference JS side", "self-test", problem,
        ]) {
            try HarnessSelfCheck.checkScripts(
                javaScriptSide: broken, pageSetup: try ConformanceRunner.referencePageSetup(), in: environment,
                javaScriptSideFile: "Fixtures/js/WebViewJavascriptBridge.js")
        }
    }

    @Test("a broken page setup snippet is a harness error naming the file")
    func brokenPageSetup() throws {
        let snippet = try ConformanceRunner.referencePageSetup()
        let environment = try Self.environment()
        for (broken, problem) in [
            (String(snippet.prefix(snippet.count - 20)), "threw"),
            (
                snippet.replacingOccurrences(of: "function setupWebViewJavascriptBridge", with: "function setup"),
                "defines no function setupWebViewJavascriptBridge"
            ),
        ] {
            Self.expectHarnessError(["Fixtures/js/page-setup.js", "page setup snippet", problem]) {
                try HarnessSelfCheck.checkScripts(
                    javaScriptSide: nil, pageSetup: broken, in: environment, pageSetupFile: "Fixtures/js/page-setup.js")
            }
        }
    }

    @Test("a JS side the run supplies is not self-tested: it is what the run tests, and its failures are its own")
    func suppliedJavaScriptSideNotSelfTested() async throws {
        let runner = try ConformanceRunner(configuration: .init(bridgeJavaScriptSource: "this is { not JavaScript"))
        let smoke = Catalogue.all.filter { $0.id == "js-side.api.exact-members" }
        let results = await runner.run(smoke) { ReferenceBridgeAdapter() }
        #expect(results.allSatisfy { $0.verdict != .harnessError && $0.verdict != .pass }, "\(results.map(\.verdict))")
    }

    @Test(
        "a garbled or truncated spec is a harness error naming spec/protocol.md and the counts",
        arguments: [
            "markers", "truncated", "obligation-row", "duplicate", "missing",
        ])
    func garbledSpec(damage: String) throws {
        let text = try Self.sourceFile("spec/protocol.md")
        let garbled: String?, problem: String
        let clauses = FixtureManifest.shipped.specClausesByLevel.values.reduce(0, +)
        let obligations = FixtureManifest.shipped.specObligations
        switch damage {
        case "markers":
            (garbled, problem) = (
                text.replacingOccurrences(of: "**[", with: "**("), "0 clauses where the kit expects \(clauses)"
            )
        case "truncated":
            (garbled, problem) = (String(text.prefix(text.count / 2)), "where the kit expects \(obligations)")
        case "obligation-row":
            let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| ESC-2.") })
            (garbled, problem) = (text.replacingOccurrences(of: row + "\n", with: ""), "\(obligations - 1) obligations")
        case "duplicate":
            let clause = try #require(text.components(separatedBy: "\n\n").first { $0.hasPrefix("**[ESC-2]**") })
            (garbled, problem) = (text + "\n\n" + clause + "\n", "clause ids defined more than once: ESC-2")
        default: (garbled, problem) = (nil, "missing from the ConformanceSpec resource bundle")
        }
        Self.expectHarnessError(["spec/protocol.md", problem]) {
            _ = try ProtocolSpec.checked(markdown: garbled)
        }
    }

    @Test("a truncated or damaged payload corpus is a harness error naming the file and the classes short")
    func truncatedCorpus() throws {
        let url = ConformanceFixtures.url(PayloadCorpus.bundledPath)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard case .object(var document) = try JSONParser.parse(text), case .array(let payloads)? = document["payloads"]
        else {
            Issue.record("the corpus is not an object with payloads")
            return
        }
        document["payloads"] = .array(Array(payloads.dropLast(4)))
        let shortened = JSONValue.object(document).canonicalText
        Self.expectHarnessError([
            url.path, "where the kit expects \(FixtureManifest.shipped.corpusPayloads)", "(expected",
        ]) {
            _ = try PayloadCorpus.checked(FixtureFile(kitFile: url, text: shortened))
        }
        Self.expectHarnessError([url.path, "not valid JSON"]) {
            _ = try PayloadCorpus.checked(FixtureFile(kitFile: url, text: String(text.prefix(text.count / 2))))
        }
        #expect(
            try PayloadCorpus.checked(FixtureFile(kitFile: url, text: text)).payloads.count
                == FixtureManifest.shipped.corpusPayloads)
    }

    @Test("an address-space limit too low for the engine is described with the limit needed, in ulimit's units")
    func addressSpaceMessage() {
        let error = EngineAddressSpace.problem(limit: 2_000_000 * 1024, inUse: 400 << 20)
        #expect(error.code == .engineFailure)
        #expect(error.message.contains("ulimit -v"))
        #expect(error.message.contains("2000000 KiB"))
        let needed = error.message.firstMatch(of: /at least ([0-9]+) KiB/).flatMap { UInt64($0.output.1) }
        #expect(needed.map { $0 * 1024 >= EngineAddressSpace.reservation + (400 << 20) } == true, "\(error.message)")
    }
}

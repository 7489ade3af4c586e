import KitTestSupport
import ReferenceBridge
import TestTiers
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports

/// The wkwvjb profile (spec, section 13): the kit's JS side, page snippet and reference native side in that
/// dialect, the canonical cases renamed into it where their clauses hold, its own cases, and the hint a port
/// run in the wrong profile gets.
@Suite("Dialect profiles: the wkwvjb dialect is tested as the canonical one is")
@MainActor
struct DialectProfileTests {
    static func run(_ cases: [ConformanceCase], in dialect: WireDialect, bridgeSpeaking spoken: WireDialect)
        async throws -> [CaseResult]
    {
        try await Kit.run(cases, configuration: .init(javaScriptSideUnderTest: true, dialect: dialect)) {
            ReferenceBridgeAdapter(dialect: spoken)
        }
    }

    @Test(
        "the wkwvjb reference gets the canonical reference's verdict in every case that holds in its profile", .fullTier
    )
    func referencePassesItsProfile() async throws {
        let canonical = try await Kit.referenceRun()
        let shared = try await Kit.wkwvjbReferenceRun()
        let results = try Catalogue.all.map { try #require(shared[$0.id]) }
        var notApplicable = 0
        for (conformanceCase, result) in zip(Catalogue.all, results) {
            if let reason = DialectApplicability.whyNotApplicable(conformanceCase, in: .wkwvjb) {
                notApplicable += 1
                #expect(result.verdict == .notApplicable, "\(result.caseID): \(result.verdict)")
                #expect(result.interruption?.text == "not applicable in the wkwvjb profile: \(reason)")
            } else if conformanceCase.dialects == [.wkwvjb] {
                #expect(result.verdict == .pass, "\(result.report)")
            } else {
                #expect(result.verdict == canonical[result.caseID]?.verdict, "\(result.report)")
            }
        }
        // The navigation-signal and safety clauses' cases: the rest runs, renamed.
        #expect(notApplicable == 24)
        #expect(DialectRecognition.hint(for: results, profile: .wire(.wkwvjb)) == nil)
    }

    @Test("another dialect's command counts where it starts a name, not inside a longer name or after a dot")
    func commandInsideTheScript() {
        let fetch = WireDialect.canonical.fetchCommand
        #expect(DialectRecognition.calls(fetch, fetch))
        #expect(DialectRecognition.calls("x = 1;\n" + fetch, fetch))
        #expect(DialectRecognition.calls("\u{2028}" + fetch, fetch))
        #expect(!DialectRecognition.calls("WK" + fetch, fetch))
        #expect(!DialectRecognition.calls("window." + fetch, fetch))
        #expect(!DialectRecognition.calls("é" + fetch, fetch))
        #expect(!DialectRecognition.calls("$" + fetch + " _" + fetch, fetch))
        #expect(DialectRecognition.calls("_" + fetch + " " + fetch, fetch))
        #expect(!DialectRecognition.calls(String(fetch.dropLast()), fetch))
        #expect(!DialectRecognition.calls("", fetch))
    }

    @Test("a bridge run in the other dialect's profile gets one line saying which profile it looks like", .fullTier)
    func wrongProfileHint() async throws {
        // Cases that run in both profiles.
        let cases = Array(
            Catalogue.all.filter {
                $0.dialects.contains(.canonical) && DialectApplicability.whyNotApplicable($0, in: .wkwvjb) == nil
            }.prefix(12))
        let canonicalInWKWVJB = try await Self.run(cases, in: .wkwvjb, bridgeSpeaking: .canonical)
        let hint = DialectRecognition.hint(for: canonicalInWKWVJB, profile: .wire(.wkwvjb)) ?? "none"
        #expect(
            hint.contains("posting to iOS_Native_InjectJavascript")
                && hint.hasSuffix("--profile canonical (the default)"),
            "\(hint)")
        let wkwvjbInCanonical = try await Self.run(cases, in: .canonical, bridgeSpeaking: .wkwvjb)
        let other = DialectRecognition.hint(for: wkwvjbInCanonical, profile: .canonical) ?? "none"
        #expect(other.contains("loading https://__bridge_loaded__") && other.hasSuffix("--profile wkwvjb"), "\(other)")
        let ownProfile = DialectRecognition.hint(for: try await Kit.referenceRun().map(\.value), profile: .canonical)
        #expect(ownProfile == nil)
    }

    @Test("a native side evaluating another dialect's commands is recognised by them, not by a longer name")
    func recognisedByCommands() {
        var transcript = Transcript(dialect: .canonical)
        transcript.appendEvaluation(id: 1, style: .asynchronous, script: "WKWebViewJavascriptBridge._fetchQueue();")
        let result = CaseResult(
            caseID: "test", level: .must, verdict: .fail, failures: [], interruption: nil, leftovers: CaseLeftovers(),
            transcript: transcript, bridgeJavaScriptSource: "")
        #expect(
            DialectRecognition.hint(for: [result], profile: .canonical)
                == "this looks like the wkwvjb dialect (the native side evaluated WKWebViewJavascriptBridge._fetchQueue();): run with --profile wkwvjb"
        )
        #expect(DialectRecognition.hint(for: [result], profile: .wire(.wkwvjb)) == nil)
    }

    @Test("a canonical script renamed into wkwvjb and back is itself; data words are renamed alike")
    func renamingRoundTrip() throws {
        let renaming = try #require(DialectRenaming(wordsFrom: .canonical, to: .wkwvjb))
        let script = #"setupWebViewJavascriptBridge(function (b) { b.callHandler("x", {"callbackId": 1}); });"#
        let renamed = renaming.rename(script)
        #expect(renamed == #"setupWKWebViewJavascriptBridge(function (b) { b.callHandler("x", {"callbackID": 1}); });"#)
        #expect(renaming.reversed.rename(renamed) == script)
    }
}

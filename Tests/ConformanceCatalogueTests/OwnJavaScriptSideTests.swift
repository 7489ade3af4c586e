import BridgeMutants
import ConformanceKit
import KitTestSupport
import TestTiers
import Testing
import WireDialects

/// A bridge may inject its own copy of the JS side instead of `webView.bridgeJavaScriptSource`, as most ports
/// do: the kit must judge what the page did, not whether the evaluated text is the kit's.
@Suite("A bridge that injects its own copy of the JS side")
@MainActor
struct OwnJavaScriptSideTests {
    @Test(
        "gets every verdict the reference gets, case by case, in each shipped profile", .fullTier,
        arguments: OwnJavaScriptSideAdapter.Copy.allCases, WireDialect.shipped)
    func ownCopyGetsTheReferenceVerdicts(_ copy: OwnJavaScriptSideAdapter.Copy, _ dialect: WireDialect) async throws {
        // The quick tier runs one copy in the canonical profile on a sample of the cases; the full tier every copy
        // in every profile on the whole catalogue.
        guard TestTier.current == .full || (copy == .oneLine && dialect == .canonical) else { return }
        let cases = TestTier.sample(Catalogue.all)
        let reference = try await Kit.referenceRun(in: dialect)
        let results = try await Kit.run(
            cases, configuration: .init(javaScriptSideUnderTest: true, dialect: dialect)
        ) { OwnJavaScriptSideAdapter(copy: copy, dialect: dialect) }
        // Cases that need what it does not offer (sends from other threads) are not applicable to it.
        let offered = BridgeCapabilities(of: OwnJavaScriptSideAdapter(copy: copy, dialect: dialect))
        for (conformanceCase, result) in zip(cases, results) where conformanceCase.requires.isSubset(of: offered) {
            let expected = try #require(reference[result.caseID])
            #expect(
                result.verdict == expected.verdict,
                """
                \(result.caseID): \(result.verdict) with the port's \(copy.rawValue) copy, \(expected.verdict) with \
                the kit's: \(result.failures.prefix(3).map { "[\($0.citationLabel)] \($0.message)" })
                """)
        }
    }

    @Test("is recognised by what the page did: the evaluation that made the bridge global appear injected it")
    func injectionIsRecognisedByTheGlobalAppearing() async throws {
        let injectionCase = try #require(
            Catalogue.all.first { $0.id == "bootstrap.js-side.messaging-iframe-signals-on-injection" })
        let result = try await Kit.run(injectionCase) { OwnJavaScriptSideAdapter(copy: .wrapped) }
        let injections = result.transcript.javaScriptSideEvaluations
        #expect(injections.count == 1)
        #expect(injections.first.map { $0.script != result.bridgeJavaScriptSource } == true)
        #expect(result.transcript.injectedJavaScriptSides == injections.map(\.script))
        #expect(result.verdict == .pass, "\(result.failures)")
    }

    @Test("is named once in the report, as information: its size, its digest and the cases that ran it")
    func ownCopyIsNamedOnce() async throws {
        let cases = Array(Catalogue.all.prefix(12))
        let reference = try await Kit.run(cases)
        #expect(JavaScriptSideIdentity(results: reference).note == nil)
        let own = try await Kit.run(cases) { OwnJavaScriptSideAdapter(copy: .oneLine) }
        let identity = JavaScriptSideIdentity(results: own)
        let copy = try #require(identity.ownCopies.first)
        #expect(identity.ownCopies.count == 1)
        let source = try ConformanceRunner.referenceJavaScriptSide()
        #expect(copy.bytes == OwnJavaScriptSideAdapter.Copy.oneLine.rewrite(source).utf8.count)
        #expect(copy.cases == own.filter { !$0.transcript.injectedJavaScriptSides.isEmpty }.map(\.caseID))
        let note = try #require(identity.note)
        #expect(note.contains("\(copy.bytes) bytes") && note.contains(copy.digest), "\(note)")
        #expect(own.allSatisfy { $0.verdict == .pass || $0.verdict == .notApplicable }, "\(own.map(\.verdict))")
    }
}

import BridgeMutants
import ConformanceKit
import KitTestSupport
import TestTiers
import Testing
import WireDialects

/// Bridges written from the protocol's description by people who never read the kit's reference, in ways the
/// spec allows and the reference does not take: each once got failures it did not deserve, because a check
/// counted what the reference does instead of judging what the spec asks.
@Suite("A bridge written its own allowed way")
@MainActor
struct IndependentPortTests {
    /// The cases that judged the reference's way of bootstrapping rather than the spec's.
    static let bootstrapCases = [
        "bootstrap.setup-callbacks.after-injection", "bootstrap.setup-callbacks.reloaded-page",
        "bootstrap.setup-callbacks.deferred-in-order", "bootstrap.glue.injection-on-every-load-kind",
        "startup.wkwvjb.inject-then-startup-queue", "bootstrap.wkwvjb.page-setup-snippet",
    ]

    /// The catalogue's cases among `bootstrapCases` whose id starts with `prefix`.
    static func cases(_ prefix: String = "") -> [ConformanceCase] {
        Catalogue.all.filter { bootstrapCases.contains($0.id) && $0.id.hasPrefix(prefix) }
    }

    /// Expects each result to pass, or not to apply in its profile, and `mustPass` to be among those that passed.
    static func expectPasses(_ results: [CaseResult], including mustPass: [String]) {
        for result in results {
            #expect(
                result.verdict == .pass || result.verdict == .notApplicable,
                "\(result.caseID): \(result.verdict) \(result.failures.map(\.message))")
        }
        let passed = Set(results.filter { $0.verdict == .pass }.map(\.caseID))
        #expect(Set(mustPass).isSubset(of: passed), "passed: \(passed.sorted())")
    }

    @Test(
        "a JS side that calls the waiting setup callbacks before deleting their global passes BOOT-7",
        arguments: WireDialect.shipped)
    func callbacksCalledThenDeleted(_ dialect: WireDialect) async throws {
        let source = try ConformanceRunner.referenceJavaScriptSide(in: dialect)
        let copy = OwnJavaScriptSideAdapter.Copy.callsThenDeletes.rewrite(source)
        let loop = try #require(copy.range(of: "callbacks[i](bridge);"))
        let delete = try #require(copy.range(of: "delete window.\(dialect.waitingCallbacksGlobal);"))
        #expect(loop.upperBound < delete.lowerBound, "the copy still deletes before calling")
        let results = try await Kit.run(
            Self.cases("bootstrap.setup-callbacks."),
            configuration: .init(javaScriptSideUnderTest: true, dialect: dialect)
        ) { OwnJavaScriptSideAdapter(copy: .callsThenDeletes, dialect: dialect) }
        Self.expectPasses(results, including: ["bootstrap.setup-callbacks.after-injection"])
    }

    @Test("a wkwvjb port that injects its JS side at document start and posts the inject message itself")
    func documentStartInjection() async throws {
        let results = try await Kit.run(
            Self.cases(), configuration: .init(javaScriptSideUnderTest: true, dialect: .wkwvjb)
        ) { ScriptMessagePortAdapter(injectsAtDocumentStart: true) }
        Self.expectPasses(
            results,
            including: [
                "bootstrap.glue.injection-on-every-load-kind", "startup.wkwvjb.inject-then-startup-queue",
                "bootstrap.wkwvjb.page-setup-snippet",
            ])
        for result in results where result.verdict == .pass {
            // The JS side came in before the page's own script.
            #expect(result.transcript.javaScriptSideEvaluations.first?.style == .userScript, "\(result.caseID)")
        }
    }

    @Test(
        "the document-start wkwvjb port gets every verdict the reference gets, case by case", .fullTier)
    func documentStartInjectionGetsTheReferenceVerdicts() async throws {
        let reference = try await Kit.wkwvjbReferenceRun()
        let results = try await Kit.run(
            Catalogue.all, configuration: .init(javaScriptSideUnderTest: true, dialect: .wkwvjb)
        ) { ScriptMessagePortAdapter(injectsAtDocumentStart: true) }
        let offered = BridgeCapabilities(of: ScriptMessagePortAdapter())
        for (conformanceCase, result) in zip(Catalogue.all, results)
        where conformanceCase.requires.isSubset(of: offered) {
            let expected = try #require(reference[result.caseID])
            #expect(
                result.verdict == expected.verdict,
                "\(result.caseID): \(result.verdict), the reference \(expected.verdict): \(result.failures.prefix(3).map(\.message))"
            )
        }
    }
}

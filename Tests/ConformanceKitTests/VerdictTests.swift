import BridgeMutants
import ConformanceKit
import ReferenceBridge
import Testing

@Suite("Verdicts: each failure is judged at the level of the clause it cites, and blames the component under test")
@MainActor
struct VerdictTests {
    @Test("a broken MUST fails a case whose headline clause is a SHOULD")
    func mustInsideShouldCase() async throws {
        // Writing a callbackId into calls without a callback breaks MSG-7.c (MUST) in the SHOULD case on id format.
        let result = try await run("callbacks.native.id-format", against: "callback-id-written-before-callback-check")
        #expect(result.level == .should)
        #expect(result.verdict == .fail, "\(result.report)")
        let failure = try #require(result.failures.first { $0.clause == "MSG-7" })
        #expect(failure.level == .must)
        #expect(failure.description.hasPrefix("[MSG-7.c] "))
    }

    @Test("a broken SHOULD alone is non-strict in a case whose headline clause is a MUST, and says its level")
    func shouldInsideMustCase() async throws {
        // A send that waits for the main thread (the canonical synchronous hop) breaks THR-3.a (SHOULD) only.
        let result = try await run("threading.background-sends.no-deadlock", against: "background-sends-wait-for-main")
        #expect(result.level == .must)
        #expect(result.verdict == .nonStrict, "\(result.report)")
        #expect(result.failures.map(\.citationLabel) == ["THR-3.a, SHOULD"])
    }

    @Test("a case breaking a MUST and a SHOULD reports both, and fails")
    func bothLevels() async throws {
        // Answering every missing-handler call, also those without a callbackId: MISS-5.a (SHOULD) and MISS-1.c (MUST).
        let result = try await run(
            "missing-handler.native.batch-continues", against: "missing-handler-answered-without-callback-id")
        #expect(result.verdict == .fail)
        #expect(Set(result.failures.map(\.citationLabel)) == ["MISS-5.a, SHOULD", "MISS-1.c"], "\(result.failures)")
    }

    @Test("an unanswered native callback cites CB-1.b, the clause that says each callback is invoked")
    func neverInvokedCitesCB1() async throws {
        let result = try await run(
            "missing-handler.js.no-answer-next-works", against: "responses-matched-in-call-order")
        #expect(
            result.failures.contains { $0.obligation == "CB-1.b" && $0.message.contains("never invoked") },
            "\(result.failures)")
        #expect(!result.failures.contains { $0.clause == "CB-2" && $0.message.contains("never invoked") })
    }

    @Test("JS-side cases are not applicable when the run's JS side is the kit's own and a native side is under test")
    func javaScriptSideCasesNeedAJavaScriptSide() async throws {
        // A native defect (the sends of one turn evaluated last first) used to fail JS-side cases under DISP-5.
        let mutant = try #require(MutantCatalogue.mutant(named: "sends-reversed-within-turn"))
        let cases = Catalogue.all.filter { $0.subject == .javaScriptSide && $0.dialects.contains(.canonical) }
        #expect(cases.count > 20)
        let results = try await Kit.run(cases, configuration: mutant.configuration()) { mutant.makeAdapter() }
        #expect(
            results.allSatisfy { $0.verdict == .notApplicable },
            "\(results.filter { $0.verdict != .notApplicable }.map(\.caseID))")
        #expect(results.allSatisfy { $0.interruption?.contains("the kit's reference JS side") == true })
    }

    @Test(
        "with a JS side given, JS-side cases run against the kit's native side: a native defect is not blamed on the JS side, a JS-side one is"
    )
    func javaScriptSideCasesRunAgainstTheReferenceNativeSide() async throws {
        let cases = Catalogue.all.filter { $0.subject == .javaScriptSide && $0.dialects.contains(.canonical) }
        let native = try #require(MutantCatalogue.mutant(named: "sends-reversed-within-turn"))
        var configuration = ConformanceRunner.Configuration(
            bridgeJavaScriptSource: try ConformanceRunner.referenceJavaScriptSide(),
            javaScriptSideHost: { ReferenceBridgeAdapter() })
        let results = try await Kit.run(cases, configuration: configuration) { native.makeAdapter() }
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results.filter { $0.verdict != .pass }.map(\.report))")

        let javaScriptSide = try #require(MutantCatalogue.mutant(named: "js-every-call-gets-callback"))
        let reference = try ConformanceRunner.referenceJavaScriptSide()
        guard let broken = javaScriptSide.javaScriptSide(from: reference) else {
            Issue.record("mutant \(javaScriptSide.id) no longer breaks the JS side")
            return
        }
        configuration.bridgeJavaScriptSource = broken
        let caught = try await Kit.run(cases, configuration: configuration) { native.makeAdapter() }
        #expect(
            caught.contains { $0.verdict == .fail },
            "a JS-side defect is still caught when the adapter under test is another native side")
    }

    @Test(
        "each verdict's class and whether it fails a run, as reports, gates and exit statuses read them; raw names as files spell them"
    )
    func verdictClasses() {
        #expect(Verdict.allCases.filter { $0.category == .clean } == [.pass, .notApplicable])
        #expect(Verdict.allCases.filter { $0.category == .finding } == [.fail, .insecure, .nonStrict])
        #expect(Verdict.allCases.filter { $0.category == .error } == [.timeout, .crash, .adapterError, .harnessError])
        #expect(Verdict.allCases.filter { !$0.failsRun } == [.pass, .nonStrict, .notApplicable])
        #expect(
            Verdict.allCases.map(\.rawValue)
                == [
                    "pass", "fail", "insecure", "non-strict", "not-applicable", "timeout", "crash", "adapter-error",
                    "harness-error",
                ])
        #expect(
            Baseline.expectableVerdicts == [
                .fail, .insecure, .nonStrict, .timeout, .crash, .adapterError, .harnessError,
            ])
    }

    private func run(_ caseID: String, against mutantID: String) async throws -> CaseResult {
        let conformanceCase = try #require(Catalogue.case(withID: caseID))
        let mutant = try #require(MutantCatalogue.mutant(named: mutantID))
        return try await Kit.run([conformanceCase], against: mutant)[0]
    }
}

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

    /// The escaping cases' own round trips and the corpus's, native to JS.
    static let nativeToJSRoundTrips = [
        "escaping.quotes-and-backslashes.native-to-js", "escaping.non-ascii.native-to-js",
        "escaping.corpus.round-trip.native-to-js",
    ]

    @Test(
        "a payload that did not arrive blames what went wrong, not its escaping: no command for it (START-2.a), a command that misses the entry point (ESC-1.c), a JS side that does not dispatch what arrived intact (DISP-3.a)",
        arguments: [
            ("startup-queue-never-off", "START-2.a"), ("command-calls-handle-message-from-ios", "ESC-1.c"),
            ("js-dispatch-reads-latest-message", "DISP-3.a"),
        ])
    func missingPayloadBlamesItsCause(mutant: String, obligation: String) async throws {
        for caseID in Self.nativeToJSRoundTrips {
            let result = try await run(caseID, against: mutant)
            #expect(result.verdict == .fail, "\(result.report)")
            let cited = Set(result.failures.map { $0.obligation ?? $0.clause })
            #expect(cited == [obligation], "\(caseID) against \(mutant): \(cited.sorted())\n\(result.report)")
        }
    }

    @Test("a payload its command mangles still blames its escaping, and a message after unserializable data ESC-4.c")
    func mangledPayloadBlamesEscaping() async throws {
        let quote = try await run("escaping.quotes-and-backslashes.native-to-js", against: "single-quote-raw")
        #expect(quote.failures.contains { $0.obligation == "ESC-2.c" }, "\(quote.report)")
        #expect(!quote.failures.contains { ["START-2.a", "DISP-3.a"].contains($0.obligation) }, "\(quote.report)")
        // Nothing goes out after the first, unserializable, send: that is ESC-4.c's, not a send never evaluated.
        let blocked = try await run(
            "escaping.unserializable-data.native-to-js", against: "unserializable-message-blocks-sends")
        #expect(blocked.failures.map(\.obligation) == ["ESC-4.c"], "\(blocked.report)")
    }

    @Test(
        "calls handled in another order than sent cite the component that reordered them: the native side's batch (ORD-2.a) or, when it handled them as fetched, the JS side's queue (ORD-3.a)"
    )
    func reorderingBlamesItsComponent() async throws {
        let caseID = "ordering.js-to-native.batch-fifo"
        let native = try await run(caseID, against: "batch-reversed")
        #expect(native.failures.map(\.obligation) == ["ORD-2.a"], "\(native.report)")
        let queue = try await run(caseID, against: "js-queue-built-newest-first")
        #expect(queue.failures.map(\.obligation) == ["ORD-3.a"], "\(queue.report)")
        #expect(queue.failures.first?.message.contains("the JS side queued them in another") == true)
    }

    @Test(
        "a startup queue delivered last-first fails the queue's own order (START-1.c), not the order of what was sent after it (ORD-1.b)"
    )
    func heldCallsOrderIsTheQueues() async throws {
        let result = try await run("ordering.native-to-js.startup-queue-first", against: "startup-queue-reversed")
        #expect(result.failures.map(\.obligation) == ["START-1.c"], "\(result.report)")
    }

    @Test(
        "a well-formed command that threw because the page had no JS side yet came too early: before the load it was not held (START-1.a), after it the JS side was not first (BOOT-3.b); it is no malformed command (ESC-1.c)",
        arguments: [("no-startup-queue", "START-1.a"), ("startup-queue-before-js", "BOOT-3.b")])
    func earlyCommandBlamesItsTiming(mutant: String, obligation: String) async throws {
        let result = try await run("startup.calls-before-load.delivered-in-order", against: mutant)
        let lint = result.failures.filter { $0.message.hasPrefix("native evaluation #") }
        #expect(!lint.isEmpty && lint.allSatisfy { $0.obligation == obligation }, "\(result.report)")
        #expect(lint.allSatisfy { $0.message.contains("the page had no JS side") }, "\(result.report)")
    }

    private func run(_ caseID: String, against mutantID: String) async throws -> CaseResult {
        let conformanceCase = try #require(Catalogue.case(withID: caseID))
        let mutant = try #require(MutantCatalogue.mutant(named: mutantID))
        return try await Kit.run([conformanceCase], against: mutant)[0]
    }
}

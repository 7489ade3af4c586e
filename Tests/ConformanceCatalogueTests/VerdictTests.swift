import BridgeMutants
import ConformanceKit
import KitTestSupport
import ReferenceBridge
import TestTiers
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

    @Test(
        "a broken SHOULD alone is non-strict in a case whose headline clause is a MUST, and says its level", .fullTier)
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
        #expect(results.allSatisfy { $0.interruption?.text.contains("the kit's reference JS side") == true })
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
        .fullTier,
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
        // The re-cited failure keeps the obligation its check recorded it under; the native side's cites its own.
        #expect(queue.failures.first?.recitedFrom?.id == "ORD-2.a" && native.failures.first?.recitedFrom == nil)
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

    @Test(
        "a failure cites what went wrong where it went wrong: a lost message or answer its cause, not the parts or order of the rest; an answer, an order or an empty queue's encoding the side that made it",
        .fullTier,
        arguments: [
            // A call that threw is its form's (MSG-8.a), not a message's missing handlerName or data (MSG-5).
            ("js-side.messages.call-shapes", "js-swap-test-reads-constructor", "MSG-8.a", ["MSG-5.a", "MSG-5.b"]),
            (
                "js-side.messages.sends-from-handler-after-reload", "js-swap-test-reads-constructor", "MSG-8.a",
                ["MSG-5.a", "MSG-5.b", "ORD-3.a", "ORD-3.b"]
            ),
            // A callback's id is judged once, under the call's form (MSG-8.b), not again under MSG-5.c.
            ("js-side.messages.call-shapes", "js-callback-attached-only-with-data", "MSG-8.b", ["MSG-5.c"]),
            // A responder answering once is DISP-5.b's, not the parts of the response it did not send (MSG-6).
            (
                "js-side.dispatch.handler-arguments-and-responses", "js-responder-one-shot", "DISP-5.b",
                ["MSG-6.a", "MSG-6.b", "MSG-6.c"]
            ),
            (
                "js-side.messages.sends-from-handler-after-reload", "js-responder-one-shot", "DISP-5.b",
                ["MSG-6.c", "ORD-3.b"]
            ),
            // Answers through a responder no call should have got are DISP-5.c's, not wrong responses (MSG-6).
            (
                "js-side.dispatch.handler-arguments-and-responses", "js-callback-id-compared-with-undefined",
                "DISP-5.c",
                ["DISP-5.b", "MSG-6.a", "MSG-6.b", "MSG-6.c"]
            ),
            // The JS side answered a call to a missing JS handler: its defect (DISP-6.a), not the native side's
            // for invoking the callback the response names (MISS-3.a).
            ("missing-handler.js.no-answer-next-works", "js-missing-handler-answers-error", "DISP-6.a", ["MISS-3.a"]),
            // Reused native ids make another call's answer look like one to the missing handler: no JS blame.
            ("missing-handler.js.no-answer-next-works", "callback-id-reused", nil, ["DISP-6.a"]),
            // After a removal the call behaved as a missing handler's; that one is answered is MISS-5.a's.
            ("missing-handler.registered-twice-then-removed", "missing-handler-answered-nil", "MISS-5.a", ["MISS-2.a"]),
            // A queue URL allowed after its fetch is BOOT-1.a's (other cases judge it); the fetch it got is no
            // extra one (FLUSH-1.b).
            ("flush.fetch-command.exact-per-queue-url", "queue-url-allowed-after-fetch", nil, ["FLUSH-1.b"]),
            // The switch went out without its name, as every native call without data did (MSG-7.a): it was
            // sent, and not misspelled (SAFE-2.a).
            ("alert-safety.disable.twice-across-pages", "handler-name-set-in-data-branch", "MSG-7.a", ["SAFE-2.a"]),
            // Messages delivered in order and run last-first are the JS side's dispatch order (DISP-3.b), not the
            // native side's delivery order (ORD-1); a native side that delivers them last-first stays ORD-1's.
            ("ordering.native-to-js.fifo", "js-received-messages-dispatched-lifo", "DISP-3.b", ["ORD-1.a", "ORD-1.c"]),
            (
                "startup.calls-before-load.delivered-in-order", "js-received-messages-dispatched-lifo", "DISP-3.b",
                ["START-1.c"]
            ),
            ("ordering.native-to-js.fifo", "sends-reversed-within-turn", "ORD-1.a", ["DISP-3.b"]),
            // A native call with a callback that carries no callbackId (the key spelled `callbackID`) is MSG-7.c's,
            // not the obligation of the case that could not answer it (MSG-9.a).
            ("messages.js-to-native.response-json-forms", "callback-id-key-spelled-callbackID", "MSG-7.c", ["MSG-9.a"]),
            // Responses carrying other calls' ids unchanged are paired wrongly (MSG-6.b), not ids rebuilt (ID-3.b).
            (
                "js-side.dispatch.responses-keep-native-ids", "js-responder-reads-shared-callback-id", "MSG-6.b",
                ["ID-3.b"]
            ),
            // A fetch that gives "" for an empty queue is the JS side's encoding (DISP-2.b), not a batch the
            // injection found full (BOOT-6.b), and it sent no message without a handlerName (MSG-5.a).
            (
                "bootstrap.js-side.messaging-iframe-signals-on-injection", "js-empty-queue-fetches-empty-string",
                "DISP-2.b", ["BOOT-6.b"]
            ),
            ("js-side.messages.call-shapes", "js-empty-queue-fetches-empty-string", nil, ["MSG-5.a"]),
            // A JS handler given the whole call message fails what a handler gets (DISP-5.a), not the dispatch
            // of the message (DISP-3.a) nor a payload changed on the way (ESC-3.a).
            (
                "escaping.quotes-and-backslashes.native-to-js", "js-handler-gets-whole-message", "DISP-5.a",
                ["DISP-3.a", "ESC-3.a"]
            ),
            ("escaping.corpus.round-trip.native-to-js", "js-handler-gets-whole-message", "DISP-5.a", ["DISP-3.a"]),
        ] as [(String, String, String?, [String])])
    func lossBlamesItsCause(caseID: String, mutant: String, cited: String?, notCited: [String]) async throws {
        let result = try await run(caseID, against: mutant)
        let citations = Set(result.failures.map { $0.obligation ?? $0.clause })
        if let cited {
            #expect(citations.contains(cited), "\(caseID) against \(mutant): \(citations.sorted())\n\(result.report)")
        }
        #expect(
            citations.isDisjoint(with: notCited), "\(caseID) against \(mutant): \(citations.sorted())\n\(result.report)"
        )
    }

    private func run(_ caseID: String, against mutantID: String) async throws -> CaseResult {
        let conformanceCase = try #require(Catalogue.case(withID: caseID))
        let mutant = try #require(MutantCatalogue.mutant(named: mutantID))
        return try await Kit.run([conformanceCase], against: mutant)[0]
    }
}

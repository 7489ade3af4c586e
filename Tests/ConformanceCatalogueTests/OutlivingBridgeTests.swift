import BridgeMutants
import ConformanceKit
import Dispatch
import KitTestSupport
import ReferenceBridge
import TestTiers
import Testing
import WireDialects

/// Bridges may outlive their case (kept by the app, released late, answering late, removing their script
/// message handlers in `deinit`): all legal, none of it the case's business, and none of it may trap the kit
/// or reach another case.
@Suite("Bridges that outlive their case")
@MainActor
struct OutlivingBridgeTests {
    @Test(
        "a correct bridge that outlives its case gets every verdict the reference gets, and nothing traps", .fullTier,
        arguments: OutlivingBridgeAdapter.Habit.allCases)
    func outlivingBridgeGetsTheReferenceVerdicts(_ habit: OutlivingBridgeAdapter.Habit) async throws {
        let cases = TestTier.sample(Catalogue.all)
        let reference = try await Kit.referenceRun()
        let results = try await Kit.run(cases) { OutlivingBridgeAdapter(habit: habit) }
        // What it does after the last case happens in the next one's turns: one more case runs it.
        let after = try await Kit.run(Kit.adHocCase { context in try await context.runUntilIdle() })
        #expect(after.verdict == .pass, "\(after.failures) \(after.interruption?.text ?? "")")
        let offered = BridgeCapabilities(of: OutlivingBridgeAdapter(habit: habit))
        for (conformanceCase, result) in zip(cases, results) where conformanceCase.requires.isSubset(of: offered) {
            let expected = try #require(reference[result.caseID])
            #expect(
                result.verdict == expected.verdict,
                "\(result.caseID): \(result.verdict), the reference \(expected.verdict): \(result.failures.prefix(3).map(\.message)) \(result.interruption?.text ?? "")"
            )
        }
    }

    @Test("a bridge whose glue timers use its web view in every shape after its case passes, as the next case does")
    func glueTimersAfterTheCase() async throws {
        let cases = [
            "bootstrap.navigation.two-in-one-turn", "messages.native-to-js.keys",
            "bootstrap.setup-callbacks.reloaded-page",
        ]
        .compactMap(Catalogue.case(withID:))
        #expect(cases.count == 3)
        let results = try await Kit.run(cases) { OutlivingBridgeAdapter(habit: .usesItsWebViewFromATimer) }
        // Its last timer fires in the next case's turns: one more case runs it.
        let after = try await Kit.run(Kit.adHocCase { context in try await context.runUntilIdle() })
        for result in results + [after] {
            #expect(result.verdict == .pass, "\(result.caseID): \(result.failures) \(result.interruption?.text ?? "")")
        }
    }

    @Test("a web view used after its case is a note on the case during which it was used, and changes no verdict")
    func lateUseIsNotedOnTheNextCase() async throws {
        let first = try #require(Catalogue.case(withID: "messages.native-to-js.keys"))
        // The second case lets the main queue run before its script: the first bridge's late use happens in it.
        let afterTheFirst = Kit.adHocCase("test.after-the-first") { context in
            await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
            context.loadPage(Kit.sinkPage)
            try await context.runUntilIdle()
            try context.callHandler("sink", data: "after the first case")
            try await context.runUntilIdle()
        }
        // The third bridge outlives the run too: what it does after the last case is no case's note.
        let cases = [first, afterTheFirst, first]
        var made = 0
        let results = try await Kit.run(cases) {
            made += 1
            return made == 2 ? ReferenceBridgeAdapter() : OutlivingBridgeAdapter(habit: .keepsItsWebView)
        }
        let control = try await Kit.run(cases)
        #expect(
            results.map { $0.leftovers.lines } == [
                [],
                [
                    "the web view of case messages.native-to-js.keys was used after its case: 2 evaluations, 1 load,"
                        + " 1 reload, 1 native log line, 2 script message handler changes (ignored)"
                ],
                [],
            ])
        #expect(results[1].report.contains("leftovers: the web view of case messages.native-to-js.keys was used"))
        let notes = CaseResult.lateWebViewUseNotes(in: results + Array(repeating: results[1], count: 20))
        #expect(notes.count == 21)
        #expect(notes.first?.hasPrefix("note: during test.after-the-first, the web view of case messages.") == true)
        #expect(notes.last == "note: ... and 1 more like it (21 in all)")
        for (result, expected) in zip(results, control) {
            #expect(result.verdict == expected.verdict, "\(result.caseID): \(result.failures)")
            #expect(result.failures.map(\.message) == expected.failures.map(\.message))
            #expect(result.transcript == expected.transcript)
        }
    }

    @Test("late uses are counted, not kept: at most 16 case ids a note, each cut, the rest counted together")
    func lateUsesAreBounded() {
        let log = LateWebViewUseLog()
        for index in 0..<40 { log.record(.evaluation, byWebViewOf: "case.\(index)") }
        log.record(.reload, byWebViewOf: String(repeating: "x", count: 100_000))
        log.record(.load, byWebViewOf: "case.3")
        let uses = log.take()
        #expect(uses.count == LateWebViewUseLog.maximumCases + 1)
        #expect(uses[3].note == "the web view of case case.3 was used after its case: 1 evaluation, 1 load (ignored)")
        #expect(
            uses.last?.note
                == "the web views of more cases were used after their cases: 24 evaluations, 1 reload (ignored)")
        #expect(log.take().isEmpty)
        #expect(LateWebViewUse(caseID: String(repeating: "x", count: 100_000)).note.utf8.count < 300)
    }

    @Test(
        "a wkwvjb port with its own glue, main-queue hops and its own JS side, whose deinit removes its handlers",
        .fullTier)
    func scriptMessagePortGetsTheReferenceVerdicts() async throws {
        let cases = TestTier.sample(Catalogue.all)
        let reference = try await Kit.wkwvjbReferenceRun()
        let results = try await Kit.run(
            cases, configuration: .init(javaScriptSideUnderTest: true, dialect: .wkwvjb)
        ) { ScriptMessagePortAdapter() }
        let offered = BridgeCapabilities(of: ScriptMessagePortAdapter())
        for (conformanceCase, result) in zip(cases, results) where conformanceCase.requires.isSubset(of: offered) {
            let expected = try #require(reference[result.caseID])
            #expect(
                result.verdict == expected.verdict,
                "\(result.caseID): \(result.verdict), the reference \(expected.verdict): \(result.failures.prefix(3).map(\.message)) \(result.interruption?.text ?? "")"
            )
        }
    }
}

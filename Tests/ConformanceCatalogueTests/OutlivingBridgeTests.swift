import BridgeMutants
import ConformanceKit
import KitTestSupport
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

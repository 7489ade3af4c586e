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

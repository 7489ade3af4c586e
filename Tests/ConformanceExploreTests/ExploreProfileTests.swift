import BridgeMutants
import ConformanceKit
import ConformanceObligations
import ConformanceTesting
import Foundation
import ReferenceBridge
import ReferenceOracle
import StrictJSON
import TestTiers
import Testing
import WireDialects

/// `conformance explore --profile`: programs run in the profile's dialect, against its reference, and cite the
/// clauses that hold there (spec 13.1).
@Suite("Explore in a profile: programs, oracle and clauses in the run's dialect")
@MainActor
struct ExploreProfileTests {
    static func generator(in dialect: WireDialect) throws -> ExploreGenerator {
        ExploreGenerator(
            capabilities: .allOperations, maxOperations: 12,
            data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()), dialect: dialect)
    }

    @Test("in a dialect without the safety switch and bridge URLs, no program switches the safety off or opens a frame")
    func stepsWhoseClausesDoNotHoldAreNeverDrawn() throws {
        let wkwvjb = try Self.generator(in: .wkwvjb), canonical = try Self.generator(in: .canonical)
        let seeds = (0..<400).map { ExploreRandom.programSeed(run: $0, of: 11) }
        let uses = { (program: ExploreProgram, step: String) in
            program.operations.contains { $0.line(at: 0).contains(step) }
        }
        let inDialect = seeds.map(wkwvjb.program(seed:))
        #expect(!inDialect.contains { $0.requiredCapabilities.contains(.disableSafetyTimeout) })
        #expect(!inDialect.contains { uses($0, "adds an iframe") })
        // The canonical generator does draw both, so the filter is the dialect's doing.
        let drawn = seeds.map(canonical.program(seed:))
        #expect(drawn.contains { $0.requiredCapabilities.contains(.disableSafetyTimeout) })
        #expect(drawn.contains { uses($0, "adds an iframe") })
    }

    @Test("the wkwvjb reference against itself: no difference in 100 programs", .fullTier)
    func referenceHasNoDifferenceInItsProfile() async throws {
        let explorer = try Explorer.againstReference(
            { ReferenceBridgeAdapter(dialect: .wkwvjb) }, configuration: .init(dialect: .wkwvjb))
        let report = await explorer.explore(
            ExploreOptions(seed: 2026, runs: 100), generator: try Self.generator(in: .wkwvjb))
        #expect(report.programsRun == 100)
        #expect(
            !report.isFailure && report.nonStrictPrograms == 0,
            "\(report.render(adapter: "reference", maxOperations: 12, replay: { "\($0)" }, bridgeJavaScriptSource: ""))"
        )
    }

    /// Mutants of the wkwvjb reference explore finds from seed 1, each with the clause a failing difference
    /// cites (the first, for all but the startup queue's, whose missing native callback comes first as CB-1): the
    /// dialect's own clauses (the navigation-signal clauses' counterparts), never a clause that does not hold there.
    nonisolated static let foundMutants: [(mutant: String, clause: String)] = [
        ("wkwvjb-js-signals-only-an-empty-queue", "WK-1"),
        ("wkwvjb-js-posts-the-message", "WK-1"),
        ("wkwvjb-js-keeps-the-messaging-iframe", "WK-1"),
        ("wkwvjb-snippet-ignores-pending-callbacks", "WK-4"),
        ("wkwvjb-snippet-posts-a-word", "WK-4"),
        ("wkwvjb-fetches-twice-per-message", "WK-2"),
        ("wkwvjb-fetch-without-semicolon", "WK-2"),
        ("wkwvjb-startup-queue-before-completion", "START-1"),
    ]

    @Test(
        "explore finds the wkwvjb reference's mutants, citing the clause that holds in the dialect",
        arguments: TestTier.sample(foundMutants))
    func findsDialectMutants(mutant name: String, clause: String) async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: name))
        let explorer = try Explorer.againstReference(
            { mutant.makeAdapter() }, configuration: try mutant.configuration())
        let report = await explorer.explore(
            ExploreOptions(seed: 1, runs: 200), generator: try Self.generator(in: .wkwvjb))
        let found = try #require(report.counterexample, "\(name): no difference in \(report.programsRun) programs")
        let failures = found.differences.filter(\.isFailure)
        #expect(failures.contains { $0.clause == clause }, "\(name): \(failures)")
        if clause != "START-1" { #expect(failures.first?.clause == clause, "\(name): \(failures)") }
        for difference in found.differences {
            let cited = Clause(citation: difference.clause ?? "")
            #expect(cited != nil, "\(name) cites no clause of the spec: \(difference)")
            if let cited {
                #expect(DialectApplicability.whyNot(cited, in: .wkwvjb) == nil, "\(name) cites \(cited): \(difference)")
            }
        }
    }

    @Test(
        "ConformanceExploration takes a profile: its replay line names it, and a baseline of another profile is refused"
    )
    func implementersHelperTakesAProfile() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "wkwvjb-fetches-twice-per-message"))
        let outcome = try await ConformanceExploration.explore(
            adapter: { mutant.makeAdapter() }, seed: 1, runs: 20, profile: .wkwvjb)
        #expect(outcome.foundDifference)
        #expect(outcome.description.contains("--profile wkwvjb"), "\(outcome.description)")
        let canonicalBaseline = Baseline(entries: [])
        await #expect(throws: HarnessError.self) {
            _ = try await ConformanceExploration.explore(
                adapter: { mutant.makeAdapter() }, runs: 1, baseline: canonicalBaseline, profile: .wkwvjb)
        }
    }
}

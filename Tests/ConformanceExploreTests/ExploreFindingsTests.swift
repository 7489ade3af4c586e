import BridgeMutants
import ConformanceKit
import ConformanceTesting
import Foundation
import KitTestSupport
import ReferenceOracle
import TestTiers
import Testing

/// `conformance explore --max-findings` and `--baseline`: a port with several defects gives several
/// findings, grouped by signature (clause and kind of difference), each shrunk keeping its signature; the
/// findings a baseline names are known and never counterexamples.
@Suite("Explore: several findings, and a baseline")
@MainActor
struct ExploreFindingsTests {
    /// The three-defect port's mutants and their clauses (shared with the Fix first tests).
    nonisolated static let threeDefects = Kit.threeDefects
    nonisolated static let threeClauses = Kit.threeDefectClauses
    /// With seed 1, the three-defect port shows its five first findings by program 88 (of the 300 given).
    nonisolated static let seed: UInt64 = 1

    static func explore(maxFindings: Int, baseline: Baseline? = nil, runs: Int = 300) async throws -> ExploreReport {
        let port = try MutantCatalogue.combination(of: threeDefects)
        let explorer = try Explorer.againstReference({ port() })
        let options = ExploreOptions(
            seed: seed, runs: runs, maxFindings: maxFindings, known: baseline.map { ExploreKnownFindings($0) })
        return await explorer.explore(options, generator: try ExploreTests.generator())
    }

    static func text(_ report: ExploreReport) -> String {
        report.render(
            adapter: "three defects", maxOperations: 12, replay: { "replay \($0)" }, bridgeJavaScriptSource: "")
    }

    @Test(
        "a port with three defects: --max-findings 5 gives distinct findings, each shrunk keeping its signature",
        .fullTier)
    func threeDefectsGiveSeveralFindings() async throws {
        let report = try await Self.explore(maxFindings: 5)
        let text = Self.text(report)
        print(text.split(separator: "\n").prefix(12).joined(separator: "\n"))
        #expect(report.findings.count == 5 && report.stop == .findingLimit, "\(text)")
        #expect(text.contains("5 distinct findings in \(report.programsRun) programs"), "\(text)")
        #expect(Set(report.findings.map(\.signature)).count == report.findings.count)
        // Each of the three defects is a finding of its own clause.
        let clauses = Set(report.findings.compactMap(\.signature.clauseWithoutObligation))
        #expect(clauses.isSuperset(of: Self.threeClauses), "\(report.findings.map(\.id))")
        for finding in report.findings {
            let found = finding.counterexample
            #expect(found.shrunk.operations.count <= found.original.operations.count, "\(finding.id)")
            #expect(found.shrunk.operations.count <= 6, "\(finding.id): \(found.shrunk.listing)")
            // The shrunk program still shows the finding's signature: shrinking never swaps one defect for another.
            #expect(found.differences.contains { $0.isFailure && $0.signature == finding.signature }, "\(finding.id)")
            #expect(found.originalDifferences.contains { $0.signature == finding.signature })
            #expect(ExploreCaseFile.isValidID(finding.id), "\(finding.id)")
            #expect(text.contains("replay \(found.programSeed)"))
        }
        // Reports and case files carry every finding, by its id.
        #expect(report.caseResults.map(\.caseID) == report.findings.map(\.id))
        #expect(report.caseResults.allSatisfy { $0.verdict == .fail })
        #expect(report.caseFiles(foundWith: { "replay \($0)" }).map(\.id) == report.findings.map(\.id))
        #expect(report.isFailure)
    }

    @Test("a baseline naming one finding: it is known (counted, not shrunk), the others are still new", .fullTier)
    func baselineHidesOnlyWhatItNames() async throws {
        let known = "explore.ord-2.reordered-native-side"
        let baseline = Baseline(entries: [.init(caseGlob: known, verdict: .fail, reason: "batches run last-first")])
        let report = try await Self.explore(maxFindings: 5, baseline: baseline)
        let text = Self.text(report)
        #expect(!report.findings.contains { $0.id == known }, "\(text)")
        #expect(report.knownFindings.contains { $0.id == known && $0.programs > 0 }, "\(text)")
        #expect(report.findings.count == 5 && report.isFailure)
        let clauses = Set(report.findings.compactMap(\.signature.clauseWithoutObligation))
        #expect(clauses.isSuperset(of: ["START-3", "MISS-2"]), "\(report.findings.map(\.id))")
        #expect(!clauses.contains("ORD-2"), "\(report.findings.map(\.id))")
        #expect(
            text.contains("showed only known findings, which the baseline expects and which are not shrunk: \(known)"))
        #expect(!text.contains(" of 5: \(known),"))
    }

    @Test(
        "an entry must expect the finding's verdict, and a catalogue entry makes nothing known, only named", .fullTier)
    func baselinePrecision() async throws {
        let baseline = Baseline(entries: [
            // The right id with the wrong verdict: the finding stays new, and the report says why.
            .init(caseGlob: "explore.ord-2.*", verdict: .timeout, reason: "wrong verdict"),
            // A catalogue case citing START-3 that the fork expects to fail: START-3 findings stay new.
            .init(caseGlob: "startup.reset-rearms-queue", verdict: .fail, reason: "reset does nothing"),
        ])
        let report = try await Self.explore(maxFindings: 5, baseline: baseline)
        #expect(report.knownFindings.isEmpty)
        let ordered = try #require(report.findings.first { $0.id == "explore.ord-2.reordered-native-side" })
        #expect(ordered.mismatchedEntry?.caseGlob == "explore.ord-2.*")
        let reset = try #require(report.findings.first { $0.signature.clauseWithoutObligation == "START-3" })
        #expect(reset.relatedCatalogueCases.contains("startup.reset-rearms-queue"))
        let text = Self.text(report)
        #expect(text.contains("the baseline's entry explore.ord-2.* expects timeout, and this finding is fail"))
        #expect(text.contains("if it is the same defect, add \(reset.id) to the baseline"), "\(text)")
    }

    @Test("a mutant whose every finding the baseline knows: no counterexample, the run passes", .fullTier)
    func everythingKnownPasses() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "batch-reversed"))
        let explorer = try Explorer.againstReference({ mutant.makeAdapter() })
        let baseline = Baseline(entries: [.init(caseGlob: "explore.ord-2.**", verdict: .fail, reason: "known")])
        let options = ExploreOptions(seed: 1, runs: 100, known: ExploreKnownFindings(baseline))
        let report = await explorer.explore(options, generator: try ExploreTests.generator())
        let text = Self.text(report)
        #expect(report.findings.isEmpty && !report.isFailure && report.knownOnlyPrograms > 0, "\(text)")
        #expect(report.programsRun == 100)
        #expect(text.contains("no new finding"))
        #expect(report.caseResults.map(\.verdict) == [.pass])
    }

    @Test("finding ids: clause lower-cased then the kind, never data; case ids and file names")
    func signatureIDs() {
        #expect(
            ExploreSignature(clause: "START-3", kind: .extra(.javaScriptHandler)).id
                == "explore.start-3.extra-js-handler")
        #expect(ExploreSignature(clause: "CB-2.a", kind: .check).id == "explore.cb-2.a.check")
        #expect(
            ExploreSignature(clause: "ORD-2", kind: .reordered(.nativeSide)).id == "explore.ord-2.reordered-native-side"
        )
        #expect(ExploreSignature(clause: nil, kind: .runEnded(.adapterError)).id == "explore.run.adapter-error")
        #expect(ExploreSignature(clause: nil, kind: .runEnded(.adapterError)).verdict == .adapterError)
        #expect(ExploreSignature(clause: nil, kind: .stalled).verdict == .timeout)
        // A clause with characters no id may hold still gives a valid id.
        #expect(ExploreSignature(clause: "X/../Y 1", kind: .numbering).id == "explore.x-.-y-1.id-numbering")
        let kinds: [ExploreDifference.Kind] = [
            .runEnded(.crash), .stalled, .check, .missing(.nativeCallback), .extra(.response), .changed(.call),
            .late(.javaScriptCallback), .reordered(.wire), .identifiers(.wire), .numbering, .warnings,
        ]
        for kind in kinds {
            for clause in ["FLUSH-7", "CB-2.a", nil] as [String?] {
                let id = ExploreSignature(clause: clause, kind: kind).id
                #expect(ExploreCaseFile.isValidID(id), "\(id)")
            }
        }
    }

    @Test("conformance run keeps explore's entries: never stale, kept when --update-baseline rewrites the file")
    func runKeepsExploreEntries() {
        let baseline = Baseline(entries: [
            .init(caseGlob: "explore.ord-2.reordered-native-side", verdict: .fail, reason: "explore's"),
            .init(caseGlob: "no-such.case", verdict: .fail, reason: "stale"),
        ])
        let gate = baseline.gate([], catalogueIDs: Catalogue.all.map(\.id))
        #expect(gate.stale.map(\.caseGlob) == ["no-such.case"])
        let updated = Baseline.updated(from: [], keeping: baseline)
        #expect(updated.entries.map(\.caseGlob) == ["explore.ord-2.reordered-native-side"])
    }

    @Test("ConformanceExploration carries every finding and the known ones", .fullTier)
    func conformanceExplorationCarriesFindings() async throws {
        let port = try MutantCatalogue.combination(of: Self.threeDefects)
        let baseline = Baseline(entries: [
            .init(caseGlob: "explore.ord-2.reordered-native-side", verdict: .fail, reason: "known")
        ])
        let outcome = try await ConformanceExploration.explore(
            adapter: { port() }, seed: Self.seed, runs: 300, maxFindings: 5, baseline: baseline)
        #expect(outcome.foundDifference && outcome.findings.count == 5, "\(outcome)")
        #expect(outcome.knownFindingIDs == ["explore.ord-2.reordered-native-side"], "\(outcome)")
        #expect(outcome.findings.allSatisfy { $0.caseFileText.contains("\"id\": \"\($0.id)\"") })
        #expect(outcome.description.contains("5 distinct findings in \(outcome.programsRun) programs"))
    }

    @Test("combining mutants: only native mutants whose defects use different hooks")
    func combinationRules() {
        #expect(throws: MutantCatalogue.CombinationProblem.self) {
            try MutantCatalogue.combination(of: ["batch-reversed", "missing-handler-aborts-batch"])
        }
        #expect(throws: MutantCatalogue.CombinationProblem.self) {
            try MutantCatalogue.combination(of: ["batch-reversed", "no-such-mutant"])
        }
        #expect(throws: MutantCatalogue.CombinationProblem.self) {
            try MutantCatalogue.combination(of: ["batch-reversed"])
        }
    }
}

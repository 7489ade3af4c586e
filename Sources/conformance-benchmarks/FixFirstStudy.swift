import BridgeMutants
import ConformanceKit
import Foundation

/// `conformance-benchmarks fix-first`: how well "Fix first" (`RootCauses`) names the real causes of a run's
/// failures, the whole catalogue run against ports whose causes are known (each mutant's obligation):
///
/// - every single-defect mutant of `BridgeMutants`, in its profile: is the first finding the mutant's own
///   clause (for a trapping mutant, its crash), is it among the five shown, and how many findings it gives;
/// - combinations of two and of three defects (`MutantCombination`), a fixed sample: every compatible pair of
///   20 mutants taken at even steps through the catalogue, and 30 compatible triples of them at even steps;
/// - the hurried ports of `MultiDefectPort`, each with three or more defects of different kinds;
///
/// and for each set: findings per real cause, whether every real cause is among the findings, whether the
/// first is one, and whether a security finding, when there is one, comes first. `FIX_FIRST_SETS=singles,ports`
/// (any of `singles`, `pairs`, `triples`, `ports`) runs only those sets; with `FIX_FIRST_VERBOSE=1` it prints each
/// combination's miss and every port's findings; with `FIX_FIRST_DUMP=PATH` it writes every single mutant's
/// results (cases, citations, expected and actual values, checks made, adapter operations) as JSON.
enum FixFirstStudy {
    /// The mutants the combinations are drawn from.
    static let sampleSize = 20
    /// The triples of them measured.
    static let tripleCount = 30

    @MainActor
    static func run() async {
        let environment = ProcessInfo.processInfo.environment
        let verbose = environment["FIX_FIRST_VERBOSE"] == "1"
        let sets = Set((environment["FIX_FIRST_SETS"] ?? "singles,pairs,triples,ports").split(separator: ","))
        print("  fix first: the whole catalogue against ports whose causes are known; does Fix first name them?")
        if sets.contains("singles") { await runSingles() }
        let (pairs, triples) = combinationSample()
        if sets.contains("pairs") {
            var tally = Tally()
            for ids in pairs { await measure(ids, into: &tally, printingMisses: verbose) }
            tally.print("pairs of defects (every compatible pair of \(sampleSize) mutants)")
        }
        if sets.contains("triples") {
            var tally = Tally()
            for ids in triples { await measure(ids, into: &tally, printingMisses: verbose) }
            tally.print("triples of defects (\(triples.count) of \(sampleSize) mutants)")
        }
        if sets.contains("ports") {
            var tally = Tally()
            for port in MultiDefectPort.all {
                await measure(port.mutantIDs, into: &tally, printingMisses: true, label: port.id, everyFinding: verbose)
            }
            tally.print("hurried ports (\(MultiDefectPort.all.count), 4 to 6 defects of 2 or 3 kinds each)")
        }
    }

    /// What a set of runs showed.
    struct Tally {
        var runs = 0, causes = 0, findings = 0
        var firstIsCause = 0, everyCauseFound = 0, everyCauseShown = 0
        var withSecurity = 0, securityFirst = 0, withInsecureCase = 0, insecureFirst = 0, withKitFault = 0
        var findingsPerCause: [Double] = []

        mutating func add(
            _ roots: RootCauseFindings, causes clauses: Set<String>, crashes: Bool, results: [CaseResult]
        ) {
            func isCause(_ finding: RootCauseFinding) -> Bool {
                clauses.contains(CheckFailure.citation(finding.citation).clause)
                    || (crashes && finding.citation == Verdict.crash.rawValue)
            }
            runs += 1
            causes += clauses.count
            findings += roots.count
            findingsPerCause.append(Double(roots.count) / Double(max(clauses.count, 1)))
            if let first = roots.first, isCause(first) { firstIsCause += 1 }
            let found = Set(roots.filter(isCause).map { CheckFailure.citation($0.citation).clause })
            let shown = Set(
                roots.prefix(FixFirstSummary.shownFindings).filter(isCause).map {
                    CheckFailure.citation($0.citation).clause
                })
            if found.count == clauses.count || (crashes && roots.contains(where: isCause)) { everyCauseFound += 1 }
            if shown.count == clauses.count
                || (crashes && roots.prefix(FixFirstSummary.shownFindings).contains(where: isCause))
            {
                everyCauseShown += 1
            }
            // A run with a case whose payload ran code in the page: does the first finding occur there?
            let insecure = Set(results.filter { $0.verdict == .insecure }.map(\.caseID))
            if !insecure.isEmpty {
                withInsecureCase += 1
                if let first = roots.first, first.cases.contains(where: insecure.contains) { insecureFirst += 1 }
            }
            if roots.contains(where: { $0.security != nil }) {
                withSecurity += 1
                if roots.first?.security != nil { securityFirst += 1 }
            }
        }

        func print(_ title: String) {
            let sorted = findingsPerCause.sorted()
            let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            let mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
            Swift.print(
                "  \(title): \(runs) runs, \(causes) real causes, \(findings) root findings; findings per real cause: \(format(Double(findings) / Double(max(causes, 1)))) overall, per run mean \(format(mean)), median \(format(median)), max \(format(sorted.last ?? 0))"
            )
            Swift.print(
                "    first finding is a real cause: \(firstIsCause) of \(runs) (\(percent(firstIsCause))); every real cause among the findings: \(everyCauseFound) (\(percent(everyCauseFound))); among the \(FixFirstSummary.shownFindings) shown: \(everyCauseShown) (\(percent(everyCauseShown)))"
            )
            Swift.print(
                "    a security finding first: \(securityFirst) of the \(withSecurity) runs with one; runs with an insecure case (the tripwire fired): \(withInsecureCase), whose first finding occurs in one: \(insecureFirst); runs with a kit fault: \(withKitFault)"
            )
        }

        private func percent(_ count: Int) -> String { runs == 0 ? "-" : "\(count * 100 / runs)%" }
        private func format(_ value: Double) -> String { String(format: "%.2f", value) }
    }

    /// Root findings in the order "Fix first" lists them.
    typealias RootCauseFindings = [RootCauseFinding]

    /// Every single-defect mutant, with the figures the kit has printed since the study began.
    @MainActor
    private static func runSingles() async {
        var tally = Tally()
        var shownHits = 0
        var notShown: [String] = []
        let dumpPath = ProcessInfo.processInfo.environment["FIX_FIRST_DUMP"]
        var dump: [[String: Any]] = []
        defer {
            if let dumpPath, let data = try? JSONSerialization.data(withJSONObject: dump, options: [.sortedKeys]) {
                _ = FileManager.default.createFile(atPath: dumpPath, contents: data)
            }
        }
        for mutant in MutantCatalogue.all {
            let results: [CaseResult]
            do {
                let runner = try ConformanceRunner(configuration: try mutant.configuration())
                results = await runner.run(Catalogue.all) { mutant.makeAdapter() }
            } catch {
                print("    \(mutant.id): cannot start the harness: \(error)")
                continue
            }
            if dumpPath != nil { dump.append(record(of: mutant, results: results)) }
            let roots = RootCauses.findings(in: results)
            tally.add(roots, causes: [mutant.clause.id], crashes: mutant.crashes, results: results)
            if results.contains(where: isKitFault) { tally.withKitFault += 1 }
            func isOwn(_ finding: RootCauseFinding) -> Bool {
                CheckFailure.citation(finding.citation).clause == mutant.clause.id
                    || (mutant.crashes && finding.citation == Verdict.crash.rawValue)
            }
            if roots.prefix(FixFirstSummary.shownFindings).contains(where: isOwn) {
                shownHits += 1
            } else {
                notShown.append(mutant.id)
            }
            if let first = roots.first, !isOwn(first) {
                let shown = roots.prefix(4).map { "\($0.citationLabel) (\($0.cases.count))" }
                print(
                    "    \(mutant.id) [\(mutant.obligation)]: first \(shown.joined(separator: ", "))\(roots.count > 4 ? ", ..." : "")"
                )
            } else if roots.isEmpty {
                print("    \(mutant.id) [\(mutant.obligation)]: no finding")
            }
        }
        tally.print("single defects (every mutant)")
        print(
            "    the first finding cites the mutant's own clause for \(tally.firstIsCause) of \(tally.runs) mutants; among the \(FixFirstSummary.shownFindings) shown for \(shownHits)"
        )
        print("    not among the \(FixFirstSummary.shownFindings) shown: \(notShown.joined(separator: ", "))")
    }

    /// Runs the combination of `ids` and adds what it showed to `tally`.
    @MainActor
    private static func measure(
        _ ids: [String], into tally: inout Tally, printingMisses: Bool, label: String? = nil, everyFinding: Bool = false
    ) async {
        let combination: MutantCombination
        do {
            combination = try MutantCombination(ids)
        } catch {
            print("    \(label ?? ids.joined(separator: "+")): \(error)")
            return
        }
        let results: [CaseResult]
        do {
            let runner = try ConformanceRunner(configuration: combination.configuration)
            results = await runner.run(Catalogue.all) { combination.makeAdapter() }
        } catch {
            print("    \(label ?? ids.joined(separator: "+")): cannot start the harness: \(error)")
            return
        }
        let roots = RootCauses.findings(in: results)
        let causes = Set(combination.mutants.map(\.clause.id))
        tally.add(roots, causes: causes, crashes: false, results: results)
        if results.contains(where: isKitFault) { tally.withKitFault += 1 }
        let named = Set(roots.map { CheckFailure.citation($0.citation).clause })
        let missing = causes.subtracting(named).sorted()
        let firstIsCause = roots.first.map { causes.contains(CheckFailure.citation($0.citation).clause) } ?? false
        guard printingMisses, label != nil || !missing.isEmpty || !firstIsCause else { return }
        if everyFinding {
            for root in roots {
                let folded = root.consequences.map(\.citationLabel).joined(separator: " ")
                print("      \(root.citationLabel) (\(root.cases.count)) \(root.message.prefix(90)) <- \(folded)")
            }
        }
        let shown = roots.prefix(6).map { "\($0.citationLabel) (\($0.cases.count))" }
        print(
            "    \(label ?? ids.joined(separator: "+")) [\(combination.obligations.map(\.id).joined(separator: ", "))]: \(roots.count) findings: \(shown.joined(separator: ", "))\(roots.count > 6 ? ", ..." : "")\(missing.isEmpty ? "" : "; missing \(missing.joined(separator: ", "))")"
        )
    }

    /// Whether a case's verdict is a fault of the kit, not of the port.
    private static func isKitFault(_ result: CaseResult) -> Bool {
        result.verdict == .harnessError || result.verdict == .adapterError
    }

    /// The combinations measured: every compatible pair of `sampleSize` mutants taken at even steps through the
    /// catalogue's canonical, non-trapping mutants of the kinds that combine, and `tripleCount` compatible
    /// triples of them at even steps through all such triples. Deterministic: the catalogue's order decides.
    @MainActor
    static func combinationSample() -> (pairs: [[String]], triples: [[String]]) {
        let candidates = MutantCatalogue.all.filter { $0.dialect == .canonical && !$0.crashes && $0.combines }
        let step = max(1, candidates.count / sampleSize)
        let sample = (0..<min(sampleSize, candidates.count)).map { candidates[$0 * step].id }
        func combines(_ ids: [String]) -> Bool { (try? MutantCombination(ids)) != nil }
        var pairs: [[String]] = []
        for first in sample.indices {
            for second in sample.indices where second > first && combines([sample[first], sample[second]]) {
                pairs.append([sample[first], sample[second]])
            }
        }
        var triples: [[String]] = []
        for first in sample.indices {
            for second in sample.indices where second > first {
                for third in sample.indices where third > second {
                    let ids = [sample[first], sample[second], sample[third]]
                    if combines(ids) { triples.append(ids) }
                }
            }
        }
        let tripleStep = max(1, triples.count / tripleCount)
        return (pairs, (0..<min(tripleCount, triples.count)).map { triples[$0 * tripleStep] })
    }

    /// One mutant's run as plain JSON for studying groupings offline (`FIX_FIRST_DUMP=PATH`).
    private static func record(of mutant: Mutant, results: [CaseResult]) -> [String: Any] {
        [
            "mutant": mutant.id, "obligation": mutant.obligation, "crashes": mutant.crashes,
            "cases": results.map { result -> [String: Any] in
                [
                    "id": result.caseID, "clauses": result.clauses, "verdict": result.verdict.rawValue,
                    "level": result.level.rawValue,
                    "checks": Array(Set(result.checks.map(\.citedID))).sorted(),
                    "operations": result.transcript.events.compactMap { event -> String? in
                        guard case .adapterAction(let action) = event else { return nil }
                        return action.kind.rawValue
                    },
                    "failures": result.failures.map { failure -> [String: Any] in
                        [
                            "citation": failure.obligation ?? failure.clause, "level": failure.level.rawValue,
                            "message": failure.message, "expected": failure.expected ?? "",
                            "actual": failure.actual ?? "",
                        ]
                    },
                ]
            },
        ]
    }
}

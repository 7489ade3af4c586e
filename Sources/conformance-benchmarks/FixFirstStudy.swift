import BridgeMutants
import ConformanceKit
import Foundation

/// `conformance-benchmarks fix-first`: the whole catalogue against every single-defect mutant of
/// `BridgeMutants`, in its profile; prints how often the first "Fix first" finding cites the clause of the
/// obligation the mutant breaks (a trapping mutant: a crash), and the first findings of each miss. With
/// `FIX_FIRST_DUMP=PATH` it also writes every mutant's results (cases, citations, expected and actual values,
/// checks made, adapter operations) as JSON, to try another grouping without running the catalogue again.
enum FixFirstStudy {
    @MainActor
    static func run() async {
        var hits = 0, total = 0
        // How often the mutant's clause is among the findings "Fix first" shows (five).
        var shownHits = 0
        // Other orders of the roots, measured beside the kit's: by cases first, or by layer alone.
        var byCasesHits = 0, byLayerOnlyHits = 0
        var rootCounts: [Int] = []
        let dumpPath = ProcessInfo.processInfo.environment["FIX_FIRST_DUMP"]
        var dump: [[String: Any]] = []
        defer {
            if let dumpPath, let data = try? JSONSerialization.data(withJSONObject: dump, options: [.sortedKeys]) {
                _ = FileManager.default.createFile(atPath: dumpPath, contents: data)
            }
        }
        print("  fix first: the whole catalogue against each mutant; is the first finding the mutant's own clause?")
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
            guard let first = roots.first else {
                print("    \(mutant.id) [\(mutant.obligation)]: no finding")
                total += 1
                continue
            }
            total += 1
            rootCounts.append(roots.count)
            func isOwn(_ finding: RootCauseFinding) -> Bool {
                CheckFailure.citation(finding.citation).clause == mutant.clause
                    || (mutant.crashes && finding.citation == Verdict.crash.rawValue)
            }
            let byCases = roots.min {
                ($0.level == .should ? 1 : 0, -$0.cases.count, RootCauses.layer(of: $0)) < (
                    $1.level == .should ? 1 : 0, -$1.cases.count, RootCauses.layer(of: $1)
                )
            }
            if let byCases, isOwn(byCases) { byCasesHits += 1 }
            let byLayer = roots.min {
                (RootCauses.layer(of: $0), -$0.cases.count) < (RootCauses.layer(of: $1), -$1.cases.count)
            }
            if let byLayer, isOwn(byLayer) { byLayerOnlyHits += 1 }
            if roots.prefix(FixFirstSummary.shownFindings).contains(where: isOwn) { shownHits += 1 }
            if isOwn(first) {
                hits += 1
            } else {
                let shown = roots.prefix(4).map { "\($0.citationLabel) (\($0.cases.count))" }
                print(
                    "    \(mutant.id) [\(mutant.obligation)]: first \(shown.joined(separator: ", "))\(roots.count > 4 ? ", ..." : "")"
                )
            }
        }
        print(
            "  the mutant's own clause is among the \(FixFirstSummary.shownFindings) findings shown for \(shownHits) of \(total) mutants"
        )
        print(
            "  other orders: by cases first \(byCasesHits) of \(total); by layer alone \(byLayerOnlyHits) of \(total)")
        let sorted = rootCounts.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        print(
            "  the first finding cites the mutant's own clause for \(hits) of \(total) mutants (\(total == 0 ? 0 : hits * 100 / total)%); root findings per mutant: median \(median), max \(sorted.last ?? 0)"
        )
    }

    /// One mutant's run as plain JSON for studying groupings offline (`FIX_FIRST_DUMP=PATH`).
    private static func record(of mutant: Mutant, results: [CaseResult]) -> [String: Any] {
        [
            "mutant": mutant.id, "obligation": mutant.obligation, "crashes": mutant.crashes,
            "cases": results.map { result -> [String: Any] in
                [
                    "id": result.caseID, "clauses": result.clauses, "verdict": result.verdict.rawValue,
                    "level": result.level.rawValue,
                    "checks": Array(Set(result.checks.map(\.clause))).sorted(),
                    "operations": result.transcript.events.compactMap { event -> String? in
                        guard case .adapterAction(let action) = event else { return nil }
                        return String(action.prefix { $0 != "(" })
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

import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceBridge

/// `conformance-benchmarks explore-mutants`: explore against every mutant of `BridgeMutants`, seed 1, each
/// with a budget of programs; prints how many programs each took, what its counterexample shrank to, and
/// whether a difference cites the clause of the obligation the mutant breaks. Not part of the default run:
/// it takes minutes.
enum ExploreMutantStudy {
    /// Programs each mutant gets.
    static let budget = 2_000

    @MainActor
    static func run() async {
        var found = 0, foundAtShould = 0, clauseCited = 0
        var missed: [String] = []
        var programsToFind: [Int] = []
        var shrunkSteps: [Int] = []
        print(
            "  explore against every mutant, seed 1, up to \(budget) programs each (found: programs run until the first failing one, or the first SHOULD difference for a SHOULD mutant)"
        )
        for mutant in MutantCatalogue.all {
            do {
                let explorer = try ExploreBenchmarks.explorer(
                    { mutant.makeAdapter() }, configuration: try mutant.configuration())
                let generator = try ExploreBenchmarks.generator(explorer, maxOperations: 12)
                let report = await explorer.explore(
                    ExploreOptions(seed: 1, runs: budget, maxOperations: 12), generator: generator)
                let clauses: [String]
                let programs: Int
                if let counterexample = report.counterexample {
                    clauses = counterexample.differences.compactMap(\.clause)
                    programs = report.programsRun
                    shrunkSteps.append(counterexample.shrunk.operations.count)
                    found += 1
                } else if let first = report.nonStrict.first {
                    clauses = report.nonStrict.compactMap(\.difference.clause)
                    programs = first.run
                    foundAtShould += 1
                } else {
                    missed.append(mutant.id)
                    print("    \(mutant.id) [\(mutant.obligation)]: not found in \(report.programsRun) programs")
                    continue
                }
                programsToFind.append(programs)
                let cites = clauses.contains { $0.hasPrefix(mutant.clause.id) }
                if cites { clauseCited += 1 }
                let steps =
                    report.counterexample.map { "shrunk to \($0.shrunk.operations.count) steps" } ?? "SHOULD only"
                print(
                    "    \(mutant.id) [\(mutant.obligation)]: program \(programs), \(steps), cites \(clauses.prefix(3).joined(separator: ", "))\(cites ? "" : "  (not \(mutant.clause))")"
                )
            } catch {
                print("    \(mutant.id): cannot start the harness: \(error)")
            }
        }
        let sorted = programsToFind.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        print(
            "  explore mutants: \(found + foundAtShould)/\(MutantCatalogue.all.count) found within \(budget) programs (\(found) as failures, \(foundAtShould) at SHOULD level); "
                + "programs to find: median \(median), max \(sorted.last ?? 0); shrunk to ≤ 6 steps: \(shrunkSteps.filter { $0 <= 6 }.count)/\(shrunkSteps.count); "
                + "a difference cites the mutant's clause: \(clauseCited)/\(found + foundAtShould)")
        print("  not found: \(missed.isEmpty ? "none" : missed.joined(separator: ", "))")
    }
}

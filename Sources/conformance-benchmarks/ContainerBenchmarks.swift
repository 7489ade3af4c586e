import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceContainer

/// The messageHandler container profile: the catalogue against the reference container, explore's throughput
/// (the reference against itself), and the container mutants: caught by the catalogue, found by exploration.
enum ContainerBenchmarks {
    /// Programs run for the throughput.
    static let programs = 1_000
    /// Programs explored per mutant at most.
    static let programsPerMutant = 300

    @MainActor
    static func run() async {
        do {
            try await benchmark()
        } catch {
            print("  container: cannot start the harness: \(error)")
        }
    }

    @MainActor
    private static func benchmark() async throws {
        let runner = try ContainerRunner()
        _ = await runner.run(ContainerCatalogue.all) { ReferenceContainerAdapter() }  // warm up
        var passed = 0
        let catalogue = await Benchmarks.best(of: 3) {
            passed = await runner.run(ContainerCatalogue.all) { ReferenceContainerAdapter() }
                .filter { $0.verdict == .pass }.count
        }
        print(
            "  container catalogue: \(ContainerCatalogue.all.count) cases against the reference, \(passed) pass, "
                + String(format: "%.3f s (best of 3)", catalogue))

        var explorer = try ContainerExplorer { ReferenceContainerAdapter() }
        let start = DispatchTime.now()
        let finding = await explorer.explore(programs: programs, seed: 1) { ReferenceContainerAdapter() }
        precondition(finding == nil, "the reference must not differ from itself: \(String(describing: finding))")
        let seconds = Benchmarks.seconds(since: start)
        print(
            "  container explore: \(programs) programs (reference against itself, both sides run) in "
                + String(format: "%.2f s: %.0f programs/s", seconds, Double(programs) / seconds))

        let kit = try ContainerRunner.kitJavaScriptSide()
        var caught = 0, found = 0
        for mutant in ContainerMutantCatalogue.all {
            guard let javaScriptSide = mutant.javaScriptSide(from: kit) else { continue }
            let mutantRunner = try ContainerRunner(javaScriptSide: javaScriptSide)
            let results = await mutantRunner.run(ContainerCatalogue.all) { mutant.makeAdapter() }
            if results.contains(where: { $0.verdict != .pass && $0.verdict != .notApplicable }) { caught += 1 }
            var mutantExplorer = try ContainerExplorer(javaScriptSide: javaScriptSide) { ReferenceContainerAdapter() }
            let finding = await mutantExplorer.explore(programs: programsPerMutant, seed: 7) { mutant.makeAdapter() }
            if finding != nil { found += 1 }
            print(
                "    \(mutant.id): "
                    + (finding.map {
                        "found by explore after \($0.programs) programs, shrunk to \($0.shrunk.steps.count) steps"
                    }
                        ?? "not found by explore in \(programsPerMutant) programs"))
        }
        let total = ContainerMutantCatalogue.all.count
        print(
            "  container mutants: \(caught) of \(total) caught by the catalogue, \(found) of \(total) found by explore")
    }
}

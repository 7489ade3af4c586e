import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceBridge
import ReferenceOracle

/// `conformance explore`: how many programs a second it runs (the reference against itself, both sides
/// per program), the floor under that (a program of no steps), and how shrinking's time grows with the length of
/// the program it shrinks.
enum ExploreBenchmarks {
    /// Programs run for the throughput.
    static let programs = 2_000
    /// Programs of no steps run for the floor.
    static let floorPrograms = 500
    /// The most steps per program for the throughput (the command's default).
    static let maxOperations = 12
    /// The mutants whose counterexamples are shrunk: explore finds each within the first few dozen
    /// programs at every length. The first shrinks to one step; the second keeps at least two sends.
    static let mutantIDs = ["no-startup-queue", "batch-reversed"]
    /// The program lengths (`--max-ops`) shrinking is timed at.
    static let lengths = [6, 12, 24, 48]
    /// Failing programs shrunk per length; the times are their mean, so one odd program does not decide.
    static let counterexamplesPerLength = 3

    @MainActor
    static func run() async {
        do {
            try await benchmarkThroughput()
            try await benchmarkFloor()
            try await benchmarkShrinking()
        } catch {
            print("  explore: cannot start the harness: \(error)")
        }
    }

    /// An explorer of `candidate` (run under `configuration`) against the reference bridge.
    @MainActor
    static func explorer(
        _ candidate: @escaping AdapterFactory, configuration: ConformanceRunner.Configuration = .init()
    ) throws -> Explorer {
        try Explorer.againstReference(candidate, configuration: configuration)
    }

    @MainActor
    static func generator(_ explorer: Explorer, maxOperations: Int) throws -> ExploreGenerator {
        ExploreGenerator(
            capabilities: explorer.candidateCapabilities()!, maxOperations: maxOperations,
            data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()))
    }

    /// The reference explored against itself: programs a second (wall clock), and the time per program side.
    @MainActor
    static func benchmarkThroughput() async throws {
        let explorer = try explorer { ReferenceBridgeAdapter() }
        let generator = try generator(explorer, maxOperations: maxOperations)
        _ = await explorer.explore(
            ExploreOptions(seed: 2, runs: 100, maxOperations: maxOperations), generator: generator)  // warm up
        let seconds = await Benchmarks.best(of: 2) {
            let report = await explorer.explore(
                ExploreOptions(seed: 1, runs: programs, maxOperations: maxOperations), generator: generator)
            precondition(
                report.stop == nil && report.programsRun == programs,
                "the reference must not differ from itself: \(String(describing: report.stop))")
        }
        let steps = (0..<programs).reduce(0) {
            $0 + generator.program(seed: ExploreRandom.programSeed(run: $1, of: 1)).operations.count
        }
        print(
            String(
                format:
                    "  explore, the reference against itself, %d programs of up to %d steps (mean %.1f), seed 1, best of 2: %.2f s, %.0f programs/s, %.0f µs per program side  (no budget; measured)",
                programs, maxOperations, Double(steps) / Double(programs), seconds, Double(programs) / seconds,
                1e6 * seconds / Double(2 * programs)))
    }

    /// The floor under the throughput: a program with no steps still gives each side a fresh page that loads, runs
    /// the JS side's setup and goes idle, and is compared; no program of steps costs less.
    @MainActor
    static func benchmarkFloor() async throws {
        let explorer = try explorer { ReferenceBridgeAdapter() }
        let empty = ExploreProgram(operations: [])
        for _ in 0..<50 { _ = await explorer.compare(empty) }  // warm up
        let seconds = await Benchmarks.best(of: 3) {
            for _ in 0..<floorPrograms {
                let comparison = await explorer.compare(empty)
                precondition(comparison.differences.isEmpty && comparison.referenceProblem == nil)
            }
        }
        print(
            String(
                format:
                    "  explore floor, a program of no steps (each side a fresh page, its load and the JS side's setup), %d programs, best of 3: %.0f µs per program side, at most %.0f programs/s  (no budget; measured)",
                floorPrograms, 1e6 * seconds / Double(2 * floorPrograms), Double(floorPrograms) / seconds))
    }

    /// One shrunk counterexample.
    struct Shrink {
        var programSeed: UInt64
        var originalSteps: Int
        var shrunkSteps: Int
        var attempts: Int
        var seconds: Double
    }

    /// Shrinking each mutant's first failing programs at each length.
    @MainActor
    static func benchmarkShrinking() async throws {
        for mutantID in mutantIDs { try await benchmarkShrinking(mutantID) }
    }

    /// Shrinking the mutant's first failing programs at each length: steps before and after, attempts, time.
    @MainActor
    static func benchmarkShrinking(_ mutantID: String) async throws {
        guard let mutant = MutantCatalogue.mutant(named: mutantID) else {
            print("  explore shrinking: skipped, no mutant `\(mutantID)`")
            return
        }
        let explorer = try explorer({ mutant.makeAdapter() }, configuration: try mutant.configuration())
        print(
            "  explore shrinking, mutant:\(mutantID), the first \(counterexamplesPerLength) failing programs of at least 3/4 of max-ops, each shrunk best of 3, their mean:"
        )
        var meanSeconds: [Int: Double] = [:]
        var slowest: (length: Int, shrink: Shrink)?
        for length in lengths {
            let shrinks = try await shrinks(explorer, length: length)
            for shrink in shrinks where shrink.seconds > slowest?.shrink.seconds ?? 0 { slowest = (length, shrink) }
            guard !shrinks.isEmpty else {
                print("    max-ops \(length): no failing program found")
                continue
            }
            let count = Double(shrinks.count)
            let seconds = shrinks.reduce(0) { $0 + $1.seconds } / count
            let attempts = Double(shrinks.reduce(0) { $0 + $1.attempts }) / count
            meanSeconds[length] = seconds
            print(
                String(
                    format:
                        "    max-ops %2d: %4.1f steps -> %3.1f, %5.0f attempts, %7.1f ms shrinking, %5.0f µs per attempt  (each: %@)",
                    length, Double(shrinks.reduce(0) { $0 + $1.originalSteps }) / count,
                    Double(shrinks.reduce(0) { $0 + $1.shrunkSteps }) / count,
                    attempts, 1000 * seconds, 1e6 * seconds / attempts,
                    shrinks.map {
                        String(
                            format: "%d->%d in %d attempts %.0f ms", $0.originalSteps, $0.shrunkSteps, $0.attempts,
                            1000 * $0.seconds)
                    }.joined(separator: "; ")))
        }
        if let first = lengths.first, let last = lengths.last, let low = meanSeconds[first],
            let high = meanSeconds[last]
        {
            print(
                String(
                    format:
                        "  explore shrinking growth, mutant:%@: %d steps took %.1fx the time of %d steps for %.0fx the length (linear: %.0fx)  (no budget; measured)",
                    mutantID, last, high / low, first, Double(last) / Double(first), Double(last) / Double(first)))
        }
        if let (length, shrink) = slowest {
            print(
                String(
                    format:
                        "    the slowest shrink, %.0f ms: conformance explore --adapter mutant:%@ --max-ops %d --replay %@",
                    1000 * shrink.seconds, mutantID, length, String(shrink.programSeed)))
        }
    }

    /// The first `counterexamplesPerLength` failing programs of at least 3/4 of `length` steps, shrunk.
    @MainActor
    static func shrinks(_ explorer: Explorer, length: Int) async throws -> [Shrink] {
        let generator = try generator(explorer, maxOperations: length)
        var found: [Shrink] = []
        for run in 0..<2_000 where found.count < counterexamplesPerLength {
            let programSeed = ExploreRandom.programSeed(run: run, of: 1)
            let program = generator.program(seed: programSeed)
            guard program.operations.count >= length * 3 / 4 else { continue }
            let comparison = await explorer.compare(program)
            guard comparison.referenceProblem == nil, let key = comparison.failures.first else { continue }
            // Shrinking is deterministic (the virtual clock), so each repetition does the same work: best of 3.
            var shrunk: ExploreReport.Counterexample?
            let seconds = await Benchmarks.best(of: 3) {
                shrunk = await explorer.shrink(
                    program, seed: programSeed, differences: comparison.differences, key: key, attempts: 2_000)
            }
            found.append(
                Shrink(
                    programSeed: programSeed, originalSteps: program.operations.count,
                    shrunkSteps: shrunk!.shrunk.operations.count,
                    attempts: shrunk!.shrinkAttempts, seconds: seconds))
        }
        return found
    }
}

/// What an exploration found.
package struct ExploreReport: Sendable {
    /// A failing program, as found and as shrunk.
    package struct Counterexample: Sendable {
        /// The seed of the program as generated (replay it with `--replay`).
        package var programSeed: UInt64
        /// The program as generated.
        package var original: ExploreProgram
        /// Its differences.
        package var originalDifferences: [ExploreDifference]
        /// The smallest program found that fails the same way.
        package var shrunk: ExploreProgram
        /// The shrunk program's differences.
        package var differences: [ExploreDifference]
        /// The implementation's run of the shrunk program.
        package var result: CaseResult
        /// Programs shrinking tried.
        package var shrinkAttempts: Int
        /// How long shrinking took (wall clock).
        package var shrinkDuration: Duration
    }

    /// Why the run stopped before its last program.
    package enum Stop: Sendable, Equatable {
        /// A program failed; it was shrunk.
        case failure
        /// The time budget ran out.
        case timeBudget
        /// A signal interrupted the run; the program running then was dropped.
        case interrupted
        /// The reference bridge failed its own run of a program: a fault of the kit.
        case referenceProblem(String)
    }

    /// The seed programs derive from.
    package var seed: UInt64
    /// The programs planned.
    package var plannedRuns: Int
    /// The program seed replayed, for a `--replay` run.
    package var replayed: UInt64?
    /// The programs run.
    package var programsRun = 0
    /// Wall-clock time spent running programs (shrinking excluded).
    package var duration: Duration = .zero
    /// Why the run stopped early, if it did.
    package var stop: Stop?
    /// The first failing program, shrunk.
    package var counterexample: Counterexample?
    /// Programs whose only differences are SHOULDs, with their number in the run (from 1) and the first
    /// such difference of each (up to 5 kept).
    package var nonStrict: [(programSeed: UInt64, run: Int, difference: ExploreDifference)] = []
    /// How many programs differed only at SHOULD level.
    package var nonStrictPrograms = 0

    /// Creates an empty report.
    package init(seed: UInt64, plannedRuns: Int) {
        self.seed = seed
        self.plannedRuns = plannedRuns
    }
}

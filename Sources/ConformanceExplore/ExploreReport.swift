import ConformanceCatalogue
import ConformanceReports

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

    /// One distinct finding of a run that groups them (`--max-findings`, `--baseline`): the programs that
    /// showed a difference of one signature, the first of them shrunk.
    package struct Finding: Sendable {
        /// What the programs showed.
        package var signature: ExploreSignature
        /// The first program that showed it, shrunk keeping a difference of the same signature.
        package var counterexample: Counterexample
        /// The number in the run (from 1) of that first program.
        package var firstRun: Int
        /// How many programs showed it.
        package var programs: Int
        /// A baseline entry that names the finding's id but expects another verdict (so it is new).
        package var mismatchedEntry: Baseline.Entry?
        /// Catalogue cases the baseline expects to fail that cite the finding's clause: perhaps the same
        /// defect, but never taken to make it known.
        package var relatedCatalogueCases: [String] = []

        /// The finding's stable id (`explore.start-3.extra-js-handler`).
        package var id: String { signature.id }
    }

    /// Why the run stopped before its last program.
    package enum Stop: Sendable, Equatable {
        /// A program failed; it was shrunk.
        case failure
        /// As many distinct findings as asked for were found.
        case findingLimit
        /// The time budget ran out.
        case timeBudget
        /// As many programs in a row as `ExploreOptions.stopAfterTimeouts` says ended as timeouts: a testee
        /// that stopped answering, each program of which would wait out the watchdog.
        case consecutiveTimeouts(Int)
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
    /// Whether the run grouped its programs into findings (`ExploreOptions.groupsFindings`); when not, it
    /// stopped at the first failing program (`counterexample`).
    package var groupsFindings = false
    /// The most findings asked for.
    package var maxFindings = 1
    /// The new findings, in the order their first programs ran.
    package var findings: [Finding] = []
    /// Programs that showed a new finding.
    package var programsWithNewFindings = 0
    /// Programs whose MUST differences were all known to the baseline.
    package var knownOnlyPrograms = 0
    /// The known findings seen, in the order first seen, with how many programs showed each.
    package var knownFindings: [(id: String, programs: Int)] = []

    /// Creates an empty report.
    package init(seed: UInt64, plannedRuns: Int) {
        self.seed = seed
        self.plannedRuns = plannedRuns
    }
}

import ConformanceCatalogue

/// What an exploration runs: how many programs, how long, from which seed.
package struct ExploreOptions: Sendable {
    /// The seed program seeds derive from.
    package var seed: UInt64
    /// How many programs to run (unless a failure or the time budget stops the run first).
    package var runs: Int
    /// The most steps per program.
    package var maxOperations: Int
    /// Wall-clock time after which no new program starts; nil runs them all.
    package var timeBudget: Duration?
    /// Runs only the program of this seed (from a `--replay` line), then shrinks it if it fails.
    package var replay: UInt64?
    /// The most programs shrinking tries.
    package var shrinkAttempts: Int
    /// How many distinct findings (`ExploreSignature`s) to find before stopping; 1 stops at the first failing
    /// program, as explore always did.
    package var maxFindings: Int
    /// The findings a baseline expects, which are not counterexamples; nil without `--baseline`.
    package var known: ExploreKnownFindings?
    /// Stops the run when this many programs in a row ended as timeouts on the implementation (0: never).
    package var stopAfterTimeouts = 0
    /// Runs only this shard's programs of `0..<runs` (`--shard K/N`); nil runs them all.
    package var shard: Shard?

    /// How many programs this exploration plans: one for a replay, this shard's part of `runs` with a shard.
    package var plannedPrograms: Int {
        if replay != nil { return 1 }
        let runs = max(0, runs)
        guard let shard else { return runs }
        return runs / shard.count + (shard.index - 1 < runs % shard.count ? 1 : 0)
    }

    /// Whether programs are grouped into findings (`--max-findings` above 1, a baseline, or a shard, whose
    /// findings a merge deduplicates by id), rather than the run stopping at the first failing program.
    package var groupsFindings: Bool { maxFindings > 1 || known != nil || shard != nil }

    /// Creates options.
    package init(
        seed: UInt64, runs: Int = 1_000, maxOperations: Int = 12, timeBudget: Duration? = nil, replay: UInt64? = nil,
        shrinkAttempts: Int = 2_000, maxFindings: Int = 1, known: ExploreKnownFindings? = nil
    ) {
        self.seed = seed
        self.runs = runs
        self.maxOperations = maxOperations
        self.timeBudget = timeBudget
        self.replay = replay
        self.shrinkAttempts = shrinkAttempts
        self.maxFindings = maxFindings
        self.known = known
    }
}

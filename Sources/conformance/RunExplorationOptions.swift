import ArgumentParser
import ConformanceKit

/// `--explore` and `--explore-seed` of `conformance run`: the seeded exploration that follows the catalogue,
/// so that a gate also sees what only `conformance explore` finds.
struct RunExplorationOptions: ParsableArguments {
    /// The programs a run of the whole catalogue explores by default: at about 93 programs a second for the
    /// reference (release), about 1.1 s, which keeps the whole run near 2 s (docs/performance.md). Explore finds
    /// the kit's mutants in a median of 17 programs (docs/explore.md); a defect only a rarer situation shows
    /// needs more (`--explore N`, or `conformance explore`).
    static let defaultPrograms = 100
    /// The seed of the default exploration: fixed, so that the same bridge gets the same verdicts.
    static let defaultSeed: UInt64 = 1
    /// The most distinct findings shrunk and reported; the programs after the last one still run, and count
    /// findings the baseline knows.
    static let maximumFindings = 5
    /// The most steps of a program, as `conformance explore`'s default.
    static let maximumOperations = 12

    @Option(
        name: .customLong("explore"),
        help: ArgumentHelp(
            "After the cases, run this many seeded random programs against the adapter and the reference bridge "
                + "(`conformance explore`); each distinct difference is a finding in the results, the baseline gate "
                + "and the reports (0: none; default: \(RunExplorationOptions.defaultPrograms) for a run of every case on the simulated web view, 0 with --case or --web-view).",
            valueName: "programs"))
    var programs: Int?

    @Option(
        name: .customLong("explore-seed"),
        help: ArgumentHelp(
            "The seed of the exploration's programs (default: \(RunExplorationOptions.defaultSeed), the same programs every run).",
            valueName: "seed"))
    var seed: UInt64 = RunExplorationOptions.defaultSeed

    func validate() throws {
        if let programs, !(0...100_000).contains(programs) {
            throw ValidationError("--explore must be from 0 (no exploration) to 100000 programs (got \(programs))")
        }
    }

    /// How many programs the run explores.
    /// - Parameters:
    ///   - selectsCases: Whether `--case` chose some of the cases (a rerun of one case explores nothing).
    ///   - webView: The page the cases run in; programs run only on the simulated one.
    /// - Throws: A `ValidationError` for `--explore` above 0 with a real web view.
    func programs(selectsCases: Bool, webView: WebViewChoice) throws -> Int {
        if webView != .simulated {
            if let programs, programs > 0 {
                throw ValidationError(
                    "--explore runs programs on the simulated web view only; with --web-view \(webView.rawValue) give --explore 0"
                )
            }
            return 0
        }
        return programs ?? (selectsCases ? 0 : Self.defaultPrograms)
    }

    /// The most smaller programs shrinking a finding tries: a tenth of `conformance explore`'s, so that a run
    /// stays short even when a finding's programs are slow.
    static let shrinkAttempts = 200

    /// The options of the exploration of `programs` programs.
    /// - Parameters:
    ///   - known: The findings the baseline expects.
    ///   - stopAfterTimeouts: `--stop-after-timeouts`: programs in a row that timed out stop the exploration.
    ///   - shard: The part of the programs this run runs (`--shard`), or nil for all of them.
    func options(programs: Int, known: ExploreKnownFindings?, stopAfterTimeouts: Int, shard: Shard? = nil)
        -> ExploreOptions
    {
        var options = ExploreOptions(
            seed: seed, runs: programs, maxOperations: Self.maximumOperations, shrinkAttempts: Self.shrinkAttempts,
            maxFindings: Self.maximumFindings, known: known)
        options.stopAfterTimeouts = stopAfterTimeouts
        options.shard = shard
        return options
    }

}

import ArgumentParser
import ConformanceKit

/// `--shard K/N` and `--shard-file PATH`: one part of a run, an exploration or a comparison split over the machines
/// of a CI matrix, and the file `conformance merge` joins the parts from (docs/cli.md, Sharded runs).
struct ShardOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run only part K of N: each case in the part its id names, program i in part i mod N + 1; the same partition on every machine (docs/cli.md, Sharded runs).",
            valueName: "K/N"))
    var shard: Shard?

    @Option(
        name: .customLong("shard-file"),
        help: ArgumentHelp(
            "With --shard, write the part's whole results here, for `conformance merge`.", valueName: "path"))
    var shardFile: String?

    func validate() throws {
        if shardFile != nil, shard == nil {
            throw ValidationError("--shard-file writes one part's results: give --shard K/N too")
        }
    }

    /// For the verbs whose part means nothing without its file (`explore`, `compare`).
    func requireFile() throws {
        if shard != nil, shardFile == nil {
            throw ValidationError("--shard needs --shard-file: `conformance merge` joins the shards")
        }
    }

    /// Checks, before anything runs, that the shard file can be written.
    /// - Throws: `ExitCodes.configuration` after naming the problem.
    func checkFile() throws {
        guard let shardFile else { return }
        do throws(TextDestination.Failure) {
            try TextDestination(path: shardFile, dashIsStandardOutput: false).check()
        } catch {
            printError("the shard file cannot be written: \(error.message)")
            throw ExitCodes.configuration
        }
    }
}

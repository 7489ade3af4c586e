import ArgumentParser
import ConformanceKit
import Foundation
import StrictJSON

/// `conformance merge SHARD-FILE…`: joins the shards of a sharded run (`run --shard K/N --shard-file PATH`, or
/// `explore`'s, one per machine of a CI matrix) into the one run they split: its summary and Fix first over every case, every report
/// kind, and the baseline gate over the whole. Shards of another kit, catalogue, profile, adapter, selection or
/// exploration seed are refused, as are a missing or repeated shard. The exploration's findings are deduplicated
/// by id (the clause and kind of difference), each from its earliest program. The shards of a `compare --shard` are
/// joined per implementation and written as the comparison's reports (`mergeComparison`).
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shard files of a sharded run into one run: summary, Fix first, reports and baseline gate.",
        discussion: """
            Each shard file is what `conformance run`, `explore` or `compare` wrote with --shard K/N --shard-file \
            PATH; give all N of one run, in any order. Exit status as for `conformance run`: 0 conformant (or the \
            baseline matches), 1 failures, 78 for a shard file that cannot be merged.
            """)

    @Argument(help: ArgumentHelp("The shard files, one per shard.", valueName: "shard-file"))
    var files: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a report of the whole run: json:PATH, junit:PATH, markdown:PATH, html:PATH or badge:PATH (repeatable).",
            valueName: "kind:path"))
    var report: [ReportRequest] = []

    @Option(
        name: .customLong("report-timings"),
        help: ArgumentHelp(
            "Whether reports and --verbose carry each case's wall-clock duration; off gives the same bytes for the same shards.",
            valueName: "timings"))
    var reportTimings: ReportTimings = .on

    @Option(name: .long, help: "Gate the whole run with a baseline of expected failures (JSON).")
    var baseline: String?

    @Flag(name: .long, help: "Print every case's result, and each expected failure.")
    var verbose = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give the shard files of one run, one per shard") }
        try ReportRequest.refuseSharedPaths(report)
    }

    func run() throws {
        var values: [JSONValue] = []
        for path in files {
            do throws(ShardFileFailure) { values.append(try ShardDocument.readJSON(from: path)) } catch {
                printError(error.description)
                throw ExitCodes.configuration
            }
        }
        let comparisons = values.map(ComparisonShardDocument.isComparison)
        if let mixed = comparisons.firstIndex(of: !comparisons[0]) {
            let (comparison, run) = comparisons[0] ? (files[0], files[mixed]) : (files[mixed], files[0])
            printError("\(comparison) is a shard of a comparison and \(run) of a run; merge the shards of one of them")
            throw ExitCodes.configuration
        }
        if comparisons[0] { return try mergeComparison(values) }
        var documents: [ShardDocument] = []
        for (path, value) in zip(files, values) {
            do throws(ShardFileFailure) { documents.append(try ShardDocument.decode(value, path: path)) } catch {
                printError(error.description)
                throw ExitCodes.configuration
            }
        }
        let merged: MergedShards
        do throws(ShardMismatch) { merged = try MergedShards(documents, files: files) } catch {
            printError(error.description)
            throw ExitCodes.configuration
        }
        guard let profile = ProfileChoice(argument: merged.profile) else {
            printError(
                "the shards ran in the profile \(PrintableText.terminalSafe(merged.profile)), which this kit does not know"
            )
            throw ExitCodes.configuration
        }
        try profile.validated(allowingContainer: true)
        let rerun = merged.rerun
        let outputs = RunOutputs(
            reports: report, adapter: merged.adapter, rerun: { ShellCommand(rerun[$0] ?? []) }, timings: reportTimings,
            verbose: verbose, profile: profile.runProfile)
        try outputs.check()
        let currentBaseline = try baseline.map { try loadBaselineFile($0, profile: profile.runProfile.name) }
        let catalogueIDs = profile.isContainer ? ContainerCatalogue.all.map(\.id) : Catalogue.all.map(\.id)
        let gate = currentBaseline.flatMap { current in
            merged.stop == nil
                ? current.gate(
                    merged.results, catalogueIDs: catalogueIDs, runKit: KitChange.Kit(running: merged.results)) : nil
        }
        let (summary, written) = outputs.finish(
            merged.results, stop: merged.stop, exploration: merged.exploration, gate: gate)
        var status = summary.exitCode
        if let baseline, currentBaseline != nil {
            if let gate {
                let update = ShellCommand(
                    conformanceInvocation() + ["run"] + ShellCommand.option("--adapter", merged.adapter)
                        + (profile == .canonical ? [] : ShellCommand.option("--profile", profile.argument))
                        + ShellCommand.option("--baseline", baseline) + ["--update-baseline"])
                print(gate.render(updateCommand: update.description, verbose: verbose))
                status = gate.isSatisfied ? ExitCodes.conformant : ExitCodes.conformanceFailures
            } else {
                printError(
                    "the baseline \(baseline) is not applied: a shard was \(merged.stop?.summary ?? "stopped") before every case ran"
                )
            }
        }
        throw ExitCodes.afterRun(status, outputsWritten: written, stoppedBy: nil)
    }
}

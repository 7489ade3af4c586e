import ArgumentParser
import ConformanceKit
import Foundation
import ReferenceBridge
import ReferenceOracle

/// `conformance run`: runs the selected cases against one adapter and reports.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run conformance cases against an adapter.",
        discussion: """
            Adapters: reference, reference-sync, mutant:<id> (see `conformance list --adapters`), or a command \
            that starts an out-of-process adapter (spec/adapter-protocol.md), e.g. `--adapter .build/debug/my-adapter`; \
            each case then gets a fresh process. Case globs: `*` matches within one id segment, `**` across segments.
            """)

    @OptionGroup var adapter: AdapterOptions

    @OptionGroup(title: "Exploration after the cases") var exploration: RunExplorationOptions

    @Option(name: .customLong("case"), help: "Run only cases whose id matches this glob (repeatable).")
    var cases: [String] = []

    @Option(
        name: .customLong("case-file"),
        help: ArgumentHelp(
            "Also run the case in this file, written by `conformance explore --write-case` (repeatable).",
            valueName: "path"))
    var caseFiles: [String] = []

    @Option(name: .long, help: "Skip cases whose id matches this glob (repeatable).")
    var skip: [String] = []

    @Option(name: .long, help: "Run only cases at this level or stricter (any case: must is MUST).")
    var level: RequirementLevel?

    @Option(name: .customLong("js-side"), help: "Inject this JS side instead of the kit's reference one.")
    var jsSide: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a report: json:PATH, junit:PATH, markdown:PATH, html:PATH or badge:PATH (repeatable).",
            valueName: "kind:path"))
    var report: [ReportRequest] = []

    @Option(
        name: .customLong("report-timings"),
        help: ArgumentHelp(
            "Whether reports and --verbose carry each case's wall-clock duration; off gives the same bytes for the same run.",
            valueName: "timings"))
    var reportTimings: ReportTimings = .on

    @Option(
        name: .long,
        help:
            "Gate the run with a baseline of expected failures (JSON; docs/implementer-guide.md, Baselines and CI gating)."
    )
    var baseline: String?

    @OptionGroup(title: "Sharding over a CI matrix") var sharding: ShardOptions

    @Option(
        name: .customLong("results-file"),
        help: ArgumentHelp("Where `conformance compare` reads this run's whole results back.", visibility: .private))
    var resultsFile: String?

    @Flag(
        name: .customLong("update-baseline"),
        help: "Rewrite the --baseline file to match this run, printing the diff first.")
    var updateBaseline = false

    @Flag(name: .long, help: "Print every case's result, not only unexpected ones.")
    var verbose = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print a line per case on standard error as the run goes: always, never, or auto (when standard error is a terminal).",
            valueName: "when"))
    var progress: ProgressMode = .auto

    @Option(
        name: .customLong("stop-after-timeouts"),
        help: ArgumentHelp(
            "Stop the run when this many cases in a row have timed out (a testee that stopped answering, a script that never ends); the rest are reported as not run (0: never stop).",
            valueName: "count"))
    var stopAfterTimeouts = 3

    func validate() throws {
        if updateBaseline && baseline == nil {
            throw ValidationError("--update-baseline needs --baseline FILE")
        }
        try ReportRequest.refuseSharedPaths(report)
        if stopAfterTimeouts < 0 {
            throw ValidationError("--stop-after-timeouts must be 0 (never stop) or more (got \(stopAfterTimeouts))")
        }
        if sharding.shard != nil, baseline != nil {
            throw ValidationError(
                "a baseline gates the whole run: give it to `conformance merge` with the shard files, not to a shard")
        }
        if adapter.profile.isContainer, !caseFiles.isEmpty {
            throw ValidationError(
                "--case-file cases are WVJB programs (conformance explore --write-case); the container profile runs its own catalogue"
            )
        }
        _ = try explorePrograms
    }

    /// How many programs the exploration after the cases runs (`RunExplorationOptions`); none in the container
    /// profile, which `conformance explore --profile container` explores.
    private var explorePrograms: Int {
        get throws {
            guard adapter.profile.isContainer else {
                return try exploration.programs(selectsCases: !cases.isEmpty, webView: adapter.webView)
            }
            if let programs = exploration.programs, programs > 0 {
                throw ValidationError(
                    "--explore runs WVJB programs; the container profile explores with conformance explore --profile container"
                )
            }
            return 0
        }
    }

    /// The selected cases of the run's profile: the WVJB catalogue's and the case files', or the container's.
    private func selectedCases() throws -> SelectedCases {
        guard adapter.profile.isContainer else {
            return .wire(
                try selectCases(include: cases, exclude: skip, level: level, among: Catalogue.all + loadCaseFiles()))
        }
        return .container(
            try selectCases(
                include: cases, exclude: skip, level: level, from: ContainerCatalogue.all,
                listing: "conformance list --profile container"))
    }

    /// The ids of the profile's catalogue: an entry of the baseline naming none of them is stale.
    private var catalogueIDs: [String] {
        adapter.profile.isContainer ? ContainerCatalogue.all.map(\.id) : Catalogue.all.map(\.id)
    }

    func run() throws {
        // Usage errors first, then configuration errors, all before any case runs (ExitCodes).
        let whole = try selectedCases()
        let (shard, shardFile) = (sharding.shard, sharding.shardFile)
        let selected = shard.map { whole.part($0) } ?? whole
        let rerunWords = self.rerunWords, replayWords = self.replayWords
        // The program seed of each exploration finding, which `conformance explore` replays.
        let replays = LockedValue<[String: UInt64]>([:])
        let noteReplays: @Sendable (ExploreReport) -> Void = { report in
            replays.withLock { replays in
                for finding in report.findings { replays[finding.id] = finding.counterexample.programSeed }
            }
        }
        let outputs = RunOutputs(
            reports: report, adapter: adapter.choice.argument,
            rerun: { caseID in
                if let programSeed = replays.withLock({ $0[caseID] }) {
                    return ShellCommand(replayWords + ["--replay", String(programSeed)])
                }
                var command = ShellCommand(rerunWords)
                command.option("--case", caseID)
                return command
            }, timings: reportTimings, verbose: verbose, profile: adapter.profile.runProfile, resultsFile: resultsFile)
        try outputs.check()
        try sharding.checkFile()
        let currentBaseline = try loadBaseline()
        let javaScriptSide = try jsSide.map(readJavaScriptSide)

        let run = try StoppableCaseRun.run(
            selected, on: adapter, javaScriptSide: javaScriptSide, progress: progress,
            stopAfterTimeouts: stopAfterTimeouts,
            finishing: "writing the reports with the cases that finished"
        ) { finished, stop in outputs.finish(finished, stop: stop) }
        var (results, stop, stoppedBy) = (run.results, run.stop, run.reason)
        var explored: ExplorationSummary?
        var explorationFailed = false
        var explorationReport: ExploreReport?
        if stop == nil, case let programs = try explorePrograms, programs > 0 {
            let catalogueResults = results
            let options = exploration.options(
                programs: programs, known: currentBaseline.map { ExploreKnownFindings($0) },
                stopAfterTimeouts: stopAfterTimeouts, shard: shard)
            // An exploration that cannot run (its testee does not start) loses nothing of the cases: they are
            // written and gated, and the run exits 78 after naming the problem.
            let exploration = try? RunExploration.run(
                options, on: adapter, javaScriptSide: javaScriptSide, progress: progress,
                finishFromWatcher: { reason in
                    outputs.finish(catalogueResults, stop: RunStop(reason: reason.runStopReason, notRun: []))
                },
                afterStall: { report in
                    noteReplays(report)
                    outputs.finish(
                        catalogueResults + report.runResults, stop: nil,
                        exploration: report.summary(maxOperations: options.maxOperations))
                })
            explorationFailed = exploration == nil
            if let report = exploration?.report {
                explorationReport = report
                noteReplays(report)
                results += report.runResults
                explored = report.summary(maxOperations: options.maxOperations)
            }
            if let reason = exploration?.reason {
                stoppedBy = reason
                stop = RunStop(reason: reason.runStopReason, notRun: [])
            }
        }
        // The gate is judged before the summary prints, which then leaves the failures it expects to it.
        let baselineGate = currentBaseline.flatMap { current in
            stop == nil && !updateBaseline
                ? current.gate(results, catalogueIDs: catalogueIDs, runKit: KitChange.Kit(running: results)) : nil
        }
        let (summary, reportsWritten) = outputs.finish(
            results, stop: stop, exploration: explored, gate: baselineGate)
        var shardWritten = true
        if let shard, let shardFile {
            let document = ShardDocument(
                kit: KitVersion.current,
                catalogue: ShardDocument.catalogueDigest(container: adapter.profile.isContainer),
                profile: adapter.profile.argument, adapter: adapter.choice.argument, shard: shard, selection: whole.ids,
                rerun: Dictionary(
                    results.map { ($0.caseID, outputs.rerun($0.caseID).words) }, uniquingKeysWith: { first, _ in first }
                ),
                exploration: explored,
                findingPrograms: explorationReport.map { ShardDocument.findingPrograms(of: $0, shard: shard) },
                stop: stop, results: results)
            shardWritten = document.write(to: shardFile)
        }
        var runStatus = summary.exitCode
        var baselineWritten = true
        if let baseline, let currentBaseline {
            if let stop {
                printError(
                    "the baseline \(baseline) is not \(updateBaseline ? "updated" : "applied"): the run was \(stop.summary) before every case ran"
                )
            } else if let baselineGate {
                runStatus = apply(baselineGate, baselinePath: baseline)
            } else {
                // A rewritten baseline matches the run by construction.
                baselineWritten = rewrite(baseline, from: results, current: currentBaseline)
                runStatus = ExitCodes.conformant
            }
        }
        if explorationFailed { runStatus = ExitCodes.configuration }
        if let shard, shardFile != nil, shardWritten, runStatus == ExitCodes.conformanceFailures {
            // A CI matrix must not fail a shard for failures the baseline may expect: the merge judges the whole.
            print("shard \(shard.index)/\(shard.count): failures are judged by `conformance merge` (exit 0 here)")
            runStatus = ExitCodes.conformant
        }
        throw ExitCodes.afterRun(
            runStatus, outputsWritten: reportsWritten && baselineWritten && shardWritten, stoppedBy: stoppedBy)
    }

    /// The cases of the `--case-file`s, each compared with the reference bridge's run of its program.
    /// - Throws: `ExitCodes.configuration` after naming a file that cannot be read or is malformed;
    ///   `ExitCodes.usage` for two files with the same id.
    private func loadCaseFiles() throws -> [ConformanceCase] {
        guard !caseFiles.isEmpty else { return [] }
        var files: [ExploreCaseFile] = []
        for path in caseFiles {
            do throws(ExploreCaseFile.Failure) { files.append(try ExploreCaseFile.load(from: path)) } catch {
                printError(error.description)
                throw ExitCodes.configuration
            }
        }
        let ids = files.map(\.id)
        if let duplicate = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
            printError("two case files have the id \(duplicate); give each its own id")
            throw ExitCodes.usage
        }
        return try MainActor.assumeIsolated { () throws -> [ConformanceCase] in
            let explorer: Explorer
            do throws(HarnessError) {
                // Only the oracle half is used: each case file's case runs on the run's own adapter, and the
                // reference in the run's profile.
                let dialect = adapter.profile.dialect
                explorer = try Explorer.againstReference(
                    { ReferenceBridgeAdapter(dialect: dialect) }, configuration: .init(dialect: dialect))
            } catch {
                printError(error.description)
                throw ExitCodes.configuration
            }
            return files.map { explorer.regressionCase(for: $0) }
        }
    }

    /// The `--baseline` file, read before the run (an empty one when `--update-baseline` will create it);
    /// nil without `--baseline`. With `--update-baseline`, also checks that it can be written.
    /// - Throws: `ExitCodes.configuration` after naming the problem.
    private func loadBaseline() throws -> Baseline? {
        guard let baseline else { return nil }
        if updateBaseline {
            do throws(TextDestination.Failure) {
                try TextDestination(path: baseline, dashIsStandardOutput: false).check()
            } catch {
                printError("the baseline cannot be written: \(error.message)")
                throw ExitCodes.configuration
            }
            if !FileManager.default.fileExists(atPath: baseline) {
                return Baseline(entries: [], profile: adapter.profile.runProfile.name)
            }
        }
        return try loadBaselineFile(baseline, profile: adapter.profile.runProfile.name)
    }

    /// Rewrites the baseline from this run (through a symlink, never replacing it: `TextDestination`), printing
    /// the lines removed and added.
    /// - Returns: Whether it was written.
    private func rewrite(_ baselinePath: String, from results: [CaseResult], current: Baseline) -> Bool {
        let updated = Baseline.updated(from: results, keeping: current)
        let old = Set(current.fileText.split(separator: "\n")), new = Set(updated.fileText.split(separator: "\n"))
        let removed = current.fileText.split(separator: "\n").filter { !new.contains($0) }.map { "- " + $0 }
        let added = updated.fileText.split(separator: "\n").filter { !old.contains($0) }.map { "+ " + $0 }
        print(
            (["baseline \(baselinePath): \(removed.count) lines removed, \(added.count) added"] + removed + added)
                .joined(separator: "\n"))
        do throws(TextDestination.Failure) {
            try TextDestination(path: baselinePath, dashIsStandardOutput: false).write(updated.fileText)
        } catch {
            printError("cannot write the baseline: \(error.message)")
            return false
        }
        return true
    }

    /// Prints what the baseline's gate says (quiet when it matches, unless `--verbose`).
    /// - Returns: 0 when the run matches the baseline, else 1.
    private func apply(_ gate: BaselineGate, baselinePath: String) -> ExitCode {
        let updateCommand = ShellCommand(
            rerunWords + ShellCommand.option("--baseline", baselinePath) + ["--update-baseline"]
        ).description
        print(gate.render(updateCommand: updateCommand, verbose: verbose))
        return gate.isSatisfied ? ExitCodes.conformant : ExitCodes.conformanceFailures
    }

    /// The words of the command that replays a program of the exploration after the cases, before
    /// `--replay <program seed>`: `conformance explore`, grouping findings as the run did.
    private var replayWords: [String] {
        conformanceInvocation() + ["explore"] + adapter.rerunWords
            + (jsSide.map { ShellCommand.option("--js-side", $0) } ?? [])
            + ["--max-ops", String(RunExplorationOptions.maximumOperations)]
            + ["--max-findings", String(RunExplorationOptions.maximumFindings)]
            + (baseline.map { ShellCommand.option("--baseline", $0) } ?? [])
    }

    /// The words of the command that reruns one case with the same adapter, JS side and case files,
    /// before `--case <id>`.
    private var rerunWords: [String] {
        conformanceInvocation() + ["run"] + adapter.rerunWords
            + (jsSide.map { ShellCommand.option("--js-side", $0) } ?? [])
            + caseFiles.flatMap { ShellCommand.option("--case-file", $0) }
    }
}

/// The words that start this `conformance` again from the current directory, for the commands it prints
/// (`rerun:`, the baseline update, smoke's next step): `swift run conformance` when it was started by
/// `swift run` in a package checkout (with `--scratch-path` and `-c release` when the build it runs from is
/// not the default one), and otherwise the executable's real path, which works from anywhere.
/// - Parameters:
///   - environment: The process environment; `_` is where the shell put the command it started (`swift`
///     under `swift run`).
///   - currentDirectory: The directory the command was started in.
func conformanceInvocation(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
) -> [String] {
    let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
        .resolvingSymlinksInPath()
    guard let started = environment["_"], URL(fileURLWithPath: started).lastPathComponent == "swift" else {
        return [executable.path]
    }
    // A SwiftPM build folder: <scratch>/<triple>/<debug|release>/conformance.
    let configuration = executable.deletingLastPathComponent()
    let scratch = configuration.deletingLastPathComponent().deletingLastPathComponent()
    let here = URL(fileURLWithPath: currentDirectory).resolvingSymlinksInPath()
    // `swift run` finds the package from the current directory upwards.
    var root: URL? = here
    while let folder = root,
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    {
        root = folder.path == "/" ? nil : folder.deletingLastPathComponent()
    }
    guard ["debug", "release"].contains(configuration.lastPathComponent), let root else { return [executable.path] }
    var words = ["swift", "run"]
    if scratch.standardizedFileURL.path != root.appendingPathComponent(".build").standardizedFileURL.path {
        let inside = scratch.path.hasPrefix(here.path + "/")
        words += ["--scratch-path", inside ? String(scratch.path.dropFirst(here.path.count + 1)) : scratch.path]
    }
    if configuration.lastPathComponent == "release" { words += ["-c", "release"] }
    return words + ["conformance"]
}

/// The JS side at `path` (`--js-side`), read as `TextFileReader` reads files: a regular file or a pipe of
/// UTF-8 text, at most 16 MiB. A run restarted after an engine stall takes the text its first process read
/// (`RunContinuation`): a pipe gives it only once.
/// - Throws: `ExitCodes.configuration` after saying what is wrong with it.
func readJavaScriptSide(_ path: String) throws -> String {
    if let carried = RunContinuation.inherited?.javaScriptSide { return carried }
    do throws(FixtureFile.Failure) {
        let text = try FixtureFile(
            userFile: URL(fileURLWithPath: path), remedy: "Check the path given to --js-side.", maximumBytes: 16 << 20
        ).text()
        RunContinuation.javaScriptSideRead.withLock { $0 = text }
        return text
    } catch {
        printError("cannot read the JS side \(path): \(error.problem)")
        throw ExitCodes.configuration
    }
}

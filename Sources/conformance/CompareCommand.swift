import ArgumentParser
import ConformanceKit
import Foundation
import StrictJSON

/// `conformance compare --adapter A --adapter wk=B --profile-of wk=wkwvjb ...`: the same cases against
/// several implementations, side by side in one report, each column named by its label and run in its own
/// profile.
///
/// A verb of its own rather than a repeatable `run --adapter`: each implementation runs in a `conformance run`
/// process of its own (up to `--jobs` at once), so the runs use every core (a run's page lives on its process's
/// main thread), one implementation that crashes the harness or hangs cannot take the others down, and each
/// keeps `run`'s signals, limits and baseline gate. `compare` then reads their whole results back and
/// writes one report of them all. A case is the same case in every column when it has the same id: in a
/// profile where it does not hold it is not applicable, which differs from nothing (`VerdictDifference`).
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Run the cases against several adapters, in parallel, and write one report of them all.",
        discussion: """
            Each adapter runs in a `conformance run` process of its own, in its own profile (--profile-of, else \
            --profile); their console reports print in the order the adapters were given, each under its label \
            (--adapter LABEL=ADAPTER; without one, the adapter's short form). Exit status: the worst of the runs \
            (a signal, then 78, then 1, then 74), 64 for a usage error.
            """)

    @Option(
        name: .customLong("adapter"),
        help: ArgumentHelp(
            "An implementation to compare, as `run --adapter` takes it, optionally labelled: NAME=ADAPTER names its column NAME (repeatable; at least two).",
            valueName: "[label=]name-or-command"))
    var adapterArguments: [String] = []

    @Option(name: .customLong("case"), help: "Run only cases whose id matches this glob (repeatable).")
    var cases: [String] = []

    @Option(
        name: .customLong("case-file"),
        help: ArgumentHelp(
            "Also run the case in this file, written by `conformance explore --write-case`, against every adapter (repeatable).",
            valueName: "path"))
    var caseFiles: [String] = []

    @Option(name: .long, help: "Skip cases whose id matches this glob (repeatable).")
    var skip: [String] = []

    @Option(name: .long, help: "Run only cases at this level or stricter.")
    var level: RequirementLevel?

    @Option(
        name: .customLong("profile"),
        help: ArgumentHelp(
            "The profile (wire dialect) of every run without a --profile-of.", valueName: "profile")
    )
    var profile: ProfileChoice = .canonical

    @Option(
        name: .customLong("profile-of"),
        help: ArgumentHelp(
            "The profile of one adapter's run: LABEL=PROFILE, LABEL an --adapter's label (repeatable).",
            valueName: "label=profile"))
    var profileOf: [String] = []

    @Option(
        name: .customLong("js-side"),
        help: ArgumentHelp(
            "Inject this JS side instead of the kit's in every run without a --js-side-of.", valueName: "path"))
    var jsSide: String?

    @Option(
        name: .customLong("js-side-of"),
        help: ArgumentHelp(
            "The JS side injected in one adapter's run: LABEL=PATH (repeatable).", valueName: "label=path"))
    var jsSideOf: [String] = []

    @Option(
        name: .customLong("adapter-timeout"),
        help: ArgumentHelp(
            "Passed to each run (seconds an out-of-process adapter may stay silent).", valueName: "seconds"))
    var adapterTimeout: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a report of every implementation: html:PATH (one column each), json:PATH (the runs' reports in one document) or markdown:PATH (repeatable).",
            valueName: "kind:path"))
    var report: [ReportRequest] = []

    @Option(
        name: .customLong("report-timings"),
        help: ArgumentHelp(
            "Whether reports carry each case's wall-clock duration and the date; off gives the same bytes for the same runs.",
            valueName: "timings"))
    var reportTimings: ReportTimings = .on

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Gate one implementation's run with its baseline: LABEL=FILE, LABEL an --adapter's label (repeatable).",
            valueName: "label=file"))
    var baseline: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print a line on standard error as each run starts and ends: always, never, or auto (when standard error is a terminal).",
            valueName: "when"))
    var progress: ProgressMode = .auto

    @Option(name: .long, help: "How many runs at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup(title: "Sharding over a CI matrix") var sharding: ShardOptions

    /// The report kinds one document of several runs can be.
    static let comparableKinds: Set<ReportKind> = [.html, .json, .markdown]

    /// The `--adapter` values, parsed (`validate()` has checked that they parse). Parsed here rather than by
    /// the option's transform, whose error would print the value as given, controls and all.
    private var adapters: [ComparedAdapter] {
        get throws(ValidationError) {
            var parsed: [ComparedAdapter] = []
            for argument in adapterArguments { parsed.append(try ComparedAdapter(argument: argument)) }
            return parsed
        }
    }

    /// The value of a per-adapter option (`--profile-of`, `--js-side-of`, `--baseline`) for each adapter.
    private func values(_ assignments: [String], option: String) throws(ValidationError) -> [String?] {
        var parsed: [AdapterAssignment] = []
        for assignment in assignments { parsed.append(try AdapterAssignment(argument: assignment, option: option)) }
        return try AdapterAssignment.values(parsed, for: try adapters, option: option)
    }

    func validate() throws {
        let adapters = try self.adapters
        guard adapters.count >= 2 else {
            throw ValidationError("compare needs at least two --adapter options (one run is `conformance run`)")
        }
        for (index, adapter) in adapters.enumerated()
        where adapters[..<index].contains(where: { $0.label == adapter.label }) {
            throw ValidationError(
                "two --adapter options are labelled \(PrintableText.terminalSafe(adapter.label)): give each its own label, --adapter NAME=ADAPTER"
            )
        }
        try profile.validated(allowingContainer: true)
        for (adapter, columnProfile) in zip(adapters, try profiles()) {
            try columnProfile.validated(allowingContainer: true)
            if case .mutant(let mutant) = adapter.choice, !columnProfile.isContainer,
                mutant.dialect != columnProfile.dialect
            {
                throw ValidationError(
                    "mutant:\(mutant.id) breaks the \(mutant.dialect.name) reference: give it its profile, --profile-of \(PrintableText.terminalSafe(adapter.label))=\(mutant.dialect.name)"
                )
            }
            if let refusal = adapter.choice.refusal(inProfile: columnProfile) {
                throw ValidationError(refusal)
            }
        }
        try validateMixedSelection(try profiles())
        _ = try values(jsSideOf, option: "--js-side-of")
        _ = try values(baseline, option: "--baseline")
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more (got \(jobs))") }
        try ReportRequest.refuseSharedPaths(report)
        try validateShardOptions()
        if let kind = report.map(\.kind).first(where: { !Self.comparableKinds.contains($0) }) {
            throw ValidationError(
                "a \(kind.rawValue) report is of one run: give it to `conformance run`; compare writes html, json and markdown"
            )
        }
    }

    func run() throws {
        for request in report {
            do throws(TextDestination.Failure) { try request.check() } catch {
                printError("the \(request.kind.rawValue) report cannot be written: \(error.message)")
                throw ExitCodes.configuration
            }
        }
        try checkInputFiles()
        let started = Date()
        let profiles = try profiles()
        let adapters = try self.adapters
        let jsSides = try jsSides(), baselines = try values(baseline, option: "--baseline")
        let folder: ScratchFolder
        do { folder = try ScratchFolder(prefix: "conformance-compare-") } catch {
            printError(error.localizedDescription)
            throw ExitCodes.configuration
        }
        defer { folder.remove() }
        let planned = adapters.indices.map { index in
            ComparedRun(
                adapter: adapters[index], profile: profiles[index],
                arguments: arguments(
                    for: adapters[index], profile: profiles[index], jsSide: jsSides[index], baseline: baselines[index])
                    + (sharding.shard.map {
                        [
                            "--shard", $0.description, "--shard-file",
                            ComparedRun.shardFile(besideResults: folder.path("\(index).json")),
                        ]
                    } ?? []),
                resultsFile: folder.path("\(index).json"))
        }
        // The main flow waits for the runs, which exit within their own two graces of the forwarded signal;
        // the finisher's queue writes what finished only if one of them does not.
        let reportWriter = ComparisonReportWriter(
            requests: report,
            contexts: planned.indices.map { context(for: planned[$0], jsSide: jsSides[$0], started: started) })
        let finisher = VerbFinisher(
            finishing: "writing the reports with the runs that finished",
            grace: .seconds(2 * VerbFinisher.graceSeconds + 1)
        ) { reason in
            _ = reportWriter.finish(planned.map { $0.readingWhatItLeft() }, stoppedBy: reason)
        }
        SignalTrigger.install(for: finisher)
        let runs = ComparedRun.runAll(
            planned, jobs: jobs, progress: CompareProgress(mode: progress, total: adapters.count))
        finisher.mainFlowWillFinish()
        let status = reportWriter.finish(runs, stoppedBy: finisher.reason)
        guard let shard = sharding.shard, let shardFile = sharding.shardFile, finisher.reason == nil else {
            throw ExitCode(status)
        }
        throw ExitCode(writeShardFile(shard, to: shardFile, runs: runs, jsSides: jsSides, status: status))
    }

    /// Writes the comparison's shard file from each run's, when every run wrote one.
    /// - Returns: The exit status: 0 when it was written and the runs had only failures (the merge judges them),
    ///   78 when a run left no shard file, 74 when it could not be written, else `status`.
    private func writeShardFile(
        _ shard: Shard, to path: String, runs: [ComparedRun], jsSides: [String?], status: Int32
    ) -> Int32 {
        var columns: [ComparisonShardDocument.Column] = []
        for (index, run) in runs.enumerated() {
            do throws(ShardFileFailure) {
                columns.append(
                    .init(
                        label: run.label, rerunWords: rerunWords(for: run, jsSide: jsSides[index]),
                        shard: try ShardDocument.read(from: run.shardFile)))
            } catch {
                printError(
                    "the shard file is not written: the run against \(PrintableText.terminalSafe(run.label)) left no shard of its own (\(error.problem))"
                )
                return ExitCodes.configuration.rawValue
            }
        }
        guard ComparisonShardDocument(shard: shard, columns: columns).write(to: path) else {
            return ExitCodes.outputError.rawValue
        }
        guard status == ExitCodes.conformanceFailures.rawValue || status == 0 else { return status }
        print("shard \(shard.index)/\(shard.count): failures are judged by `conformance merge` (exit 0 here)")
        return 0
    }

    /// A sharded comparison writes each implementation's part for `conformance merge`, which writes the reports.
    private func validateShardOptions() throws {
        guard sharding.shard != nil else { return }
        try sharding.requireFile()
        if !report.isEmpty {
            throw ValidationError(
                "`conformance merge` writes the comparison's reports from the shard files: give --report to it")
        }
        if !baseline.isEmpty {
            throw ValidationError("a baseline gates a whole run: gate each implementation with `conformance run`")
        }
    }

    /// Each adapter's profile: its `--profile-of`, else `--profile`.
    private func profiles() throws -> [ProfileChoice] {
        let given = try values(profileOf, option: "--profile-of")
        return try given.map { value in
            guard let value else { return profile }
            guard let choice = ProfileChoice(argument: value) else {
                throw ValidationError(
                    "--profile-of takes LABEL=PROFILE, PROFILE one of \(ProfileChoice.allValueStrings.joined(separator: ", ")) or a dialect file (got \(PrintableText.terminalSafe(value)))"
                )
            }
            return choice
        }
    }

    /// Each adapter's JS side: its `--js-side-of`, else `--js-side`, else nil (the kit's).
    private func jsSides() throws -> [String?] {
        try values(jsSideOf, option: "--js-side-of").map { $0 ?? jsSide }
    }

    /// Reads the JS sides and case files once, before any run, so that a file that cannot be used is named
    /// once rather than by every run.
    /// - Throws: `ExitCodes.configuration` after saying what is wrong; `ExitCodes.usage` for two case files
    ///   with the same id.
    private func checkInputFiles() throws {
        for path in Set(try jsSides().compactMap { $0 }).sorted() { _ = try readJavaScriptSide(path) }
        var ids: Set<String> = []
        for path in caseFiles {
            let file: ExploreCaseFile
            do throws(ExploreCaseFile.Failure) { file = try ExploreCaseFile.load(from: path) } catch {
                printError(error.description)
                throw ExitCodes.configuration
            }
            guard ids.insert(file.id).inserted else {
                printError("two case files have the id \(file.id); give each its own id")
                throw ExitCodes.usage
            }
        }
    }

    /// In a comparison of a container with a WVJB bridge, each run gets the `--case` and `--skip` globs that
    /// match cases of its own profile's catalogue (and only the WVJB runs the case files): a glob that matches no
    /// case of any column, or a selection that leaves a column nothing, is a usage error here, before any run.
    private func validateMixedSelection(_ profiles: [ProfileChoice]) throws {
        guard Set(profiles.map(\.isContainer)).count > 1 else { return }
        for glob in cases + skip where profiles.allSatisfy({ !Self.matchesAny(glob, in: $0) }) {
            throw ValidationError(
                "no case matches \(PrintableText.terminalSafe(glob)) in the container or the WVJB catalogue; see `conformance list` and `conformance list --profile container`"
            )
        }
        for profile in profiles where !cases.isEmpty && globs(cases, for: profile).isEmpty {
            throw ValidationError(
                "no --case selects a case of the \(profile.argument) profile's catalogue: give a glob for each protocol (e.g. --case 'call.**' for the container)"
            )
        }
    }

    /// Whether `glob` matches a case of `profile`'s catalogue.
    private static func matchesAny(_ glob: String, in profile: ProfileChoice) -> Bool {
        profile.isContainer
            ? ContainerCatalogue.all.contains { CaseSelector.matches(glob, $0.id) }
            : Catalogue.all.contains { CaseSelector.matches(glob, $0.id) }
    }

    /// The globs of `globs` that a run in `profile` gets: all of them when every column speaks one protocol,
    /// else those matching a case of its catalogue.
    private func globs(_ globs: [String], for profile: ProfileChoice) -> [String] {
        guard let profiles = try? profiles(), Set(profiles.map(\.isContainer)).count > 1 else { return globs }
        return globs.filter { Self.matchesAny($0, in: profile) }
    }

    /// The options of a run's `--adapter` beside the selection: its profile, its JS side, the case files (WVJB
    /// programs, for a WVJB run) and the adapter timeout, as a rerun command repeats them; unquoted words.
    private func adapterOptions(profile: ProfileChoice, jsSide: String?) -> [String] {
        var words: [String] = []
        if profile != .canonical { words += ShellCommand.option("--profile", profile.argument) }
        if let jsSide { words += ShellCommand.option("--js-side", jsSide) }
        if !profile.isContainer { words += caseFiles.flatMap { ShellCommand.option("--case-file", $0) } }
        if let adapterTimeout { words += ["--adapter-timeout", "\(adapterTimeout)"] }
        return words
    }

    /// The `conformance run` arguments for one adapter: the shared selection, its profile, JS side and
    /// baseline (the results file is added by `ComparedRun`). No exploration: a comparison puts the
    /// implementations' verdicts on the same cases side by side, and explore's findings are no shared case.
    private func arguments(
        for adapter: ComparedAdapter, profile: ProfileChoice, jsSide: String?, baseline: String?
    ) -> [String] {
        var words = ["run"] + ShellCommand.option("--adapter", adapter.argument)
        words += adapterOptions(profile: profile, jsSide: jsSide)
        words += ["--progress", "never", "--report-timings", "off", "--explore", "0"]
        words += globs(cases, for: profile).flatMap { ["--case", $0] }
        words += globs(skip, for: profile).flatMap { ["--skip", $0] }
        if let level { words += ["--level", level.rawValue.lowercased()] }
        if let baseline { words += ShellCommand.option("--baseline", baseline) }
        return words
    }

    /// The words of a run's rerun command before `--case <id>`: its adapter, profile, JS side and case files.
    private func rerunWords(for run: ComparedRun, jsSide: String?) -> [String] {
        conformanceInvocation() + ["run"] + ShellCommand.option("--adapter", run.adapter)
            + adapterOptions(profile: run.profile, jsSide: jsSide)
    }

    /// The run context the reports name an implementation and its rerun commands with: its label, adapter,
    /// profile, and the comparison's start date.
    private func context(for run: ComparedRun, jsSide: String?, started: Date) -> RunContext {
        var context = RunContext(
            adapter: run.adapter, rerunWords: rerunWords(for: run, jsSide: jsSide), timings: reportTimings)
        context.label = run.label
        context.profile = run.profile.runProfile
        context.date = started
        return context
    }
}

import ArgumentParser
import ConformanceKit
import Foundation

/// `conformance explore`: runs seeded random programs against an adapter and against the reference bridge,
/// and shrinks the first that differs to a minimal, replayable counterexample.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Run random programs against an adapter and the reference bridge, and shrink what differs.",
        discussion: """
            Each program is a random sequence of steps on both sides (register, remove, call and answer, reset, \
            reload, navigate, settle) with random data, under a random schedule of delays, all on the virtual clock. \
            What each handler and callback got, the messages delivered and the warnings logged are compared with the \
            reference bridge's run, up to the freedoms the spec allows (ids, key order, escapes, evaluation style). \
            The first program with a MUST difference is shrunk and printed with the command that replays it; \
            --write-case saves it for `conformance run --case-file`. With --max-findings N the run goes on after a \
            difference: differences are grouped by the clause they cite and their kind (a finding, with an id such \
            as explore.start-3.extra-js-handler), the first program of each group is shrunk, and the run stops at N \
            distinct findings. With --baseline, findings whose id an entry names are known: counted, not shrunk, \
            and they do not fail the run.
            """)

    @OptionGroup var adapter: AdapterOptions

    @Option(name: .long, help: "The seed programs derive from (default: a random one, printed).")
    var seed: UInt64?

    @Option(name: .long, help: "How many programs to run.")
    var runs = 1_000

    @Option(name: .customLong("max-ops"), help: "The most steps a program has (1 to 200, as in a case file).")
    var maxOps = ExploreCommand.defaultMaxOps

    /// `--max-ops` when not given.
    static let defaultMaxOps = 12

    @Option(
        name: .customLong("time-budget"),
        help: ArgumentHelp("Start no program after this many seconds (wall clock).", valueName: "seconds"))
    var timeBudget: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run only the program of this seed (from a `replay:` line), shrinking it if it fails.",
            valueName: "program-seed"))
    var replay: UInt64?

    @Option(
        name: .customLong("write-case"),
        help: ArgumentHelp(
            "Write the shrunk counterexample as a case file for `conformance run --case-file`; with --max-findings "
                + "above 1, a folder that gets one case file per finding, <finding id>.json.",
            valueName: "path"))
    var writeCase: String?

    @Option(
        name: .customLong("max-findings"),
        help: ArgumentHelp(
            "Go on after a difference until this many distinct findings (clause and kind of difference) are found, "
                + "shrinking the first program of each (1: stop at the first failing program).",
            valueName: "n"))
    var maxFindings = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The baseline `conformance run --baseline` reads: findings whose id (explore.<clause>.<kind>) an entry "
                + "names are known, counted and not shrunk, and do not fail the run.",
            valueName: "file"))
    var baseline: String?

    @Option(
        name: .customLong("js-side"),
        help: "Inject this JS side instead of the kit's reference one (the reference bridge keeps the kit's).")
    var jsSide: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a report of the counterexample, one case per finding (or of the clean run): json:PATH, junit:PATH, markdown:PATH, html:PATH or badge:PATH (repeatable).",
            valueName: "kind:path"))
    var report: [ReportRequest] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print progress on standard error: always, never, or auto (when standard error is a terminal).",
            valueName: "when"))
    var progress: ProgressMode = .auto

    @OptionGroup(title: "Sharding over a CI matrix") var sharding: ShardOptions

    func validate() throws {
        try ReportRequest.refuseSharedPaths(report)
        guard runs >= 1, runs <= 10_000_000 else {
            throw ValidationError("--runs must be from 1 to 10000000 (got \(runs))")
        }
        guard (1...ExploreLimits.maximumOperations).contains(maxOps) else {
            throw ValidationError("--max-ops must be from 1 to \(ExploreLimits.maximumOperations) (got \(maxOps))")
        }
        guard (1...1_000).contains(maxFindings) else {
            throw ValidationError("--max-findings must be from 1 to 1000 (got \(maxFindings))")
        }
        if let timeBudget, !(timeBudget.isFinite && timeBudget > 0 && timeBudget <= 86_400) {
            throw ValidationError("--time-budget must be more than 0 and at most 86400 seconds (got \(timeBudget))")
        }
        if adapter.profile.isContainer { try validateContainerOptions() }
        try validateShardOptions()
    }

    /// A sharded exploration explores one seed's programs on every machine and writes what it found for
    /// `conformance merge`, which judges the whole.
    private func validateShardOptions() throws {
        guard sharding.shard != nil else { return }
        if seed == nil { throw ValidationError("--shard needs --seed: every shard explores the programs of one seed") }
        try sharding.requireFile()
        if replay != nil { throw ValidationError("--replay runs one program: give it without --shard") }
        if adapter.profile.isContainer {
            throw ValidationError("--shard explores WVJB programs; the container profile explores unsharded")
        }
    }

    func run() throws {
        if adapter.profile.isContainer { return try exploreContainer() }
        // Only to check the reports before the run: they are written below, with the replay as their rerun command.
        let outputs = RunOutputs(
            reports: report, adapter: adapter.choice.argument, rerun: { _ in ShellCommand([]) }, timings: .on,
            verbose: false)
        try outputs.check()
        if let writeCase { try checkCaseDestination(writeCase) }
        try sharding.checkFile()
        let known = try baseline.map {
            ExploreKnownFindings(try loadBaselineFile($0, profile: adapter.profile.dialect.name))
        }
        let javaScriptSide = try jsSide.map(readJavaScriptSide)
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        if self.seed == nil, replay == nil { printError("seed \(seed) (random; --seed \(seed) repeats this run)") }
        var options = ExploreOptions(
            seed: seed, runs: runs, maxOperations: maxOps,
            timeBudget: timeBudget.map { .milliseconds(Int64($0 * 1000)) }, replay: replay, maxFindings: maxFindings,
            known: known)
        options.shard = sharding.shard
        let progress = RunProgress(mode: self.progress, total: options.plannedPrograms)
        let programsRun = LockedValue(0)
        let adapterName = adapter.choice.argument, reportRequests = report, plannedRuns = options.plannedPrograms,
            maxOps = maxOps, replayed = replay
        let clock = ContinuousClock(), start = clock.now
        let profile = adapter.profile.dialect, started = outputs.started
        // Says what is known of an exploration that did not end in a report: how many programs ran, and
        // nothing about them (the program running last may have been a difference being shrunk).
        let reportStoppedEarly: @Sendable (FinishReason, String) -> Void = { reason, why in
            progress.clearOpenLine()
            let count = programsRun.withLock { $0 }
            let seconds = ReportTimings.secondsText(start.duration(to: clock.now))
            print(
                """
                explore: \(count) of \(plannedRuns) programs against \(adapterName), \(replayed.map { "replay of program \($0)" } ?? "seed \(seed)"), \
                at most \(maxOps) steps each, \(seconds) s
                \(reason.summary): \(why)
                """)
            var context = RunContext(
                adapter: adapterName, rerun: { _ in ShellCommand([]) }, timings: .on,
                stop: RunStop(reason: reason.runStopReason, notRun: [ExploreReport.caseID(seed: seed)]))
            context.profile = .wire(profile)
            context.date = started
            for request in reportRequests {
                do throws(TextDestination.Failure) { try request.write([], context: context) } catch {
                    printError("cannot write the \(request.kind.rawValue) report: \(error.message)")
                }
            }
            fflush(nil)
        }
        // A signal ends the testee (its whole process group) and the exploration, which then reports what
        // ran (the program running then is dropped) and exits 128 + the signal.
        let finisher = VerbFinisher(finishing: "printing what ran") { reason in
            reportStoppedEarly(
                reason,
                "the program running then did not stop within \(VerbFinisher.graceSeconds) s, so the programs that ran are not judged"
            )
        }
        SignalTrigger.install(for: finisher)
        let factory: AdapterFactory
        do {
            factory = try adapter.resolve(isInterrupted: { finisher.isStopping })
        } catch let error where finisher.isStopping {
            finisher.mainFlowWillFinish()
            guard let reason = finisher.reason else { throw error }
            reportStoppedEarly(reason, "stopped while the testee started; no program ran")
            throw ExitCodes.stopped(by: reason)
        }
        let mutant = adapter.choice.mutant
        // A replay groups findings as this run did, so that it shrinks a finding to the same program.
        let replayWords =
            conformanceInvocation() + ["explore"] + adapter.rerunWords
            + (jsSide.map { ShellCommand.option("--js-side", $0) } ?? [])
            + ["--max-ops", "\(maxOps)"]
            + (maxFindings > 1 ? ["--max-findings", "\(maxFindings)"] : [])
            + (baseline.map { ShellCommand.option("--baseline", $0) } ?? [])
        // The JS side the candidate gets, named in the report: the given one, a JS-side mutant's, or the kit's.
        let javaScriptSource: String
        do throws(HarnessError) {
            if let javaScriptSide {
                javaScriptSource = javaScriptSide
            } else if let mutantSide = try mutant?.configuration().bridgeJavaScriptSource {
                javaScriptSource = mutantSide
            } else {
                javaScriptSource = try ConformanceRunner.referenceJavaScriptSide(in: adapter.profile.dialect)
            }
        } catch {
            printError(error.description)
            throw ExitCodes.configuration
        }
        let outcome = adapter.explore(
            options, factory: factory, javaScriptSide: javaScriptSide,
            progress: { count in
                programsRun.withLock { $0 = count }
                progress.programsDidRun(count)
            }, isInterrupted: { finisher.isStopping }
        ) { explorer in
            installStallHandler(
                explorer: explorer, javaScriptSource: javaScriptSource, replayWords: replayWords, started: started,
                finisher: finisher)
        }
        finisher.mainFlowWillFinish()
        progress.clearOpenLine()
        let found: ExploreReport
        switch outcome {
        case .success(let value): found = value
        case .failure(let error):
            if let reason = finisher.reason {
                // The adapter failed because its testee was ended on purpose.
                reportStoppedEarly(reason, "stopped before the first program")
                throw ExitCodes.stopped(by: reason)
            }
            printError(error.description)
            throw ExitCodes.configuration
        }
        throw finish(
            found, javaScriptSource: javaScriptSource, replayWords: replayWords, started: started,
            stoppedBy: finisher.reason)
    }

    /// Prints the exploration's report, writes the case file and the reports, and gives the exit status.
    /// - Parameters:
    ///   - started: When the exploration started: the reports' date.
    ///   - reason: Why the exploration stopped early (a signal), if it did.
    private func finish(
        _ found: ExploreReport, javaScriptSource: String, replayWords: [String], started: Date,
        stoppedBy reason: FinishReason?
    ) -> ExitCode {
        let replay = { (programSeed: UInt64) in ShellCommand(replayWords + ["--replay", "\(programSeed)"]).description }
        let ownJavaScriptSide =
            javaScriptSource != (try? ConformanceRunner.referenceJavaScriptSide(in: adapter.profile.dialect))
        print(
            found.render(
                adapter: adapter.choice.argument, maxOperations: maxOps, replay: replay,
                bridgeJavaScriptSource: javaScriptSource,
                injectsOwnJavaScriptSide: ownJavaScriptSide))
        var written = true
        if let writeCase {
            let files =
                found.groupsFindings
                ? found.caseFiles(foundWith: replay)
                : found.caseFile(foundWith: replay(found.counterexample?.programSeed ?? 0)).map { [$0] } ?? []
            written = writeCaseFiles(files, to: writeCase)
        }
        // Each case of the report reruns as what it stands for: its counterexample's replay, or the whole run.
        // An interrupted exploration's report says so, as an interrupted run's does.
        // An exploration cut short without a finding found nothing yet: its case did not run to its end, so it is
        // not run (JUnit skips it), not a pass.
        var results = found.caseResults, notRun: [String] = []
        if found.stop == .interrupted, results.count == 1, results[0].verdict == .pass {
            notRun = [results[0].caseID]
            results = []
        }
        let stop = found.stop == .interrupted ? reason.map { RunStop(reason: $0.runStopReason, notRun: notRun) } : nil
        var context = RunContext(
            adapter: adapter.choice.argument,
            rerun: { caseID in ShellCommand(replayWords + found.rerunArguments(forCase: caseID)) }, timings: .on,
            stop: stop)
        context.profile = adapter.profile.runProfile
        context.date = started
        for request in report {
            do throws(TextDestination.Failure) { try request.write(results, context: context) } catch {
                printError("cannot write the \(request.kind.rawValue) report: \(error.message)")
                written = false
            }
        }
        var status =
            found.isReferenceProblem
            ? ExitCodes.configuration : found.isFailure ? ExitCodes.conformanceFailures : ExitCodes.conformant
        if let shard = sharding.shard, let shardFile = sharding.shardFile {
            let document = ShardDocument(
                kit: KitVersion.current, catalogue: ShardDocument.catalogueDigest(container: false),
                profile: adapter.profile.argument, adapter: adapter.choice.argument, shard: shard, selection: [],
                rerun: Dictionary(
                    found.runResults.map { ($0.caseID, replayWords + found.rerunArguments(forCase: $0.caseID)) },
                    uniquingKeysWith: { first, _ in first }),
                exploration: found.summary(maxOperations: maxOps),
                findingPrograms: ShardDocument.findingPrograms(of: found, shard: shard),
                stop: stop, results: found.runResults)
            written = document.write(to: shardFile) && written
            if status == ExitCodes.conformanceFailures, written {
                print("shard \(shard.index)/\(shard.count): findings are judged by `conformance merge` (exit 0 here)")
                status = ExitCodes.conformant
            }
        }
        fflush(nil)
        return ExitCodes.afterRun(status, outputsWritten: written, stoppedBy: reason)
    }

    /// Whether `--write-case` can be written: a file, or with `--max-findings` above 1 a folder (an existing
    /// one, or a new one its parent takes).
    /// - Throws: `ExitCodes.configuration` after naming the problem.
    private func checkCaseDestination(_ path: String) throws {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if maxFindings > 1, exists, !isFolder.boolValue {
            printError(
                "the case files cannot be written: \(path) is not a folder (with --max-findings above 1, "
                    + "--write-case names a folder that gets one case file per finding)")
            throw ExitCodes.configuration
        }
        do throws(TextDestination.Failure) {
            if maxFindings == 1 {
                try TextDestination(path: path, dashIsStandardOutput: false).check()
            } else if exists {
                try TextDestination(path: Self.caseFilePath(in: path, id: "explore.check"), dashIsStandardOutput: false)
                    .check()
            } else {
                // A new folder: its parent must take a new entry, as for a new file.
                try TextDestination(path: path, dashIsStandardOutput: false).check()
            }
        } catch {
            printError("the case \(maxFindings == 1 ? "file" : "files") cannot be written: \(error.message)")
            throw ExitCodes.configuration
        }
    }

    /// Where the case file of a finding goes in the `--write-case` folder: `<id>.json` (ids are `a-z`,
    /// `0-9`, `-` and dots, so always a file name).
    private static func caseFilePath(in folder: String, id: String) -> String {
        (folder as NSString).appendingPathComponent(id + ".json")
    }

    /// Writes the case files: the one file at `path`, or with `--max-findings` above 1 one file per finding
    /// in the folder `path` (created when missing; other files in it are left alone). Prints each path and
    /// the command that runs them.
    /// - Returns: Whether every file was written.
    private func writeCaseFiles(_ files: [ExploreCaseFile], to path: String) -> Bool {
        guard !files.isEmpty else { return true }
        var paths: [String] = []
        if maxFindings == 1 {
            paths = [path]
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            } catch  where FileManager.default.fileExists(atPath: path) {
                // There already.
            } catch {
                printError("cannot create the folder for the case files \(path): \(error.localizedDescription)")
                return false
            }
            paths = files.map { Self.caseFilePath(in: path, id: $0.id) }
        }
        var written: [String] = []
        for (file, filePath) in zip(files, paths) {
            do throws(TextDestination.Failure) {
                try TextDestination(path: filePath, dashIsStandardOutput: false).write(file.text)
                written.append(filePath)
            } catch {
                printError("cannot write the case file: \(error.message)")
            }
        }
        let runThem = ShellCommand(
            conformanceInvocation() + ["run"] + adapter.rerunWords
                + written.flatMap { ShellCommand.option("--case-file", $0) })
        if maxFindings == 1, let only = written.first {
            print("case file: \(ShellCommand.quote(only)) (run it with: \(runThem))")
        } else if !written.isEmpty {
            for (file, filePath) in zip(files, paths) where written.contains(filePath) {
                print("case file: \(ShellCommand.quote(filePath)) (finding \(file.id))")
            }
            print("run them with: \(runThem)")
        }
        return written.count == files.count
    }

    /// Makes an engine stall in a program end the exploration with that program as its counterexample
    /// (unshrunk: shrinking would run it again), reported from the guard's thread.
    private func installStallHandler(
        explorer: Explorer, javaScriptSource: String, replayWords: [String], started: Date, finisher: VerbFinisher
    ) {
        EngineStallGuard.setHandler { stall in
            guard let report = explorer.report(afterStall: stall), finisher.claimFinishing() else {
                printError("the engine stalled: \(stall)")
                _exit(ExitCodes.configuration.rawValue)
            }
            TesteeProcessGroups.endAll()
            let status = finish(
                report, javaScriptSource: javaScriptSource, replayWords: replayWords, started: started, stoppedBy: nil)
            _exit(status.rawValue)
        }
    }
}

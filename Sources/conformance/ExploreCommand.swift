import ArgumentParser
import ConformanceFixtures
import ConformanceKit
import Foundation
import ReferenceBridge

/// `conformance explore`: runs seeded random programs against an adapter and against the reference bridge,
/// and shrinks the first that differs to a minimal, replayable counterexample.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Run random programs against an adapter and the reference bridge, and shrink the first difference.",
        discussion: """
            Each program is a random sequence of steps on both sides (register, remove, call and answer, reset, \
            reload, navigate, settle) with random data, under a random schedule of delays, all on the virtual clock. \
            What each handler and callback got, the messages delivered and the warnings logged are compared with the \
            reference bridge's run, up to the freedoms the spec allows (ids, key order, escapes, evaluation style). \
            The first program with a MUST difference is shrunk and printed with the command that replays it; \
            --write-case saves it for `conformance run --case-file`.
            """)

    @OptionGroup var adapter: AdapterOptions

    @Option(name: .long, help: "The seed programs derive from (default: a random one, printed).")
    var seed: UInt64?

    @Option(name: .long, help: "How many programs to run.")
    var runs = 1_000

    @Option(name: .customLong("max-ops"), help: "The most steps a program has (1 to 200).")
    var maxOps = 12

    @Option(name: .customLong("time-budget"), help: ArgumentHelp("Start no program after this many seconds (wall clock).", valueName: "seconds"))
    var timeBudget: Double?

    @Option(name: .long, help: ArgumentHelp("Run only the program of this seed (from a `replay:` line), shrinking it if it fails.", valueName: "program-seed"))
    var replay: UInt64?

    @Option(name: .customLong("write-case"), help: ArgumentHelp(
        "Write the shrunk counterexample as a case file for `conformance run --case-file`.", valueName: "path"))
    var writeCase: String?

    @Option(name: .customLong("js-side"), help: "Inject this JS side instead of the kit's reference one (the reference bridge keeps the kit's).")
    var jsSide: String?

    @Option(name: .long, help: ArgumentHelp(
        "Also write a report of the counterexample (or of the clean run): json:PATH, junit:PATH or markdown:PATH (repeatable).", valueName: "kind:path"))
    var report: [ReportRequest] = []

    @Option(name: .long, help: ArgumentHelp(
        "Print progress on standard error: always, never, or auto (when standard error is a terminal).", valueName: "when"))
    var progress: ProgressMode = .auto

    func validate() throws {
        guard runs >= 1, runs <= 10_000_000 else { throw ValidationError("--runs must be from 1 to 10000000 (got \(runs))") }
        guard (1...200).contains(maxOps) else { throw ValidationError("--max-ops must be from 1 to 200 (got \(maxOps))") }
        if let timeBudget, !(timeBudget.isFinite && timeBudget > 0 && timeBudget <= 86_400) {
            throw ValidationError("--time-budget must be more than 0 and at most 86400 seconds (got \(timeBudget))")
        }
    }

    func run() throws {
        let outputs = RunOutputs(reports: report, adapter: adapter.choice.argument, rerunPrefix: "", timings: .on, verbose: false)
        try outputs.check()
        if let writeCase {
            do throws(TextDestination.Failure) { try TextDestination(path: writeCase, dashIsStandardOutput: false).check() } catch {
                printError("the case file cannot be written: \(error.message)")
                throw ExitCodes.configuration
            }
        }
        let javaScriptSide = try jsSide.map { path in
            do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
                printError("cannot read the JS side \(path): \(error.localizedDescription)")
                throw ExitCodes.configuration
            }
        }
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        if self.seed == nil, replay == nil { printError("seed \(seed) (random; --seed \(seed) repeats this run)") }
        let options = ExploreOptions(
            seed: seed, runs: runs, maxOperations: maxOps, timeBudget: timeBudget.map { .milliseconds(Int64($0 * 1000)) }, replay: replay)
        let progress = RunProgress(mode: self.progress, total: replay == nil ? runs : 1)
        let programsRun = LockedValue(0)
        let adapterName = adapter.choice.argument, reportRequests = report, plannedRuns = replay == nil ? runs : 1, maxOps = maxOps, replayed = replay
        let clock = ContinuousClock(), start = clock.now
        // Says what is known of an exploration that did not end in a report: how many programs ran, and
        // nothing about them (the program running last may have been a difference being shrunk).
        let reportStoppedEarly: @Sendable (FinishReason, String) -> Void = { reason, why in
            progress.clearOpenLine()
            let count = programsRun.withLock { $0 }
            let seconds = ReportTimings.secondsText(start.duration(to: clock.now))
            print("""
                explore: \(count) of \(plannedRuns) programs against \(adapterName), \(replayed.map { "replay of program \($0)" } ?? "seed \(seed)"), \
                at most \(maxOps) steps each, \(seconds) s
                \(reason.summary): \(why)
                """)
            let context = RunContext(adapter: adapterName, rerunPrefix: "", timings: .on, stop: RunStop(reason: reason.runStopReason, notRun: []))
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
            reportStoppedEarly(reason, "the program running then did not stop within \(VerbFinisher.graceSeconds) s, so the programs that ran are not judged")
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
        let replayWords = conformanceInvocation() + ["explore"] + adapter.rerunWords + (jsSide.map { ["--js-side", $0] } ?? []) + ["--max-ops", "\(maxOps)"]
        let outcome = MainQueuePump.run { () async -> Result<(ExploreReport, String), HarnessError> in
            do throws(HarnessError) {
                var candidateConfiguration = try mutant?.configuration() ?? .init()
                if let javaScriptSide { candidateConfiguration.bridgeJavaScriptSource = javaScriptSide }
                let explorer = try Explorer.againstReference(factory, configuration: candidateConfiguration)
                guard let capabilities = explorer.candidateCapabilities() else {
                    throw HarnessError(code: .invalidInput, message: "the adapter could not be created to ask what it offers")
                }
                let generator = ExploreGenerator(capabilities: capabilities, maxOperations: options.maxOperations, data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()))
                let report = await explorer.explore(options, generator: generator, progress: { count in
                    programsRun.withLock { $0 = count }
                    progress.programsDidRun(count)
                }, isInterrupted: { finisher.isStopping })
                let injected: String
                if let given = candidateConfiguration.bridgeJavaScriptSource { injected = given } else { injected = try ConformanceRunner.referenceJavaScriptSide() }
                return .success((report, injected))
            } catch {
                return .failure(error)
            }
        }
        finisher.mainFlowWillFinish()
        progress.clearOpenLine()
        let (found, javaScriptSource): (ExploreReport, String)
        switch outcome {
        case .success(let value): (found, javaScriptSource) = value
        case .failure(let error):
            if let reason = finisher.reason {
                // The adapter failed because its testee was ended on purpose.
                reportStoppedEarly(reason, "stopped before the first program")
                throw ExitCodes.stopped(by: reason)
            }
            printError(error.description)
            throw ExitCodes.configuration
        }
        let replay = { (programSeed: UInt64) in (replayWords + ["--replay", "\(programSeed)"]).map(shellQuoted).joined(separator: " ") }
        let ownJavaScriptSide = try javaScriptSource != ConformanceRunner.referenceJavaScriptSide()
        print(found.render(adapter: adapter.choice.argument, maxOperations: maxOps, replay: replay, bridgeJavaScriptSource: javaScriptSource,
                           injectsOwnJavaScriptSide: ownJavaScriptSide))
        var written = true
        if let writeCase, let file = found.caseFile(foundWith: replay(found.counterexample?.programSeed ?? 0)) {
            do throws(TextDestination.Failure) {
                try TextDestination(path: writeCase, dashIsStandardOutput: false).write(file.text)
                print("case file: \(writeCase) (run it with: \((conformanceInvocation() + ["run"] + adapter.rerunWords + ["--case-file", writeCase]).map(shellQuoted).joined(separator: " ")))")
            } catch {
                printError("cannot write the case file: \(error.message)")
                written = false
            }
        }
        // An interrupted exploration's report says so, as an interrupted run's does.
        let stop = found.stop == .interrupted ? finisher.reason.map { RunStop(reason: $0.runStopReason, notRun: []) } : nil
        let context = RunContext(adapter: adapter.choice.argument, rerunPrefix: replay(0), timings: .on, stop: stop)
        for request in report {
            do throws(TextDestination.Failure) { try request.write(found.caseResults, context: context) } catch {
                printError("cannot write the \(request.kind.rawValue) report: \(error.message)")
                written = false
            }
        }
        let status = found.isReferenceProblem ? ExitCodes.configuration : found.isFailure ? ExitCodes.conformanceFailures : ExitCodes.conformant
        throw ExitCodes.afterRun(status, outputsWritten: written, stoppedBy: finisher.reason)
    }
}

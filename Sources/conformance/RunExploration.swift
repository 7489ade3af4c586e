import ConformanceKit
import Foundation

/// The exploration `conformance run` runs after its cases (`--explore`), stoppable as the cases are: a
/// signal ends the testee and the exploration, and the run then writes the cases that finished and what the
/// exploration found so far.
struct RunExploration {
    /// What the exploration found; nil when a signal stopped the command before the first program.
    let report: ExploreReport?
    /// Why the command is stopping early, if a signal stopped it during the exploration.
    let reason: FinishReason?

    /// Explores `options` on the run's adapter.
    /// - Parameters:
    ///   - options: The programs (`RunExplorationOptions.options(programs:known:)`).
    ///   - adapter: The run's adapter options.
    ///   - javaScriptSide: The run's `--js-side`, if given.
    ///   - progress: `--progress`.
    ///   - finishFromWatcher: Prints and writes what the run has (the cases, no exploration), from the
    ///     finisher's queue, when a signal came and the main flow has not begun finishing within the grace.
    ///   - afterStall: Prints and writes what the run has, with the exploration's report whose last program
    ///     stalled the engine; the process then exits with status 1.
    /// - Throws: `ExitCodes.configuration` after printing what kept the exploration from running: a harness
    ///   error, or a testee that did not start (not when a signal stopped it).
    static func run(
        _ options: ExploreOptions, on adapter: AdapterOptions, javaScriptSide: String?, progress mode: ProgressMode,
        finishFromWatcher: @escaping @Sendable (FinishReason) -> Void,
        afterStall: @escaping @Sendable (ExploreReport) -> Void
    ) throws -> RunExploration {
        let finisher = VerbFinisher(
            finishing: "writing the reports with the cases that finished", finishWithWhatFinished: finishFromWatcher)
        SignalTrigger.install(for: finisher)
        // However it ends, the main flow then writes what the run has.
        defer { finisher.mainFlowWillFinish() }
        let progress = RunProgress(mode: mode, total: options.runs)
        let factory: AdapterFactory
        do {
            factory = try adapter.resolve(isInterrupted: { finisher.isStopping })
        } catch  where finisher.isStopping {
            return RunExploration(report: nil, reason: finisher.reason)
        } catch {
            printError("the exploration after the cases could not start the adapter; the cases' results are written")
            throw error
        }
        let outcome = adapter.explore(
            options, factory: factory, javaScriptSide: javaScriptSide, progress: { progress.programsDidRun($0) },
            isInterrupted: { finisher.isStopping }
        ) { explorer in
            // A program that stalls the engine ends the exploration as a finding (or, in the reference's
            // run, as the kit's fault); the process cannot go on.
            EngineStallGuard.setHandler { stall in
                guard let report = explorer.report(afterStall: stall), finisher.claimFinishing() else {
                    printError("the engine stalled: \(stall)")
                    _exit(ExitCodes.configuration.rawValue)
                }
                TesteeProcessGroups.endAll()
                afterStall(report)
                _exit(ExitCodes.conformanceFailures.rawValue)
            }
        }
        progress.clearOpenLine()
        switch outcome {
        case .success(let report):
            return RunExploration(report: report, reason: finisher.reason)
        case .failure(let error):
            if finisher.isStopping { return RunExploration(report: nil, reason: finisher.reason) }
            printError(
                "the exploration after the cases could not run; the cases' results are written: " + error.description)
            throw ExitCodes.configuration
        }
    }
}

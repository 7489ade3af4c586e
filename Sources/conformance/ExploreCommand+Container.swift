import ArgumentParser
import ConformanceKit
import Foundation
import ReferenceContainer

extension ExploreCommand {
    /// The options `explore --profile container` takes beside the adapter and its JS side: the others shape WVJB
    /// programs, their findings and reports.
    func validateContainerOptions() throws {
        let refused = [
            ("--write-case", writeCase != nil), ("--max-findings", maxFindings != 1), ("--baseline", baseline != nil),
            ("--report", !report.isEmpty), ("--max-ops", maxOps != Self.defaultMaxOps),
        ].filter(\.1).map(\.0)
        guard refused.isEmpty else {
            throw ValidationError(
                "\(refused.joined(separator: ", ")) shape WVJB explorations; with --profile container give --adapter, --seed, --runs, --replay, --time-budget and --js-side"
            )
        }
    }

    /// `explore --profile container`: generated container programs (`ContainerProgram`) against the adapter and
    /// the reference container, the first that differs shrunk and printed with the command that replays it.
    /// Programs the container cannot take are counted, not compared; a program the kit failed to run is a
    /// harness error, never the container's difference (exit 78).
    func exploreContainer() throws {
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let runs = self.runs, replay = self.replay
        if self.seed == nil, replay == nil { printError("seed \(seed) (random; --seed \(seed) repeats this run)") }
        let planned = replay == nil ? runs : 1
        let progress = RunProgress(mode: self.progress, total: planned)
        let programsRun = LockedValue(0)
        let adapterName = adapter.choice.argument
        let clock = ContinuousClock(), start = clock.now
        let about: @Sendable (Int) -> String = { count in
            "explore: \(count) of \(planned) programs against \(adapterName) in the container profile, "
                + (replay.map { "replay of program \($0)" } ?? "seed \(seed)") + ", "
                + ReportTimings.secondsText(start.duration(to: clock.now)) + " s"
        }
        let finisher = VerbFinisher(finishing: "printing what ran") { reason in
            progress.clearOpenLine()
            print(about(programsRun.withLock { $0 }) + "\n\(reason.summary): the program running then did not stop")
            fflush(nil)
        }
        SignalTrigger.install(for: finisher)
        let factory: ContainerAdapterFactory
        do {
            factory = try adapter.resolveContainer(isInterrupted: { finisher.isStopping })
        } catch let error where finisher.isStopping {
            finisher.mainFlowWillFinish()
            guard let reason = finisher.reason else { throw error }
            print(about(0) + "\n\(reason.summary) while the testee started; no program ran")
            throw ExitCodes.stopped(by: reason)
        }
        let offered = try jsSide.map(readJavaScriptSide) ?? adapter.containerMutantJavaScriptSide()
        let deadline = timeBudget.map { start + .milliseconds(Int64($0 * 1000)) }
        let outcome = MainQueuePump.run { () async -> Result<ContainerExploration, HarnessError> in
            do throws(HarnessError) {
                var explorer = try ContainerExplorer(javaScriptSide: offered) { ReferenceContainerAdapter() }
                var finding: ContainerExplorer.Finding?
                if let replay {
                    finding = await explorer.finding(programSeed: replay, adapter: factory)
                    programsRun.withLock { $0 = 1 }
                } else {
                    var endedEarly = false
                    finding = await explorer.explore(programs: runs, seed: seed, adapter: factory) { index in
                        programsRun.withLock { $0 = index }
                        progress.programsDidRun(index)
                        endedEarly = finisher.isStopping || deadline.map { clock.now >= $0 } ?? false
                        return !endedEarly
                    }
                    if finding == nil, !endedEarly { programsRun.withLock { $0 = runs } }
                }
                // A signal ended the testee: the program running then is dropped, not a difference.
                if finisher.isStopping { finding = nil }
                return .success(
                    ContainerExploration(
                        finding: finding, notApplicable: explorer.programsNotApplicable, kitFaults: explorer.kitFaults))
            } catch {
                return .failure(error)
            }
        }
        finisher.mainFlowWillFinish()
        progress.clearOpenLine()
        let exploration: ContainerExploration
        switch outcome {
        case .success(let value): exploration = value
        case .failure(let error):
            printError(error.description)
            throw ExitCodes.configuration
        }
        let count = exploration.finding?.programs ?? programsRun.withLock { $0 }
        var lines = [about(count)]
        if exploration.notApplicable > 0 {
            lines.append(
                "\(exploration.notApplicable) programs not applicable: they need what the container does not offer (synchronous calls, or a handler that throws in the harness's process)"
            )
        }
        for fault in exploration.kitFaults {
            lines.append("harness-error: \(PrintableText.printable(fault)) (a fault of the kit, not of the container)")
        }
        var status = ExitCodes.conformant
        if let finding = exploration.finding {
            // Line by line: the steps and observations carry payloads, each made printable on its own line.
            lines += finding.description.split(separator: "\n").map { PrintableText.printable(String($0)) }
            let replayCommand = ShellCommand(
                conformanceInvocation() + ["explore"] + adapter.rerunWords
                    + (jsSide.map { ShellCommand.option("--js-side", $0) } ?? [])
                    + ["--replay", String(finding.program.seed)])
            lines.append("replay: \(replayCommand)")
            status = ExitCodes.conformanceFailures
        } else if let reason = finisher.reason {
            lines.append("\(reason.summary): the program running then is dropped")
        } else {
            lines.append(
                "no difference from the reference container"
                    + (deadline != nil && count < planned ? " (the time budget ended the exploration)" : ""))
        }
        print(lines.joined(separator: "\n"))
        if !exploration.kitFaults.isEmpty { status = ExitCodes.configuration }
        throw ExitCodes.afterRun(status, outputsWritten: true, stoppedBy: finisher.reason)
    }
}

/// What `explore --profile container` found.
struct ContainerExploration: Sendable {
    /// The first program that differed, shrunk; nil when none did.
    let finding: ContainerExplorer.Finding?
    /// Programs the container could not take.
    let notApplicable: Int
    /// Programs the kit failed to run.
    let kitFaults: [String]
}

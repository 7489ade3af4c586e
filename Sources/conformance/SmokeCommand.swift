import ArgumentParser
import ConformanceKit
import Foundation

/// `conformance smoke`: checks that an adapter is wired up before the full run, and when a step fails,
/// whether the evidence points at the adapter's wiring, at the bridge, or at either.
struct SmokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smoke",
        abstract:
            "Check that an adapter is wired up: attach, injection, one call each way. Exit 0 when every step passes, 78 when one fails.",
        discussion: """
            SIGINT, SIGTERM or SIGHUP ends the testee's process group, prints the steps that finished and which \
            did not run, and exits 128 + the signal (130, 143, 129).
            """)

    @OptionGroup var adapter: AdapterOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print a line per step on standard error as it starts: always, never, or auto (when standard error is a terminal).",
            valueName: "when"))
    var progress: ProgressMode = .auto

    func validate() throws { try adapter.profile.validated(allowingContainer: false) }

    func run() throws {
        let steps = SmokeCases.steps(in: adapter.profile.dialect)
        let fullRun = "`\(ShellCommand(conformanceInvocation() + ["run"] + adapter.rerunWords))`"
        let run = try StoppableCaseRun.run(
            steps.map(\.check), on: adapter, javaScriptSide: nil, progress: progress,
            finishing: "printing the steps that finished"
        ) { finished, stop in _ = Self.printSteps(steps, finished, stop: stop, fullRun: fullRun) }
        let status = Self.printSteps(steps, run.results, stop: run.stop, fullRun: fullRun)
        throw ExitCodes.afterRun(status, outputsWritten: true, stoppedBy: run.reason)
    }

    /// Prints each step that finished (a failed one with its diagnosis and hint), then the verdict on the
    /// adapter, or, for smoke stopped early, which steps did not run. A step that crashed, timed out or met a
    /// fault of the kit says so first: that is what happened, and no wiring hint explains it.
    /// - Parameters:
    ///   - steps: The steps of the run's profile.
    ///   - results: The steps that finished, in order.
    ///   - stop: Why smoke stopped before every step ran, if it did.
    ///   - fullRun: The command that runs the whole catalogue with this adapter, quoted.
    /// - Returns: 0 when every step passed, 78 when one failed (before precedence: `ExitCodes.afterRun`).
    private static func printSteps(_ steps: [SmokeCases.Step], _ results: [CaseResult], stop: RunStop?, fullRun: String)
        -> ExitCode
    {
        var faults: [SmokeCases.Fault] = []
        for (step, result) in zip(steps, results) {
            let diagnosis: SmokeCases.Diagnosis
            var happened = result.failures.first.map { "[\($0.obligation ?? $0.clause)] \($0.message)" }
            switch result.verdict {
            case .pass:
                print("ok      \(step.check.summary)")
                continue
            case .adapterError:
                diagnosis = SmokeCases.Diagnosis(fault: .adapter, explanation: nil)
                happened = result.interruption?.text
            case .crash, .timeout:
                diagnosis = SmokeCases.Diagnosis(
                    fault: .adapterOrBridge,
                    explanation: "the \(result.verdict == .crash ? "crash" : "hang") above is in the adapter's or the "
                        + "bridge's code, not in its wiring: fix it first (its reason and the rerun command say where)")
                happened = result.interruption?.text
            case .harnessError:
                diagnosis = SmokeCases.Diagnosis(
                    fault: .kit,
                    explanation: "the conformance kit itself failed, not the adapter or the bridge: please report it")
                happened = result.interruption?.text
            case .fail, .insecure, .nonStrict, .notApplicable:
                diagnosis = step.diagnosis(failures: result.failures, transcript: result.transcript)
            }
            faults.append(diagnosis.fault)
            print("FAILED  \(step.check.summary)")
            // The testee's words, line by line, each escaped for the terminal.
            let lines = (happened ?? result.interruption?.text ?? result.verdict.rawValue).split(separator: "\n")
            print("        " + lines.map { PrintableText.printable(String($0)) }.joined(separator: "\n        "))
            if let explanation = diagnosis.explanation { print("        \(label(diagnosis.fault)): \(explanation)") }
            // The wiring hint, unless the evidence clears the adapter's wiring.
            if diagnosis.fault == .adapter || diagnosis.fault == .adapterOrBridge && result.verdict.category != .error {
                print("        hint: \(step.hint)")
            }
        }
        defer { fflush(nil) }
        if let stop {
            let notRun = steps.filter { stop.notRun.contains($0.check.id) }.map(\.check.summary)
            print(
                "\(stop.summary): \(notRun.count) of \(steps.count) steps not run (\(notRun.joined(separator: "; "))); "
                    + "smoke cannot tell whether the adapter is wired up")
            return faults.isEmpty ? ExitCodes.conformant : ExitCodes.configuration
        }
        if faults.isEmpty {
            print("the adapter is wired up; run \(fullRun)")
            return ExitCodes.conformant
        }
        if faults.contains(.kit) {
            print("the kit failed (see above): smoke cannot tell whether the adapter is wired up")
        } else if results.contains(where: { $0.verdict == .crash || $0.verdict == .timeout }) {
            print("a step above crashed or hung: fix that first, then run smoke again")
        } else if faults.allSatisfy({ $0 == .bridge }) {
            print(
                "the adapter is wired up, but the bridge fails the steps above; run \(fullRun) for the clauses it breaks"
            )
        } else if faults.allSatisfy({ $0 == .adapter }) {
            print("the adapter is not wired up: fix the steps above before a full run")
        } else {
            print(
                "the adapter may not be wired up, or the bridge may be at fault (see each step above): find out which before a full run"
            )
        }
        return ExitCodes.configuration
    }

    /// How a diagnosis is introduced, by who it points at.
    private static func label(_ fault: SmokeCases.Fault) -> String {
        switch fault {
        case .adapter: "adapter"
        case .bridge: "bridge"
        case .adapterOrBridge: "adapter or bridge"
        case .kit: "kit"
        }
    }
}

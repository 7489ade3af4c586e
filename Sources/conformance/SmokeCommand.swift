import ArgumentParser
import ConformanceKit

/// `conformance smoke`: checks that an adapter is wired up before the full run, and when a step fails,
/// whether the evidence points at the adapter's wiring, at the bridge, or at either.
struct SmokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smoke",
        abstract: "Check that an adapter is wired up: attach, injection, one call each way. Exit 0 when every step passes, 78 when one fails.")

    @OptionGroup var adapter: AdapterOptions

    func run() throws {
        let results = try adapter.run(SmokeCases.steps.map(\.check), javaScriptSide: nil)
        var faults: [SmokeCases.Fault] = []
        for (step, result) in zip(SmokeCases.steps, results) {
            if result.verdict == .pass {
                print("ok      \(step.check.summary)")
                continue
            }
            let diagnosis: SmokeCases.Diagnosis
            switch result.verdict {
            case .adapterError:
                diagnosis = SmokeCases.Diagnosis(fault: .adapter, explanation: nil)
            case .crash, .timeout, .harnessError:
                diagnosis = SmokeCases.Diagnosis(fault: .adapterOrBridge, explanation: nil)
            default:
                diagnosis = step.diagnosis(failures: result.failures, transcript: result.transcript)
            }
            faults.append(diagnosis.fault)
            print("FAILED  \(step.check.summary)")
            print("        \(result.failures.first.map { "[\($0.obligation ?? $0.clause)] \($0.message)" } ?? result.interruption ?? result.verdict.rawValue)")
            if let explanation = diagnosis.explanation { print("        \(label(diagnosis.fault)): \(explanation)") }
            // The wiring hint, unless the evidence clears the adapter.
            if diagnosis.fault != .bridge { print("        hint: \(step.hint)") }
        }
        let fullRun = "`\(ShellCommand(conformanceInvocation() + ["run"] + adapter.rerunWords))`"
        if faults.isEmpty {
            print("the adapter is wired up; run \(fullRun)")
            return
        }
        if faults.allSatisfy({ $0 == .bridge }) {
            print("the adapter is wired up, but the bridge fails the steps above; run \(fullRun) for the clauses it breaks")
        } else if faults.allSatisfy({ $0 == .adapter }) {
            print("the adapter is not wired up: fix the steps above before a full run")
        } else {
            print("the adapter may not be wired up, or the bridge may be at fault (see each step above): find out which before a full run")
        }
        throw ExitCodes.configuration
    }

    /// How a diagnosis is introduced, by who it points at.
    private func label(_ fault: SmokeCases.Fault) -> String {
        switch fault {
        case .adapter: "adapter"
        case .bridge: "bridge"
        case .adapterOrBridge: "adapter or bridge"
        }
    }
}

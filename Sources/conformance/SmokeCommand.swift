import ArgumentParser
import ConformanceKit

/// `conformance smoke`: checks that an adapter is wired up before the full run.
struct SmokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smoke",
        abstract: "Check that an adapter is wired up: attach, injection, one call each way. Exit 0 when it is, 78 when not.")

    @OptionGroup var adapter: AdapterOptions

    func run() throws {
        let results = try adapter.run(SmokeCases.steps.map(\.check), javaScriptSide: nil)
        var broken = false
        for (step, result) in zip(SmokeCases.steps, results) {
            if result.verdict == .pass {
                print("ok      \(step.check.summary)")
            } else {
                broken = true
                print("FAILED  \(step.check.summary)")
                print("        \(result.failures.first.map { "[\($0.obligation ?? $0.clause)] \($0.message)" } ?? result.interruption ?? result.verdict.rawValue)")
                print("        hint: \(step.hint)")
            }
        }
        print(broken ? "the adapter is not wired up: fix the steps above before a full run" : "the adapter is wired up; run `\((["conformance", "run"] + adapter.rerunWords).map(shellQuoted).joined(separator: " "))`")
        if broken { throw ExitCodes.configuration }
    }
}

import ArgumentParser
import ConformanceKit
import Foundation

/// What `conformance record` does with the cases that finished: writes or checks their goldens
/// (`GoldenStore`), prints a line per golden and the tally, and gives the exit status. Sendable, so a
/// stopped record's `VerbFinisher` can finish with it from its own queue.
///
/// Only a case that ran to its end gives a golden. A case that was not applicable (the adapter lacks a
/// capability it needs, or it judges a JS side the run does not give) or was cut short (timeout, crash,
/// adapter or harness error) is skipped: its golden is left as it was, the line says why, and the
/// status is not 0. A case that did not run because record was stopped (a signal) is listed as not run.
struct GoldenRecording: Sendable {
    /// Where the goldens are.
    let store: GoldenStore
    /// `--mode`.
    let mode: GoldenStore.RecordMode
    /// The adapter's name as the user gave it.
    let adapter: String

    /// Writes or checks the golden of each case in `results`, and prints what it did.
    /// - Parameters:
    ///   - results: The cases that finished, in run order.
    ///   - stop: Why record stopped before every selected case ran, if it did.
    /// - Returns: 78 when a golden was skipped because the adapter could not run its case to its end
    ///   (not applicable, an adapter or harness error); else 1 when one was skipped for a timeout or a
    ///   crash, or is missing, stale or unreadable (`--mode never`) or could not be written; else 0.
    ///   `ExitCodes.afterRun` puts a stop first.
    func record(_ results: [CaseResult], stop: RunStop?) -> ExitCode {
        var recorded = 0, unchanged = 0, problems = 0
        var skippedByAdapter: [String] = [], skippedByRun: [String] = []
        for result in results {
            switch store.check(result, mode: mode) {
            case .matches:
                unchanged += 1
            case .recorded(let path):
                recorded += 1
                print("recorded \(path)")
            case .missing(let path):
                problems += 1
                print("missing  \(path)")
            case let .stale(path, difference):
                problems += 1
                print(
                    "stale    \(path)\n\(difference.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))"
                )
            case let .malformed(path, problem):
                problems += 1
                print("broken   \(path): \(problem)")
            case let .skipped(path, reason):
                // The reason may quote the testee (its standard error): each line made printable.
                let lines = reason.split(separator: "\n").map { PrintableText.printable(String($0)) }
                print("skipped  \(path): " + lines.joined(separator: "\n    "))
                switch result.verdict {
                case .timeout, .crash: skippedByRun.append(result.caseID)
                case .notApplicable, .adapterError, .harnessError: skippedByAdapter.append(result.caseID)
                case .pass, .fail, .nonStrict, .insecure: break  // ran to their end: never skipped
                }
            }
            if result.verdict.category == .finding {
                print(
                    "warning: \(result.caseID) is \(result.verdict) on \(adapter); its golden records a non-conformant run"
                )
            }
        }
        let skipped = skippedByAdapter.count + skippedByRun.count
        var tally = "\(recorded) recorded, \(unchanged) unchanged, \(problems) missing or stale"
        if skipped > 0 { tally += ", \(skipped) skipped (not run to their end: their goldens are left as they were)" }
        if let stop { tally += ", \(stop.notRun.count) not run (\(stop.summary))" }
        if recorded > 0 { tally += "; review with `git diff \(store.directory.path)` and commit" }
        print(tally)
        if !skippedByAdapter.isEmpty {
            print(
                """
                \(adapter) cannot run \(skippedByAdapter.count) of the selected cases to their end (see each line above): \
                \(skippedByAdapter.joined(separator: ", ")); record them with an adapter that runs them (`--adapter reference` runs every case)
                """)
        }
        fflush(nil)
        if !skippedByAdapter.isEmpty { return ExitCodes.configuration }
        if !skippedByRun.isEmpty || problems > 0 { return ExitCodes.conformanceFailures }
        return ExitCodes.conformant
    }
}

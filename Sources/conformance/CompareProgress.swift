import ConformanceKit
import Foundation

/// The progress lines `conformance compare` prints on standard error (`--progress`), one when each run starts
/// and one when it ends, the time since the comparison started in parentheses:
/// `[2/4] wk started (0.0 s)`, `[2/4] wk finished: 83 pass, 4 fail, 51 not-applicable (3.1 s)`. The runs go
/// in parallel, so lines of different runs interleave; each line stays (there are two a run).
final class CompareProgress: Sendable {
    /// Whether anything is printed.
    let isEnabled: Bool
    /// The number of runs.
    private let total: Int
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// Progress for a comparison of `total` runs, timed from now.
    /// - Parameters:
    ///   - mode: `--progress`.
    ///   - total: The number of runs.
    init(mode: ProgressMode, total: Int) {
        isEnabled = mode.isEnabled(standardErrorIsTerminal: isatty(STDERR_FILENO) == 1)
        self.total = total
        start = clock.now
    }

    /// Prints that the run at `index` (from 0) starts.
    func runWillStart(_ run: ComparedRun, index: Int) {
        guard isEnabled else { return }
        StandardError.write("[\(index + 1)/\(total)] \(PrintableText.terminalSafe(run.label)) started\(elapsed)\n")
    }

    /// Prints how the run at `index` ended: its verdicts' counts, or that it gave no results.
    func runDidFinish(_ run: ComparedRun, index: Int) {
        guard isEnabled else { return }
        let outcome: String
        if let results = run.results?.results {
            var counts: [Verdict: Int] = [:]
            for result in results { counts[result.verdict, default: 0] += 1 }
            let shown = Verdict.allCases.compactMap { verdict in counts[verdict].map { "\($0) \(verdict.rawValue)" } }
            outcome = "finished: " + (shown.isEmpty ? "no cases" : shown.joined(separator: ", "))
        } else {
            outcome = "exited \(run.output.status) without results"
        }
        StandardError.write("[\(index + 1)/\(total)] \(PrintableText.terminalSafe(run.label)) \(outcome)\(elapsed)\n")
    }

    /// ` (1.5 s)`: the time since the comparison started, with one decimal.
    private var elapsed: String {
        let tenths = ReportTimings.milliseconds(start.duration(to: clock.now)) / 100
        return " (\(tenths / 10).\(tenths % 10) s)"
    }
}

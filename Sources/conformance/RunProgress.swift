import ConformanceKit
import Foundation

/// The progress lines `conformance run`, `smoke`, `record` and `explore` print on standard error
/// (`--progress`): `[n/N] case-id (elapsed)` when a case starts, the time since the run started in
/// parentheses, and a second line for a case that ends neither passed nor not applicable, with its verdict and
/// duration. On a terminal the start line is rewritten in place by the next one, and cleared before the summary;
/// elsewhere every line stays.
final class RunProgress: Sendable {
    /// Whether anything is printed.
    let isEnabled: Bool
    /// Whether start lines are rewritten in place (standard error is a terminal).
    private let rewrites: Bool
    /// The number of selected cases.
    private let total: Int
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// Whether a start line is on screen without its line feed (terminal only).
    private let lineOpen = LockedValue(false)

    /// Progress for a run of `total` cases, timed from now.
    /// - Parameters:
    ///   - mode: `--progress`.
    ///   - total: The number of selected cases.
    init(mode: ProgressMode, total: Int) {
        let terminal = isatty(STDERR_FILENO) == 1
        isEnabled = mode.isEnabled(standardErrorIsTerminal: terminal)
        rewrites = isEnabled && terminal
        self.total = total
        start = clock.now
    }

    /// Prints that the case at `index` (from 0) starts.
    func caseWillStart(_ caseID: String, index: Int) {
        guard isEnabled else { return }
        show("[\(index + 1)/\(total)] \(caseID) (\(Self.seconds(start.duration(to: clock.now))) s)")
    }

    /// Prints `[count/total] programs (elapsed)` for `conformance explore`: in place on a terminal, and
    /// elsewhere after the first program, every 100th and the last.
    func programsDidRun(_ count: Int) {
        guard isEnabled, rewrites || count == 1 || count % 100 == 0 || count == total else { return }
        show("[\(count)/\(total)] programs (\(Self.seconds(start.duration(to: clock.now))) s)")
    }

    /// Writes a progress line: in place of the last one on a terminal, as a line of its own elsewhere.
    private func show(_ line: String) {
        if rewrites {
            lineOpen.withLock { $0 = true }
            emit("\r\u{1B}[K" + line)
        } else {
            emit(line + "\n")
        }
    }

    /// Prints how the case at `index` ended, when it did not pass (or was not applicable).
    func caseDidFinish(_ result: CaseResult, index: Int) {
        guard isEnabled, result.verdict.category != .clean else { return }
        let took = result.duration.map { " in \(Self.seconds($0)) s" } ?? ""
        clearOpenLine()
        emit("[\(index + 1)/\(total)] \(result.caseID): \(result.verdict.rawValue)\(took)\n")
    }

    /// Clears a start line left on the terminal, before the summary or a message.
    func clearOpenLine() {
        guard rewrites,
            lineOpen.withLock({ open in
                defer { open = false }; return open
            })
        else { return }
        emit("\r\u{1B}[K")
    }

    private func emit(_ text: String) {
        StandardError.write(text)
    }

    /// Seconds with one decimal.
    private static func seconds(_ duration: Duration) -> String {
        let tenths = ReportTimings.milliseconds(duration) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }
}

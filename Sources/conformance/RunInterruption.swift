import ConformanceKit
import Dispatch
import Foundation

/// SIGINT and SIGTERM during `conformance run`.
///
/// The signals are ignored as signals and watched by dispatch sources on a queue of their own, because
/// the main thread may be blocked in a case, waiting on a testee's pipe. On the first signal the watcher
/// ends every testee process (`TesteeProcessGroups.endAll()`), which ends that wait; the run loop then
/// sees `signal`, drops the case that was running, and the main flow prints the summary, writes the
/// reports with the cases that finished, and exits 128 + the signal. If the main flow has not begun
/// finishing within `grace` (a case blocked elsewhere, an in-process implementation that hangs), the
/// watcher finishes instead, with the cases finished so far, and exits. A second signal exits at once.
/// Testees do not inherit the ignored signals: Foundation's `Process` resets them in the child.
final class RunInterruption: Sendable {
    /// Who writes the summary and reports after the run: the main flow or the watcher, never both.
    private enum Finisher { case main, watcher }

    private struct State {
        var signal: Int32?
        var finisher: Finisher?
    }

    /// How long the main flow has to begin finishing after the first signal, and then to finish.
    static let grace: DispatchTimeInterval = .seconds(2)

    private let queue = DispatchQueue(label: "conformance.interruption")
    private let state = LockedValue(State())
    /// The dispatch sources, kept for the life of the process.
    private let sources: LockedValue<[any DispatchSourceSignal]> = LockedValue([])
    /// Finishes the run from the watcher: prints and writes what finished, given the signal.
    private let finishFromWatcher: @Sendable (Int32) -> Void

    /// Starts watching SIGINT and SIGTERM.
    /// - Parameter finishFromWatcher: What the watcher does when the main flow has not begun finishing
    ///   within `grace`: print the summary and write the reports with the cases finished so far. The
    ///   process then exits with 128 + the signal.
    init(finishFromWatcher: @escaping @Sendable (Int32) -> Void) {
        self.finishFromWatcher = finishFromWatcher
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.received(number) }
            source.resume()
            sources.withLock { $0.append(source) }
        }
    }

    /// The signal that interrupted the run, if one did.
    var interruptingSignal: Int32? { state.withLock { $0.signal } }

    /// Claims the summary and the reports for the main flow.
    /// - Returns: False when the watcher has already claimed them (it then exits the process).
    func claimFinishing() -> Bool {
        state.withLock { state in
            guard state.finisher == nil else { return false }
            state.finisher = .main
            return true
        }
    }

    /// `SIGINT` or `SIGTERM`, by number.
    static func name(of signal: Int32) -> String {
        signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
    }

    private func received(_ number: Int32) {
        let first = state.withLock { state in
            defer { if state.signal == nil { state.signal = number } }
            return state.signal == nil
        }
        TesteeProcessGroups.endAll()
        guard first else {
            printError("\(Self.name(of: number)) again: exiting without waiting")
            Self.exitNow(with: number)
        }
        printError("\(Self.name(of: number)): ending the testees, then writing the reports with the cases that finished")
        queue.asyncAfter(deadline: .now() + Self.grace) { [self] in
            let watcherFinishes = state.withLock { state in
                guard state.finisher == nil else { return false }
                state.finisher = .watcher
                return true
            }
            if watcherFinishes {
                finishFromWatcher(number)
                Self.exitNow(with: number)
            }
            // The main flow is finishing; give it one more grace, then exit whatever it has written.
            queue.asyncAfter(deadline: .now() + Self.grace) {
                printError("the reports took too long to write: exiting")
                Self.exitNow(with: number)
            }
        }
    }

    /// Exits with 128 + `signal`, without running exit handlers while the main thread may still be inside
    /// JavaScriptCore or a case.
    private static func exitNow(with signal: Int32) -> Never {
        _exit(128 + signal)
    }
}

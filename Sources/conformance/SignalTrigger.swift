import ConformanceKit
import Dispatch
import Foundation

/// SIGINT, SIGTERM and SIGHUP, for every verb that runs cases or starts a testee: the first stops the
/// command through its `VerbFinisher`, a second exits at once.
///
/// The signals are ignored as signals and watched by dispatch sources on a queue of their own, because
/// the main thread may be blocked in a case, waiting on a testee's pipe, and because the finisher's
/// queue may be busy writing what finished when a second signal comes. Installing them also undoes a
/// disposition or a mask inherited from the parent (a shell script's background job starts with SIGINT
/// ignored; a process started from a dispatch thread, with the signals blocked): the command still stops
/// on them. Testees inherit neither: `TesteeProcess` resets the dispositions and the mask in the child.
enum SignalTrigger {
    private static let queue = DispatchQueue(label: "conformance.signals")
    /// The finisher the signals stop, and the dispatch sources, kept for the life of the process.
    private static let installed = LockedValue<(finisher: VerbFinisher?, sources: [any DispatchSourceSignal])>(
        (nil, []))

    /// Watches the signals of `FinishReason.handledSignals` for `finisher`, from now on. A command has
    /// one finisher; installing another one makes the signals stop it instead.
    static func install(for finisher: VerbFinisher) {
        installed.withLock { installed in
            installed.finisher = finisher
            guard installed.sources.isEmpty else { return }
            for number in FinishReason.handledSignals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    guard let finisher = Self.installed.withLock({ $0.finisher }) else { return }
                    let reason = FinishReason.signal(number)
                    if !finisher.stop(reason) { finisher.exitAtOnce(reason) }
                }
                source.resume()
                installed.sources.append(source)
            }
        }
    }
}

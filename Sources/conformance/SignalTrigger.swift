import ConformanceKit
import Dispatch
import Foundation

/// SIGINT, SIGTERM and SIGHUP, for every verb that runs cases or starts a testee: the first stops the
/// command through its `VerbFinisher`, a second exits at once.
///
/// The signals are ignored as signals and watched by dispatch sources on a queue of their own, because
/// the main thread may be blocked in a case, waiting on a testee's pipe, and because the finisher's
/// queue may be busy writing what finished when a second signal comes. Installing them also undoes a
/// disposition inherited from the parent: a shell script's background job starts with SIGINT ignored,
/// and the command still stops on it. Testees do not inherit the ignored signals: `TesteeProcess`
/// resets them in the child.
enum SignalTrigger {
    private static let queue = DispatchQueue(label: "conformance.signals")
    /// The dispatch sources, kept for the life of the process.
    private static let sources = LockedValue<[any DispatchSourceSignal]>([])

    /// Watches the signals of `FinishReason.handledSignals` for `finisher`, from now on.
    static func install(for finisher: VerbFinisher) {
        for number in FinishReason.handledSignals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let reason = FinishReason.signal(number)
                if !finisher.stop(reason) { finisher.exitAtOnce(reason) }
            }
            source.resume()
            sources.withLock { $0.append(source) }
        }
    }
}

import ConformanceKit
import Foundation

extension NativeMutantWorkspace {
    /// The build a workspace runs now, and whether a signal is ending the study (no build starts then).
    struct Building: Sendable {
        /// The `swift build` process running now.
        var process: Int32?
        /// Set by a signal's handler: no build may start, and the main thread waits for the handler to exit.
        var isStopping = false
    }

    /// Ends the process on SIGINT, SIGTERM or SIGHUP without leaving the copy behind: a running build is
    /// interrupted as Ctrl-C would (SwiftPM then ends its compilers and waits for them), and waited for; then
    /// the folder is removed and the process exits with 128 + the signal. The copy's build folder holds tens
    /// of megabytes, which an interrupted study must not leave in the temporary folder.
    /// - Returns: The signal sources, which must live as long as the process.
    static func removeOnSignals(_ folder: URL, building: LockedValue<Building>) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                let running = building.withLock { building in
                    building.isStopping = true
                    return building.process
                }
                if let running {
                    kill(running, SIGINT)
                    // At most 30 s: the main thread clears the process once the build has ended.
                    for _ in 0..<600 where building.withLock({ $0.process }) != nil { usleep(50_000) }
                }
                try? FileManager.default.removeItem(at: folder)
                exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }

    /// Parks the calling thread for good when a signal is ending the study, so that it neither goes on nor
    /// ends the process before the signal's handler has removed the copy and exited.
    static func waitIfStopping(_ building: LockedValue<Building>) {
        guard building.withLock({ $0.isStopping }) else { return }
        while true { pause() }
    }
}

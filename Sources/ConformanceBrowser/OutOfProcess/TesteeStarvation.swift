import Foundation

/// How long a testee was ready to run but waited for a CPU, since the harness began to wait for it: the
/// watchdog (ADP-14) does not count that time, so a testee held back by a loaded machine is slow, not
/// silent, and a hung one (blocked, so never waiting for a CPU) still times out after the watchdog.
///
/// Read from Linux's scheduler statistics (`/proc/<pid>/task/<tid>/schedstat`, whose second field is the
/// nanoseconds a thread has waited on a run queue); the testee counts as starved for as long as its most
/// starved thread was. Where the statistics cannot be read (Apple platforms, a kernel without them) it
/// reads zero and the watchdog is plain wall-clock time (verified on Linux only).
struct TesteeStarvation {
    private let processIdentifier: Int32
    /// Each thread's nanoseconds on a run queue when the wait began, by thread id.
    private let waitedBefore: [Int32: UInt64]

    /// Starts measuring from now.
    /// - Parameter processIdentifier: The testee's process.
    init(processIdentifier: Int32) {
        self.processIdentifier = processIdentifier
        waitedBefore = Self.runQueueWaits(of: processIdentifier)
    }

    /// Seconds the testee's most starved thread has waited for a CPU since `init` (a thread started since
    /// then counts from its start).
    var seconds: Double {
        let waits = Self.runQueueWaits(of: processIdentifier)
        let most = waits.map { thread, waited in waited &- min(waited, waitedBefore[thread] ?? 0) }.max() ?? 0
        return Double(most) / 1e9
    }

    /// Nanoseconds each thread of `process` has spent on a run queue; empty when unreadable.
    private static func runQueueWaits(of process: Int32) -> [Int32: UInt64] {
        #if os(Linux)
            let tasks = "/proc/\(process)/task"
            guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return [:] }
            var waits: [Int32: UInt64] = [:]
            for thread in threads {
                guard let id = Int32(thread),
                    let fields = try? String(contentsOfFile: "\(tasks)/\(thread)/schedstat", encoding: .utf8)
                        .split(separator: " "),
                    fields.count >= 2, let waited = UInt64(fields[1])
                else { continue }
                waits[id] = waited
            }
            return waits
        #else
            return [:]
        #endif
    }
}

import Foundation

/// What the kernel says of a process (`/proc`, Linux), and waiting on such state when nothing announces it.
enum ProcStat {
    /// The fields of a `stat` file (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`) after the command
    /// name: index 0 is the state (field 3 of `man 5 proc`), 1 the parent, 11 and 12 the user and system CPU
    /// time in clock ticks. Nil when the process is gone.
    static func fields(atPath path: String) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// The processes whose parent is `parent`.
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let fields = fields(atPath: "/proc/\(pid)/stat"), fields.count > 1 else { return false }
            return Int32(fields[1]) == parent
        }
    }

    /// Waits until `condition` holds, for kernel state no event announces (a thread's CPU time, the system
    /// call it sleeps in): checks it every 10 ms; false once `timeout` seconds passed first. Output and exits
    /// are events: wait on those with `ChangeSignal` or `ProcessExits` instead.
    static func poll(until condition: () -> Bool, timeout: Double) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        while true {
            if condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

import CProcessExit
import Foundation

/// Process exits as events: a pidfd per process becomes readable when the process exits, so a test waits
/// for that instead of polling `/proc` on a fixed period. Any process can be watched, not only a child.
enum ProcessExits {
    /// Waits until every process of `pids` has exited, or `timeout` seconds have passed.
    /// - Returns: Whether all exited in time (a process already gone counts as exited).
    static func wait(for pids: [pid_t], timeout: Double) async -> Bool {
        let descriptors = pids.map { cprocessexit_open($0) }.filter { $0 >= 0 }
        guard !descriptors.isEmpty else { return true }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            // poll(2) blocks: on a thread of its own, never on one of the cooperative pool's.
            Thread {
                let exited = waitReadable(descriptors, timeout: timeout)
                descriptors.forEach { close($0) }
                continuation.resume(returning: exited)
            }.start()
        }
    }

    /// Waits until the process groups `groups` have no live member, or `timeout` seconds have passed, each
    /// wait woken by the exits of the members seen last.
    /// - Returns: The live members left (`TesteeSupervisionTests.liveMembers(of:)`), none when all ended.
    static func liveMembers(ofGroups groups: [pid_t], timeout: Double) async -> [String] {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        while true {
            let live = groups.flatMap { TesteeSupervisionTests.liveMembers(of: $0) }
            let remaining = deadline - ContinuousClock.now
            guard !live.isEmpty, remaining > .zero else { return live }
            let pids = live.compactMap { $0.split(separator: " ").first.flatMap { pid_t($0) } }
            let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
            _ = await wait(for: pids, timeout: seconds)
        }
    }

    private static func waitReadable(_ descriptors: [Int32], timeout: Double) -> Bool {
        var pending = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        while !pending.isEmpty {
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(
                clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard milliseconds > 0 else { return false }
            let ready = poll(&pending, nfds_t(pending.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready >= 0 else { return false }
            pending.removeAll { $0.revents != 0 }
        }
        return true
    }
}

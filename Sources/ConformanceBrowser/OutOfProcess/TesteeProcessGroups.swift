import ConformanceAdapter
import Foundation

/// Every testee process group the harness started and has not ended yet, so that an interrupted
/// command (SIGINT, SIGTERM, SIGHUP) can end them all before it exits.
///
/// A group is listed from the moment its leader is spawned (`register(_:)` holds the lock while it
/// spawns, so `endAll()` never misses one being started) until its owner has killed it and is about to
/// reap its leader: while it is listed, its leader is not reaped, so the group's number cannot have
/// been handed to another group. Each listed group is also watched by `ProcessGroupWatchdog`, which ends it
/// if the harness dies without ending it.
package enum TesteeProcessGroups {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var groups: Set<pid_t> = []
    /// Why no group may be started any more, once a command is stopping.
    nonisolated(unsafe) private static var refusal: String?

    /// Ends every live testee process group: SIGKILL to each group. Safe to call from any thread, more
    /// than once. The groups stay listed until their owners reap them.
    package static func endAll() {
        lock.lock()
        defer { lock.unlock() }
        for group in groups { kill(-group, SIGKILL) }
    }

    /// Ends every live testee group, as `endAll()`, and refuses every later `register(_:)` with a
    /// `launchFailed` failure that gives `reason`: for a command that is stopping (a signal), so that no
    /// testee starts after its groups were ended and outlives the command. Safe from any thread.
    package static func endAllAndRefuseNew(because reason: String) {
        lock.lock()
        defer { lock.unlock() }
        refusal = refusal ?? reason
        for group in groups { kill(-group, SIGKILL) }
    }

    /// The groups listed now: those of the testees that run, for tests and tools.
    package static var live: Set<pid_t> {
        lock.lock()
        defer { lock.unlock() }
        return groups
    }

    /// Spawns a group leader with `spawn`, under the lock, and lists its group.
    /// - Parameter spawn: Starts the process in a group of its own and returns its identifier (the group's).
    /// - Returns: What `spawn` returned.
    static func register(_ spawn: () throws(AdapterFailure) -> pid_t) throws(AdapterFailure) -> pid_t {
        lock.lock()
        defer { lock.unlock() }
        if let refusal { throw AdapterFailure(kind: .launchFailed, message: "no testee is started: \(refusal)") }
        let group = try spawn()
        groups.insert(group)
        ProcessGroupWatchdog.watch(group)
        return group
    }

    /// Kills every process of `group` (SIGKILL), if it is still listed.
    static func killGroup(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        if groups.contains(group) { kill(-group, SIGKILL) }
    }

    /// Kills every process of `group` and takes it off the list: its owner reaps it next.
    static func end(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        guard groups.remove(group) != nil else { return }
        kill(-group, SIGKILL)
        ProcessGroupWatchdog.unwatch(group)
    }
}

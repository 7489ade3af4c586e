import ConformanceKit
import Foundation

/// The `conformance run` processes a `compare` started and has not reaped, each the leader of a process
/// group of its own, so that the comparison's stop reaches each of them exactly once.
///
/// A terminal's Ctrl-C goes to the foreground group, `compare`'s, and not to its runs: `compare` forwards the
/// signal to each run (`forwardAndRefuseNew(_:)`), which ends its testees, writes what finished and exits,
/// as a `run` does on its own. Had the runs shared `compare`'s group, a Ctrl-C would reach them twice, and a
/// run's second signal exits without writing. Each group is also watched by `ProcessGroupWatchdog`, so a
/// `compare` killed outright takes its runs (and, through their own watchdogs, their testees) with it.
enum ChildRunGroups {
    private struct State {
        var groups: Set<pid_t> = []
        var refusal: FinishReason?
    }

    private static let state = LockedValue(State())

    /// Spawns a run with `spawn` and lists its group, unless the command is stopping.
    /// - Returns: The process identifier, nil when the command is stopping (nothing was started).
    /// - Throws: What `spawn` throws.
    static func register(_ spawn: () throws -> pid_t) throws -> pid_t? {
        try state.withLock { state in
            guard state.refusal == nil else { return nil }
            let group = try spawn()
            state.groups.insert(group)
            ProcessGroupWatchdog.watch(group)
            return group
        }
    }

    /// Takes a run's group off the list once its leader has exited, before it is reaped.
    static func finished(_ group: pid_t) {
        state.withLock { state in
            guard state.groups.remove(group) != nil else { return }
            ProcessGroupWatchdog.unwatch(group)
        }
    }

    /// Sends `reason`'s signal to every listed run, once, and refuses every later `register(_:)`.
    static func forwardAndRefuseNew(_ reason: FinishReason) {
        state.withLock { state in
            guard state.refusal == nil else { return }
            state.refusal = reason
            guard case .signal(let number) = reason else { return }
            for group in state.groups { kill(-group, number) }
        }
    }

    /// Kills every listed run (SIGKILL to its group): for a command that exits at once.
    static func killAll() {
        state.withLock { state in
            for group in state.groups { kill(-group, SIGKILL) }
        }
    }
}

import ConformanceKit
import Dispatch

/// Wakes the tests waiting on a process when something they can observe changes (a chunk of output, an
/// exit, a reader at its end), so a wait sleeps until that event instead of polling on a fixed period.
final class ChangeSignal: Sendable {
    private struct State {
        var generation = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// Says that something changed: every waiter checks its condition again.
    func notify() {
        let waiters = state.withLock { state in
            state.generation += 1
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until `condition` holds, checking it at each change; false once `timeout` seconds passed first.
    func wait(until condition: () -> Bool, timeout: Double) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        // The deadline is an event too: it wakes the wait once.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in notify() }
        while true {
            let seen = state.withLock { $0.generation }
            if condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let changedMeanwhile = state.withLock { state in
                    if state.generation != seen { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if changedMeanwhile { continuation.resume() }
            }
        }
    }
}

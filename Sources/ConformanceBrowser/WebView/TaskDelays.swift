/// Extra virtual delays the harness gives its own tasks, so that the same program runs under another
/// legal interleaving: evaluations start later, completion handlers run later, navigation requests (and
/// so the fetch that follows a signal) reach the delegate later, and work a bridge hops to the main queue
/// with runs a few page turns later. Delays are virtual milliseconds; each
/// kind cycles through its list, task by task, so a schedule is deterministic.
///
/// Tasks of one kind keep their order, as WebKit keeps it: an evaluation never starts before one asked
/// for earlier, so a delay also holds back the tasks of its kind behind it.
@MainActor
package final class TaskDelays {
    /// The harness tasks a schedule can delay.
    package enum Kind: CaseIterable, Sendable {
        /// The start of a native `evaluateJavaScript`.
        case evaluation
        /// The call of an evaluation's completion handler.
        case completion
        /// The navigation delegate's turn to decide a request (the queue URL after a signal included).
        case navigation
        /// The main dispatch queue's run after native code ran: a delay counts page turns, not
        /// milliseconds, and never holds the queue past the page going idle.
        case mainQueue
    }

    private var lists: [Kind: [Int64]]
    private var positions: [Kind: Int] = [:]
    private var lastDeadlines: [Kind: Int64] = [:]

    /// Creates delays.
    /// - Parameter lists: For each kind, the delays its tasks take in turn (empty or missing: none).
    package init(_ lists: [Kind: [Int64]]) {
        self.lists = lists
    }

    /// The delay for the next task of `kind`, scheduled at virtual time `now`: its own, or more, so that
    /// it is not due before the task of its kind scheduled last (ties run in the order scheduled).
    func next(_ kind: Kind, now: Int64) -> Int64 {
        guard let list = lists[kind], !list.isEmpty else { return 0 }
        let position = positions[kind, default: 0]
        positions[kind] = position + 1
        if kind == .mainQueue { return max(0, list[position % list.count]) }
        let deadline = max(now + max(0, list[position % list.count]), lastDeadlines[kind, default: 0])
        lastDeadlines[kind] = deadline
        return deadline - now
    }
}

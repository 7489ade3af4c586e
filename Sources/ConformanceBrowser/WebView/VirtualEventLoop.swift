/// The page's task queue on a virtual clock, in the manner of SwiftNIO's `EmbeddedEventLoop`.
///
/// The clock starts at 0 and only moves when a task runs: `now` becomes the task's deadline. Tasks run in
/// order of (deadline, insertion order), so ties are broken deterministically. Nothing here sleeps.
@MainActor
package final class VirtualEventLoop {
    /// Creates an empty loop at virtual time 0.
    package init() {}

    /// A scheduled task's identity, for cancellation.
    package typealias TaskID = Int

    private struct ScheduledTask {
        var deadline: Int64
        var sequence: Int
        var label: TaskLabel
        var timerID: Int?
        var action: () -> Void
    }

    /// The virtual time in milliseconds.
    package private(set) var now: Int64 = 0
    /// The tasks, sorted; those before `head` have run (they are dropped in batches, not one by one).
    private var storage: [ScheduledTask] = []
    private var head = 0
    /// The tasks still waiting, in the order they will run.
    private var tasks: ArraySlice<ScheduledTask> { storage[head...] }
    private var nextSequence = 1

    /// Schedules `action` to run `delay` virtual milliseconds from now.
    /// - Parameters:
    ///   - delay: Milliseconds from now; 0 runs on a later turn, after tasks already due.
    ///   - label: What the task is, for the leftovers report.
    ///   - timerID: The page's id of the timer this task is, if it is one.
    ///   - action: The work.
    /// - Returns: The task's id, for `cancel(_:)`.
    @discardableResult
    package func schedule(after delay: Int64 = 0, label: TaskLabel, timerID: Int? = nil, _ action: @escaping () -> Void)
        -> TaskID
    {
        let task = ScheduledTask(
            deadline: now + max(0, delay), sequence: nextSequence, label: label, timerID: timerID, action: action)
        nextSequence += 1
        // Keep tasks sorted; insertion after every task with an earlier-or-equal deadline keeps FIFO ties.
        // Most tasks are due no earlier than the last one (work for the next turn): append those at once.
        if let last = tasks.last, last.deadline > task.deadline {
            let index = tasks.firstIndex { $0.deadline > task.deadline } ?? storage.endIndex
            storage.insert(task, at: index)
        } else {
            storage.append(task)
        }
        return task.sequence
    }

    /// Removes a task that has not run yet; unknown ids are ignored.
    package func cancel(_ id: TaskID) {
        dropRunTasks()
        storage.removeAll { $0.sequence == id }
    }

    /// Runs the earliest task due no later than `horizon`, advancing the clock to its deadline.
    /// - Parameter horizon: The latest virtual time a task may be due at to run now.
    /// - Returns: False when no task is due by `horizon`.
    package func runNextTask(notAfter horizon: Int64) -> Bool {
        guard let task = tasks.first, task.deadline <= horizon else { return false }
        head += 1
        if head >= 256, head * 2 >= storage.count { dropRunTasks() }
        now = max(now, task.deadline)
        task.action()
        return true
    }

    /// Forgets every task, run or not. Tasks capture the browser that owns the loop, so a loop that kept
    /// them would keep its browser, page and transcript alive after the case.
    package func discardAll() {
        storage = []
        head = 0
    }

    /// Forgets the tasks that have run.
    private func dropRunTasks() {
        storage.removeFirst(head)
        head = 0
    }

    /// The tasks still waiting, timers apart from the rest.
    package var leftovers: PageLeftovers {
        var leftovers = PageLeftovers()
        for task in tasks {
            if let id = task.timerID {
                leftovers.timers.append(PageLeftovers.Timer(id: id, dueAt: task.deadline))
            } else {
                leftovers.tasks.append("\(task.label) due at \(task.deadline) ms")
            }
        }
        return leftovers
    }

    /// Whether a task is due no later than `horizon`.
    package func hasPendingTasks(dueBy horizon: Int64) -> Bool {
        tasks.first.map { $0.deadline <= horizon } ?? false
    }
}

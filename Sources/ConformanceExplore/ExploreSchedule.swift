import ConformanceBrowser

/// The legal interleaving an explored program runs under: extra virtual delays for the harness's own
/// tasks, each list cycled task by task (`TaskDelays`). All zero is the plain schedule every case uses.
package struct ExploreSchedule: Hashable, Sendable {
    /// Delays (virtual ms) before each native `evaluateJavaScript` starts.
    package var evaluations: [Int] = []
    /// Delays before each evaluation's completion handler runs.
    package var completions: [Int] = []
    /// Delays before each navigation request reaches the delegate (and so before the fetch after a signal).
    package var navigations: [Int] = []
    /// Page turns the main dispatch queue waits after native code ran (for bridges that hop to it).
    package var mainQueueHops: [Int] = []

    /// Creates a schedule; the default delays nothing.
    package init(evaluations: [Int] = [], completions: [Int] = [], navigations: [Int] = [], mainQueueHops: [Int] = []) {
        self.evaluations = evaluations
        self.completions = completions
        self.navigations = navigations
        self.mainQueueHops = mainQueueHops
    }

    /// Every list, for code that treats them alike.
    package static var lists: [WritableKeyPath<ExploreSchedule, [Int]>] {
        [\.evaluations, \.completions, \.navigations, \.mainQueueHops]
    }

    /// Whether the schedule delays nothing.
    package var isPlain: Bool { Self.lists.allSatisfy { self[keyPath: $0].allSatisfy { $0 == 0 } } }

    /// The browser's view of the schedule.
    @MainActor
    var taskDelays: TaskDelays {
        TaskDelays([
            .evaluation: evaluations.map(Int64.init), .completion: completions.map(Int64.init),
            .navigation: navigations.map(Int64.init),
            .mainQueue: mainQueueHops.map(Int64.init),
        ])
    }

    /// One line for a transcript.
    package var line: String {
        if isPlain { return "schedule: plain (no extra delays)" }
        func show(_ list: [Int]) -> String { list.isEmpty ? "none" : list.map(String.init).joined(separator: ",") }
        return
            "schedule: evaluations +\(show(evaluations)) ms, completions +\(show(completions)) ms, navigations +\(show(navigations)) ms, "
            + "main-queue hops +\(show(mainQueueHops)) turns (cycled)"
    }
}

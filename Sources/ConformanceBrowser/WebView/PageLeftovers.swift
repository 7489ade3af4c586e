/// What a page still had pending when its case ended, as SwiftNIO's `EmbeddedChannel.finish()` reports
/// leftovers: nothing is silently dropped, and the case decides what it accepts.
package struct PageLeftovers: Equatable, Sendable, Codable {
    /// A timer the page set that had not fired when the case ended (it was due after the horizon).
    package struct Timer: Equatable, Sendable, Codable {
        /// The timer's id in the page.
        package var id: Int
        /// When it was due, in virtual milliseconds.
        package var dueAt: Int64

        /// Creates a leftover timer.
        package init(id: Int, dueAt: Int64) {
            self.id = id
            self.dueAt = dueAt
        }
    }

    /// A navigation request the navigation delegate never decided.
    package struct Navigation: Equatable, Sendable, Codable {
        /// The request's number in the transcript (`nav#N`).
        package var id: Int
        /// The URL requested.
        package var url: String

        /// Creates a leftover navigation request.
        package init(id: Int, url: String) {
            self.id = id
            self.url = url
        }
    }

    /// Timers still waiting.
    package var timers: [Timer] = []
    /// Other scheduled work still waiting (evaluations, their completions, navigations, page loads),
    /// described; only a case stopped early leaves any.
    package var tasks: [String] = []
    /// Requests never decided.
    package var undecidedNavigations: [Navigation] = []

    /// Creates leftovers (none by default).
    package init(timers: [Timer] = [], tasks: [String] = [], undecidedNavigations: [Navigation] = []) {
        self.timers = timers
        self.tasks = tasks
        self.undecidedNavigations = undecidedNavigations
    }

    /// Whether nothing was left over.
    package var isEmpty: Bool { timers.isEmpty && tasks.isEmpty && undecidedNavigations.isEmpty }
}

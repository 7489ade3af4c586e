import ConformanceAdapter
import ConformanceBrowser

/// What was left over when a case ended: the page's leftovers and the native callbacks the case handed
/// the implementation that never ran. A case states which kinds it accepts (`ConformanceCase.accepts`);
/// any other leftover fails it, citing the clause it breaks. What bridges did during the case with earlier cases'
/// web views is listed with them, and never judged: it is allowed, and ignored.
package struct CaseLeftovers: Equatable, Sendable, Codable {
    /// Kinds of leftovers a case can accept.
    package struct Kinds: OptionSet, Hashable, Sendable {
        /// The bit set.
        package let rawValue: Int
        /// Creates a value from its raw value.
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// Page timers still waiting (the page set a timer beyond the horizon). Otherwise DISP-12: the
        /// JS side may only set `setTimeout(fn)` and `setTimeout(fn, 0)`.
        package static let pendingTimers = Kinds(rawValue: 1 << 0)
        /// Native callbacks never invoked (a case that checks silence). Otherwise CB-2's "never invoked".
        package static let unansweredNativeCallbacks = Kinds(rawValue: 1 << 1)
    }

    /// A native callback the case handed the implementation that never ran.
    package struct Callback: Equatable, Sendable, Codable {
        /// The callback's label in the case.
        package var label: String
        /// The call it belongs to, as the transcript shows it.
        package var call: String
    }

    /// What the page left over.
    package var page = PageLeftovers()
    /// Native callbacks that never ran.
    package var unansweredNativeCallbacks: [Callback] = []
    /// The uses of earlier cases' web views during this case (`EndedPage`), one entry per earlier case; notes only.
    package var lateWebViewUses: [LateWebViewUse] = []

    /// Creates leftovers.
    package init(page: PageLeftovers = PageLeftovers(), unansweredNativeCallbacks: [Callback] = []) {
        self.page = page
        self.unansweredNativeCallbacks = unansweredNativeCallbacks
    }

    /// Whether nothing was left over.
    package var isEmpty: Bool { page.isEmpty && unansweredNativeCallbacks.isEmpty && lateWebViewUses.isEmpty }

    /// One line per leftover, for reports.
    package var lines: [String] { lines(first: count) }

    /// How many leftovers there are.
    package var count: Int {
        page.timers.count + page.tasks.count + page.undecidedNavigations.count + unansweredNativeCallbacks.count
            + lateWebViewUses.count
    }

    /// The first `limit` lines of `lines`, without making the others (a page can leave 100,000 behind).
    package func lines(first limit: Int) -> [String] {
        var lines: [String] = []
        func add<Items: Collection>(_ items: Items, _ line: (Items.Element) -> String) {
            for item in items.prefix(max(0, limit - lines.count)) { lines.append(line(item)) }
        }
        add(page.timers) { "timer \($0.id) of the page, due at \($0.dueAt) ms" }
        add(page.tasks) { PrintableText.abbreviate($0, limit: 200) }
        add(page.undecidedNavigations) {
            "navigation request \($0.id) to \(PrintableText.abbreviate($0.url, limit: 200)), never decided"
        }
        add(unansweredNativeCallbacks) {
            PrintableText.abbreviate("native callback \($0.label) of \($0.call)", limit: 300) + ", never invoked"
        }
        add(lateWebViewUses) { $0.note }
        return lines
    }
}

import ConformanceBrowser
import WireDialects

extension Transcript {
    /// Whether some page asked for the JS side more than once: two load signals (`loadSignalURLs`, or
    /// script messages to the dialect's load handler) between one page load and the next. A page asks once
    /// (BOOT-5, WK-4); each further signal has the JS side injected again over the first, which starts the
    /// page's bridge state afresh, whatever else the case checked.
    package var askedForTheJSSideTwiceOnOnePage: Bool {
        pages.contains { page in
            let signals =
                switch dialect.loadSignal {
                case .navigation: page.loadSignalURLs.count
                case .scriptMessage(let handlerName): page.scriptMessages(to: handlerName).count
                }
            return signals > 1
        }
    }
}

import ConformanceKit
import KitTestSupport
import Testing

/// `conformance explore` runs tens of thousands of cases in one process: nothing of a finished case may
/// stay alive.
@Suite("A finished case leaves nothing alive")
@MainActor
struct CaseMemoryTests {
    @Test("a case's browser, page and transcript are freed when the case ends, even with tasks the page left behind")
    func browserIsFreed() async throws {
        final class WeakBox: @unchecked Sendable { weak var browser: (any PageHost)? }
        let box = WeakBox()
        let leavesTimer = Kit.adHocCase(accepts: [.pendingTimers]) { context in
            box.browser = context.browser
            context.loadPage("setTimeout(function () {}, 120000);")
            try await context.runUntilIdle()
        }
        let result = try await Kit.run(leavesTimer)
        #expect(result.verdict == .pass, "\(result.report)")
        #expect(
            box.browser == nil, "the browser outlived its case: the event loop's tasks, which capture it, were kept")
    }
}

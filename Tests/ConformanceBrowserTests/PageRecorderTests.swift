import ConformanceAdapter
import ConformanceObligations
import Testing

@testable import ConformanceBrowser

/// The page-recording component both page hosts keep: the transcript at the virtual clock's time, and the count
/// of native activity that `runUntilIdle` and the background-thread waits read.
@Suite("Page recorder: one transcript and one count of native activity for every page host")
@MainActor
struct PageRecorderTests {
    @Test("recording what only native code makes (a log line, a violation) counts it as native activity")
    func nativeEventsCount() {
        let recorder = PageRecorder(dialect: .canonical, clock: VirtualEventLoop())
        recorder.record(.nativeLog("hello"))
        #expect(recorder.nativeActivity == 1)
        recorder.record(.violation(clause: Obligation.boot1f.id, message: "decided twice"))
        #expect(recorder.nativeActivity == 2)
        #expect(
            recorder.transcript.events == [
                .nativeLog("hello"), .violation(clause: Obligation.boot1f.id, message: "decided twice"),
            ])
    }

    @Test("what the page, the harness or the case observed is recorded without counting; a host counts a call apart")
    func otherEventsDoNotCount() {
        let recorder = PageRecorder(dialect: .canonical, clock: VirtualEventLoop())
        recorder.record(.pageRequested(url: "https://app.example/"))
        recorder.record(.appDelegateNotified(method: "didFinish", url: "https://app.example/"))
        recorder.record(.timerFired(id: 1))
        #expect(recorder.nativeActivity == 0)
        #expect(recorder.transcript.entries.count == 3)
        recorder.countNativeActivity()
        #expect(recorder.nativeActivity == 1)
        #expect(recorder.transcript.entries.count == 3)
    }

    @Test("each event is recorded at the clock's virtual time, in the transcript's dialect")
    func eventsAtVirtualTime() {
        let clock = VirtualEventLoop()
        let recorder = PageRecorder(dialect: .wkwvjb, clock: clock)
        recorder.record(.timerScheduled(id: 1, delay: 25, repeats: false))
        clock.schedule(after: 25, label: .timer(page: 1, id: 1)) { recorder.record(.timerFired(id: 1)) }
        #expect(clock.runNextTask(notAfter: 100))
        #expect(recorder.transcript.entries.map(\.time) == [0, 25])
        #expect(recorder.transcript.dialect == .wkwvjb)
    }

    @Test("the simulated browser's page log goes through its recorder: a native log line and a violation count")
    func simulatedBrowserPageLog() throws {
        let browser = try SimulatedBrowser(
            environment: try HarnessEnvironment(bridgeJavaScriptSource: nil, executionTimeLimit: 5))
        defer { browser.close() }
        let before = browser.nativeActivity
        browser.recordNativeLog("line")
        browser.reportViolation(clause: .boot1f, message: "decided twice")
        browser.recordAppDelegateNotification(method: "didFinish", url: "about:blank")
        #expect(browser.nativeActivity == before + 2)
        #expect(
            Array(browser.transcript.events.suffix(3)) == [
                .nativeLog("line"), .violation(clause: Obligation.boot1f.id, message: "decided twice"),
                .appDelegateNotified(method: "didFinish", url: "about:blank"),
            ])
    }
}

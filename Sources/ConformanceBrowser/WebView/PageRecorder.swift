import WireDialects

/// What a page host keeps of a case as it runs: the transcript, each event at the virtual time it happened, and
/// how often native code ran or called the web view (`nativeActivity`), which `runUntilIdle` reads to let the
/// main queue run after such turns and a wait on background threads reads to see progress.
///
/// The events only native code makes (a line it logged, a rule of the web view it broke) are counted as
/// activity by recording them, so that no host records one without counting it; whatever else native code
/// does (a call into the web view, a completion handler or delegate that runs) a host counts with
/// `countNativeActivity()`. `SimulatedBrowser` and the WebKitGTK host each keep one (`RecordedPageHost`).
@MainActor
package final class PageRecorder {
    /// Everything observed so far.
    package private(set) var transcript: Transcript

    /// Counts the times native code ran or called the web view.
    package private(set) var nativeActivity = 0

    /// The clock whose time each event is recorded at.
    private let clock: VirtualEventLoop

    /// Starts an empty transcript.
    /// - Parameters:
    ///   - dialect: The wire the page and the native side speak.
    ///   - clock: The page's task queue, whose virtual time each event is recorded at.
    package init(dialect: WireDialect, clock: VirtualEventLoop) {
        transcript = Transcript(dialect: dialect)
        self.clock = clock
    }

    /// Records `event` at the clock's time, counting it as native activity when only native code makes it.
    /// - Parameter event: What the page, the harness, the case or native code did.
    package func record(_ event: TranscriptEvent) {
        if Self.isMadeOnlyByNativeCode(event) { nativeActivity += 1 }
        transcript.append(event, at: clock.now)
    }

    /// Counts that native code ran or called the web view where nothing is recorded yet: an evaluation asked
    /// for, a completion handler or a delegate run, a load or a script message handler asked for.
    package func countNativeActivity() {
        nativeActivity += 1
    }

    /// Whether recording `event` means native code ran: a line it logged or a violation it committed. The other
    /// events are the page's, the harness's or the case's, or native code's work the host has counted where it
    /// called in (the app's delegate hears of a navigation inside the delegate call the host counted).
    private static func isMadeOnlyByNativeCode(_ event: TranscriptEvent) -> Bool {
        switch event {
        case .nativeLog, .violation: true
        case .pageRequested, .pageLoaded, .navigationRequested, .navigationDecided, .evaluationStarted,
            .evaluationFinished, .javaScriptSideAppeared, .adapterAction, .nativeHandlerInvoked,
            .nativeCallbackInvoked, .jsHandlerInvoked, .jsCallbackInvoked, .pageNote, .console, .dialog,
            .promptAnswered, .timerScheduled, .timerFired, .uncaughtError, .tripwire, .scriptMessagePosted,
            .appDelegateNotified:
            false
        }
    }
}

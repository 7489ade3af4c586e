import ConformanceAdapter

/// The page a case runs against, as the cases and the runner see it: load and reload it, run the harness's own
/// scripts in it, let it run until idle, record what the harness observes, read the transcript, and finish and
/// close it. The implementation under test sees only `webView`.
///
/// `SimulatedBrowser` is the kit's implementation (JavaScriptCore, a DOM shim, a virtual clock); the run's
/// configuration chooses the implementation (`ConformanceRunner.Configuration.pageHost`), so another engine
/// behind the same web view (a real WebKit web view) is a new type conforming to this protocol, not a change to
/// the cases or the runner.
@MainActor
package protocol PageHost: AnyObject {
    /// The web view the implementation is attached to.
    var webView: SimulatedWebView { get }

    /// What this web view does that some cases rely on (`PageFacilities`): all of it in the simulation.
    var facilities: PageFacilities { get }

    /// Everything observed so far.
    var transcript: Transcript { get }

    /// Counts the times native code ran or called the web view; a wait on background threads reads it to see
    /// progress.
    var nativeActivity: Int { get }

    /// Asks to load `definition` in the main frame; the navigation delegate decides on a later turn.
    func load(_ definition: PageDefinition)

    /// Reloads the current page: a new main-frame navigation to the same URL, then a fresh page.
    func reload()

    /// Runs a script for the harness (to drive or inspect the page); recorded, never blamed on the
    /// implementation.
    func runHarnessScript(_ script: String)

    /// Lets the page and the main queue run until nothing is due within `horizon` virtual milliseconds.
    /// - Throws: `PageInterruption` when a script timed out, the harness failed, the case was aborted, or the
    ///   page never went idle.
    func runUntilIdle(horizon: Int64) async throws(PageInterruption)

    /// Records an event the harness observed (an adapter call, a native handler's invocation).
    func record(_ event: TranscriptEvent)

    /// Ends the case like NIO's `EmbeddedChannel.finish()`: returns what is left over for the case to judge.
    func finish() -> PageLeftovers

    /// Tears the page down; the host is unusable afterwards.
    func close()
}

/// Makes the page host of one case from the run's environment.
package typealias PageHostFactory = @MainActor @Sendable (HarnessEnvironment) throws -> any PageHost

/// The kit's own page host, a `SimulatedBrowser`: what runs choose unless they name another.
package let simulatedBrowserPageHost: PageHostFactory = { SimulatedBrowser(environment: $0) }

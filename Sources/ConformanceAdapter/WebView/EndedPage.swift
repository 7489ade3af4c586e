import ConformanceObligations

/// The page behind a web view whose case has ended: a bridge may keep its web view longer than the case (hold
/// it strongly, remove its script message handlers in `deinit`, answer from a timer), as an app keeps its web
/// view. All of that is allowed, and none of it reaches another case: the web view is inert, as the testee's
/// web view is after its case (`TesteeWebView`). Evaluations do not run and their completion handlers are not
/// called, synchronous ones return nil, loads start nothing, logs and violations go nowhere, and changes to
/// script message handlers and user scripts are kept on the web view alone.
@MainActor
package final class EndedPage: WebViewBackend {
    /// The one inert page every web view falls back to once its own page is gone.
    package static let shared = EndedPage()

    private init() {}

    package var currentURL: String? { nil }
    package var isLoading: Bool { false }
    package func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {}
    package func evaluateSynchronously(_ script: String) -> String? { nil }
    package func recordAppDelegateNotification(method: String, url: String) {}
    package func recordNativeLog(_ message: String) {}
    package func reportViolation(clause: Obligation, message: String) {}
    package func load(urlString: String) {}
    package func loadHTMLString(_ html: String, baseURL: String?) {}
    package func reload() {}
    package func didAddScriptMessageHandler(named name: String) {}
    package func didRemoveScriptMessageHandler(named name: String) {}
    package func didAddUserScript(_ script: UserScript) {}
    package func didRemoveAllUserScripts() {}
    package func abortCase(because error: any Error & Sendable) {}
}

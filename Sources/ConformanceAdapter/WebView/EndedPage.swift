import ConformanceObligations

/// The page behind a web view whose case has ended: a bridge may keep its web view longer than the case (hold
/// it strongly, remove its script message handlers in `deinit`, answer from a timer), as an app keeps its web
/// view. All of that is allowed, and none of it reaches another case: the web view is inert, as the testee's
/// web view is after its case (`TesteeWebView`). Evaluations do not run and their completion handlers are not
/// called, synchronous ones return nil, loads start nothing, logs and violations go nowhere, and changes to
/// script message handlers and user scripts are kept on the web view alone. Each use is counted in the run's
/// `LateWebViewUseLog` under the case the web view belonged to, for a note on the case during which it happened.
@MainActor
package final class EndedPage: WebViewBackend {
    /// The inert page of a web view no run made (a testee's, a detached one): it counts nothing.
    package static let unattributed = EndedPage(caseID: "", log: nil)

    private let caseID: String
    private let log: LateWebViewUseLog?

    /// The inert page of the web view of case `caseID`, counting each use in `log`.
    package init(caseID: String, log: LateWebViewUseLog?) {
        self.caseID = caseID
        self.log = log
    }

    private func record(_ kind: LateWebViewUse.Kind) { log?.record(kind, byWebViewOf: caseID) }

    package var currentURL: String? { nil }
    package var isLoading: Bool { false }
    package func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        record(.evaluation)
    }
    package func evaluateSynchronously(_ script: String) -> String? {
        record(.evaluation)
        return nil
    }
    package func recordAppDelegateNotification(method: String, url: String) {}
    package func recordNativeLog(_ message: String) { record(.nativeLogLine) }
    package func reportViolation(clause: Obligation, message: String) { record(.violationReport) }
    package func load(urlString: String) { record(.load) }
    package func loadHTMLString(_ html: String, baseURL: String?) { record(.loadHTMLString) }
    package func reload() { record(.reload) }
    package func didAddScriptMessageHandler(named name: String) { record(.scriptMessageHandlerChange) }
    package func didRemoveScriptMessageHandler(named name: String) { record(.scriptMessageHandlerChange) }
    package func didAddUserScript(_ script: UserScript) { record(.userScriptChange) }
    package func didRemoveAllUserScripts() { record(.userScriptChange) }
    package func abortCase(because error: any Error & Sendable) { record(.caseStop) }
}

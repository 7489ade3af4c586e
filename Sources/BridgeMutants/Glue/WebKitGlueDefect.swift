/// One line of WebKit glue a hurried port author gets wrong; `WebKitGlueBridge` has each as a switch.
package enum WebKitGlueDefect: Sendable {
    /// `guard let url = navigationAction.request.url else { return }`: a request without a URL is never decided.
    case leavesURLlessRequestsUndecided
    /// A bridge request is cancelled and the function falls through to `decisionHandler(.allow)` (a missing
    /// `return`).
    case decidesBridgeRequestsTwice
    /// `webView.navigationDelegate = self` without keeping the app's delegate.
    case swallowsAppDelegate
    /// Decisions go to the app's delegate, page-load events do not (the glue has no `didFinish` and friends).
    case passesOnDecisionsOnly
    /// Start, commit and finish go to the app's delegate, failures do not (the glue forgot the `didFail`s).
    case passesOnNoFailures
    /// The glue's `didCommit` passes on `didStartProvisionalNavigation` again (a copy-paste slip).
    case passesOnStartTwice
    /// Every request goes to the app's delegate first, and the app's decision stands, bridge URLs included.
    case asksAppAboutBridgeRequests
    /// `if !injected { inject() }`: the JS side goes into the first page only.
    case injectsIntoFirstPageOnly
    /// `let url = navigationAction.request.url!`: a request for a string that is not a URL crashes the app.
    case forceUnwrapsRequestURL
    /// `core.flush(result as! String)` in the fetch's completion: a nil result or an evaluation error crashes.
    case forceCastsFetchResult
    /// The glue fetches when it cancels a queue URL and its shared "bridge URL" branch fetches again, so each
    /// signal costs two fetches.
    case fetchesTwicePerSignal
    /// The decision classifies by scheme and host (`BridgeURLKind`), but the fetch branch compares the URL's text
    /// with the JS side's own queue URL, a second classification written apart: a queue URL written otherwise
    /// (upper case, a port, a path) is cancelled and never fetched.
    case fetchesOnlyForTheJavaScriptSidesQueueURL
}

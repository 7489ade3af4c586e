import ConformanceObligations

/// The page behind a `SimulatedWebView`: what carries out the web view's evaluations and hears its logs.
///
/// Two backends exist: `SimulatedBrowser`, the harness's own page in this process, and the testee
/// stand-in of `AdapterHost`, which forwards everything across the out-of-process protocol to the
/// harness's page. A backend owns its web view (the web view holds it weakly, and turns inert, `EndedPage`,
/// when a bridge keeps the web view longer than its case) and asks the web view's navigation delegate
/// through `SimulatedWebView.askDelegate(about:decide:)`.
@MainActor
package protocol WebViewBackend: AnyObject {
    /// The URL of the page currently loaded, as the page wrote it.
    var currentURL: String? { get }

    /// Whether a main-frame load was asked for and has not finished, failed or been cancelled yet.
    var isLoading: Bool { get }

    /// Evaluates `script` on a later turn, like `WKWebView.evaluateJavaScript(_:completionHandler:)`.
    /// - Parameters:
    ///   - script: The JavaScript source.
    ///   - completionHandler: Called once on a later turn with the converted result or an error.
    func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?)

    /// Evaluates `script` now, on the caller's stack, like `UIWebView.stringByEvaluatingJavaScript(from:)`.
    /// - Returns: The result as a string (`""` for `undefined` and `null`), or nil when the script threw.
    func evaluateSynchronously(_ script: String) -> String?

    /// Records that the app's own navigation delegate (`AppNavigationDelegate`) was called.
    /// - Parameters:
    ///   - method: The `WKNavigationDelegate` method: `decidePolicy`, `didStartProvisionalNavigation`,
    ///     `didCommit`, `didFinish`, `didFailProvisionalNavigation` or `didFail`.
    ///   - url: The URL of the request or page.
    func recordAppDelegateNotification(method: String, url: String)

    /// Keeps a line the implementation logged.
    func recordNativeLog(_ message: String)

    /// Records that the implementation broke a rule the web view enforces, citing the obligation it breaks
    /// (spec appendix C).
    func reportViolation(clause: Obligation, message: String)

    // MARK: Loads and the page's configuration, asked for by native code

    /// Starts a main-frame load of `urlString`, like `WKWebView.load(_:)`: the navigation delegate decides
    /// it on a later turn. The page at that URL is the case's, if it loaded one there, or an empty page.
    func load(urlString: String)

    /// Starts a main-frame load of `html` under `baseURL` (`about:blank` when nil), like
    /// `WKWebView.loadHTMLString(_:baseURL:)`: the page runs the inline scripts of `html`, in order.
    func loadHTMLString(_ html: String, baseURL: String?)

    /// Reloads the current page: a new main-frame navigation of type `reload`, then a fresh page.
    func reload()

    /// The web view gained a script message handler: the page's `window.webkit.messageHandlers` has it
    /// from now on.
    func didAddScriptMessageHandler(named name: String)

    /// The web view lost a script message handler.
    func didRemoveScriptMessageHandler(named name: String)

    /// The web view gained a user script: it runs in every page committed from now on.
    func didAddUserScript(_ script: UserScript)

    /// The web view lost its user scripts.
    func didRemoveAllUserScripts()

    /// Stops the case because something outside the bridge protocol failed (an out-of-process testee
    /// crashed, say); the case reports `error` instead of checking the bridge.
    func abortCase(because error: any Error & Sendable)
}

/// The page behind a `SimulatedWebView`: what carries out the web view's evaluations and hears its logs.
///
/// Two backends exist: `SimulatedBrowser`, the harness's own page in this process, and the testee
/// stand-in of `AdapterHost`, which forwards everything across the out-of-process protocol to the
/// harness's page. A backend owns its web view (the web view holds it unowned) and asks the web view's
/// navigation delegate through `SimulatedWebView.askDelegate(about:decide:)`.
@MainActor
package protocol WebViewBackend: AnyObject {
    /// The URL of the page currently loaded, as the page wrote it.
    var currentURL: String? { get }

    /// Evaluates `script` on a later turn, like `WKWebView.evaluateJavaScript(_:completionHandler:)`.
    /// - Parameters:
    ///   - script: The JavaScript source.
    ///   - completionHandler: Called once on a later turn with the converted result or an error.
    func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?)

    /// Evaluates `script` now, on the caller's stack, like `UIWebView.stringByEvaluatingJavaScript(from:)`.
    /// - Returns: The result as a string (`""` for `undefined` and `null`), or nil when the script threw.
    func evaluateSynchronously(_ script: String) -> String?

    /// Keeps a line the implementation logged.
    func recordNativeLog(_ message: String)

    /// Records that the implementation broke a rule the web view enforces, citing the obligation it breaks
    /// (`<clause>.<letter>`, spec appendix C).
    func reportViolation(clause: String, message: String)

    /// Stops the case because something outside the bridge protocol failed (an out-of-process testee
    /// crashed, say); the case reports `error` instead of checking the bridge.
    func abortCase(because error: any Error & Sendable)
}

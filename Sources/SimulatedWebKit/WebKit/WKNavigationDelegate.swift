import Foundation

/// What hears of and decides a web view's navigations, as WebKit's `WKNavigationDelegate`.
///
/// WebKit's methods are `@objc optional`; Swift on Linux has no optional requirements, so each method here
/// has a default implementation that does what WebKit does when a delegate lacks the method: allow the
/// request, or nothing. A bridge that forwards to the app's delegate calls the method directly instead of
/// asking `responds(to:)` (docs/webkit-glue.md lists the edits).
@preconcurrency @MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    /// Decides a navigation request: call `decisionHandler` exactly once.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
    /// A main-frame load began.
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    /// A main-frame load's page was committed.
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    /// A main-frame load finished.
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    /// A main-frame load failed after its commit.
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    /// A main-frame load failed before its commit.
    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
    /// Decides a response: never asked here (the simulated pages come with no response), present for glue that
    /// forwards it to the app's delegate.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void)
    /// Answers an authentication challenge: never asked here (the simulated pages need no credentials), present
    /// for glue that forwards it to the app's delegate.
    func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    )
    /// The page's process ended: never here (the simulated page has no process of its own), present for glue
    /// that forwards it to the app's delegate.
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

extension WKNavigationDelegate {
    /// Allows the request, as WebKit does for a delegate without this method.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        decisionHandler(.allow)
    }
    /// Does nothing.
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}
    /// Does nothing.
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
    /// Does nothing.
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    /// Does nothing.
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    /// Does nothing.
    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {}
    /// Allows the response, as WebKit does for a delegate without this method.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
    ) {
        decisionHandler(.allow)
    }
    /// Asks for the default handling, as WebKit does for a delegate without this method.
    public func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.performDefaultHandling, nil)
    }
    /// Does nothing.
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
}

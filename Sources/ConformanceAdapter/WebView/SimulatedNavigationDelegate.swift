/// What a bridge implements to see the page's navigation requests, like `WKNavigationDelegate`.
@MainActor
public protocol SimulatedNavigationDelegate: AnyObject {
    /// Decides whether a navigation may happen. Call `decisionHandler` exactly once, now or later;
    /// calling it twice, or never, is recorded as a violation.
    /// - Parameters:
    ///   - webView: The web view asking.
    ///   - action: The navigation requested.
    ///   - decisionHandler: Takes the decision.
    func webView(
        _ webView: SimulatedWebView,
        decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void)
}

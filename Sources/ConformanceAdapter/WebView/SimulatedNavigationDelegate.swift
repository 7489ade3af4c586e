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

    /// Hears of a main-frame page load's progress (started, committed, finished or failed), like the
    /// other methods of `WKNavigationDelegate`. Does nothing by default.
    /// - Parameters:
    ///   - webView: The web view loading.
    ///   - event: What happened.
    func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent)
}

extension SimulatedNavigationDelegate {
    /// Does nothing.
    public func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {}
}

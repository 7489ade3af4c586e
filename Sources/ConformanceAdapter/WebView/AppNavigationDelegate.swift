/// The app's own navigation delegate in cases that check a bridge keeps it informed (BOOT-9): set on the web
/// view before the bridge attaches, as an app sets its delegate before it creates the bridge. It allows every
/// request it is asked about and records each call through the web view's backend, so a case can see which
/// requests and page loads reached the app.
@MainActor
package final class AppNavigationDelegate: SimulatedNavigationDelegate {
    /// Weak: the app's delegate lives as long as its web view, which a bridge may keep past the case.
    private weak var backend: (any WebViewBackend)?

    /// The methods it reports (`WebViewBackend.recordAppDelegateNotification(method:url:)`): `decidePolicy`
    /// for a request, and each `NavigationEvent`'s `methodName`.
    package nonisolated static let methodNames = [
        "decidePolicy", "didStartProvisionalNavigation", "didCommit", "didFinish", "didFailProvisionalNavigation",
        "didFail",
    ]

    /// A delegate that reports to `backend`.
    package init(reportingTo backend: any WebViewBackend) {
        self.backend = backend
    }

    /// Records the request and allows it.
    package func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        backend?.recordAppDelegateNotification(method: "decidePolicy", url: action.urlString)
        decisionHandler(.allow)
    }

    /// Records the event.
    package func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {
        backend?.recordAppDelegateNotification(method: event.methodName, url: event.navigation.urlString)
    }
}

import ConformanceAdapter
import Foundation

/// The app's own navigation delegate of a case that checks a bridge keeps it informed (BOOT-9), in WebKit's
/// shape: what the bridge finds in `WKWebView.navigationDelegate` before it attaches. It reports every call to
/// the kit's recorder behind it.
@MainActor
final class AppNavigationDelegateForWebKit: NSObject, WKNavigationDelegate {
    private let recorder: AppNavigationDelegate
    /// Weak: a bridge may keep this delegate (the one it found on the web view) longer than the web view.
    private weak var simulatedWebView: SimulatedWebView?

    init(forwardingTo recorder: AppNavigationDelegate, of webView: SimulatedWebView) {
        self.recorder = recorder
        simulatedWebView = webView
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        let url = navigationAction.request.url
        let action = NavigationAction(
            url: url, urlString: url?.absoluteString ?? "",
            isMainFrame: navigationAction.targetFrame?.isMainFrame ?? true)
        guard let simulatedWebView else { return decisionHandler(.allow) }
        recorder.webView(simulatedWebView, decidePolicyFor: action) { policy in
            MainActor.assumeIsolated { decisionHandler(policy == .allow ? .allow : .cancel) }
        }
    }

    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        tell(NavigationEvent.started, navigation, webView)
    }

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        tell(NavigationEvent.committed, navigation, webView)
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        tell(NavigationEvent.finished, navigation, webView)
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        tell({ .failed($0, Self.failure(error)) }, navigation, webView)
    }

    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {
        tell({ .failedProvisionally($0, Self.failure(error)) }, navigation, webView)
    }

    /// Reports the event of page load `navigation` (a bridge may hand on nil: the page shown then).
    private func tell(_ event: (PageNavigation) -> NavigationEvent, _ navigation: WKNavigation?, _ webView: WKWebView) {
        guard let simulatedWebView else { return }
        let url =
            navigation.flatMap(webView.urlString(of:)) ?? webView.simulatedWebView.backend.currentURL ?? ""
        recorder.webView(simulatedWebView, didObserve: event(PageNavigation(number: 0, urlString: url)))
    }

    private static func failure(_ error: any Error) -> NavigationFailure {
        let error = error as NSError
        return NavigationFailure(
            domain: error.domain, code: error.code, localizedDescription: error.localizedDescription)
    }
}

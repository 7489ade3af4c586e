#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

// The app's navigation delegate hears of every page load and decides every request that is not the bridge's.
// WebKit's delegate methods are `@objc optional`, called with `?` after asking `responds(to:)`; SimulatedWebKit's
// are plain requirements whose defaults do what WebKit does when a method is missing, called directly.
extension WKWebViewJavascriptBridge {
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didStartProvisionalNavigation: navigation)
        #else
            webViewDelegate?.webView(webView, didStartProvisionalNavigation: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didCommit: navigation)
        #else
            webViewDelegate?.webView(webView, didCommit: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didFinish: navigation)
        #else
            webViewDelegate?.webView(webView, didFinish: navigation)
        #endif
    }

    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didFail: navigation, withError: error)
        #else
            webViewDelegate?.webView(webView, didFail: navigation, withError: error)
        #endif
    }

    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error
    ) {
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            webViewDelegate?.webView?(webView, didFailProvisionalNavigation: navigation, withError: error)
        #else
            webViewDelegate?.webView(webView, didFailProvisionalNavigation: navigation, withError: error)
        #endif
    }

    /// Hands a request that is not the bridge's to the app's delegate, or allows it.
    func forwardDecision(
        _ webView: WKWebView, _ navigationAction: WKNavigationAction,
        _ decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        #if canImport(WebKit) && !CONFORMANCE_FACADE
            let selector = #selector(
                WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)
                    as (WKNavigationDelegate) -> (
                        (
                            WKWebView, WKNavigationAction,
                            @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
                        ) -> Void
                    )?)
            guard let delegate = webViewDelegate, delegate.responds(to: selector) else {
                return decisionHandler(.allow)
            }
            delegate.webView?(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
        #else
            guard let delegate = webViewDelegate else { return decisionHandler(.allow) }
            delegate.webView(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
        #endif
    }
}

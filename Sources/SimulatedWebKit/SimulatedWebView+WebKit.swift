import ConformanceAdapter

extension SimulatedWebView {
    /// This web view in WebKit's shape, for a bridge whose glue is written against `WKWebView`: the same
    /// object each time, kept as long as this web view. The case's page is behind it, so its navigation
    /// delegate decides the page's requests, its evaluations run in the page, and its configuration's user
    /// content controller reaches the page.
    public var wkWebView: WKWebView {
        if let existing = facades[Self.wkWebViewKey] as? WKWebView { return existing }
        let webView = WKWebView(simulating: self)
        facades[Self.wkWebViewKey] = webView
        return webView
    }

    /// This web view in UIWebView's shape, for a bridge written against `UIWebView`: the same object each time.
    public var uiWebView: UIWebView {
        if let existing = facades[Self.uiWebViewKey] as? UIWebView { return existing }
        let webView = UIWebView(simulating: self)
        facades[Self.uiWebViewKey] = webView
        return webView
    }

    private static let wkWebViewKey = "WKWebView"
    private static let uiWebViewKey = "UIWebView"
}

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

    /// The app's own navigation delegate, in WebKit's shape, when the case set one before the bridge attached
    /// (the BOOT-9 cases); nil otherwise. It is what `wkWebView.navigationDelegate` holds until the bridge sets
    /// itself there: hand it to a bridge that takes the app's delegate explicitly (a `webViewDelegate`
    /// property, `setWebViewDelegate(_:)`, an initializer's parameter), as the app would. The same object each
    /// time, kept as long as this web view; reading it makes no `wkWebView`.
    public var wkAppNavigationDelegate: (any WKNavigationDelegate)? { appNavigationDelegateForWebKit }

    /// The app's navigation delegate in WebKit's shape, made the first time it is asked for.
    var appNavigationDelegateForWebKit: AppNavigationDelegateForWebKit? {
        guard let appNavigationDelegate else { return nil }
        if let existing = facades[Self.appNavigationDelegateKey] as? AppNavigationDelegateForWebKit { return existing }
        let delegate = AppNavigationDelegateForWebKit(forwardingTo: appNavigationDelegate, of: self)
        facades[Self.appNavigationDelegateKey] = delegate
        return delegate
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
    private static let appNavigationDelegateKey = "AppNavigationDelegateForWebKit"
}

import ConformanceAdapter
import Foundation

/// A web view as WebKit's `WKWebView`, in front of the kit's simulated web view, so a bridge's own WebKit glue
/// (its navigation delegate, its evaluations, its script message handlers and user scripts) runs unchanged
/// against the kit on platforms without WebKit.
///
/// An adapter gets the case's web view as `SimulatedWebView.wkWebView`. One made with
/// `init(frame:configuration:)` or `init()` exists so that app code compiles: it shows no page, and its
/// evaluations fail.
///
/// As WebKit's, it is an `NSObject` (so `==` and `!=` compare identities, and it can be a dictionary key) and
/// `@MainActor`, imported `@preconcurrency` as Objective-C's classes are: Swift 5 glue that calls it from code of
/// no actor's compiles as it does against WebKit. It is not a view: no frame, no `scrollView`, no view hierarchy.
@preconcurrency @MainActor
open class WKWebView: NSObject {
    /// The web view of the case behind this one.
    package let simulatedWebView: SimulatedWebView
    /// The web view's setup; its user content controller's scripts and handlers reach the page.
    open private(set) var configuration: WKWebViewConfiguration
    /// The delegate that decides navigations and hears of page loads (weak, as in WebKit).
    open weak var navigationDelegate: (any WKNavigationDelegate)?
    /// The delegate that shows the page's dialogs (weak, as in WebKit).
    open weak var uiDelegate: (any WKUIDelegate)?
    /// The user agent the app asked for, or nil for the default: kept, as WebKit keeps it; the kit's pages do not
    /// read it.
    open var customUserAgent: String?

    /// Translates the simulated web view's navigation calls into `WKNavigationDelegate` calls.
    private var navigationProxy: NavigationProxy?
    /// The `WKNavigation` of each page load, by its number.
    private var navigations: [Int: WKNavigation] = [:]
    /// The page behind a web view app code made (the simulated web view holds its page weakly).
    private var detachedPage: DetachedPage?
    /// The URL of each `WKNavigation` handed to the delegate.
    private var navigationURLs: [ObjectIdentifier: String] = [:]
    /// Navigations `load(_:)` and its kind returned, waiting for their load to start.
    private var pendingNavigations: [WKNavigation] = []

    /// A web view that shows no page: what app code makes; the kit gives adapters `SimulatedWebView.wkWebView`.
    /// Designated, as in WebKit, so that an app's subclass can override it.
    /// - Parameters:
    ///   - frame: Ignored.
    ///   - configuration: The web view's setup.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        let page = DetachedPage()
        simulatedWebView = page.webView
        self.configuration = configuration
        detachedPage = page
        super.init()
        connect()
    }

    /// A web view that shows no page, with a default configuration, as app code makes with `WKWebView()`.
    override public convenience init() {
        self.init(frame: .zero, configuration: WKWebViewConfiguration())
    }

    /// The WebKit-shaped web view in front of `webView`, set up with `configuration`.
    package init(simulating webView: SimulatedWebView, configuration: WKWebViewConfiguration = WKWebViewConfiguration())
    {
        simulatedWebView = webView
        self.configuration = configuration
        super.init()
        connect()
    }

    /// Puts this web view in front of its simulated one: its navigation calls, dialogs and user content.
    private func connect() {
        let webView = simulatedWebView
        let proxy = NavigationProxy()
        proxy.owner = self
        navigationProxy = proxy
        // The app's delegate of a case that set one before the bridge attached (its web view keeps it:
        // `navigationDelegate` is weak).
        if let appNavigationDelegate = webView.appNavigationDelegateForWebKit {
            navigationDelegate = appNavigationDelegate
        }
        webView.navigationDelegate = proxy
        webView.dialogObserver = { [weak self] kind, message in self?.showDialog(kind: kind, message: message) }
        webView.textInputPanel = { [weak self] prompt, defaultText, completionHandler in
            self?.showTextInputPanel(prompt: prompt, defaultText: defaultText, completionHandler: completionHandler)
                ?? false
        }
        configuration.userContentController.attach(self)
    }

    // MARK: Page

    /// The URL of the page shown.
    open var url: URL? { simulatedWebView.url }
    /// Whether a main-frame load is under way.
    open var isLoading: Bool { simulatedWebView.isLoading }
    /// The page's title (the simulated pages have none).
    open var title: String? { nil }

    /// Loads `request` in the main frame: the navigation delegate decides it on a later turn.
    /// - Returns: The load's navigation, which its delegate calls carry.
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? {
        KitCode.run(.init("WKWebView", "loaded a request (load)")) {
            guard let url = request.url else { return nil }
            simulatedWebView.load(url: url)
            return pendingNavigation()
        }
    }

    /// Loads `string` as the page under `baseURL` (`about:blank` without one); the page runs its inline scripts.
    /// - Returns: The load's navigation.
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        KitCode.run(.init("WKWebView", "loaded an HTML string (loadHTMLString)")) {
            simulatedWebView.loadHTMLString(string, baseURL: baseURL)
            return pendingNavigation()
        }
    }

    /// Reloads the page (a navigation of type `reload`).
    /// - Returns: The load's navigation.
    @discardableResult
    open func reload() -> WKNavigation? {
        KitCode.run(.init("WKWebView", "reloaded the page (reload)")) {
            simulatedWebView.reload()
            return pendingNavigation()
        }
    }

    // MARK: History

    /// Whether there is a page to go back to: never, the simulated web view keeps no history.
    open var canGoBack: Bool { false }
    /// Whether there is a page to go forward to: never, the simulated web view keeps no history.
    open var canGoForward: Bool { false }

    /// Goes back in the history. There is none, so nothing happens, as in WebKit without a back item.
    /// - Returns: nil: no navigation starts.
    @discardableResult
    open func goBack() -> WKNavigation? { nil }

    /// Goes forward in the history. There is none, so nothing happens, as in WebKit without a forward item.
    /// - Returns: nil: no navigation starts.
    @discardableResult
    open func goForward() -> WKNavigation? { nil }

    private func pendingNavigation() -> WKNavigation {
        let navigation = WKNavigation()
        pendingNavigations.append(navigation)
        return navigation
    }

    // MARK: JavaScript

    /// Evaluates `javaScriptString` in the page on a later turn; `completionHandler` gets the result (converted
    /// as WebKit converts it) or the error on the turn after.
    open func evaluateJavaScript(
        _ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil
    ) {
        KitCode.run(.init("WKWebView", "asked for an evaluation (evaluateJavaScript)")) {
            guard let completionHandler else {
                simulatedWebView.evaluateJavaScript(javaScriptString, completionHandler: nil)
                return
            }
            simulatedWebView.evaluateJavaScript(javaScriptString) { result, error in
                nonisolated(unsafe) let result = result
                MainActor.assumeIsolated { KitCode.callingOut { completionHandler(result, error) } }
            }
        }
    }

    /// Evaluates `javaScriptString` and returns its result, like WebKit's Swift overlay. That overlay assumes a
    /// result and crashes on `undefined`; here the case then ends as a crash with that reason, and the call
    /// throws.
    open func evaluateJavaScript(_ javaScriptString: String) async throws -> Any {
        let outcome: UncheckedSendable<(result: Any?, error: (any Error)?)> = await withCheckedContinuation {
            continuation in
            evaluateJavaScript(javaScriptString) { result, error in
                continuation.resume(returning: UncheckedSendable((result, error)))
            }
        }
        if let error = outcome.value.error { throw error }
        guard let value = outcome.value.result else {
            simulatedWebView.backend.abortCase(
                because: AdapterFailure(
                    kind: .crashed,
                    message:
                        "evaluateJavaScript(_:) async got no result (undefined): WebKit's Swift overlay crashes there; use the completion handler form or return a value"
                ))
            throw EvaluationWithoutResult()
        }
        return value
    }

    // MARK: Delegates

    /// The `WKNavigation` of page load `navigation`.
    fileprivate func navigation(_ navigation: PageNavigation) -> WKNavigation {
        if let known = navigations[navigation.number] { return known }
        let made = pendingNavigations.isEmpty ? WKNavigation() : pendingNavigations.removeFirst()
        navigations[navigation.number] = made
        navigationURLs[ObjectIdentifier(made)] = navigation.urlString
        return made
    }

    /// The URL page load `navigation` loads, as its request wrote it.
    package func urlString(of navigation: WKNavigation) -> String? {
        navigationURLs[ObjectIdentifier(navigation)]
    }

    /// Asks the UI delegate for `prompt()`'s answer: false when there is no delegate to ask.
    private func showTextInputPanel(
        prompt: String, defaultText: String?, completionHandler: @escaping @MainActor (String?) -> Void
    ) -> Bool {
        guard let uiDelegate else { return false }
        let frame = WKFrameInfo(isMainFrame: true, request: WKNavigationAction.request(for: url), webView: self)
        let completion = UncheckedSendable(completionHandler)
        uiDelegate.webView(
            self, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame
        ) { text in completion.value(text) }
        return true
    }

    private func showDialog(kind: DialogKind, message: String) {
        guard let uiDelegate else { return }
        let frame = WKFrameInfo(isMainFrame: true, request: WKNavigationAction.request(for: url), webView: self)
        switch kind {
        case .alert:
            uiDelegate.webView(self, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame) {}
        case .confirm:
            uiDelegate.webView(self, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame) { _ in }
        case .prompt, .beforeUnload:
            uiDelegate.webView(
                self, runJavaScriptTextInputPanelWithPrompt: message, defaultText: nil, initiatedByFrame: frame
            ) { _ in }
        }
    }

    /// Hands the simulated web view's navigation calls to the `WKNavigationDelegate`.
    private final class NavigationProxy: SimulatedNavigationDelegate {
        weak var owner: WKWebView?

        func webView(
            _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
            decisionHandler: @escaping (NavigationActionPolicy) -> Void
        ) {
            guard let owner, let delegate = owner.navigationDelegate else { return decisionHandler(.allow) }
            let decide = UncheckedSendable(decisionHandler)
            delegate.webView(owner, decidePolicyFor: WKNavigationAction(action, in: owner)) { policy in
                decide.value(policy == .allow ? .allow : .cancel)
            }
        }

        func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {
            guard let owner, let delegate = owner.navigationDelegate else { return }
            let navigation = owner.navigation(event.navigation)
            switch event {
            case .started: delegate.webView(owner, didStartProvisionalNavigation: navigation)
            case .committed: delegate.webView(owner, didCommit: navigation)
            case .finished: delegate.webView(owner, didFinish: navigation)
            case .failedProvisionally(_, let failure):
                delegate.webView(owner, didFailProvisionalNavigation: navigation, withError: failure.error)
            case .failed(_, let failure): delegate.webView(owner, didFail: navigation, withError: failure.error)
            }
        }
    }
}

/// The error `evaluateJavaScript(_:) async` throws when the script gave no result.
private struct EvaluationWithoutResult: Error, CustomStringConvertible {
    var description: String { "the script gave no result (undefined)" }
}

extension NavigationFailure {
    /// The failure as the `NSError` WebKit hands a delegate.
    var error: NSError {
        NSError(domain: domain, code: code, userInfo: [NSLocalizedDescriptionKey: localizedDescription])
    }
}

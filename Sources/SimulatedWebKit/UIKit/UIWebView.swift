import ConformanceAdapter
import Foundation

/// A web view as UIKit's `UIWebView` (deprecated by Apple, still the shape of older bridges), in front of the
/// kit's simulated web view. An adapter gets the case's web view as `SimulatedWebView.uiWebView`.
///
/// As UIKit's, an `NSObject` (equal only to itself) and `@MainActor`, imported `@preconcurrency`; not a view.
@preconcurrency @MainActor
open class UIWebView: NSObject {
    /// The web view of the case behind this one.
    package let simulatedWebView: SimulatedWebView
    /// The delegate that decides loads and hears of them (weak, as in UIKit).
    open weak var delegate: (any UIWebViewDelegate)?
    private var navigationProxy: NavigationProxy?
    private var detachedPage: DetachedPage?

    /// A web view that shows no page: what app code makes; the kit gives adapters `SimulatedWebView.uiWebView`.
    override public convenience init() {
        let page = DetachedPage()
        self.init(simulating: page.webView)
        detachedPage = page
    }

    /// The UIWebView-shaped web view in front of `webView`.
    package init(simulating webView: SimulatedWebView) {
        simulatedWebView = webView
        super.init()
        let proxy = NavigationProxy()
        proxy.owner = self
        navigationProxy = proxy
        webView.navigationDelegate = proxy
    }

    /// The request of the page shown.
    open var request: URLRequest? { simulatedWebView.url.map { URLRequest(url: $0) } }
    /// Whether a load is under way.
    open var isLoading: Bool { simulatedWebView.isLoading }

    /// Evaluates `script` at once, on the caller's stack.
    /// - Returns: The result as a string (`""` for `undefined` and `null`), or nil when the script threw.
    @discardableResult
    open func stringByEvaluatingJavaScript(from script: String) -> String? {
        KitCode.run(.init("UIWebView", "evaluated synchronously (stringByEvaluatingJavaScript)")) {
            simulatedWebView.stringByEvaluatingJavaScript(from: script)
        }
    }

    /// Loads `request` in the main frame.
    open func loadRequest(_ request: URLRequest) {
        KitCode.run(.init("UIWebView", "loaded a request (loadRequest)")) {
            if let url = request.url { simulatedWebView.load(url: url) }
        }
    }

    /// Loads `string` as the page under `baseURL`; the page runs its inline scripts.
    open func loadHTMLString(_ string: String, baseURL: URL?) {
        KitCode.run(.init("UIWebView", "loaded an HTML string (loadHTMLString)")) {
            simulatedWebView.loadHTMLString(string, baseURL: baseURL)
        }
    }

    /// Reloads the page.
    open func reload() {
        KitCode.run(.init("UIWebView", "reloaded the page (reload)")) { simulatedWebView.reload() }
    }

    /// Hands the simulated web view's navigation calls to the `UIWebViewDelegate`: every frame's request to
    /// `shouldStartLoadWith`, as UIWebView did.
    private final class NavigationProxy: SimulatedNavigationDelegate {
        weak var owner: UIWebView?

        func webView(
            _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
            decisionHandler: @escaping (NavigationActionPolicy) -> Void
        ) {
            guard let owner, let delegate = owner.delegate else { return decisionHandler(.allow) }
            let request = WKNavigationAction.request(for: action.url)
            let allowed = delegate.webView(
                owner, shouldStartLoadWith: request, navigationType: UIWebView.NavigationType(action.navigationType))
            decisionHandler(allowed ? .allow : .cancel)
        }

        func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {
            guard let owner, let delegate = owner.delegate else { return }
            switch event {
            case .started: delegate.webViewDidStartLoad(owner)
            case .committed: break
            case .finished: delegate.webViewDidFinishLoad(owner)
            case .failedProvisionally(_, let failure), .failed(_, let failure):
                delegate.webView(owner, didFailLoadWithError: failure.error)
            }
        }
    }
}

extension UIWebView {
    /// Why a load happens, as UIKit's `UIWebView.NavigationType`.
    public enum NavigationType: Int, Sendable {
        /// The user followed a link.
        case linkClicked = 0
        /// The user submitted a form.
        case formSubmitted = 1
        /// Back or forward in the history.
        case backForward = 2
        /// A reload.
        case reload = 3
        /// A form submitted again.
        case formResubmitted = 4
        /// Anything else.
        case other = 5

        init(_ type: ConformanceAdapter.NavigationType) {
            switch type {
            case .linkActivated: self = .linkClicked
            case .formSubmitted: self = .formSubmitted
            case .backForward: self = .backForward
            case .reload: self = .reload
            case .formResubmitted: self = .formResubmitted
            default: self = .other
            }
        }
    }
}

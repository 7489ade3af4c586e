import ConformanceAdapter
import Foundation
import ReferenceBridgeCore
import WireDialects

/// The reference native side, attached to a simulated web view the way WVJB attaches to a WKWebView.
///
/// It is the web view's navigation delegate: it cancels bridge URLs (injecting the JS side on the load
/// URL, fetching the queue on the queue URL; `BridgeURLKind`) and allows every other URL (BOOT-1, BOOT-2),
/// or hands it to the app's own navigation delegate, the one the web view had when the bridge attached,
/// which also hears of every page load (BOOT-9). In a dialect whose page signals through script messages
/// (`wkwvjb`), it adds a script message handler for each signal and acts on its messages the same way. All
/// protocol logic is in `BridgeCore`; this type only connects it to the web view.
@MainActor
public final class ReferenceBridge: SimulatedNavigationDelegate {
    /// How the bridge evaluates JavaScript.
    public enum EvaluationStyle: Sendable {
        /// Like WKWebView: `evaluateJavaScript(_:completionHandler:)`.
        case asynchronous
        /// Like UIWebView: `stringByEvaluatingJavaScript(from:)`.
        case synchronous
    }

    /// The platform-free protocol logic.
    public let core: BridgeCore
    private weak var webView: SimulatedWebView?
    /// The app's own navigation delegate: the web view's when the bridge attached (BOOT-9).
    private weak var appNavigationDelegate: (any SimulatedNavigationDelegate)?
    private let evaluationStyle: EvaluationStyle
    private let javascriptSource: String
    private let dialect: WireDialect

    /// Creates a bridge and makes it `webView`'s navigation delegate, in front of the app's delegate.
    /// - Parameters:
    ///   - webView: The web view to attach to.
    ///   - evaluationStyle: How to evaluate JavaScript.
    ///   - javascriptSource: The JS side to inject; nil injects `webView.bridgeJavaScriptSource`.
    public convenience init(
        webView: SimulatedWebView, evaluationStyle: EvaluationStyle = .asynchronous, javascriptSource: String? = nil
    ) {
        self.init(
            webView: webView, evaluationStyle: evaluationStyle, javascriptSource: javascriptSource, dialect: .canonical)
    }

    /// Creates a bridge that speaks `dialect` and attaches it to `webView`: as its navigation delegate, and
    /// through script message handlers for the dialect's signals that are script messages.
    /// - Parameters:
    ///   - webView: The web view to attach to.
    ///   - evaluationStyle: How to evaluate JavaScript.
    ///   - javascriptSource: The JS side to inject; nil injects `webView.bridgeJavaScriptSource`.
    ///   - dialect: The wire's words and signals.
    public init(
        webView: SimulatedWebView, evaluationStyle: EvaluationStyle, javascriptSource: String?, dialect: WireDialect
    ) {
        self.webView = webView
        self.evaluationStyle = evaluationStyle
        self.javascriptSource = javascriptSource ?? webView.bridgeJavaScriptSource
        self.dialect = dialect
        var evaluate: (String) -> Void = { _ in }
        core = BridgeCore(
            dialect: dialect, evaluate: { evaluate($0) }, log: { [weak webView] in webView?.recordNativeLog($0) })
        evaluate = { [weak self] script in self?.evaluate(script) }
        appNavigationDelegate = webView.navigationDelegate
        webView.navigationDelegate = self
        if case .scriptMessage(let name) = dialect.loadSignal {
            webView.addScriptMessageHandler(named: name) { [weak self] _ in self?.injectJavaScriptSide() }
        }
        if case .scriptMessage(let name) = dialect.queueSignal {
            webView.addScriptMessageHandler(named: name) { [weak self] _ in self?.fetchQueue() }
        }
    }

    // MARK: SimulatedNavigationDelegate

    /// Cancels bridge URLs and acts on them; hands everything else to the app's delegate, or allows it.
    /// Decides each request once.
    public func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        switch BridgeURLKind(action.url, in: dialect) {
        case .notBridge:
            guard let appNavigationDelegate else { return decisionHandler(.allow) }
            appNavigationDelegate.webView(webView, decidePolicyFor: action, decisionHandler: decisionHandler)
        case .bridgeLoaded:
            decisionHandler(.cancel)
            injectJavaScriptSide()
        case .queueMessage:
            decisionHandler(.cancel)
            fetchQueue()
        }
    }

    /// Tells the app's delegate how the page loads go.
    public func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {
        appNavigationDelegate?.webView(webView, didObserve: event)
    }

    // MARK: Evaluation

    /// Injects the JS side, then sends the startup queue (BOOT-3, START-2): at once after the evaluation is
    /// asked for, or, in a dialect without the alert safety timeout, in the evaluation's completion (WK-3: its
    /// JS side dispatches at once, so messages sent earlier would reach the page before the handlers its setup
    /// callbacks register). Such dialects are WKWebView's (script messages exist only there, and a navigation
    /// dialect without the timeout is one too), which evaluates asynchronously: there the injection does so
    /// whatever `evaluationStyle` says.
    private func injectJavaScriptSide() {
        guard dialect.disableSafetyTimeoutHandler == nil, let webView else {
            return core.injectJavascript(javascriptSource)
        }
        webView.evaluateJavaScript(javascriptSource) { [weak self] _, _ in self?.core.sendStartupQueue() }
    }

    /// Evaluates the exact fetch command and hands its result to the core (FLUSH-1).
    private func fetchQueue() {
        guard let webView else { return }
        switch evaluationStyle {
        case .synchronous:
            core.flushMessageQueue(webView.stringByEvaluatingJavaScript(from: core.fetchCommand))
        case .asynchronous:
            webView.evaluateJavaScript(core.fetchCommand) { [weak self] result, error in
                if let error {
                    webView.recordNativeLog("WebViewJavascriptBridge: WARNING: fetching the queue failed: \(error)")
                }
                self?.core.flushMessageQueue(result as? String)
            }
        }
    }

    private func evaluate(_ script: String) {
        guard let webView else { return }
        switch evaluationStyle {
        case .synchronous: _ = webView.stringByEvaluatingJavaScript(from: script)
        case .asynchronous: webView.evaluateJavaScript(script, completionHandler: nil)
        }
    }
}

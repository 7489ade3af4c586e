import ConformanceKit
import Dispatch
import Foundation
import ReferenceBridgeCore

/// The reference native side, attached to a simulated web view the way WVJB attaches to a WKWebView.
///
/// It is the web view's navigation delegate: it cancels bridge URLs (injecting the JS side on
/// `__bridge_loaded__`, fetching the queue on `__wvjb_queue_message__`) and allows every other URL.
/// All protocol logic is in `BridgeCore`; this type only connects it to the web view.
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
    private let evaluationStyle: EvaluationStyle
    private let javascriptSource: String
    private let glueFaults: Set<GlueFault>
    private var reversedSendBuffer: [String] = []

    /// Creates a bridge and makes it `webView`'s navigation delegate.
    /// - Parameters:
    ///   - webView: The web view to attach to.
    ///   - evaluationStyle: How to evaluate JavaScript.
    ///   - javascriptSource: The JS side to inject; nil injects `webView.bridgeJavaScriptSource`.
    public convenience init(webView: SimulatedWebView, evaluationStyle: EvaluationStyle = .asynchronous, javascriptSource: String? = nil) {
        self.init(webView: webView, evaluationStyle: evaluationStyle, javascriptSource: javascriptSource, faults: [], glueFaults: [])
    }

    /// Creates a bridge with defects switched on (for the kit's mutants).
    package init(
        webView: SimulatedWebView, evaluationStyle: EvaluationStyle, javascriptSource: String?,
        faults: Set<BridgeFault>, glueFaults: Set<GlueFault>
    ) {
        self.webView = webView
        self.evaluationStyle = evaluationStyle
        self.javascriptSource = javascriptSource ?? webView.bridgeJavaScriptSource
        self.glueFaults = glueFaults
        var evaluate: (String) -> Void = { _ in }
        core = BridgeCore(evaluate: { evaluate($0) }, log: { [weak webView] in webView?.recordNativeLog($0) })
        core.faults = faults
        evaluate = { [weak self] command in self?.evaluate(command) }
        webView.navigationDelegate = self
    }

    // MARK: SimulatedNavigationDelegate

    /// Cancels bridge URLs and acts on them; allows everything else.
    public func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        var kind = BridgeURLKind(action.url)
        if glueFaults.contains(.cancelsBridgeHostsOnAnyScheme), kind == .notBridge,
           let host = action.url?.host?.lowercased(), host == "__wvjb_queue_message__" || host == "__bridge_loaded__" {
            kind = host == "__bridge_loaded__" ? .bridgeLoaded : .queueMessage
        }
        switch kind {
        case .notBridge:
            decisionHandler(.allow)
            return
        case .bridgeLoaded:
            decisionHandler(.cancel)
            core.injectJavascript(javascriptSource)
        case .queueMessage:
            decisionHandler(.cancel)
            fetchQueue()
        }
        if glueFaults.contains(.decidesNavigationTwice) { decisionHandler(.cancel) }
    }

    // MARK: Evaluation

    private func fetchQueue() {
        guard let webView else { return }
        var command = BridgeCore.fetchQueueCommand
        if glueFaults.contains(.fetchCommandNotExact) { command = "window.WebViewJavascriptBridge._fetchQueue()" }
        switch evaluationStyle {
        case .synchronous:
            core.flushMessageQueue(webView.stringByEvaluatingJavaScript(from: command))
        case .asynchronous:
            webView.evaluateJavaScript(command) { [weak self] result, error in
                if let error { webView.recordNativeLog("WebViewJavascriptBridge: WARNING: fetching the queue failed: \(error)") }
                self?.core.flushMessageQueue(result as? String)
            }
        }
    }

    private func evaluate(_ script: String) {
        if glueFaults.contains(.sendsReversedWithinTurn) {
            reversedSendBuffer.append(script)
            guard reversedSendBuffer.count == 1 else { return }
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    let scripts = self.reversedSendBuffer.reversed()
                    self.reversedSendBuffer = []
                    scripts.forEach(self.evaluateNow)
                }
            }
            return
        }
        evaluateNow(script)
    }

    private func evaluateNow(_ script: String) {
        guard let webView else { return }
        switch evaluationStyle {
        case .synchronous: _ = webView.stringByEvaluatingJavaScript(from: script)
        case .asynchronous: webView.evaluateJavaScript(script, completionHandler: nil)
        }
    }
}

/// Defects of the web-view glue that the kit's mutants switch on; the reference never does.
package enum GlueFault: String, CaseIterable, Sendable {
    /// Calls the navigation decision handler a second time for bridge URLs.
    case decidesNavigationTwice
    /// Treats `http://__wvjb_queue_message__` and other schemes as bridge URLs and cancels them.
    case cancelsBridgeHostsOnAnyScheme
    /// Collects the commands sent in one turn and evaluates them last-first on the next main-queue turn.
    case sendsReversedWithinTurn
    /// Fetches the queue with `window.WebViewJavascriptBridge._fetchQueue()` instead of the exact
    /// `WebViewJavascriptBridge._fetchQueue();` (works in a browser, but is not the protocol's command).
    case fetchCommandNotExact
}

import ConformanceKit
import ReferenceBridgeCore
import SimulatedWebKit
import WireDialects

/// The reference's protocol logic (`BridgeCore`) behind glue written against WebKit's shape, as a port's own
/// glue is: the web view's navigation delegate in front of the app's, evaluating through `WKWebView`. Without a
/// defect it keeps every glue obligation; each `WebKitGlueDefect` is one line of it written the hurried way (a
/// port may have several).
@MainActor
final class WebKitGlueBridge: NSObject, WKNavigationDelegate {
    let core: BridgeCore
    private weak var webView: WKWebView?
    private weak var appDelegate: (any WKNavigationDelegate)?
    private let javascript: String
    private let defects: Set<WebKitGlueDefect>
    private var hasInjected = false

    init(
        webView: WKWebView, javascript: String, log: @escaping (String) -> Void, defects: Set<WebKitGlueDefect>
    ) {
        self.webView = webView
        self.javascript = javascript
        self.defects = defects
        var evaluate: (String) -> Void = { _ in }
        core = BridgeCore(evaluate: { evaluate($0) }, log: log)
        super.init()
        evaluate = { [weak self] script in self?.webView?.evaluateJavaScript(script, completionHandler: nil) }
        if !defects.contains(.swallowsAppDelegate) { appDelegate = webView.navigationDelegate }
        webView.navigationDelegate = self
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        if defects.contains(.leavesURLlessRequestsUndecided) && navigationAction.request.url == nil { return }
        if defects.contains(.forceUnwrapsRequestURL) && navigationAction.request.url == nil {
            return trap(
                webView, "Unexpectedly found nil while unwrapping an Optional value (navigationAction.request.url!)")
        }
        let kind = BridgeURLKind(navigationAction.request.url)
        if defects.contains(.asksAppAboutBridgeRequests), let appDelegate {
            act(on: kind)
            appDelegate.webView(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
            return
        }
        guard kind != .notBridge else {
            guard let appDelegate else { return decisionHandler(.allow) }
            appDelegate.webView(webView, decidePolicyFor: navigationAction, decisionHandler: decisionHandler)
            return
        }
        decisionHandler(.cancel)
        if defects.contains(.fetchesOnlyForTheJavaScriptSidesQueueURL), kind == .queueMessage,
            navigationAction.request.url?.absoluteString != WireDialect.canonical.queueSignal.navigation?.url
        {
            return
        }
        act(on: kind)
        if defects.contains(.fetchesTwicePerSignal) && kind == .queueMessage { act(on: kind) }
        if defects.contains(.decidesBridgeRequestsTwice) { decisionHandler(.allow) }
    }

    private func act(on kind: BridgeURLKind) {
        switch kind {
        case .notBridge: break
        case .bridgeLoaded:
            if defects.contains(.injectsIntoFirstPageOnly) && hasInjected { return }
            hasInjected = true
            core.injectJavascript(javascript)
        case .queueMessage:
            webView?.evaluateJavaScript(BridgeCore.fetchQueueCommand) { [weak self] result, _ in
                guard let self else { return }
                if defects.contains(.forceCastsFetchResult), !(result is String), let webView {
                    return trap(webView, "Could not cast value of type 'Optional<Any>' to 'String' (result as! String)")
                }
                core.flushMessageQueue(result as? String)
            }
        }
    }

    /// What a Swift runtime trap in the glue does to the app, in the harness's process: the case ends as a
    /// crash with the trap's message (a real trap would end the whole test run).
    private func trap(_ webView: WKWebView, _ message: String) {
        webView.simulatedWebView.backend.abortCase(
            because: AdapterFailure(kind: .crashed, message: "Fatal error: \(message)"))
    }

    // MARK: Page loads, passed on to the app's delegate

    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        guard !defects.contains(.passesOnDecisionsOnly) else { return }
        appDelegate?.webView(webView, didStartProvisionalNavigation: navigation)
    }

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        guard !defects.contains(.passesOnDecisionsOnly) else { return }
        if defects.contains(.passesOnStartTwice) {
            appDelegate?.webView(webView, didStartProvisionalNavigation: navigation)
            return
        }
        appDelegate?.webView(webView, didCommit: navigation)
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        guard !defects.contains(.passesOnDecisionsOnly) else { return }
        appDelegate?.webView(webView, didFinish: navigation)
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        guard !defects.contains(.passesOnDecisionsOnly) && !defects.contains(.passesOnNoFailures) else { return }
        appDelegate?.webView(webView, didFail: navigation, withError: error)
    }

    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {
        guard !defects.contains(.passesOnDecisionsOnly) && !defects.contains(.passesOnNoFailures) else { return }
        appDelegate?.webView(webView, didFailProvisionalNavigation: navigation, withError: error)
    }
}

import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore

/// The web-view seam of a mutant: the page the reference bridge is attached to, in front of the case's
/// real web view. Scripts, fetch results, navigation decisions and log lines pass through the defect's
/// hooks on their way; with no hooks it forwards everything unchanged.
@MainActor
final class DefectivePage: WebViewBackend, SimulatedNavigationDelegate {
    /// The web view the reference bridge attaches to.
    private(set) lazy var webView = SimulatedWebView(
        backend: self, bridgeJavaScriptSource: inner.bridgeJavaScriptSource)

    /// The case's web view.
    let inner: SimulatedWebView
    /// The adapter whose reference bridge this page serves, for defects that read its bookkeeping.
    weak var owner: DefectiveBridgeAdapter?
    private let defect: Defect
    /// Whether a navigation decision of the reference is on the stack (it injects and fetches there).
    private(set) var isDeciding = false
    private var afterDecision: [() -> Void] = []
    /// How many times the reference asked to evaluate the JS side.
    private(set) var injectionCount = 0
    /// The one stored decision handler of `Defect.decidesFromOneSlot`.
    private var decisionSlot: ((NavigationActionPolicy) -> Void)?

    /// A page in front of `inner` that applies `defect`.
    init(wrapping inner: SimulatedWebView, defect: Defect) {
        self.inner = inner
        self.defect = defect
        // The app's delegate, if the case set one, stays in front of the reference (BOOT-9).
        webView.navigationDelegate = inner.navigationDelegate
        inner.navigationDelegate = self
    }

    /// Evaluates `script` in the case's page as the reference would, without the defect's hooks.
    func evaluateUnchanged(_ script: String) {
        switch defect.evaluationStyle {
        case .asynchronous: inner.evaluateJavaScript(script)
        case .synchronous: _ = inner.stringByEvaluatingJavaScript(from: script)
        }
    }

    /// Runs `work` once the navigation decision on the stack has returned, or at once without one.
    func afterCurrentDecision(_ work: @escaping () -> Void) {
        if isDeciding { afterDecision.append(work) } else { work() }
    }

    // MARK: WebViewBackend

    var currentURL: String? { inner.url?.absoluteString }

    func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        let evaluated = classify(script)
        for text in rewritten(evaluated) {
            guard evaluated.kind == .fetch, let completionHandler else {
                inner.evaluateJavaScript(text, completionHandler: completionHandler)
                continue
            }
            inner.evaluateJavaScript(text) { [weak self] result, error in
                if let self, let error { defect.fetchFailed?(error, self) }
                guard let self, let rewrite = defect.rewriteFetchResult else { return completionHandler(result, error) }
                completionHandler(rewrite(result as? String, self), error)
            }
        }
    }

    func evaluateSynchronously(_ script: String) -> String? {
        let evaluated = classify(script)
        var result: String?
        for text in rewritten(evaluated) { result = inner.stringByEvaluatingJavaScript(from: text) }
        guard evaluated.kind == .fetch, let rewrite = defect.rewriteFetchResult else { return result }
        return rewrite(result, self)
    }

    var isLoading: Bool { inner.isLoading }

    func load(urlString: String) { inner.backend.load(urlString: urlString) }

    func loadHTMLString(_ html: String, baseURL: String?) { inner.backend.loadHTMLString(html, baseURL: baseURL) }

    func reload() { inner.reload() }

    func didAddScriptMessageHandler(named name: String) {
        inner.addScriptMessageHandler(named: name) { [weak self] message in _ = self?.webView.deliver(message) }
    }

    func didRemoveScriptMessageHandler(named name: String) { inner.removeScriptMessageHandler(named: name) }

    func didAddUserScript(_ script: UserScript) { inner.addUserScript(script) }

    func didRemoveAllUserScripts() { inner.removeAllUserScripts() }

    func recordAppDelegateNotification(method: String, url: String) {
        inner.backend.recordAppDelegateNotification(method: method, url: url)
    }

    func recordNativeLog(_ message: String) {
        guard let line = defect.rewriteLog.map({ $0(message) }) ?? message else { return }
        inner.recordNativeLog(line)
    }

    func reportViolation(clause: Obligation, message: String) {
        inner.backend.reportViolation(clause: clause, message: message)
    }

    func abortCase(because error: any Error & Sendable) {
        inner.backend.abortCase(because: error)
    }

    private func classify(_ script: String) -> EvaluatedScript {
        if script == inner.bridgeJavaScriptSource {
            injectionCount += 1
            return EvaluatedScript(kind: .javaScriptSide, text: script)
        }
        if script == BridgeCore.fetchQueueCommand { return EvaluatedScript(kind: .fetch, text: script) }
        return EvaluatedScript(kind: .delivery, text: script)
    }

    private func rewritten(_ script: EvaluatedScript) -> [String] {
        defect.rewriteScript.map { $0(script, self) } ?? [script.text]
    }

    // MARK: SimulatedNavigationDelegate

    /// Hands the navigation, perhaps rewritten, to the reference; runs held work once it has decided.
    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        let action = defect.rewriteNavigation.map { $0(action) } ?? action
        if defect.leavesUndecided?(action) == true { return }
        if defect.decidesFromOneSlot {
            decisionSlot = decisionHandler
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let stored = self.decisionSlot else { return }
                    self.decisionSlot = nil
                    self.decide(action, decisionHandler: stored)
                }
            }
            return
        }
        decide(action, decisionHandler: decisionHandler)
    }

    private func decide(_ action: NavigationAction, decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
        let decidesTwice = defect.decidesCancelledNavigationsTwice
        let decidesOffMain = defect.decidesOffMainThread
        let rewriteDecision = defect.rewriteDecision
        isDeciding = true
        let asked = self.webView.askDelegate(about: action) { decided in
            let policy = rewriteDecision.map { $0(action, decided) } ?? decided
            if decidesOffMain {
                // The handler is called on another thread; waiting for it keeps the case deterministic.
                let decide = UncheckedSendable(decisionHandler)
                let done = DispatchSemaphore(value: 0)
                DispatchQueue(label: "mutant.bridge-queue").async {
                    decide.value(policy)
                    done.signal()
                }
                done.wait()
            } else {
                decisionHandler(policy)
            }
            if decidesTwice && policy == .cancel { decisionHandler(.cancel) }
        }
        isDeciding = false
        if !asked { decisionHandler(.allow) }
        let held = afterDecision
        afterDecision = []
        held.forEach { $0() }
    }
}

extension DefectivePage {
    /// Passes the case's page loads on to the reference, unchanged.
    func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {
        self.webView.tellDelegate(event)
    }
}

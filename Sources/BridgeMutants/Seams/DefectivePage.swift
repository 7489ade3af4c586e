import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import WireDialects

/// The web-view seam of a mutant: the page the reference bridge is attached to, in front of the case's
/// real web view. Scripts, fetch results, navigation decisions and log lines pass through the defect's
/// hooks on their way; with no hooks it forwards everything unchanged.
///
/// Defects are written against the canonical wire's words. In another dialect the page hands them the scripts
/// and fetch results renamed into those words and renames what they give back into the run's
/// (`DialectRenaming`, one-to-one), so that a defect breaks the reference alike in every dialect.
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
    /// The exact command the reference fetches the queue with.
    private let fetchCommand: String
    /// From the run's words to the canonical ones and back, in a dialect other than the canonical one.
    private let renaming: (toCanonical: DialectRenaming, toRun: DialectRenaming)?

    /// A page in front of `inner` that applies `defect`, for a reference speaking `dialect`.
    init(wrapping inner: SimulatedWebView, defect: Defect, dialect: WireDialect = .canonical) {
        self.inner = inner
        self.defect = defect
        fetchCommand = dialect.fetchCommand
        if dialect != .canonical, let toCanonical = DialectRenaming(wordsFrom: dialect, to: .canonical),
            let toRun = DialectRenaming(wordsFrom: .canonical, to: dialect)
        {
            renaming = (toCanonical, toRun)
        } else {
            renaming = nil
        }
        // The app's delegate, if the case set one, stays in front of the reference (BOOT-9).
        webView.navigationDelegate = inner.navigationDelegate
        inner.navigationDelegate = self
    }

    /// Evaluates `script` in the case's page as the reference would, without the defect's hooks: a script in the
    /// canonical words, as defects see and write them (the JS side excepted), renamed into the run's.
    func evaluateUnchanged(_ script: String) {
        let script =
            script == inner.bridgeJavaScriptSource ? script : renaming?.toRun.rename(script) ?? script
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
                guard let self, defect.rewriteFetchResult != nil else { return completionHandler(result, error) }
                completionHandler(rewrittenFetchResult(result as? String), error)
            }
        }
    }

    func evaluateSynchronously(_ script: String) -> String? {
        let evaluated = classify(script)
        var result: String?
        for text in rewritten(evaluated) { result = inner.stringByEvaluatingJavaScript(from: text) }
        guard evaluated.kind == .fetch, defect.rewriteFetchResult != nil else { return result }
        return rewrittenFetchResult(result)
    }

    /// `result`, a fetch's, as the defect rewrites it (in the canonical words, renamed back).
    private func rewrittenFetchResult(_ result: String?) -> String? {
        guard let rewrite = defect.rewriteFetchResult else { return result }
        guard let renaming else { return rewrite(result, self) }
        return rewrite(result.map(renaming.toCanonical.rename), self).map(renaming.toRun.rename)
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
        if script == fetchCommand { return EvaluatedScript(kind: .fetch, text: script) }
        return EvaluatedScript(kind: .delivery, text: script)
    }

    private func rewritten(_ script: EvaluatedScript) -> [String] {
        guard let rewrite = defect.rewriteScript else { return [script.text] }
        // The JS side is handed over as it is: defects drop or repeat it, they do not read its words.
        guard let renaming, script.kind != .javaScriptSide else { return rewrite(script, self) }
        let canonical = EvaluatedScript(kind: script.kind, text: renaming.toCanonical.rename(script.text))
        return rewrite(canonical, self).map(renaming.toRun.rename)
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

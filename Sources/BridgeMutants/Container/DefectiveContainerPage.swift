import ConformanceAdapter
import ConformanceObligations

/// The web-view seam of a container mutant: the page the reference container attaches to, in front of the case's
/// web view. Evaluations, script messages, `prompt()` panels and user scripts pass through the defect's hooks on
/// their way; with no hooks it forwards everything unchanged.
@MainActor
final class DefectiveContainerPage: WebViewBackend {
    /// The web view the reference container attaches to.
    private(set) lazy var webView = SimulatedWebView(
        backend: self, bridgeJavaScriptSource: inner.bridgeJavaScriptSource)
    /// The case's web view.
    let inner: SimulatedWebView
    private let defect: ContainerDefect
    /// The bodies of the messages the page posted, in order.
    private(set) var postedBodies: [Any] = []
    /// The `handler.action` names the case registered.
    var registeredNames: Set<String> = []

    /// A page in front of `inner` that applies `defect`.
    init(wrapping inner: SimulatedWebView, defect: ContainerDefect) {
        self.inner = inner
        self.defect = defect
        inner.textInputPanel = { [weak self] prompt, defaultText, completionHandler in
            self?.showPanel(prompt: prompt, defaultText: defaultText, completionHandler: completionHandler) ?? false
        }
        inner.dialogObserver = { [weak self] kind, message in self?.webView.dialogObserver?(kind, message) }
    }

    /// Hands `message` to the reference, past the defect's hooks.
    func deliverUnchanged(_ message: ScriptMessage) { _ = webView.deliver(message) }

    /// Evaluates `script` in the case's page, past the defect's hooks.
    func evaluateUnchanged(_ script: String) { inner.evaluateJavaScript(script) }

    private func showPanel(
        prompt: String, defaultText: String?, completionHandler: @escaping @MainActor (String?) -> Void
    ) -> Bool {
        guard !defect.ignoresPrompt, let panel = webView.textInputPanel else { return false }
        let rewrite = defect.rewritePromptAnswer
        return panel(prompt, defaultText) { text in completionHandler(rewrite.map { $0(text) } ?? text) }
    }

    private func receive(_ message: ScriptMessage) {
        postedBodies.append(message.body)
        if let intercept = defect.interceptMessage, intercept(message, self) { return }
        deliverUnchanged(message)
    }

    // MARK: WebViewBackend

    var currentURL: String? { inner.url?.absoluteString }

    var isLoading: Bool { inner.isLoading }

    func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        guard let rewrite = defect.rewriteScript, script != inner.bridgeJavaScriptSource else {
            return inner.evaluateJavaScript(script, completionHandler: completionHandler)
        }
        for (index, text) in rewrite(ContainerScriptText(script), self).enumerated() {
            inner.evaluateJavaScript(text, completionHandler: index == 0 ? completionHandler : nil)
        }
    }

    func evaluateSynchronously(_ script: String) -> String? { inner.stringByEvaluatingJavaScript(from: script) }

    func load(urlString: String) { inner.backend.load(urlString: urlString) }

    func loadHTMLString(_ html: String, baseURL: String?) { inner.backend.loadHTMLString(html, baseURL: baseURL) }

    func reload() { inner.reload() }

    func didAddScriptMessageHandler(named name: String) {
        inner.addScriptMessageHandler(named: name) { [weak self] message in self?.receive(message) }
    }

    func didRemoveScriptMessageHandler(named name: String) { inner.removeScriptMessageHandler(named: name) }

    func didAddUserScript(_ script: UserScript) { inner.addUserScript(defect.rewriteUserScript?(script) ?? script) }

    func didRemoveAllUserScripts() { inner.removeAllUserScripts() }

    func recordAppDelegateNotification(method: String, url: String) {
        inner.backend.recordAppDelegateNotification(method: method, url: url)
    }

    func recordNativeLog(_ message: String) { inner.recordNativeLog(message) }

    func reportViolation(clause: Obligation, message: String) {
        inner.backend.reportViolation(clause: clause, message: message)
    }

    func abortCase(because error: any Error & Sendable) { inner.backend.abortCase(because: error) }
}

import ConformanceObligations
import Foundation
import StrictJSON

/// The page behind the web view of a testee process: every evaluation, decision, log line and violation,
/// and every load and change of the web view's configuration, travels to the harness, which owns the real
/// page (`spec/adapter-protocol.md`, sections 5 and 10); the page's load events and script messages come
/// back from it as requests.
@MainActor
final class TesteeWebView: WebViewBackend {
    /// The web view the testee's adapter attaches its bridge to.
    private(set) lazy var webView = SimulatedWebView(backend: self, bridgeJavaScriptSource: bridgeJavaScriptSource)

    private let connection: TesteeConnection
    private let bridgeJavaScriptSource: String
    private var nextEvaluationNumber = 1
    private var completionHandlers: [Int: (Any?, (any Error)?) -> Void] = [:]
    /// Whether the case is over (`close()`): the page then sends nothing more.
    private var isClosed = false
    /// Loads the implementation asked for whose main-frame `navigation` request has not come yet (ADP-24).
    private var loadsAsked = 0
    /// The main-frame load under way: its `navigation` request and, once it started, its page load (ADP-24).
    private var loading: (request: Int, page: Int?)?

    /// The URL of the last page committed (ADP-24); before the case's first commit, that of the last
    /// main-frame navigation the harness asked about (a harness that sends no load events tells no commit).
    var currentURL: String? { committedURL ?? requestedURL }
    /// The URL of the last page committed (a `committed` event, ADP-21).
    private var committedURL: String?
    /// The URL of the last main-frame navigation the harness asked about.
    private var requestedURL: String?

    /// A stand-in page that talks to the harness over `connection`.
    init(connection: TesteeConnection, bridgeJavaScriptSource: String) {
        self.connection = connection
        self.bridgeJavaScriptSource = bridgeJavaScriptSource
    }

    // MARK: WebViewBackend

    /// Asks the harness to evaluate `script` on a later turn; `completionHandler` runs when the harness
    /// sends `evaluated` (ADP-10).
    func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        guard !isClosed else { return }
        let number = nextEvaluationNumber
        nextEvaluationNumber += 1
        if let completionHandler { completionHandlers[number] = completionHandler }
        connection.send(
            .evaluate(evaluation: number, script: script, synchronous: false, completion: completionHandler != nil))
    }

    /// Asks the harness to evaluate `script` now and blocks until it answers (ADP-11).
    func evaluateSynchronously(_ script: String) -> String? {
        guard !isClosed else { return nil }
        let number = nextEvaluationNumber
        nextEvaluationNumber += 1
        connection.send(.evaluate(evaluation: number, script: script, synchronous: true, completion: false))
        let answer = connection.receive()
        guard case .syncEvaluated(number, let result) = answer else {
            TesteeConnection.quit(
                "expected `syncEvaluated` for evaluation \(number) from the harness, got `\(answer.type)`")
        }
        return result
    }

    // MARK: Loads and configuration (effects of `web-view`, ADP-23)

    /// Whether a main-frame load is under way, as far as the testee can know (ADP-24): from a load it asked
    /// for, or from a main-frame `navigation` request, until that load finished, failed or was cancelled.
    var isLoading: Bool { loadsAsked > 0 || loading != nil }

    /// Asks the harness to load `urlString` in the main frame.
    func load(urlString: String) {
        guard !isClosed else { return }
        loadsAsked += 1
        connection.send(.load(url: urlString))
    }

    /// Asks the harness to load `html` under `baseURL` in the main frame.
    func loadHTMLString(_ html: String, baseURL: String?) {
        guard !isClosed else { return }
        loadsAsked += 1
        connection.send(.loadHTMLString(html: html, baseURL: baseURL))
    }

    /// Asks the harness to reload the page (which does nothing while no page was asked for).
    func reload() {
        guard !isClosed else { return }
        if currentURL != nil || loadsAsked > 0 { loadsAsked += 1 }
        connection.send(.reload)
    }

    /// Tells the harness, whose page then offers `window.webkit.messageHandlers.<name>`.
    func didAddScriptMessageHandler(named name: String) {
        guard !isClosed else { return }
        connection.send(.addScriptMessageHandler(name: name))
    }

    /// Tells the harness, whose page then no longer offers the handler.
    func didRemoveScriptMessageHandler(named name: String) {
        guard !isClosed else { return }
        connection.send(.removeScriptMessageHandler(name: name))
    }

    /// Tells the harness, whose pages committed from now on run the script.
    func didAddUserScript(_ script: UserScript) {
        guard !isClosed else { return }
        connection.send(.addUserScript(script))
    }

    /// Tells the harness, whose pages committed from now on run no user script.
    func didRemoveAllUserScripts() {
        guard !isClosed else { return }
        connection.send(.removeAllUserScripts)
    }

    /// Sends the call of the app's navigation delegate as an `appDelegateNotified` effect.
    func recordAppDelegateNotification(method: String, url: String) {
        guard !isClosed else { return }
        connection.send(.appDelegateNotified(method: method, url: url))
    }

    /// Sends the line as a `log` effect.
    func recordNativeLog(_ message: String) {
        guard !isClosed else { return }
        connection.send(.log(message: message))
    }

    /// Sends the violation as a `violation` effect.
    func reportViolation(clause: Obligation, message: String) {
        guard !isClosed else { return }
        connection.send(.violation(clause: clause.id, message: message))
    }

    /// Ends the testee with the reason on standard error; the harness reports it as a crash.
    func abortCase(because error: any Error & Sendable) {
        guard !isClosed else { return }
        TesteeConnection.quit("the case was aborted: \(error)")
    }

    // MARK: Page events from the harness

    /// Asks the bridge to decide a navigation the harness's page requested, and sends every decision
    /// (the harness judges BOOT-1). A main-frame request begins a load (ADP-24), which a `cancel` ends.
    func decideNavigation(number: Int, urlString: String, isMainFrame: Bool, type: NavigationType) {
        if isMainFrame {
            requestedURL = urlString
            loadsAsked = max(0, loadsAsked - 1)
            loading = (number, nil)
        }
        let action = NavigationAction(
            url: URL(string: urlString), urlString: urlString, isMainFrame: isMainFrame, navigationType: type)
        let asked = webView.askDelegate(about: action) { [weak self] policy in
            guard let self, !isClosed else { return }
            if policy == .cancel, loading?.request == number { loading = nil }
            connection.send(.decide(navigation: number, policy: policy.rawValue))
        }
        if !asked { connection.send(.decide(navigation: number, policy: NavigationActionPolicy.allow.rawValue)) }
    }

    /// Tells the navigation delegate how a main-frame load goes (ADP-21), once `isLoading` says what the
    /// event means (ADP-24): the load under way is the one that started last; its end ends it.
    func observe(_ event: NavigationEvent) {
        let page = event.navigation.number
        switch event {
        case .started:
            if loading != nil, loading?.page == nil { loading?.page = page }
        case .committed:
            committedURL = event.navigation.urlString
        case .finished, .failedProvisionally, .failed:
            if loading?.page == page { loading = nil }
        }
        webView.tellDelegate(event)
    }

    /// Hands a message the page posted to the implementation's receiver; one for a name the web view no
    /// longer has is dropped, as in WebKit (ADP-22).
    func deliver(name: String, body: JSONValue) {
        _ = webView.deliver(ScriptMessage(name: name, body: ScriptMessageBody.foundationValue(of: body)))
    }

    /// Ends the page with its case (ADP-17): a bridge that outlives the case evaluates, logs and decides
    /// into the void, as into a web view that is gone, and nothing of it reaches the next case.
    /// Shows the page's `prompt()` in the web view's text input panel (a UI delegate, through the WebKit facade) and
    /// reports what its completion handler gets, or that nobody showed it (ADP-26).
    func showTextInputPanel(_ panel: Int, prompt: String, defaultText: String?) {
        let connection = self.connection
        let shown =
            webView.textInputPanel?(prompt, defaultText) { [weak self] text in
                guard let self, !isClosed else { return }
                connection.send(.promptAnswered(panel: panel, shown: true, text: text))
            } ?? false
        if !shown { connection.send(.promptAnswered(panel: panel, shown: false, text: nil)) }
    }

    func close() {
        isClosed = true
        completionHandlers = [:]
    }

    /// Completes evaluation `number` with what the harness sent.
    /// - Throws: A protocol violation when the harness names an evaluation that is not pending.
    func complete(evaluation number: Int, result: WireData?, error: String?) throws(AdapterFailure) {
        guard let completionHandler = completionHandlers.removeValue(forKey: number) else {
            throw .protocolViolation("`evaluated` for evaluation \(number), which is not pending", by: "the harness")
        }
        if let error {
            completionHandler(nil, JavaScriptEvaluationError(message: error, line: nil))
        } else {
            completionHandler(result?.foundationValue, nil)
        }
    }
}

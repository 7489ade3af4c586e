import Foundation

/// The page behind the web view of a testee process: every evaluation, decision, log line and violation
/// travels to the harness, which owns the real page (`spec/adapter-protocol.md`, section 5).
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

    /// The URL of the last main-frame navigation the harness asked about.
    private(set) var currentURL: String?

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

    // MARK: Loads and configuration (not yet carried by the protocol)

    var isLoading: Bool { false }

    func load(urlString: String) { unsupported("load(_:)") }
    func loadHTMLString(_ html: String, baseURL: String?) { unsupported("loadHTMLString(_:baseURL:)") }
    func reload() { unsupported("reload()") }
    func didAddScriptMessageHandler(named name: String) { unsupported("add(_:name:)") }
    func didRemoveScriptMessageHandler(named name: String) { unsupported("removeScriptMessageHandler(forName:)") }
    func didAddUserScript(_ script: UserScript) { unsupported("addUserScript(_:)") }
    func didRemoveAllUserScripts() { unsupported("removeAllUserScripts()") }
    func recordAppDelegateNotification(method: String, url: String) { unsupported("the app's navigation delegate") }

    private func unsupported(_ what: String) {
        TesteeConnection.quit("\(what) is not carried by adapter protocol version 1")
    }

    /// Sends the line as a `log` effect.
    func recordNativeLog(_ message: String) {
        guard !isClosed else { return }
        connection.send(.log(message: message))
    }

    /// Sends the violation as a `violation` effect.
    func reportViolation(clause: String, message: String) {
        guard !isClosed else { return }
        connection.send(.violation(clause: clause, message: message))
    }

    /// Ends the testee with the reason on standard error; the harness reports it as a crash.
    func abortCase(because error: any Error & Sendable) {
        guard !isClosed else { return }
        TesteeConnection.quit("the case was aborted: \(error)")
    }

    // MARK: Page events from the harness

    /// Asks the bridge to decide a navigation the harness's page requested, and sends every decision
    /// (the harness judges BOOT-1).
    func decideNavigation(number: Int, urlString: String, isMainFrame: Bool) {
        if isMainFrame { currentURL = urlString }
        let action = NavigationAction(url: URL(string: urlString), urlString: urlString, isMainFrame: isMainFrame)
        let asked = webView.askDelegate(about: action) { [weak self] policy in
            guard let self, !isClosed else { return }
            connection.send(.decide(navigation: number, policy: policy.rawValue))
        }
        if !asked { connection.send(.decide(navigation: number, policy: NavigationActionPolicy.allow.rawValue)) }
    }

    /// Ends the page with its case (ADP-17): a bridge that outlives the case evaluates, logs and decides
    /// into the void, as into a web view that is gone, and nothing of it reaches the next case.
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

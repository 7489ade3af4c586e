import ConformanceObligations
import Dispatch
import Foundation

/// The web view a bridge under test is attached to instead of a WKWebView or UIWebView.
///
/// It offers what a bridge uses of a real web view, and nothing else: a navigation delegate that decides
/// the page's navigation requests, JavaScript evaluation in both styles (WKWebView's asynchronous
/// `evaluateJavaScript(_:completionHandler:)` and UIWebView's synchronous
/// `stringByEvaluatingJavaScript(from:)`), the JS side to inject, and a native log.
///
/// The page behind it is the harness's simulated browser (in process) or, in a testee process, the
/// harness's page across the adapter protocol; a bridge cannot tell the difference.
@MainActor
public final class SimulatedWebView {
    /// The delegate that decides navigations; a bridge sets itself (or a proxy) here when it attaches.
    /// Without a delegate every navigation is allowed.
    public weak var navigationDelegate: (any SimulatedNavigationDelegate)?

    /// The JS side the harness wants injected when the page asks for the bridge. Adapters hand it to
    /// their implementation in place of the JS the implementation embeds.
    public let bridgeJavaScriptSource: String

    /// The URL of the page currently loaded.
    public var url: URL? { backend.currentURL.flatMap(URL.init(string:)) }

    /// Whether a main-frame load is under way.
    public var isLoading: Bool { backend.isLoading }

    /// The scripts every page committed from now on runs, in the order they were added.
    public private(set) var userScripts: [UserScript] = []

    /// The app's own navigation delegate, when the case set one before the bridge attached; kept here
    /// because `navigationDelegate` is weak, as in WebKit.
    package private(set) var appNavigationDelegate: AppNavigationDelegate?

    /// The WebKit-shaped views in front of this one (`SimulatedWebKit`), kept as long as it lives, by kind.
    package var facades: [String: AnyObject] = [:]

    /// Hears of the page's dialogs (`alert`, `confirm`, `prompt`) with their message, for a UI delegate.
    package var dialogObserver: ((_ kind: DialogKind, _ message: String) -> Void)?

    /// Shows the page's `prompt()` as a text input panel (the WebKit facade's UI delegate): gets the prompt, its
    /// default text and the completion handler; returns false when no panel is shown (the page then gets the
    /// default text).
    package var textInputPanel:
        (
            (_ prompt: String, _ defaultText: String?, _ completionHandler: @escaping @MainActor (String?) -> Void) ->
                Bool
        )?

    /// What receives the page's script messages, by handler name.
    private var scriptMessageReceivers: [String: ScriptMessageReceiver] = [:]

    /// Where evaluations, logs and violations go while the case runs; once the page that owns this web view is
    /// gone (a bridge may keep its web view longer than its case), an inert page (`EndedPage`).
    package var backend: any WebViewBackend { liveBackend ?? endedPage }
    /// The page that owns this web view; weak, because a bridge may outlive it.
    private weak var liveBackend: (any WebViewBackend)?
    /// The inert page once `liveBackend` is gone: it counts each use under the case this web view belonged to.
    private var endedPage = EndedPage.unattributed

    /// A web view in front of `backend`.
    /// - Parameters:
    ///   - backend: The page behind the web view; it keeps the web view alive, and the web view turns inert
    ///     once it is gone.
    ///   - bridgeJavaScriptSource: The JS side to inject.
    package init(backend: any WebViewBackend, bridgeJavaScriptSource: String) {
        liveBackend = backend
        self.bridgeJavaScriptSource = bridgeJavaScriptSource
    }

    /// Counts every use of this web view after its page is gone in `log`, under `caseID`: the runner gives each
    /// case's web view its id, and notes the uses on the case during which they happen.
    package func countUsesAfterItsCase(as caseID: String, in log: LateWebViewUseLog) {
        endedPage = EndedPage(caseID: caseID, log: log)
    }

    /// Adds a line the implementation logged to the transcript, so it shows in failure reports; the LOG
    /// clauses (SHOULD) are checked on these lines.
    /// - Parameter message: The log line.
    public func recordNativeLog(_ message: String) {
        KitCode.run(.init("SimulatedWebView", "logged a line (recordNativeLog)")) { backend.recordNativeLog(message) }
    }

    // MARK: Evaluation

    /// Evaluates `script` in the page like `WKWebView.evaluateJavaScript(_:completionHandler:)`: the
    /// script runs on a later turn, and the completion handler is called on the turn after that.
    ///
    /// The result is converted as WebKit does: a string to `String`, a number to `NSNumber`, a boolean
    /// to a boolean `NSNumber` (which `as? Bool` reads), `null` to `NSNull`, `undefined` to nil, arrays and
    /// objects to Foundation collections.
    /// Callable from any thread, as Swift 5 code can; a call off the main thread is recorded as a
    /// violation of THR-1 and then performed on the main thread.
    /// - Parameters:
    ///   - script: The JavaScript source.
    ///   - completionHandler: Called once, on the main thread, with the result or a
    ///     `JavaScriptEvaluationError`.
    public nonisolated func evaluateJavaScript(
        _ script: String, completionHandler: ((Any?, (any Error)?) -> Void)? = nil
    ) {
        let handler = UncheckedSendable(completionHandler)
        onMainThread(what: "evaluateJavaScript(_:completionHandler:)", obligation: .thr1a) { webView in
            KitCode.run(.init("SimulatedWebView", "asked for an evaluation (evaluateJavaScript)")) {
                webView.backend.evaluate(script, completionHandler: handler.value)
            }
        }
    }

    /// Evaluates `script` at once, on the caller's stack, like
    /// `UIWebView.stringByEvaluatingJavaScript(from:)`.
    ///
    /// A modal dialog the page opens during this call is recorded as blocking: in a real app it would
    /// freeze the main thread. Called off the main thread it evaluates nothing, returns nil, and records
    /// a violation of THR-1.
    /// - Parameter script: The JavaScript source.
    /// - Returns: The result converted to a string (`""` for `undefined` and `null`), or nil when the
    ///   script threw.
    public nonisolated func stringByEvaluatingJavaScript(from script: String) -> String? {
        guard MainQueuePump.isOnMainQueue else {
            onMainThread(what: "stringByEvaluatingJavaScript(from:)", obligation: .thr1a) { _ in }
            return nil
        }
        return MainActor.assumeIsolated {
            KitCode.run(.init("SimulatedWebView", "evaluated synchronously (stringByEvaluatingJavaScript)")) {
                backend.evaluateSynchronously(script)
            }
        }
    }

    /// Sets the app's own navigation delegate, as an app does before it creates the bridge (BOOT-9).
    package func installAppNavigationDelegate() {
        let delegate = AppNavigationDelegate(reportingTo: backend)
        appNavigationDelegate = delegate
        navigationDelegate = delegate
    }

    // MARK: Loads

    /// Loads `url` in the main frame, like `WKWebView.load(_:)`: the navigation delegate decides the
    /// request on a later turn. The page is the one the case loaded at that URL, or an empty one.
    /// - Parameter url: The page's URL.
    public func load(url: URL) {
        KitCode.run(.init("SimulatedWebView", "loaded a URL (load)")) { backend.load(urlString: url.absoluteString) }
    }

    /// Loads `html` in the main frame under `baseURL`, like `WKWebView.loadHTMLString(_:baseURL:)`; the
    /// page's URL is `baseURL`, or `about:blank` without one, and it runs the inline scripts of `html`.
    /// - Parameters:
    ///   - html: The document.
    ///   - baseURL: The page's URL.
    public func loadHTMLString(_ html: String, baseURL: URL?) {
        KitCode.run(.init("SimulatedWebView", "loaded an HTML string (loadHTMLString)")) {
            backend.loadHTMLString(html, baseURL: baseURL?.absoluteString)
        }
    }

    /// Reloads the current page (a navigation of type `reload`), like `WKWebView.reload()`.
    public func reload() {
        KitCode.run(.init("SimulatedWebView", "reloaded the page (reload)")) { backend.reload() }
    }

    // MARK: Script messages and user scripts

    /// The names the page can post to (`window.webkit.messageHandlers.<name>`), sorted.
    public var scriptMessageHandlerNames: [String] { scriptMessageReceivers.keys.sorted() }

    /// Lets the page post to `name`, like `WKUserContentController.add(_:name:)`; `receiver` gets each
    /// message on a later turn, on the main thread. Adding a name twice is what WebKit raises an exception
    /// for: the case stops with that error.
    /// - Parameters:
    ///   - name: The handler's name.
    ///   - receiver: Gets the messages.
    public func addScriptMessageHandler(named name: String, receiver: @escaping ScriptMessageReceiver) {
        KitCode.run(.init("SimulatedWebView", "added a script message handler (addScriptMessageHandler)")) {
            addScriptMessageHandlerInKit(named: name, receiver: receiver)
        }
    }

    private func addScriptMessageHandlerInKit(named name: String, receiver: @escaping ScriptMessageReceiver) {
        guard scriptMessageReceivers[name] == nil else {
            // WebKit raises NSInvalidArgumentException here, which ends the app: the case ends as a crash.
            backend.abortCase(
                because: AdapterFailure(
                    kind: .crashed,
                    message:
                        "the web view raised NSInvalidArgumentException: Attempt to add script message handler with name '\(PrintableText.printable(name))' when one already exists"
                ))
            return
        }
        scriptMessageReceivers[name] = receiver
        backend.didAddScriptMessageHandler(named: name)
    }

    /// Takes `name` away from the page, like `WKUserContentController.removeScriptMessageHandler(forName:)`;
    /// nothing happens when there is no such handler.
    /// - Parameter name: The handler's name.
    public func removeScriptMessageHandler(named name: String) {
        KitCode.run(.init("SimulatedWebView", "removed a script message handler (removeScriptMessageHandler)")) {
            guard scriptMessageReceivers.removeValue(forKey: name) != nil else { return }
            backend.didRemoveScriptMessageHandler(named: name)
        }
    }

    /// Runs `script` in every page committed from now on, like `WKUserContentController.addUserScript(_:)`.
    /// - Parameter script: The script and when it runs.
    public func addUserScript(_ script: UserScript) {
        KitCode.run(.init("SimulatedWebView", "added a user script (addUserScript)")) {
            userScripts.append(script)
            backend.didAddUserScript(script)
        }
    }

    /// Drops every user script, like `WKUserContentController.removeAllUserScripts()`.
    public func removeAllUserScripts() {
        KitCode.run(.init("SimulatedWebView", "removed its user scripts (removeAllUserScripts)")) {
            userScripts.removeAll()
            backend.didRemoveAllUserScripts()
        }
    }

    /// Hands a message the page posted to its receiver.
    /// - Returns: False when no handler of that name exists (any more).
    package func deliver(_ message: ScriptMessage) -> Bool {
        guard let receiver = scriptMessageReceivers[message.name] else { return false }
        KitCode.callingOut { receiver(message) }
        return true
    }

    // MARK: Navigation, for backends

    /// Tells the navigation delegate how a main-frame load goes.
    /// - Parameter event: What happened.
    package func tellDelegate(_ event: NavigationEvent) {
        guard let navigationDelegate else { return }
        KitCode.callingOut { navigationDelegate.webView(self, didObserve: event) }
    }

    /// Asks the navigation delegate to decide `action`; `decide` gets the decision on the main thread,
    /// each time the delegate calls its decision handler (judging "exactly once" is the backend's job).
    ///
    /// A decision handler called off the main thread is recorded as a violation of THR-1, and the
    /// decision then lands on the main thread, so no web-view state changes on another thread.
    /// - Parameters:
    ///   - action: The navigation requested.
    ///   - decide: Receives each decision.
    /// - Returns: False when there is no delegate (the navigation is then allowed).
    package func askDelegate(
        about action: NavigationAction, decide: @escaping @MainActor (NavigationActionPolicy) -> Void
    ) -> Bool {
        guard let navigationDelegate else { return false }
        let decisionHandler = decisionHandler(for: action, decide: decide)
        KitCode.callingOut {
            navigationDelegate.webView(self, decidePolicyFor: action, decisionHandler: decisionHandler)
        }
        return true
    }

    /// The decision handler a delegate gets: nonisolated, because Swift 5 bridges may call it anywhere.
    private nonisolated func decisionHandler(
        for action: NavigationAction, decide: @escaping @MainActor (NavigationActionPolicy) -> Void
    ) -> (NavigationActionPolicy) -> Void {
        let decide = UncheckedSendable(decide)
        return { policy in
            self.onMainThread(what: "the navigation decision handler for \(action.urlString)", obligation: .thr1b) {
                _ in
                KitCode.run(.init("SimulatedWebView", "decided a navigation (its decision handler)")) {
                    decide.value(policy)
                }
            }
        }
    }

    // MARK: Threads

    /// Runs `body` on the main actor: at once when already there; otherwise on the main queue, after
    /// recording that `what` was called off the main thread, citing `obligation` (THR-1.a for evaluating
    /// JavaScript, THR-1.b for deciding a navigation).
    private nonisolated func onMainThread(
        what: String, obligation: Obligation, _ body: @escaping @MainActor (SimulatedWebView) -> Void
    ) {
        let work = UncheckedSendable(body)
        if MainQueuePump.isOnMainQueue {
            MainActor.assumeIsolated { work.value(self) }
            return
        }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.backend.reportViolation(
                    clause: obligation,
                    message: "\(what) was called off the main thread; the web view must only be used on the main thread"
                )
                work.value(self)
            }
        }
    }
}

import ConformanceAdapter
import ConformanceObligations
import Foundation
import StrictJSON

/// The adapter for an implementation in another process: spawns the command, speaks the JSON-lines
/// protocol of `spec/adapter-protocol.md` with it, and stands in for it towards the simulated web view.
///
/// The harness makes one per case: with `init(configuration:)` every case gets a fresh process (ADP-1);
/// with `init(persistent:)` cases borrow one process that a `PersistentTestee` keeps for the run, and
/// each gets a fresh adapter, bridge and page in it (ADP-17). A testee that crashes, stops answering or
/// breaks the protocol ends its case with `crash`, `timeout` or `adapter-error`; the run goes on with
/// the next case, on a fresh process.
@MainActor
package final class ProcessBridgeAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout, SupportsTrafficLogging, ContainerAdapter, DeclaresContainerCapabilities,
    DeclaresCapabilities, FinishesBeforeJudgement, SimulatedNavigationDelegate
{
    /// How to start and watch the testee.
    package struct Configuration: Sendable {
        /// Seconds of wall time a testee may stay silent by default (ADP-14).
        package static let defaultResponseTimeout: Double = 10
        /// The fewest seconds the harness waits for a testee's `hello` (ADP-14), whatever the watchdog: a debug
        /// build starting on a loaded machine can take longer than a short watchdog set to catch hung cases.
        package static let minimumStartupTimeout: Double = 5

        /// The shell command that starts the testee.
        package var command: String
        /// Seconds of wall time the testee may stay silent while the harness waits for it (ADP-14).
        package var responseTimeout: Double
        /// Seconds of wall time the harness waits for the testee's `hello`: the watchdog, and at least
        /// `minimumStartupTimeout`.
        package var startupTimeout: Double { max(responseTimeout, Self.minimumStartupTimeout) }

        /// Creates a configuration.
        /// - Parameters:
        ///   - command: The shell command that starts the testee (run as `/bin/sh -c 'exec <command>'`).
        ///   - responseTimeout: The watchdog in seconds.
        package init(command: String, responseTimeout: Double = defaultResponseTimeout) {
            self.command = command
            self.responseTimeout = responseTimeout
        }
    }

    /// What the testee offered in its `hello` (ADP-6).
    package let declaredCapabilities: BridgeCapabilities
    /// The name the testee gave in its `hello`.
    package let testeeName: String

    /// The process this case talks to: its own, or the one a `PersistentTestee` lends it.
    private var session: TesteeSession
    /// The testee that lent the process, and the case's lease; nil when the case has a process of its own.
    private let persistentTestee: (testee: PersistentTestee, lease: Int)?
    private var webView: SimulatedWebView?
    private var handlers: [String: AdapterHandler] = [:]
    /// The container handlers the case registered, by handler and action (ADP-25).
    private var containerHandlers: [ContainerHandlerName: ContainerHandler] = [:]
    /// The completion handlers of the text input panels shown in the testee, by panel (ADP-26).
    private var panelCompletions: [Int: @MainActor (String?) -> Void] = [:]
    /// Whether the testee showed each panel it answered for.
    private var panelShown: [Int: Bool] = [:]
    private var nextPanelNumber = 1
    private var responseCallbacks: [Int: AdapterResponseCallback] = [:]
    private var nextCallbackNumber = 1
    private var decisionHandlers: [Int: (NavigationActionPolicy) -> Void] = [:]
    private var nextNavigationNumber = 1
    private var isExchanging = false
    private var deferredRequests: [HarnessMessage] = []
    private var failure: AdapterFailure?
    /// Whether `caseDidEnd()` was called: the process is no longer this case's to use.
    private var caseEnded = false
    /// Whether `finishBeforeJudgement()` was called: the case sends nothing more.
    private var finished = false

    /// Starts a testee process of the case's own and reads its `hello`; `caseDidEnd()` ends the process
    /// (ADP-1).
    /// - Parameter configuration: The command and the watchdog.
    /// - Throws: `AdapterFailure` when the command cannot start, crashes, stays silent, or greets
    ///   with something other than a version-1 `hello`.
    package init(configuration: Configuration) throws(AdapterFailure) {
        session = try TesteeSession(configuration: configuration)
        session.beginCase()
        persistentTestee = nil
        declaredCapabilities = session.capabilities
        testeeName = session.name
    }

    /// Borrows the process of `testee` for one case (starting it when none runs); `caseDidEnd()` gives
    /// it back, and the testee then ends the case in the process and keeps it for the next one (ADP-17).
    /// - Parameter testee: The testee kept for the run, which the adapter factory owns.
    /// - Throws: `AdapterFailure` when a fresh process cannot start, crashes, stays silent, or greets
    ///   with something other than a version-1 `hello`.
    package init(persistent testee: PersistentTestee) throws(AdapterFailure) {
        let (session, lease) = try testee.checkOut()
        self.session = session
        persistentTestee = (testee, lease)
        declaredCapabilities = session.capabilities
        testeeName = session.name
    }

    // MARK: BridgeAdapter

    /// Becomes the web view's navigation delegate and asks the testee to attach its bridge. When the case
    /// set the app's own navigation delegate first, a testee that offers `web-view` sets one in its web view
    /// before it attaches (ADP-20), and that one reports; the harness's, replaced here as the web view's
    /// delegate, hears nothing.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee's attach threw.
    package func attach(to webView: SimulatedWebView) throws {
        self.webView = webView
        let appNavigationDelegate = webView.appNavigationDelegate != nil
        webView.navigationDelegate = self
        if session.offersContainer {
            // The page's prompt() goes to the testee's text input panel, and waits for its answer (ADP-26).
            webView.textInputPanel = { [weak self] prompt, defaultText, completionHandler in
                self?.showTextInputPanel(prompt: prompt, defaultText: defaultText, completionHandler: completionHandler)
                    ?? false
            }
        }
        var request: HarnessMessage {
            .attach(
                seq: 0, bridgeJavaScriptSource: webView.bridgeJavaScriptSource,
                appNavigationDelegate: appNavigationDelegate && session.offersWebView)
        }
        recordLinesBeforeHello()
        if let (testee, lease) = persistentTestee, session.isReused {
            // A process that served earlier cases may have died since the last one ended: that is not
            // this case's crash, so the case starts over on a fresh process (ADP-17).
            let operationError: String?
            do throws(AdapterFailure) {
                operationError = try exchange(request)
            } catch let error where error.kind == .crashed && session.messagesInCase == 0 {
                do throws(AdapterFailure) {
                    session = try testee.replacement(forLease: lease)
                } catch {
                    record(error)
                    throw error
                }
                recordLinesBeforeHello()
                return try perform(request)
            } catch {
                record(error)
                throw error
            }
            if let operationError { throw AdapterError(operationError) }
            return
        }
        try perform(request)
    }

    /// Registers `name` in the testee; its invocations come back as `handlerInvoked`.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee threw.
    package func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        handlers[name] = handler
        try perform(.registerHandler(seq: 0, name: name))
    }

    /// Asks the testee to call the JS handler `name`.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee threw.
    package func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        var callback: Int?
        if let responseCallback {
            callback = nextCallbackNumber
            responseCallbacks[nextCallbackNumber] = responseCallback
            nextCallbackNumber += 1
        }
        try perform(.callHandler(seq: 0, name: name, data: try WireData(foundation: data), callback: callback))
    }

    /// Asks the testee to remove the native handler `name`.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee threw.
    package func removeHandler(_ name: String) throws {
        try perform(.removeHandler(seq: 0, name: name))
    }

    /// Asks the testee to reset its bridge.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee threw.
    package func reset() throws {
        try perform(.reset(seq: 0))
    }

    /// Asks the testee to disable the JS side's alert safety timeout.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee threw.
    package func disableJavscriptAlertBoxSafetyTimeout() throws {
        try perform(.disableSafetyTimeout(seq: 0))
    }

    /// Asks the testee to switch its bridge's traffic logging on or off.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee threw.
    package func setTrafficLogging(_ enabled: Bool) throws {
        try perform(.setTrafficLogging(seq: 0, enabled: enabled))
    }

    /// Finishes the case in the testee before the harness judges it, so that what goes wrong there is
    /// the case's verdict: checks that the testee wrote nothing after its last `done` (ADP-9), ends the
    /// case in a process kept for the run (`endCase`, once, ADP-17.a), and records the line that says how
    /// much native log the case dropped (ADP-18). The case sends nothing more afterwards.
    /// - Throws: `AdapterFailure` when the testee broke the protocol, crashed or stayed silent there; the
    ///   process is ended.
    package func finishBeforeJudgement() throws {
        guard !caseEnded, !finished else { return }
        finished = true
        if let (testee, lease) = persistentTestee, !testee.holds(lease) { return }
        if let note = session.droppedLogNote { webView?.recordNativeLog(note) }
        guard failure == nil else { return }
        do throws(AdapterFailure) {
            try session.checkNothingUnread()
            if persistentTestee != nil && session.servesManyCases { try session.endCase() }
        } catch {
            record(error)
            throw error
        }
    }

    /// Ends the case's process group and closes its descriptors (ADP-1), or gives the borrowed process
    /// back to its `PersistentTestee`, which ends the case in it unless `finishBeforeJudgement()` did
    /// (ADP-17). The adapter no longer talks to the testee afterwards.
    package func caseDidEnd() {
        guard !caseEnded else { return }
        caseEnded = true
        if let (testee, lease) = persistentTestee {
            testee.caseDidEnd(lease: lease, failed: failure != nil)
        } else {
            session.close()
        }
        // What the case made is the report's now (its transcript); nothing of it is kept here.
        webView = nil
        handlers = [:]
        responseCallbacks = [:]
        decisionHandlers = [:]
        deferredRequests = []
    }

    // MARK: SimulatedNavigationDelegate

    /// Forwards the navigation to the testee; its `decide` answers it. Its type travels to a testee that
    /// offers `web-view` (ADP-20); any other hears `other`, as before.
    package func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        let number = nextNavigationNumber
        nextNavigationNumber += 1
        decisionHandlers[number] = decisionHandler
        performForEvent(
            .navigation(
                seq: 0, navigation: number, url: action.urlString, mainFrame: action.isMainFrame,
                navigationType: session.offersWebView ? action.navigationType : .other))
    }

    /// Forwards the step of a page load to a testee that offers `web-view` (ADP-21); any other hears
    /// nothing of it.
    package func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {
        guard session.offersWebView else { return }
        performForEvent(.navigationEvent(seq: 0, event: event))
    }

    // MARK: ContainerAdapter

    /// Whether the testee's hello offered `synchronous-calls`.
    package var offersSynchronousCalls: Bool { session.offersSynchronousCalls }

    /// Whether the testee's hello offered `container`: it serves a messageHandler container (ADP-25).
    package var offersContainer: Bool { session.offersContainer }

    /// Registers `handler`/`action` in the testee's container; its invocations come back as
    /// `containerHandlerInvoked` (ADP-25).
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee threw.
    package func register(handler: String, action: String, body: @escaping ContainerHandler) throws {
        containerHandlers[ContainerHandlerName(handler: handler, action: action)] = body
        try perform(.registerContainerHandler(seq: 0, handler: handler, action: action))
    }

    /// Sends the event in the testee's container; its completion's value comes back as `callbackInvoked`.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee threw.
    package func sendEvent(_ eventID: String, data: Any?, completion: ((Any?) -> Void)?) throws {
        var number: Int?
        if let completion {
            number = nextCallbackNumber
            responseCallbacks[nextCallbackNumber] = completion
            nextCallbackNumber += 1
        }
        try perform(.sendEvent(seq: 0, event: eventID, data: try WireData(foundation: data), completion: number))
    }

    /// Shows the page's `prompt()` in the testee's text input panel: the panel's answer comes back within the
    /// exchange, through the handler invocations and answers it causes. False when the testee showed none.
    private func showTextInputPanel(
        prompt: String, defaultText: String?, completionHandler: @escaping @MainActor (String?) -> Void
    ) -> Bool {
        let panel = nextPanelNumber
        nextPanelNumber += 1
        panelCompletions[panel] = completionHandler
        performForEvent(.textInputPanel(seq: 0, panel: panel, prompt: prompt, defaultText: defaultText))
        return panelShown.removeValue(forKey: panel) ?? true
    }

    // MARK: Exchanges

    /// Sends a request the case made and performs its effects until `done`; requests that effects cause
    /// are sent afterwards, in order (ADP-9).
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee's operation threw.
    private func perform(_ request: HarnessMessage) throws {
        let operationError: String?
        do {
            operationError = try exchange(request)
        } catch {
            record(error)
            throw error
        }
        if let operationError { throw AdapterError(operationError) }
    }

    /// Like `perform`, for requests caused by page events (navigations, evaluation results, handler
    /// answers), where nobody can catch: a failure aborts the case instead.
    private func performForEvent(_ request: HarnessMessage) {
        do {
            if let operationError = try exchange(request) { record(Self.cannotFail(request, operationError)) }
        } catch {
            record(error)
        }
    }

    /// Sends `request` (or queues it while another exchange runs) and then the requests its effects
    /// caused; returns the error the testee's operation reported for `request`, if any.
    private func exchange(_ request: HarnessMessage) throws(AdapterFailure) -> String? {
        if let failure { throw failure }
        if caseEnded || finished || persistentTestee.map({ !$0.testee.holds($0.lease) }) == true {
            throw PersistentTestee.caseIsOver
        }
        if isExchanging {
            deferredRequests.append(request)
            return nil
        }
        isExchanging = true
        defer { isExchanging = false }
        let operationError = try send(request)
        while !deferredRequests.isEmpty {
            let next = deferredRequests.removeFirst()
            if let error = try send(next) { throw Self.cannotFail(next, error) }
        }
        return operationError
    }

    /// The violation of a testee whose `done` reports an error for a request that cannot fail.
    private static func cannotFail(_ request: HarnessMessage, _ error: String) -> AdapterFailure {
        .protocolViolation("`done` with an error for a `\(request.type)` request, which cannot fail: \(error)")
    }

    /// Numbers and sends one request and performs its effects until its `done`; returns the `done`'s
    /// error, if any.
    private func send(_ request: HarnessMessage) throws(AdapterFailure) -> String? {
        let sequenceNumber = try session.send(request)
        while true {
            let (message, standardError) = try session.receive(
                waitingFor: "`done` for its `\(request.type)` request (seq \(sequenceNumber))")
            // What the testee wrote before this message happened before it (ADP-16), as far as the case's
            // log takes it (ADP-18).
            for line in session.admitToLog(standardError) { webView?.recordNativeLog(line) }
            if case let .done(answered, error) = message {
                guard answered == sequenceNumber else {
                    throw .protocolViolation(
                        "`done` for seq \(answered) while seq \(sequenceNumber) was pending (ADP-8)")
                }
                return error
            }
            try performEffect(message)
        }
    }

    /// Performs one effect the testee reported (ADP-9 to ADP-12).
    private func performEffect(_ message: TesteeMessage) throws(AdapterFailure) {
        guard let webView else { throw .protocolViolation("`\(message.type)` before the bridge was attached") }
        switch message {
        case let .evaluate(number, script, synchronous, completion):
            if synchronous {
                try session.answer(
                    .syncEvaluated(evaluation: number, result: webView.stringByEvaluatingJavaScript(from: script)))
            } else if completion {
                webView.evaluateJavaScript(script) { [weak self] value, error in
                    self?.deliverEvaluation(number, value: value, error: error)
                }
            } else {
                webView.evaluateJavaScript(script)
            }
        case let .decide(number, policyName):
            guard let policy = NavigationActionPolicy(rawValue: policyName) else {
                throw .protocolViolation("a navigation policy `\(policyName)`; it must be `allow` or `cancel`")
            }
            guard let decisionHandler = decisionHandlers[number] else {
                throw .protocolViolation(
                    "a decision for navigation \(number), which the harness never asked for (ADP-12)")
            }
            decisionHandler(policy)
        case let .handlerInvoked(name, invocation, data):
            guard let handler = handlers[name] else {
                throw .protocolViolation(
                    "an invocation of native handler `\(name)`, which the harness never registered (ADP-12)")
            }
            handler(data?.foundationValue) { [weak self] answer in
                self?.respond(to: invocation, with: answer)
            }
        case let .callbackInvoked(number, data):
            guard let callback = responseCallbacks[number] else {
                throw .protocolViolation(
                    "an invocation of response callback \(number), which the harness never issued (ADP-12)")
            }
            callback(data?.foundationValue)
        case .log(let line):
            if let line = session.admitToLog(line) { webView.recordNativeLog(line) }
        case let .violation(clause, violation):
            guard let obligation = Obligation(id: clause) else {
                throw .protocolViolation(
                    "a `violation` citing `\(PrintableText.abbreviate(clause, limit: 40))`, which is no obligation of "
                        + "spec/protocol.md's appendix C (cite one as `ESC-2.c`)")
            }
            webView.backend.reportViolation(clause: obligation, message: violation)
        case .addScriptMessageHandler, .removeScriptMessageHandler, .addUserScript, .removeAllUserScripts, .load,
            .loadHTMLString, .reload, .appDelegateNotified:
            try performWebViewEffect(message, on: webView)
        case let .containerHandlerInvoked(handler, action, invocation, data):
            guard let body = containerHandlers[ContainerHandlerName(handler: handler, action: action)] else {
                throw .protocolViolation(
                    "an invocation of container handler `\(handler)`/`\(action)`, which the harness never registered (ADP-25)"
                )
            }
            do {
                try body(data?.foundationValue) { [weak self] answer in self?.respond(to: invocation, with: answer) }
            } catch {
                webView.backend.abortCase(because: ThrowingHandlerOutOfProcess(description: "\(error)"))
            }
        case let .promptAnswered(panel, shown, text):
            guard let completionHandler = panelCompletions.removeValue(forKey: panel) else {
                throw .protocolViolation("an answer to text input panel \(panel), which is not open (ADP-26)")
            }
            panelShown[panel] = shown
            if shown { completionHandler(text) }
        case .hello, .done:
            throw .protocolViolation("`\(message.type)` between a request and its `done`")
        }
    }

    /// Performs an effect of the `web-view` capability on the harness's web view, as the testee's web view
    /// did the same call (ADP-23).
    private func performWebViewEffect(_ message: TesteeMessage, on webView: SimulatedWebView) throws(AdapterFailure) {
        guard session.offersWebView else {
            throw .protocolViolation(
                "`\(message.type)`, an effect of the `\(AdapterWire.webViewCapability)` capability, which its hello did not offer (ADP-19)"
            )
        }
        switch message {
        case .addScriptMessageHandler(let name):
            // What the page posts to `name` goes to the testee's receiver, as a request (ADP-22).
            webView.addScriptMessageHandler(named: name) { [weak self] message in
                self?.performForEvent(
                    .scriptMessage(seq: 0, name: message.name, body: ScriptMessageBody.clone(of: message.body)))
            }
        case .removeScriptMessageHandler(let name):
            webView.removeScriptMessageHandler(named: name)
        case .addUserScript(let script):
            webView.addUserScript(script)
        case .removeAllUserScripts:
            webView.removeAllUserScripts()
        case .load(let url):
            webView.backend.load(urlString: url)
        case let .loadHTMLString(html, baseURL):
            webView.backend.loadHTMLString(html, baseURL: baseURL)
        case .reload:
            webView.reload()
        case let .appDelegateNotified(method, url):
            webView.backend.recordAppDelegateNotification(method: method, url: url)
        case .hello, .done, .evaluate, .decide, .handlerInvoked, .callbackInvoked, .log, .violation,
            .containerHandlerInvoked, .promptAnswered:
            preconditionFailure("`\(message.type)` is not an effect of `web-view`")
        }
    }

    private func deliverEvaluation(_ number: Int, value: Any?, error: (any Error)?) {
        // WebKit's conversion only produces JSON values, so the result always converts.
        let result = error == nil ? (try? WireData(foundation: value)) ?? nil : nil
        performForEvent(.evaluated(seq: 0, evaluation: number, result: result, error: error.map { "\($0)" }))
    }

    private func respond(to invocation: Int, with answer: Any?) {
        let data: WireData?
        do {
            data = try WireData(foundation: answer)
        } catch {
            record(AdapterFailure(kind: .protocolViolation, message: "the harness's answer is not JSON: \(error)"))
            return
        }
        performForEvent(.respond(seq: 0, invocation: invocation, data: data))
    }

    /// The lines the testee wrote before its `hello`, recorded when a fresh process's first case
    /// attaches (ADP-16).
    private func recordLinesBeforeHello() {
        for line in session.takeLinesBeforeHello() { webView?.recordNativeLog(line) }
    }

    /// Remembers the first failure, ends the testee and aborts the case. An adapter whose case is over
    /// leaves the process alone: it may serve another case (ADP-17).
    private func record(_ error: AdapterFailure) {
        guard !caseEnded else { return }
        if failure == nil { failure = error }
        session.terminate()
        webView?.backend.abortCase(because: error)
    }
}

/// A container handler's two-level name.
private struct ContainerHandlerName: Hashable {
    let handler: String
    let action: String
}

/// Why a case stops when one of its handlers throws out of process: the testee's container called a proxy that
/// cannot throw; the kit's cases that throw are not applicable there, so this is the kit's fault.
private struct ThrowingHandlerOutOfProcess: Error, CustomStringConvertible {
    let description: String
}

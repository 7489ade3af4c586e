import Foundation
import StrictJSON

/// The adapter for an implementation in another process: spawns the command, speaks the JSON-lines
/// protocol of `spec/adapter-protocol.md` with it, and stands in for it towards the simulated web view.
///
/// The harness makes one per case, so every case gets a fresh process (ADP-1). A testee that crashes,
/// stops answering or breaks the protocol ends its case with `crash`, `timeout` or `adapter-error`;
/// the run goes on with the next case.
@MainActor
package final class ProcessBridgeAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset, SupportsDisablingSafetyTimeout,
    DeclaresCapabilities, SimulatedNavigationDelegate
{
    /// How to start and watch the testee.
    package struct Configuration: Sendable {
        /// Seconds of wall time a testee may stay silent by default (ADP-14).
        package static let defaultResponseTimeout: Double = 10

        /// The shell command that starts the testee.
        package var command: String
        /// Seconds of wall time the testee may stay silent while the harness waits for it (ADP-14).
        package var responseTimeout: Double

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

    private let configuration: Configuration
    private let process: AdapterProcess
    private var webView: SimulatedWebView?
    private var nextSequenceNumber = 1
    private var handlers: [String: AdapterHandler] = [:]
    private var responseCallbacks: [Int: AdapterResponseCallback] = [:]
    private var nextCallbackNumber = 1
    private var decisionHandlers: [Int: (NavigationActionPolicy) -> Void] = [:]
    private var nextNavigationNumber = 1
    private var isExchanging = false
    private var deferredRequests: [HarnessMessage] = []
    private var failure: AdapterFailure?
    /// Whether the testee marks its standard error, whose lines are then its native log (ADP-16).
    private let marksStandardError: Bool
    /// Lines the testee wrote before the web view was attached (while it made its adapter).
    private var logLinesBeforeAttach: [String] = []

    /// Starts the testee and reads its `hello`.
    /// - Parameter configuration: The command and the watchdog.
    /// - Throws: `AdapterFailure` when the command cannot start, crashes, stays silent, or greets
    ///   with something other than a version-1 `hello`.
    package init(configuration: Configuration) throws(AdapterFailure) {
        self.configuration = configuration
        process = try AdapterProcess(command: configuration.command)
        let hello = try process.receive(timeout: configuration.responseTimeout, waitingFor: "its hello (ADP-6)")
        guard case let .hello(version, name, names) = hello else {
            throw .protocolViolation("`\(hello.type)` as its first message; the first message must be {\"type\":\"hello\",\"protocol\":1,...} (ADP-6)")
        }
        guard version == AdapterWire.protocolVersion else {
            throw .protocolViolation("a hello for protocol version \(version); this harness speaks version \(AdapterWire.protocolVersion) (ADP-7). Update the kit or the adapter host so they match")
        }
        testeeName = name ?? configuration.command
        var capabilities: BridgeCapabilities = []
        for name in names {
            if let capability = BridgeCapabilities.names.first(where: { $0.1 == name })?.0, !BridgeCapabilities.inProcessOnly.contains(capability) {
                capabilities.insert(capability)
            }
        }
        declaredCapabilities = capabilities
        marksStandardError = names.contains(AdapterWire.standardErrorMarksCapability)
        if marksStandardError {
            logLinesBeforeAttach = try process.standardErrorLinesBeforeLastMessage(timeout: configuration.responseTimeout)
        }
    }

    // MARK: BridgeAdapter

    /// Becomes the web view's navigation delegate and asks the testee to attach its bridge.
    /// - Throws: `AdapterFailure`, or `AdapterError` when the testee's attach threw.
    package func attach(to webView: SimulatedWebView) throws {
        self.webView = webView
        webView.navigationDelegate = self
        for line in logLinesBeforeAttach { webView.recordNativeLog(CapturedLogLine.normalized(line)) }
        logLinesBeforeAttach = []
        try perform(.attach(seq: 0, bridgeJavaScriptSource: webView.bridgeJavaScriptSource))
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

    /// Ends the testee: every case gets a fresh process (ADP-1).
    package func caseDidEnd() {
        process.terminate()
    }

    // MARK: SimulatedNavigationDelegate

    /// Forwards the navigation to the testee; its `decide` answers it.
    package func webView(_ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
                         decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
        let number = nextNavigationNumber
        nextNavigationNumber += 1
        decisionHandlers[number] = decisionHandler
        performForEvent(.navigation(seq: 0, navigation: number, url: action.urlString, mainFrame: action.isMainFrame))
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
        let sequenceNumber = nextSequenceNumber
        nextSequenceNumber += 1
        try process.send(request.numbered(sequenceNumber))
        while true {
            let message = try process.receive(timeout: configuration.responseTimeout, waitingFor: "`done` for its `\(request.type)` request (seq \(sequenceNumber))")
            if marksStandardError {
                // What the testee wrote before this message happened before it (ADP-16).
                for line in try process.standardErrorLinesBeforeLastMessage(timeout: configuration.responseTimeout) {
                    webView?.recordNativeLog(CapturedLogLine.normalized(line))
                }
            }
            if case let .done(answered, error) = message {
                guard answered == sequenceNumber else {
                    throw .protocolViolation("`done` for seq \(answered) while seq \(sequenceNumber) was pending (ADP-8)")
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
                try process.send(.syncEvaluated(evaluation: number, result: webView.stringByEvaluatingJavaScript(from: script)))
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
                throw .protocolViolation("a decision for navigation \(number), which the harness never asked for (ADP-12)")
            }
            decisionHandler(policy)
        case let .handlerInvoked(name, invocation, data):
            guard let handler = handlers[name] else {
                throw .protocolViolation("an invocation of native handler `\(name)`, which the harness never registered (ADP-12)")
            }
            handler(data?.foundationValue) { [weak self] answer in
                self?.respond(to: invocation, with: answer)
            }
        case let .callbackInvoked(number, data):
            guard let callback = responseCallbacks[number] else {
                throw .protocolViolation("an invocation of response callback \(number), which the harness never issued (ADP-12)")
            }
            callback(data?.foundationValue)
        case .log(let line):
            webView.recordNativeLog(line)
        case let .violation(clause, violation):
            webView.backend.reportViolation(clause: clause, message: violation)
        case .hello, .done:
            throw .protocolViolation("`\(message.type)` between a request and its `done`")
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

    /// Remembers the first failure, ends the testee and aborts the case.
    private func record(_ error: AdapterFailure) {
        if failure == nil { failure = error }
        process.terminate()
        webView?.backend.abortCase(because: error)
    }
}

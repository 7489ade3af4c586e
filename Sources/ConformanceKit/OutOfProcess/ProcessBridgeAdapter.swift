import Foundation

/// The adapter for an implementation in another process: spawns the command, speaks the JSON-lines
/// protocol of `spec/adapter-protocol.md` with it, and stands in for it towards the simulated web view.
///
/// The harness makes one per case, so every case gets a fresh process (ADP-1). A testee that crashes,
/// stops answering or breaks the protocol ends its case with `crash`, `timeout` or `adapter-error`;
/// the run goes on with the next case.
///
/// ```swift
/// let results = await runner.run(Catalogue.all) {
///     try ProcessBridgeAdapter(configuration: .init(command: ".build/debug/my-bridge-adapter"))
/// }
/// ```
@MainActor
public final class ProcessBridgeAdapter: BridgeAdapter, SimulatedNavigationDelegate, CaseScoped {
    /// How to start and watch the testee.
    public struct Configuration: Sendable {
        /// The shell command that starts the testee.
        public var command: String
        /// Seconds of wall time the testee may stay silent while the harness waits for it (ADP-14).
        public var responseTimeout: Double

        /// Creates a configuration.
        /// - Parameters:
        ///   - command: The shell command that starts the testee (run as `/bin/sh -c 'exec <command>'`).
        ///   - responseTimeout: The watchdog in seconds.
        public init(command: String, responseTimeout: Double = 10) {
            self.command = command
            self.responseTimeout = responseTimeout
        }
    }

    /// What the testee declared in its `hello` (ADP-6).
    public let capabilities: BridgeCapabilities
    /// The name the testee gave in its `hello`.
    public let testeeName: String

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
    private var deferredRequests: [AdapterWireMessage] = []
    private var failure: AdapterProcessError?

    /// Starts the testee and reads its `hello`.
    /// - Parameter configuration: The command and the watchdog.
    /// - Throws: `AdapterProcessError` when the command cannot start, crashes, stays silent, or greets
    ///   with something other than a version-1 `hello`.
    public init(configuration: Configuration) throws(AdapterProcessError) {
        self.configuration = configuration
        process = try AdapterProcess(command: configuration.command)
        let hello = try process.receive(timeout: configuration.responseTimeout, waitingFor: "its hello (ADP-6)")
        guard hello.type == "hello" else {
            throw .protocolViolation("`\(hello.type)` as its first message; the first message must be {\"type\":\"hello\",\"protocol\":1,...} (ADP-6)")
        }
        let version = try hello.integer("protocol")
        guard version == AdapterWireMessage.protocolVersion else {
            throw .protocolViolation("a hello for protocol version \(version); this harness speaks version \(AdapterWireMessage.protocolVersion) (ADP-7). Update the kit or the adapter host so they match")
        }
        testeeName = try hello.optionalString("name") ?? configuration.command
        guard case .array(let names)? = hello["capabilities"] else {
            throw .protocolViolation("a hello without a \"capabilities\" array (ADP-6)")
        }
        var capabilities: BridgeCapabilities = []
        for case .string(let name) in names {
            if let capability = BridgeCapabilities.names.first(where: { $0.1 == name })?.0, capability != .sendsFromAnyThread {
                capabilities.insert(capability)
            }
        }
        self.capabilities = capabilities
    }

    // MARK: BridgeAdapter

    /// Becomes the web view's navigation delegate and asks the testee to attach its bridge.
    /// - Throws: `AdapterProcessError`, or `AdapterError` when the testee's attach threw.
    public func attach(to webView: SimulatedWebView) throws {
        self.webView = webView
        webView.navigationDelegate = self
        try perform(AdapterWireMessage("attach", ["bridgeJavaScriptSource": .string(webView.bridgeJavaScriptSource)]))
    }

    /// Registers `name` in the testee; its invocations come back as `handlerInvoked`.
    /// - Throws: `AdapterProcessError`, or `AdapterError` when the testee threw.
    public func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        handlers[name] = handler
        try perform(AdapterWireMessage("registerHandler", ["name": .string(name)]))
    }

    /// Asks the testee to call the JS handler `name`.
    /// - Throws: `AdapterProcessError`, or `AdapterError` when the testee threw.
    public func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        var message = AdapterWireMessage("callHandler", ["name": .string(name)])
        message["data"] = try JSONValue(wireData: data)
        if let responseCallback {
            let number = nextCallbackNumber
            nextCallbackNumber += 1
            responseCallbacks[number] = responseCallback
            message["callback"] = .number(Double(number))
        }
        try perform(message)
    }

    /// Asks the testee to remove the native handler `name`.
    /// - Throws: `AdapterProcessError`, or `AdapterError` when the testee threw.
    public func removeHandler(_ name: String) throws {
        try perform(AdapterWireMessage("removeHandler", ["name": .string(name)]))
    }

    /// Asks the testee to reset its bridge.
    /// - Throws: `AdapterProcessError`, or `AdapterError` when the testee threw.
    public func reset() throws {
        try perform(AdapterWireMessage("reset"))
    }

    /// Asks the testee to disable the JS side's alert safety timeout.
    /// - Throws: `AdapterProcessError`, or `AdapterError` when the testee threw.
    public func disableJavscriptAlertBoxSafetyTimeout() throws {
        try perform(AdapterWireMessage("disableSafetyTimeout"))
    }

    // MARK: SimulatedNavigationDelegate

    /// Forwards the navigation to the testee; its `decide` answers it.
    public func webView(_ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
                        decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
        let number = nextNavigationNumber
        nextNavigationNumber += 1
        decisionHandlers[number] = decisionHandler
        performForEvent(AdapterWireMessage("navigation", [
            "navigation": .number(Double(number)), "url": .string(action.urlString), "mainFrame": .bool(action.isMainFrame),
        ]))
    }

    // MARK: Case end

    func caseDidEnd() {
        process.terminate()
    }

    // MARK: Exchanges

    /// Sends a request the case made and performs its effects until `done`; requests that effects cause
    /// are sent afterwards, in order (ADP-9).
    /// - Throws: `AdapterProcessError`, or `AdapterError` when the testee's operation threw.
    private func perform(_ request: AdapterWireMessage) throws {
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
    /// answers), where nobody can catch: a failure interrupts the case instead.
    private func performForEvent(_ request: AdapterWireMessage) {
        do {
            if let operationError = try exchange(request) { record(Self.cannotFail(request, operationError)) }
        } catch {
            record(error)
        }
    }

    /// Sends `request` (or queues it while another exchange runs) and then the requests its effects
    /// caused; returns the error the testee's operation reported for `request`, if any.
    private func exchange(_ request: AdapterWireMessage) throws(AdapterProcessError) -> String? {
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
    private static func cannotFail(_ request: AdapterWireMessage, _ error: String) -> AdapterProcessError {
        .protocolViolation("`done` with an error for a `\(request.type)` request, which cannot fail: \(error)")
    }

    /// Sends one request and performs its effects until its `done`; returns the `done`'s error, if any.
    private func send(_ request: AdapterWireMessage) throws(AdapterProcessError) -> String? {
        var request = request
        let sequenceNumber = nextSequenceNumber
        nextSequenceNumber += 1
        request["seq"] = .number(Double(sequenceNumber))
        try process.send(request)
        while true {
            let message = try process.receive(timeout: configuration.responseTimeout, waitingFor: "`done` for its `\(request.type)` request (seq \(sequenceNumber))")
            if message.type == "done" {
                let answered = try message.integer("seq")
                guard answered == sequenceNumber else {
                    throw AdapterProcessError.protocolViolation("`done` for seq \(answered) while seq \(sequenceNumber) was pending (ADP-8)")
                }
                return try message.optionalString("error")
            }
            try performEffect(message)
        }
    }

    /// Performs one effect the testee reported (ADP-9 to ADP-12).
    private func performEffect(_ message: AdapterWireMessage) throws(AdapterProcessError) {
        guard let webView else { throw .protocolViolation("`\(message.type)` before the bridge was attached") }
        switch message.type {
        case "evaluate":
            let number = try message.integer("evaluation"), script = try message.string("script")
            if try message.bool("synchronous") {
                let result = webView.stringByEvaluatingJavaScript(from: script)
                try process.send(AdapterWireMessage("syncEvaluated", [
                    "evaluation": .number(Double(number)), "result": result.map(JSONValue.string) ?? .null,
                ]))
            } else if try message.bool("completion") {
                webView.evaluateJavaScript(script) { [weak self] value, error in
                    self?.deliverEvaluation(number, value: value, error: error)
                }
            } else {
                webView.evaluateJavaScript(script)
            }
        case "decide":
            let number = try message.integer("navigation"), policyName = try message.string("policy")
            guard let policy = NavigationActionPolicy(rawValue: policyName) else {
                throw .protocolViolation("a navigation policy `\(policyName)`; it must be `allow` or `cancel`")
            }
            guard let decisionHandler = decisionHandlers[number] else {
                throw .protocolViolation("a decision for navigation \(number), which the harness never asked for (ADP-12)")
            }
            decisionHandler(policy)
        case "handlerInvoked":
            let name = try message.string("handler"), invocation = try message.integer("invocation")
            guard let handler = handlers[name] else {
                throw .protocolViolation("an invocation of native handler `\(name)`, which the harness never registered (ADP-12)")
            }
            handler(message.foundationData("data")) { [weak self] answer in
                self?.respond(to: invocation, with: answer)
            }
        case "callbackInvoked":
            let number = try message.integer("callback")
            guard let callback = responseCallbacks[number] else {
                throw .protocolViolation("an invocation of response callback \(number), which the harness never issued (ADP-12)")
            }
            callback(message.foundationData("data"))
        case "log":
            webView.recordNativeLog(try message.string("message"))
        case "violation":
            webView.record(.violation(clause: try message.string("clause"), message: try message.string("message")))
        default:
            throw .protocolViolation("a message of unknown type `\(message.type)` (section 5 lists the effects)")
        }
    }

    private func deliverEvaluation(_ number: Int, value: Any?, error: (any Error)?) {
        var message = AdapterWireMessage("evaluated", ["evaluation": .number(Double(number))])
        if let error {
            message["error"] = .string("\(error)")
        } else {
            // WebKit's conversion only produces JSON values, so this cannot fail.
            message["result"] = (try? JSONValue(wireData: value)) ?? nil
        }
        performForEvent(message)
    }

    private func respond(to invocation: Int, with answer: Any?) {
        var message = AdapterWireMessage("respond", ["invocation": .number(Double(invocation))])
        do {
            message["data"] = try JSONValue(wireData: answer)
        } catch {
            record(AdapterProcessError(kind: .protocolViolation, message: "the harness's answer is not JSON: \(error)"))
            return
        }
        performForEvent(message)
    }

    /// Remembers the first failure and stops the case through the web view.
    private func record(_ error: AdapterProcessError) {
        if failure == nil { failure = error }
        process.terminate()
        webView?.interrupt(adapterFailure: error)
    }
}

/// What every hosted case of a testee keeps the same way, bridge or container (`AdapterHost`): the case's web view
/// behind the harness's page, the handler invocations waiting for the harness's answers, and whether the case is
/// over, after which nothing of it reaches the harness.
@MainActor
final class HostedPage {
    private let connection: TesteeConnection
    private var page: TesteeWebView?
    private var responders: [Int: AdapterResponseCallback] = [:]
    private var nextInvocationNumber = 1
    /// Whether the case is over (`end()`): its handlers and callbacks then report nothing.
    private(set) var isEnded = false

    init(connection: TesteeConnection) {
        self.connection = connection
    }

    /// Opens the case's web view with the JS side the harness offers (`attach`).
    func open(bridgeJavaScriptSource source: String) -> TesteeWebView {
        let page = TesteeWebView(connection: connection, bridgeJavaScriptSource: source)
        self.page = page
        return page
    }

    /// Closes the page and drops every invocation waiting for an answer, so nothing of this case reaches the next.
    func end() {
        isEnded = true
        page?.close()
        page = nil
        responders = [:]
    }

    /// Performs a request about the page or an answer to an invocation (section 4 of the spec).
    /// - Returns: False when `request` is neither, for the case to perform.
    /// - Throws: `AdapterFailure` when the harness broke the protocol (no page yet, an unknown invocation).
    func handle(_ request: HarnessMessage) throws -> Bool {
        switch request {
        case let .navigation(_, number, url, mainFrame, navigationType):
            try attachedPage(for: request).decideNavigation(
                number: number, urlString: url, isMainFrame: mainFrame, type: navigationType)
        case .navigationEvent(_, let event):
            try attachedPage(for: request).observe(event)
        case let .scriptMessage(_, name, body):
            try attachedPage(for: request).deliver(name: name, body: body)
        case let .evaluated(_, evaluation, result, error):
            try attachedPage(for: request).complete(evaluation: evaluation, result: result, error: error)
        case let .respond(_, invocation, data):
            guard let respond = responders[invocation] else {
                throw AdapterFailure.protocolViolation(
                    "an answer to handler invocation \(invocation), which is unknown", by: "the harness")
            }
            respond(data?.foundationValue)
        default:
            return false
        }
        return true
    }

    /// The case's page, or a protocol violation when `request` came before `attach`.
    func attachedPage(for request: HarnessMessage) throws(AdapterFailure) -> TesteeWebView {
        guard let page else { throw .protocolViolation("`\(request.type)` before attach", by: "the harness") }
        return page
    }

    /// Numbers an invocation of a handler and keeps `respond` for the harness's answer; nil once the case is over.
    func invocation(answeredBy respond: @escaping AdapterResponseCallback) -> Int? {
        guard !isEnded else { return nil }
        let invocation = nextInvocationNumber
        nextInvocationNumber += 1
        responders[invocation] = respond
        return invocation
    }

    /// The completion that reports a value to the harness's callback `number`, while the case lasts.
    func callback(_ number: Int) -> (Any?) -> Void {
        let connection = self.connection
        return { [weak self] value in
            guard let self, !isEnded else { return }
            connection.send(
                .callbackInvoked(callback: number, data: WireData.handedOver(value, connection: connection)))
        }
    }

    /// `value` as the wire carries it to the harness.
    func handedOver(_ value: Any?) -> WireData? { WireData.handedOver(value, connection: connection) }

    /// Sends `message` to the harness.
    func send(_ message: TesteeMessage) { connection.send(message) }
}

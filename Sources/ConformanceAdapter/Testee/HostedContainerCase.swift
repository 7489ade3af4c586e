/// One hosted case of a container testee (`AdapterHost.serveContainer`): the container requests (ADP-25, ADP-26)
/// and the web view's, with the handler invocations waiting for the harness's answers.
@MainActor
final class HostedContainerCase: HostedSession {
    private let connection: TesteeConnection
    private let adapter: Result<any ContainerAdapter, any Error>
    private var page: TesteeWebView?
    private var responders: [Int: AdapterResponseCallback] = [:]
    private var nextInvocationNumber = 1
    /// Whether the case is over: handlers and completions of its container then report nothing.
    private var isEnded = false

    init(connection: TesteeConnection, adapter: Result<any ContainerAdapter, any Error>) {
        self.connection = connection
        self.adapter = adapter
    }

    func end() {
        (try? adapter.get())?.caseDidEnd()
        isEnded = true
        page?.close()
        page = nil
        responders = [:]
    }

    func handle(_ request: HarnessMessage) throws {
        let adapter: any ContainerAdapter
        do {
            adapter = try self.adapter.get()
        } catch {
            throw AdapterError("the adapter could not be created: \(error)")
        }
        switch request {
        case let .attach(_, source, _):
            let page = TesteeWebView(connection: connection, bridgeJavaScriptSource: source)
            self.page = page
            try adapter.attach(to: page.webView)
        case let .registerContainerHandler(_, handler, action):
            try adapter.register(handler: handler, action: action) { [weak self] params, respond in
                self?.invoked(handler: handler, action: action, params: params, respond: respond)
            }
        case let .sendEvent(_, event, data, completion):
            let connection = self.connection
            try adapter.sendEvent(
                event, data: data?.foundationValue,
                completion: completion.map { number in
                    { [weak self] value in
                        guard let self, !isEnded else { return }
                        connection.send(
                            .callbackInvoked(callback: number, data: WireData.handedOver(value, connection: connection))
                        )
                    }
                })
        case let .textInputPanel(_, panel, prompt, defaultText):
            try attachedPage(for: request).showTextInputPanel(panel, prompt: prompt, defaultText: defaultText)
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
        case .endCase:
            break
        case .registerHandler, .callHandler, .removeHandler, .reset, .disableSafetyTimeout, .setTrafficLogging,
            .syncEvaluated:
            throw AdapterFailure.protocolViolation(
                "`\(request.type)`, a request of a WVJB bridge, to a container testee", by: "the harness")
        }
    }

    private func attachedPage(for request: HarnessMessage) throws(AdapterFailure) -> TesteeWebView {
        guard let page else { throw .protocolViolation("`\(request.type)` before attach", by: "the harness") }
        return page
    }

    private func invoked(handler: String, action: String, params: Any?, respond: @escaping AdapterResponseCallback) {
        guard !isEnded else { return }
        let invocation = nextInvocationNumber
        nextInvocationNumber += 1
        responders[invocation] = respond
        connection.send(
            .containerHandlerInvoked(
                handler: handler, action: action, invocation: invocation,
                data: WireData.handedOver(params, connection: connection)))
    }
}

/// One hosted case of a container testee (`AdapterHost.serveContainer`): the container requests (ADP-25, ADP-26)
/// and the web view's, with the handler invocations waiting for the harness's answers (`HostedPage`).
@MainActor
final class HostedContainerCase: HostedSession {
    private let adapter: Result<any ContainerAdapter, any Error>
    private let page: HostedPage

    init(connection: TesteeConnection, adapter: Result<any ContainerAdapter, any Error>) {
        self.adapter = adapter
        page = HostedPage(connection: connection)
    }

    func end() {
        (try? adapter.get())?.caseDidEnd()
        page.end()
    }

    func handle(_ request: HarnessMessage) throws {
        let adapter: any ContainerAdapter
        do {
            adapter = try self.adapter.get()
        } catch {
            throw AdapterError("the adapter could not be created: \(error)")
        }
        if try page.handle(request) { return }
        switch request {
        case let .attach(_, source, _):
            try adapter.attach(to: page.open(bridgeJavaScriptSource: source).webView)
        case let .registerContainerHandler(_, handler, action):
            let page = self.page
            try adapter.register(handler: handler, action: action) { params, respond in
                guard let invocation = page.invocation(answeredBy: respond) else { return }
                page.send(
                    .containerHandlerInvoked(
                        handler: handler, action: action, invocation: invocation, data: page.handedOver(params)))
            }
        case let .sendEvent(_, event, data, completion):
            try adapter.sendEvent(event, data: data?.foundationValue, completion: completion.map(page.callback))
        case let .textInputPanel(_, panel, prompt, defaultText):
            try page.attachedPage(for: request).showTextInputPanel(panel, prompt: prompt, defaultText: defaultText)
        case .endCase:
            break
        default:
            throw AdapterFailure.protocolViolation(
                "`\(request.type)`, a request of a WVJB bridge, to a container testee", by: "the harness")
        }
    }
}

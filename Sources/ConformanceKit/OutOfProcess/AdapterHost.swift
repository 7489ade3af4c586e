import Foundation

/// Serves a `BridgeAdapter` over the out-of-process protocol (`spec/adapter-protocol.md`), so that a
/// Swift package can expose its implementation to `conformance run --adapter '<command>'` with one call.
///
/// In the `main.swift` of an executable target that depends on `ConformanceKit`:
///
/// ```swift
/// import ConformanceKit
/// import MyBridgeAdapter
///
/// AdapterHost.serve(name: "my-bridge") { MyBridgeAdapter() }
/// ```
///
/// then `conformance run --adapter .build/debug/my-bridge-adapter`. The adapter attaches to a stand-in
/// web view whose evaluations and navigation decisions travel to the harness's page. The implementation's
/// own standard output is moved to standard error, so stray `print`s cannot corrupt the protocol.
public enum AdapterHost {
    /// Speaks the protocol on standard input and output until the harness closes standard input, then
    /// exits. Never returns.
    ///
    /// The harness starts one process per case: `makeAdapter` is called once, before the `hello`.
    /// - Parameters:
    ///   - name: The name the `hello` gives, shown in reports; defaults to the executable's name.
    ///   - makeAdapter: Creates the adapter. When it throws, the first request is answered with the error,
    ///     so the case reports an adapter error that quotes it.
    @MainActor
    public static func serve(name: String? = nil, adapter makeAdapter: @MainActor () throws -> any BridgeAdapter) -> Never {
        // Keep the real standard output for the protocol; everything else printed goes to standard error.
        let protocolOutput = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let input = LineInbox(reading: STDIN_FILENO, name: "harness requests")
        let link = RemoteWebViewLink(output: protocolOutput, input: input)

        let adapter: Result<any BridgeAdapter, any Error> = Result { try makeAdapter() }
        // Sends from any thread need the harness in the same process; version 1 does not carry them (ADP-6).
        let capabilities = ((try? adapter.get().capabilities) ?? []).subtracting(.sendsFromAnyThread)
        link.send(AdapterWireMessage("hello", [
            "protocol": .number(Double(AdapterWireMessage.protocolVersion)),
            "name": .string(name ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "testee"),
            "capabilities": .array(BridgeCapabilities.names.filter { capabilities.contains($0.0) }.map { .string($0.1) }),
        ]))
        let session = HostedSession(link: link, adapter: adapter)
        while true {
            let request = nextMessage(from: input)
            let sequenceNumber = (try? request.integer("seq")) ?? 0
            var done = AdapterWireMessage("done", ["seq": .number(Double(sequenceNumber))])
            do {
                try session.handle(request)
            } catch let error as AdapterProcessError {
                quit(error.message)
            } catch {
                done["error"] = .string("\(error)")
            }
            drainMainQueue()
            link.send(done)
        }
    }

    /// The next request from the harness; exits the process when the harness closed standard input.
    static func nextMessage(from input: LineInbox) -> AdapterWireMessage {
        switch input.next() {
        case .line(let line):
            do {
                return try AdapterWireMessage(line: line)
            } catch {
                quit("the harness sent a line that is not a message: \(error)")
            }
        case .end, .timedOut:
            exit(0)
        }
    }

    /// Ends the process after saying why on standard error.
    static func quit(_ message: String) -> Never {
        FileHandle.standardError.write(Data("conformance adapter host: \(message)\n".utf8))
        exit(65)
    }

    /// Lets work the request put on the main queue run, and the work that work enqueues, three levels
    /// deep, as the harness does between turns in process (ADP-8).
    @MainActor
    private static func drainMainQueue() {
        for _ in 0..<3 {
            nonisolated(unsafe) var reached = false
            DispatchQueue.main.async { reached = true }
            while !reached { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        }
    }
}

/// The adapter and the bookkeeping of one hosted case: handler invocations waiting for answers.
@MainActor
private final class HostedSession {
    private let link: RemoteWebViewLink
    private let adapter: Result<any BridgeAdapter, any Error>
    private var webView: SimulatedWebView?
    private var responders: [Int: AdapterResponseCallback] = [:]
    private var nextInvocationNumber = 1

    init(link: RemoteWebViewLink, adapter: Result<any BridgeAdapter, any Error>) {
        self.link = link
        self.adapter = adapter
    }

    /// Performs one request (section 4 of the spec).
    /// - Throws: What the adapter threw, or `AdapterProcessError` when the harness broke the protocol.
    func handle(_ request: AdapterWireMessage) throws {
        let adapter: any BridgeAdapter
        do {
            adapter = try self.adapter.get()
        } catch {
            throw AdapterError("the adapter could not be created: \(error)")
        }
        switch request.type {
        case "attach":
            let webView = SimulatedWebView(remote: link, bridgeJavaScriptSource: try request.string("bridgeJavaScriptSource"))
            self.webView = webView
            try adapter.attach(to: webView)
        case "registerHandler":
            let name = try request.string("name")
            try adapter.registerHandler(name) { [weak self] data, respond in
                self?.handlerInvoked(name, data: data, respond: respond)
            }
        case "callHandler":
            let callback = try request.optionalInteger("callback")
            let link = self.link
            try adapter.callHandler(try request.string("name"), data: request.foundationData("data"), responseCallback: callback.map { number in
                { answer in link.send(Self.withData(AdapterWireMessage("callbackInvoked", ["callback": .number(Double(number))]), answer, link: link)) }
            })
        case "removeHandler":
            try adapter.removeHandler(try request.string("name"))
        case "reset":
            try adapter.reset()
        case "disableSafetyTimeout":
            try adapter.disableJavscriptAlertBoxSafetyTimeout()
        case "navigation":
            guard let webView else { throw AdapterProcessError.protocolViolation("a navigation before attach", by: "the harness") }
            webView.decideRemoteNavigation(number: try request.integer("navigation"), urlString: try request.string("url"),
                                           isMainFrame: try request.bool("mainFrame"))
        case "evaluated":
            try link.complete(request)
        case "respond":
            let invocation = try request.integer("invocation")
            guard let respond = responders[invocation] else {
                throw AdapterProcessError.protocolViolation("an answer to handler invocation \(invocation), which is unknown", by: "the harness")
            }
            respond(request.foundationData("data"))
        default:
            throw AdapterProcessError.protocolViolation("a request of unknown type `\(request.type)`", by: "the harness")
        }
    }

    private func handlerInvoked(_ name: String, data: Any?, respond: @escaping AdapterResponseCallback) {
        let invocation = nextInvocationNumber
        nextInvocationNumber += 1
        responders[invocation] = respond
        let message = AdapterWireMessage("handlerInvoked", ["handler": .string(name), "invocation": .number(Double(invocation))])
        link.send(Self.withData(message, data, link: link))
    }

    /// `message` with `data` set from what the implementation handed over; a value that is not JSON is
    /// reported as the MSG-3 violation it is and sent as a description.
    private nonisolated static func withData(_ message: AdapterWireMessage, _ data: Any?, link: RemoteWebViewLink) -> AdapterWireMessage {
        var message = message
        do {
            message["data"] = try JSONValue(wireData: data)
        } catch {
            link.forward(.violation(clause: "MSG-3", message: "data the implementation handed over is not a Foundation JSON value: \(error)"))
            message["data"] = .string("<not JSON: \(type(of: data!))>")
        }
        return message
    }
}

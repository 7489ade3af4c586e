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
/// then `conformance run --adapter .build/debug/my-bridge-adapter`. The adapter attaches to a web view
/// whose evaluations and navigation decisions travel to the harness's page. The implementation's own
/// standard output is moved to standard error, so stray `print`s cannot corrupt the protocol, and every
/// line it writes there (`print`, `debugPrint`, `NSLog`) is a native log line of the case, in the order
/// written (`spec/adapter-protocol.md`, ADP-16): no call to `recordNativeLog` is needed.
public enum AdapterHost {
    /// Speaks the protocol on standard input and output until the harness closes standard input, then
    /// exits. Never returns.
    ///
    /// The harness starts one process per case: `makeAdapter` is called once, before the `hello`.
    /// - Parameters:
    ///   - name: The name the `hello` gives, shown in reports; defaults to the executable's name.
    ///   - makeAdapter: Creates the adapter. When it throws, the first request is answered with the error,
    ///     so the case reports an adapter error that quotes it.
    ///
    /// Call it on the main thread, as `main.swift` does. It is not isolated to the main actor, so that
    /// top-level code compiles in Swift 5 language mode (which is not main-actor isolated) as well as in
    /// Swift 6; it enters the main actor itself.
    public static func serve(name: String? = nil, adapter makeAdapter: @MainActor () throws -> any BridgeAdapter) -> Never {
        precondition(Thread.isMainThread, "AdapterHost.serve must be called on the main thread, e.g. from main.swift")
        return MainActor.assumeIsolated { serveOnMainActor(name: name, adapter: makeAdapter) }
    }

    /// `serve(name:adapter:)` on the main actor.
    @MainActor
    private static func serveOnMainActor(name: String?, adapter makeAdapter: @MainActor () throws -> any BridgeAdapter) -> Never {
        // Keep the real standard output for the protocol; everything else printed goes to standard error.
        let protocolOutput = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let connection = TesteeConnection(output: protocolOutput, input: LineInbox(reading: STDIN_FILENO, name: "harness requests"))

        let adapter: Result<any BridgeAdapter, any Error> = Result { try makeAdapter() }
        // Sends from any thread need the harness in the same process; version 1 does not carry them (ADP-6).
        let capabilities = ((try? adapter.get()).map(BridgeCapabilities.init(of:)) ?? []).subtracting(.inProcessOnly)
        connection.send(.hello(
            protocolVersion: AdapterWire.protocolVersion,
            name: name ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "testee",
            capabilities: BridgeCapabilities.names.filter { capabilities.contains($0.0) }.map(\.1) + [AdapterWire.standardErrorMarksCapability]))
        let session = HostedCase(connection: connection, adapter: adapter)
        while true {
            let request = connection.receive()
            guard let seq = request.seq else {
                TesteeConnection.quit("the harness sent `\(request.type)` while no synchronous evaluation was waiting for it")
            }
            var error: String?
            do {
                try session.handle(request)
            } catch let failure as AdapterFailure {
                TesteeConnection.quit(failure.message)
            } catch let thrown {
                error = "\(thrown)"
            }
            // Work the request put on the main queue runs before `done`, as between turns in process (ADP-8).
            MainQueuePump.drainSynchronously(levels: 3)
            connection.send(.done(seq: seq, error: error))
        }
    }
}

/// The adapter of one hosted case and its bookkeeping: handler invocations waiting for answers.
@MainActor
private final class HostedCase {
    private let connection: TesteeConnection
    private let adapter: Result<any BridgeAdapter, any Error>
    private var page: TesteeWebView?
    private var responders: [Int: AdapterResponseCallback] = [:]
    private var nextInvocationNumber = 1

    init(connection: TesteeConnection, adapter: Result<any BridgeAdapter, any Error>) {
        self.connection = connection
        self.adapter = adapter
    }

    /// Performs one request (section 4 of the spec).
    /// - Throws: What the adapter threw, or `AdapterFailure` when the harness broke the protocol.
    func handle(_ request: HarnessMessage) throws {
        let adapter: any BridgeAdapter
        do {
            adapter = try self.adapter.get()
        } catch {
            throw AdapterError("the adapter could not be created: \(error)")
        }
        switch request {
        case .attach(_, let source):
            let page = TesteeWebView(connection: connection, bridgeJavaScriptSource: source)
            self.page = page
            try adapter.attach(to: page.webView)
        case .registerHandler(_, let name):
            try adapter.registerHandler(name) { [weak self] data, respond in
                self?.handlerInvoked(name, data: data, respond: respond)
            }
        case let .callHandler(_, name, data, callback):
            let connection = self.connection
            try adapter.callHandler(name, data: data?.foundationValue, responseCallback: callback.map { number in
                { answer in connection.send(.callbackInvoked(callback: number, data: Self.wireData(answer, connection: connection))) }
            })
        case .removeHandler(_, let name):
            try operation(of: adapter, as: (any SupportsRemoveHandler).self).removeHandler(name)
        case .reset:
            try operation(of: adapter, as: (any SupportsReset).self).reset()
        case .disableSafetyTimeout:
            try operation(of: adapter, as: (any SupportsDisablingSafetyTimeout).self).disableJavscriptAlertBoxSafetyTimeout()
        case let .navigation(_, number, url, mainFrame):
            try attachedPage(for: request).decideNavigation(number: number, urlString: url, isMainFrame: mainFrame)
        case let .evaluated(_, evaluation, result, error):
            try attachedPage(for: request).complete(evaluation: evaluation, result: result, error: error)
        case let .respond(_, invocation, data):
            guard let respond = responders[invocation] else {
                throw AdapterFailure.protocolViolation("an answer to handler invocation \(invocation), which is unknown", by: "the harness")
            }
            respond(data?.foundationValue)
        case .syncEvaluated:
            throw AdapterFailure.protocolViolation("`syncEvaluated` while no synchronous evaluation was waiting for it", by: "the harness")
        }
    }

    private func attachedPage(for request: HarnessMessage) throws(AdapterFailure) -> TesteeWebView {
        guard let page else { throw .protocolViolation("`\(request.type)` before attach", by: "the harness") }
        return page
    }

    private func operation<Capability>(of adapter: any BridgeAdapter, as capability: Capability.Type) throws -> Capability {
        guard let adapter = adapter as? Capability else {
            throw AdapterError("this adapter does not adopt \(capability), and its hello did not offer the operation")
        }
        return adapter
    }

    private func handlerInvoked(_ name: String, data: Any?, respond: @escaping AdapterResponseCallback) {
        let invocation = nextInvocationNumber
        nextInvocationNumber += 1
        responders[invocation] = respond
        connection.send(.handlerInvoked(handler: name, invocation: invocation, data: Self.wireData(data, connection: connection)))
    }

    /// What the implementation handed over, for the wire; a value that is not JSON is reported as the
    /// MSG-3 violation it is and sent as a description.
    private nonisolated static func wireData(_ data: Any?, connection: TesteeConnection) -> WireData? {
        do {
            return try WireData(foundation: data)
        } catch {
            connection.send(.violation(clause: "MSG-3.f", message: "data the implementation handed over is not a Foundation JSON value: \(error)"))
            return WireData(.string("<not JSON: \(data.map { "\(type(of: $0))" } ?? "nil")>"))
        }
    }
}

import ConformanceObligations
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
    /// The harness may start one process per case or keep one for the whole run (the `hello` offers
    /// `persistent`, ADP-17): `makeAdapter` is called before the `hello`, for the first case, and again
    /// for each case after the harness ends one (`endCase`), so that every case has a fresh adapter,
    /// bridge and page. The adapter of a case that ends gets `caseDidEnd()`; its page then sends nothing
    /// more. State the implementation keeps elsewhere (statics, singletons) is its own: it outlives the
    /// case, as it does in an app; `conformance run --testee-lifetime case` runs each case in a fresh process.
    /// - Parameters:
    ///   - name: The name the `hello` gives, shown in reports; defaults to the executable's name.
    ///   - makeAdapter: Creates the adapter. When it throws, the first request is answered with the error,
    ///     so the case reports an adapter error that quotes it.
    ///
    /// Call it on the main thread, as `main.swift` does. It is not isolated to the main actor, so that
    /// top-level code compiles in Swift 5 language mode (which is not main-actor isolated) as well as in
    /// Swift 6; it enters the main actor itself.
    public static func serve(name: String? = nil, adapter makeAdapter: @MainActor () throws -> any BridgeAdapter)
        -> Never
    {
        serve(name: name, offeringPersistent: true, adapter: makeAdapter)
    }

    /// `serve(name:adapter:)`, with a `hello` that offers `persistent` or, like a testee written before
    /// ADP-17, does not (the kit's tests check that the harness then starts a process per case).
    /// - Parameters:
    ///   - name: The name the `hello` gives.
    ///   - offeringPersistent: Whether the `hello` offers `persistent` (ADP-17).
    ///   - makeAdapter: Creates each case's adapter.
    package static func serve(
        name: String?, offeringPersistent: Bool, adapter makeAdapter: @MainActor () throws -> any BridgeAdapter
    ) -> Never {
        precondition(Thread.isMainThread, "AdapterHost.serve must be called on the main thread, e.g. from main.swift")
        return MainActor.assumeIsolated {
            serveOnMainActor(name: name, offeringPersistent: offeringPersistent, adapter: makeAdapter)
        }
    }

    /// Serves a `ContainerAdapter` (the messageHandler container, `spec/container.md`) as `serve(name:adapter:)`
    /// serves a bridge: for `--profile container` runs out of process. Never returns.
    ///
    ///     AdapterHost.serveContainer(name: "my-container") { MyContainerAdapter() }
    ///
    /// Handlers of the harness's cases that throw need the container in the harness's process: out of process,
    /// the cases that use them are not applicable.
    /// - Parameters:
    ///   - name: The name the `hello` gives; defaults to the executable's name.
    ///   - makeAdapter: Creates each case's adapter.
    public static func serveContainer(
        name: String? = nil, adapter makeAdapter: @MainActor () throws -> any ContainerAdapter
    )
        -> Never
    {
        precondition(
            Thread.isMainThread, "AdapterHost.serveContainer must be called on the main thread, e.g. from main.swift")
        return MainActor.assumeIsolated {
            let (connection, name) = openConnection(name: name)
            let adapter: Result<any ContainerAdapter, any Error> = Result { try makeAdapter() }
            let synchronous = (try? adapter.get()) is any SupportsSynchronousCalls
            let capabilities =
                [
                    AdapterWire.containerCapability, AdapterWire.webViewCapability,
                    AdapterWire.standardErrorMarksCapability,
                    AdapterWire.persistentCapability,
                ] + (synchronous ? [AdapterWire.synchronousCallsCapability] : [])
            connection.send(
                .hello(protocolVersion: AdapterWire.protocolVersion, name: name, capabilities: capabilities))
            serveRequests(on: connection, first: HostedContainerCase(connection: connection, adapter: adapter)) {
                HostedContainerCase(connection: connection, adapter: Result { try makeAdapter() })
            }
        }
    }

    /// Opens the protocol on standard input and output (standard output moved to standard error for everything
    /// else), and the name the `hello` gives.
    @MainActor
    private static func openConnection(name: String?) -> (TesteeConnection, String) {
        // A trap inside the kit's own code says so on standard error, for the harness (KitCode).
        KitCode.installTrapNote(for: .harness)
        // Keep the real standard output for the protocol; everything else printed goes to standard error.
        let protocolOutput = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let connection = TesteeConnection(output: protocolOutput, input: LineReader(reading: STDIN_FILENO))
        return (
            connection,
            name ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "testee"
        )
    }

    /// `serve(name:adapter:)` on the main actor.
    @MainActor
    private static func serveOnMainActor(
        name: String?, offeringPersistent: Bool, adapter makeAdapter: @MainActor () throws -> any BridgeAdapter
    ) -> Never {
        let (connection, name) = openConnection(name: name)
        let adapter: Result<any BridgeAdapter, any Error> = Result { try makeAdapter() }
        // Sends from any thread need the harness in the same process; version 1 does not carry them (ADP-6).
        let capabilities = ((try? adapter.get()).map(BridgeCapabilities.init(of:)) ?? []).subtracting(.inProcessOnly)
        connection.send(
            .hello(
                protocolVersion: AdapterWire.protocolVersion, name: name,
                capabilities: BridgeCapabilities.names.filter { capabilities.contains($0.0) }.map(\.1)
                    + [AdapterWire.standardErrorMarksCapability]
                    + (offeringPersistent ? [AdapterWire.persistentCapability] : [])))
        serveRequests(on: connection, first: HostedCase(connection: connection, adapter: adapter)) {
            HostedCase(connection: connection, adapter: Result { try makeAdapter() })
        }
    }

    /// Reads and performs requests until the harness closes standard input: each case in `first`, then in one
    /// `makeCase` makes after each `endCase`.
    @MainActor
    private static func serveRequests(
        on connection: TesteeConnection, first: any HostedSession, makeCase: () -> any HostedSession
    ) -> Never {
        // The current case; nil between `endCase` and the next case's first request, which makes a fresh one.
        var hosted: (any HostedSession)? = first
        while true {
            let request = connection.receive()
            guard let seq = request.seq else {
                TesteeConnection.quit(
                    "the harness sent `\(request.type)` while no synchronous evaluation was waiting for it")
            }
            var error: String?
            if case .endCase = request {
                hosted?.end()
                hosted = nil
            } else {
                let session = hosted ?? makeCase()
                hosted = session
                do {
                    try session.handle(request)
                } catch let failure as AdapterFailure {
                    TesteeConnection.quit(failure.message)
                } catch let thrown {
                    error = "\(thrown)"
                }
            }
            // Work the request put on the main queue runs before `done`, as between turns in process (ADP-8).
            MainQueuePump.drainSynchronously(levels: 3)
            connection.send(.done(seq: seq, error: error))
        }
    }
}

/// One hosted case of a testee: it performs the case's requests, and ends when the harness ends it.
@MainActor
protocol HostedSession: AnyObject {
    /// Performs one request.
    /// - Throws: What the adapter threw, or `AdapterFailure` when the harness broke the protocol.
    func handle(_ request: HarnessMessage) throws
    /// Ends the case (ADP-17).
    func end()
}

/// The adapter of one hosted case; its page and the handler invocations waiting for answers are a `HostedPage`.
@MainActor
private final class HostedCase: HostedSession {
    private let adapter: Result<any BridgeAdapter, any Error>
    private let page: HostedPage

    init(connection: TesteeConnection, adapter: Result<any BridgeAdapter, any Error>) {
        self.adapter = adapter
        page = HostedPage(connection: connection)
    }

    /// Ends the case (ADP-17): the adapter gets `caseDidEnd()`, then the page closes and every
    /// invocation waiting for an answer is dropped, so nothing of this case reaches the next one.
    func end() {
        (try? adapter.get())?.caseDidEnd()
        page.end()
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
        if try page.handle(request) { return }
        switch request {
        case let .attach(_, source, appNavigationDelegate):
            let opened = page.open(bridgeJavaScriptSource: source)
            // The app sets its own delegate before it creates the bridge (ADP-20).
            if appNavigationDelegate { opened.webView.installAppNavigationDelegate() }
            try adapter.attach(to: opened.webView)
        case .registerHandler(_, let name):
            let page = self.page
            try adapter.registerHandler(name) { data, respond in
                guard let invocation = page.invocation(answeredBy: respond) else { return }
                page.send(.handlerInvoked(handler: name, invocation: invocation, data: page.handedOver(data)))
            }
        case let .callHandler(_, name, data, callback):
            try adapter.callHandler(name, data: data?.foundationValue, responseCallback: callback.map(page.callback))
        case .removeHandler(_, let name):
            try operation(of: adapter, as: (any SupportsRemoveHandler).self).removeHandler(name)
        case .reset:
            try operation(of: adapter, as: (any SupportsReset).self).reset()
        case .disableSafetyTimeout:
            try operation(of: adapter, as: (any SupportsDisablingSafetyTimeout).self)
                .disableJavscriptAlertBoxSafetyTimeout()
        case .setTrafficLogging(_, let enabled):
            try operation(of: adapter, as: (any SupportsTrafficLogging).self).setTrafficLogging(enabled)
        case .syncEvaluated:
            throw AdapterFailure.protocolViolation(
                "`syncEvaluated` while no synchronous evaluation was waiting for it", by: "the harness")
        case .endCase:
            // `serve` ends the case itself.
            break
        case .registerContainerHandler, .sendEvent, .textInputPanel:
            throw AdapterFailure.protocolViolation(
                "`\(request.type)`, a request of the `\(AdapterWire.containerCapability)` capability, which its hello did not offer",
                by: "the harness")
        default:
            // The page's requests and the answers, which `HostedPage` performed above.
            break
        }
    }

    private func operation<Capability>(of adapter: any BridgeAdapter, as capability: Capability.Type) throws
        -> Capability
    {
        guard let adapter = adapter as? Capability else {
            throw AdapterError("this adapter does not adopt \(capability), and its hello did not offer the operation")
        }
        return adapter
    }
}

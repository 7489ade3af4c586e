import ConformanceAdapter
import Foundation
import ReferenceBridgeCore
import WireDialects

/// The adapter that runs the reference bridge under the harness: `conformance run --adapter reference`.
@MainActor
public final class ReferenceBridgeAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout,
    SupportsSendsFromAnyThread, SupportsTrafficLogging, SupportsThrowingHandlers
{
    /// The bridge, once attached.
    public private(set) var bridge: ReferenceBridge?
    private let evaluationStyle: ReferenceBridge.EvaluationStyle
    private let dialect: WireDialect

    /// Creates the adapter.
    /// - Parameter evaluationStyle: Whether the bridge evaluates like WKWebView or like UIWebView.
    public convenience init(evaluationStyle: ReferenceBridge.EvaluationStyle = .asynchronous) {
        self.init(evaluationStyle: evaluationStyle, dialect: .canonical)
    }

    /// Creates the adapter of the reference bridge that speaks `dialect`.
    /// - Parameters:
    ///   - evaluationStyle: Whether the bridge evaluates like WKWebView or like UIWebView.
    ///   - dialect: The wire the bridge speaks.
    public init(evaluationStyle: ReferenceBridge.EvaluationStyle = .asynchronous, dialect: WireDialect) {
        self.evaluationStyle = evaluationStyle
        self.dialect = dialect
    }

    /// Creates the reference bridge for `webView` and makes it the navigation delegate.
    public func attach(to webView: SimulatedWebView) throws {
        bridge = ReferenceBridge(
            webView: webView, evaluationStyle: evaluationStyle, javascriptSource: nil, dialect: dialect)
    }

    /// Registers a native handler on the bridge.
    public func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try attached().core.registerHandler(name) { data, respond in handler(data, Self.answeringOnMainThread(respond))
        }
    }

    /// Registers a native handler that may throw: the bridge logs what it throws and goes on (FLUSH-8).
    public func registerThrowingHandler(_ name: String, handler: @escaping AdapterThrowingHandler) throws {
        try attached().core.registerHandler(name) { data, respond in
            try handler(data, Self.answeringOnMainThread(respond))
        }
    }

    /// Calls a JS handler through the bridge.
    public func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try attached().core.callHandler(name, data: data, responseCallback: responseCallback)
    }

    /// Removes a native handler from the bridge.
    public func removeHandler(_ name: String) throws {
        try attached().core.removeHandler(name)
    }

    /// Resets the bridge (startup queue re-armed, callbacks dropped, handlers kept).
    public func reset() throws {
        try attached().core.reset()
    }

    /// Switches the bridge's `WVJB SEND:` / `WVJB RCVD:` logging (LOG-7).
    public func setTrafficLogging(_ enabled: Bool) throws {
        try attached().core.logsTraffic = enabled
    }

    /// Sends the message that switches the JS side to synchronous dispatch.
    public func disableJavscriptAlertBoxSafetyTimeout() throws {
        try attached().core.disableJavscriptAlertBoxSafetyTimeout()
    }

    /// Sends from any thread by hopping to the main queue without waiting (THR-2, THR-3): the core is
    /// used on the main thread only.
    public func backgroundSend() -> BackgroundSend {
        let bridge = self.bridge
        return { name, data in
            // Handed over to the main queue, where alone it is used; the sending thread keeps no use of it.
            nonisolated(unsafe) let data = data
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    bridge?.core.callHandler(name, data: data, responseCallback: nil)
                }
            }
        }
    }

    /// `respond`, callable from any thread (THR-2): on the main thread it answers at once; on another it
    /// hops to the main queue without waiting (THR-3), which keeps the order of one thread's answers.
    private nonisolated static func answeringOnMainThread(_ respond: @escaping AdapterResponseCallback)
        -> AdapterResponseCallback
    {
        // The responder and each answer are used on the main queue only: handed over, never shared.
        nonisolated(unsafe) let respond = respond
        return { answer in
            if isOnMainQueue { return respond(answer) }
            nonisolated(unsafe) let answer = answer
            DispatchQueue.main.async { respond(answer) }
        }
    }

    /// Marks the main queue, so that a block of the main queue run on another thread counts as main.
    private nonisolated static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller is on the main queue. In an app, `Thread.isMainThread`; under swift-testing on
    /// Linux, pool threads drain the main queue, so its blocks are recognised by the queue's mark.
    private nonisolated static var isOnMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    private func attached() throws -> ReferenceBridge {
        guard let bridge else { throw AdapterError("the reference bridge is not attached yet: call attach(to:) first") }
        return bridge
    }
}

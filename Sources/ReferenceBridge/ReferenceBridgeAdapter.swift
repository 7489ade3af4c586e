import ConformanceKit
import ReferenceBridgeCore

/// The adapter that runs the reference bridge under the harness: `conformance run --adapter reference`.
@MainActor
public final class ReferenceBridgeAdapter: BridgeAdapter {
    /// Everything: the reference implements every operation.
    public let capabilities: BridgeCapabilities
    /// The bridge, once attached.
    public private(set) var bridge: ReferenceBridge?
    private let evaluationStyle: ReferenceBridge.EvaluationStyle
    private let faults: Set<BridgeFault>
    private let glueFaults: Set<GlueFault>
    private let afterAttach: (@MainActor (ReferenceBridge) -> Void)?

    /// Creates the adapter.
    /// - Parameter evaluationStyle: Whether the bridge evaluates like WKWebView or like UIWebView.
    public convenience init(evaluationStyle: ReferenceBridge.EvaluationStyle = .asynchronous) {
        self.init(evaluationStyle: evaluationStyle, faults: [], glueFaults: [], afterAttach: nil)
    }

    /// Creates an adapter for a broken variant of the reference (the kit's mutants).
    package init(
        evaluationStyle: ReferenceBridge.EvaluationStyle, faults: Set<BridgeFault>, glueFaults: Set<GlueFault>,
        afterAttach: (@MainActor (ReferenceBridge) -> Void)?
    ) {
        self.evaluationStyle = evaluationStyle
        self.faults = faults
        self.glueFaults = glueFaults
        self.afterAttach = afterAttach
        var capabilities = BridgeCapabilities.allOperations
        if evaluationStyle == .synchronous { capabilities.insert(.synchronousEvaluation) }
        self.capabilities = capabilities
    }

    /// Creates the reference bridge for `webView` and makes it the navigation delegate.
    public func attach(to webView: SimulatedWebView) throws {
        let bridge = ReferenceBridge(
            webView: webView, evaluationStyle: evaluationStyle, javascriptSource: nil, faults: faults, glueFaults: glueFaults)
        self.bridge = bridge
        afterAttach?(bridge)
    }

    /// Registers a native handler on the bridge.
    public func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try attached().core.registerHandler(name, handler: handler)
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

    /// Sends the message that switches the JS side to synchronous dispatch.
    public func disableJavscriptAlertBoxSafetyTimeout() throws {
        try attached().core.disableJavscriptAlertBoxSafetyTimeout()
    }

    private func attached() throws -> ReferenceBridge {
        guard let bridge else { throw AdapterError("the reference bridge is not attached yet: call attach(to:) first") }
        return bridge
    }
}

import ConformanceKit
import Foundation
import ReferenceBridgeCore

/// Data handed to `callHandlerFromAnyThread` on its way to the main thread, where alone it is used.
private struct UncheckedData: @unchecked Sendable {
    let value: Any?
    init(_ value: Any?) { self.value = value }
}

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
    private let threadingFault: ThreadingFault?
    /// Read off the main thread by the `evaluatesOnCallingThread` mutant only; set once in `attach`.
    private nonisolated(unsafe) var webViewForThreadingFaults: SimulatedWebView?

    /// Creates the adapter.
    /// - Parameter evaluationStyle: Whether the bridge evaluates like WKWebView or like UIWebView.
    public convenience init(evaluationStyle: ReferenceBridge.EvaluationStyle = .asynchronous) {
        self.init(evaluationStyle: evaluationStyle, faults: [], glueFaults: [], afterAttach: nil)
    }

    /// Creates an adapter for a broken variant of the reference (the kit's mutants).
    package init(
        evaluationStyle: ReferenceBridge.EvaluationStyle, faults: Set<BridgeFault>, glueFaults: Set<GlueFault>,
        afterAttach: (@MainActor (ReferenceBridge) -> Void)?,
        threadingFault: ThreadingFault? = nil
    ) {
        self.threadingFault = threadingFault
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
        webViewForThreadingFaults = webView
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

    /// Hops to the main queue without waiting and sends from there (THR-2).
    public nonisolated func callHandlerFromAnyThread(_ name: String, data: Any?) throws {
        let message = UncheckedData(data)
        switch threadingFault {
        case nil:
            break
        case .waitsForMainThread?:
            DispatchQueue.main.sync {}  // the canonical synchronous hop (upstream issue 377)
        case .evaluatesOnCallingThread?:
            let json = (try? JSONSerialization.data(withJSONObject: ["handlerName": name, "data": data ?? NSNull()])) ?? Data()
            webViewForThreadingFaults?.evaluateJavaScript(
                MessageEscaper.handleMessageCommand(forMessageJSON: String(decoding: json, as: UTF8.self)))
            return
        }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.bridge?.core.callHandler(name, data: message.value, responseCallback: nil)
            }
        }
    }

    private func attached() throws -> ReferenceBridge {
        guard let bridge else { throw AdapterError("the reference bridge is not attached yet: call attach(to:) first") }
        return bridge
    }
}

/// Threading defects of the reference adapter's `callHandlerFromAnyThread`, for the kit's mutants.
package enum ThreadingFault: Sendable {
    /// Blocks the calling thread with `DispatchQueue.main.sync` before sending, as canonical WVJB does.
    case waitsForMainThread
    /// Evaluates the message on the calling thread instead of the main thread.
    case evaluatesOnCallingThread
}

@testable import ConformanceKit

/// An adapter that sets the app's own navigation delegate on the web view before the adapter it wraps
/// attaches, as an app sets its delegate before it creates its bridge (BOOT-9); in process and out of
/// process alike (ADP-20), since a case has no step of its own before the runner attaches.
@MainActor
final class AppDelegateFirstAdapter: BridgeAdapter, DeclaresCapabilities, FinishesBeforeJudgement {
    /// The adapter that attaches after the app's delegate is set.
    let inner: any BridgeAdapter

    init(_ inner: any BridgeAdapter) { self.inner = inner }

    var declaredCapabilities: BridgeCapabilities { BridgeCapabilities(of: inner) }

    func attach(to webView: SimulatedWebView) throws {
        webView.installAppNavigationDelegate()
        try inner.attach(to: webView)
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try inner.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try inner.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func finishBeforeJudgement() throws {
        try (inner as? any FinishesBeforeJudgement)?.finishBeforeJudgement()
    }

    func caseDidEnd() { inner.caseDidEnd() }
}

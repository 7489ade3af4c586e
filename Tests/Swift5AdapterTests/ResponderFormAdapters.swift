// Adapters for bridges whose handlers get a responder in another form than the canonical escaping one.
import ConformanceKit

/// The typical port with handlers whose responder is nil when JS sent no `callbackId`: the adapter hands
/// the harness's handler a no-op in its place (spec FLUSH-7 allows a nil responder there).
final class OptionalResponderPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private var bridge: TypicalBridge!

    func attach(to webView: SimulatedWebView) throws {
        bridge = TypicalBridge(webView: webView)
    }

    // A responder that is nil when JS sent no callbackId (FLUSH-7 allows it: there is nothing to answer):
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(
            name, optionalResponderHandler: { data, responder in handler(data, responder ?? { _ in }) })
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func removeHandler(_ name: String) throws { bridge.removeHandler(name) }

    func reset() throws { bridge.reset() }

    func disableJavscriptAlertBoxSafetyTimeout() throws { bridge.disableJavscriptAlertBoxSafetyTimeout() }
}

/// The typical port with handlers whose responder is non-escaping: the adapter lends the harness's
/// handler an escaping responder for as long as the bridge's is valid.
final class NonEscapingResponderPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private var bridge: TypicalBridge!
    private var webView: SimulatedWebView!

    func attach(to webView: SimulatedWebView) throws {
        self.webView = webView
        bridge = TypicalBridge(webView: webView)
    }

    // A non-escaping responder, valid only while the handler runs: the kit lends the handler an escaping one
    // (the adapter keeps the web view `attach(to:)` got).
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        let webView = self.webView!
        bridge.registerHandler(
            name,
            synchronousHandler: { data, respond in
                webView.lendResponder(respond) { responder in handler(data, responder) }
            })
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func removeHandler(_ name: String) throws { bridge.removeHandler(name) }

    func reset() throws { bridge.reset() }

    func disableJavscriptAlertBoxSafetyTimeout() throws { bridge.disableJavscriptAlertBoxSafetyTimeout() }
}

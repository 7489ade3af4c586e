// This file is the whole adapter for a typical Swift 5 port of WebViewJavascriptBridge.
import ConformanceKit

final class TypicalPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset, SupportsDisablingSafetyTimeout {
    private var bridge: TypicalBridge!

    func attach(to webView: SimulatedWebView) throws {
        bridge = TypicalBridge(webView: webView)
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func removeHandler(_ name: String) throws { bridge.removeHandler(name) }

    func reset() throws { bridge.reset() }

    func disableJavscriptAlertBoxSafetyTimeout() throws { bridge.disableJavscriptAlertBoxSafetyTimeout() }
}

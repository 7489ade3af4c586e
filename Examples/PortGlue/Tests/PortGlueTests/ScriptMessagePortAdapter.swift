import ConformanceKit
import ScriptMessagePort
import SimulatedWebKit

/// ScriptMessagePort's adapter, for a run in the wkwvjb profile. The port injects its own embedded JS side; it is not
/// the web view's navigation delegate, so the app's stays where the case put it.
final class ScriptMessagePortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset {
    private var bridge: WKWebViewJavascriptBridge!

    func attach(to webView: SimulatedWebView) throws {
        bridge = WKWebViewJavascriptBridge(webView: webView.wkWebView)
        bridge.logger = webView.recordNativeLog
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.register(handlerName: name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.call(handlerName: name, data: data, callback: responseCallback)
    }

    func removeHandler(_ name: String) throws { bridge.remove(handlerName: name) }

    func reset() throws { bridge.reset() }
}

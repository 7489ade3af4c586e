import ConformanceKit
import InitDelegatePort
import SimulatedWebKit

/// InitDelegatePort's adapter. The port injects its own embedded JS side, and takes the app's navigation delegate in
/// its initializer: the adapter hands over the case's, as the app would.
final class InitDelegatePortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private var bridge: JavascriptBridge!

    func attach(to webView: SimulatedWebView) throws {
        bridge = JavascriptBridge(webView: webView.wkWebView, delegate: webView.wkAppNavigationDelegate)
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

    func disableJavscriptAlertBoxSafetyTimeout() throws { bridge.disableJavscriptAlertBoxSafetyTimeout() }
}

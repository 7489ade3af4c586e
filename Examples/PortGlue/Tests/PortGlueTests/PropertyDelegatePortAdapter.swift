import ConformanceKit
import PropertyDelegatePort
import SimulatedWebKit

/// PropertyDelegatePort's adapter. The port injects its own JS side, read from its bundle (the adapter does not hand
/// it `webView.bridgeJavaScriptSource`), and takes the app's navigation delegate by property: the adapter hands over
/// the case's, as the app would.
final class PropertyDelegatePortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private var bridge: WKWebViewJavascriptBridge!

    func attach(to webView: SimulatedWebView) throws {
        bridge = WKWebViewJavascriptBridge(webView: webView.wkWebView)
        bridge.webViewDelegate = webView.wkAppNavigationDelegate
        bridge.logger = webView.recordNativeLog
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

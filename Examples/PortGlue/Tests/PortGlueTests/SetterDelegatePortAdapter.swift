import ConformanceKit
import SetterDelegatePort
import SimulatedWebKit

/// SetterDelegatePort's adapter. The port injects its own embedded JS side, and takes the app's navigation delegate
/// with `setWebViewDelegate(_:)`: the adapter hands over the case's, as the app would.
final class SetterDelegatePortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private var bridge: WebViewJavascriptBridge!

    func attach(to webView: SimulatedWebView) throws {
        bridge = WebViewJavascriptBridge.bridge(forWebView: webView.wkWebView)
        bridge.setWebViewDelegate(webView.wkAppNavigationDelegate)
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

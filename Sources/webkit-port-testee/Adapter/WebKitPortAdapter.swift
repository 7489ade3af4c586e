import ConformanceAdapter
import SimulatedWebKit
import WebKitStylePort

/// The whole adapter of the WebKit-style test port: its bridge attaches to the case's web view in WebKit's shape.
public final class WebKitPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private var bridge: WKWebViewJavascriptBridge!
    public init() {}
    public func attach(to webView: SimulatedWebView) throws {
        bridge = WKWebViewJavascriptBridge(for: webView.wkWebView, javascript: webView.bridgeJavaScriptSource)
        bridge.logger = webView.recordNativeLog
    }
    public func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }
    public func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }
    public func removeHandler(_ name: String) throws { bridge.removeHandler(name) }
    public func reset() throws { bridge.reset() }
    public func disableJavscriptAlertBoxSafetyTimeout() throws { bridge.disableJavscriptAlertBoxSafetyTimeout() }
}

import ConformanceAdapter
import SimulatedWebKit
import WKWVJBPort

/// The whole adapter of the wkwvjb-dialect test port: `conformance run --profile wkwvjb --adapter <its testee>`.
public final class WKWVJBPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset {
    private var bridge: WKWebViewJavascriptBridge!
    public init() {}
    public func attach(to webView: SimulatedWebView) throws {
        bridge = WKWebViewJavascriptBridge(webView: webView.wkWebView, javascript: webView.bridgeJavaScriptSource)
        bridge.logger = webView.recordNativeLog
    }
    public func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }
    public func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, callback: responseCallback)
    }
    public func removeHandler(_ name: String) throws { bridge.removeHandler(name) }
    public func reset() throws { bridge.reset() }
}

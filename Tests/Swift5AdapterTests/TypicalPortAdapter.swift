// This file is the whole adapter for a typical Swift 5 port of WebViewJavascriptBridge.
import ConformanceAdapter  // or ConformanceKit, which re-exports it, in a test target

public final class TypicalPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private var bridge: TypicalBridge!

    public init() {}

    public func attach(to webView: SimulatedWebView) throws {
        bridge = TypicalBridge(webView: webView)
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

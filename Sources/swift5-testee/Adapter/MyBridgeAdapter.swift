// The adapter of the Swift 5 testee, named as the README's `main.swift` names it.
import ConformanceAdapter

/// Forwards the protocol's three required operations to `MyBridge`, compiled in Swift 5 language mode.
public final class MyBridgeAdapter: BridgeAdapter {
    private var bridge: MyBridge!

    /// Creates the adapter; the bridge is made on `attach(to:)`.
    public init() {}

    /// Creates the bridge on `webView`.
    public func attach(to webView: SimulatedWebView) throws {
        bridge = MyBridge(webView: webView)
    }

    /// Registers `handler` with the bridge.
    public func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }

    /// Calls the JS handler `name` through the bridge.
    public func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }
}

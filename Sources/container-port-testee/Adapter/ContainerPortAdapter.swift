import ConformanceAdapter
import HybridContainerPort
import SimulatedWebKit

/// The whole adapter of the container-style test port: its container on the case's web view in WebKit's shape.
public final class ContainerPortAdapter: ContainerAdapter, SupportsSynchronousCalls {
    private var container: HybridContainer!
    public init() {}
    public func attach(to webView: SimulatedWebView) throws { container = HybridContainer(webView: webView.wkWebView) }
    public func register(handler: String, action: String, body: @escaping ContainerHandler) throws {
        container.register(handler, action, handler: body)
    }
    public func sendEvent(_ eventID: String, data: Any?, completion: ((Any?) -> Void)?) throws {
        container.fire(eventID, data, completion: completion)
    }
}

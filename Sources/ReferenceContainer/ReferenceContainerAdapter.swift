import ConformanceAdapter
import SimulatedWebKit

/// The reference container behind the harness's `ContainerAdapter`: `--profile container --adapter reference`.
public final class ReferenceContainerAdapter: ContainerAdapter, SupportsSynchronousCalls {
    private var container: ContainerBridge?

    /// An adapter; the container is made when the case attaches it.
    public init() {}

    public func attach(to webView: SimulatedWebView) throws {
        container = ContainerBridge(webView: webView.wkWebView, javaScriptSource: webView.bridgeJavaScriptSource)
    }

    public func register(handler: String, action: String, body: @escaping ContainerHandler) throws {
        container?.register(handler: handler, action: action, body: body)
    }

    public func sendEvent(_ eventID: String, data: Any?, completion: ((Any?) -> Void)?) throws {
        container?.sendEvent(eventID, data: data, completion: completion)
    }
}

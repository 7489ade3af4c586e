import ConformanceKit
import SimulatedWebKit

/// Runs `WebKitGlueBridge` on the case's web view in WebKit's shape (`SimulatedWebView.wkWebView`), with one
/// glue defect or none.
@MainActor
package final class WebKitGlueBridgeAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private let defect: WebKitGlueDefect?
    private var bridge: WebKitGlueBridge?

    package init(defect: WebKitGlueDefect?) {
        self.defect = defect
    }

    package func attach(to webView: SimulatedWebView) throws {
        bridge = WebKitGlueBridge(
            webView: webView.wkWebView, javascript: webView.bridgeJavaScriptSource,
            log: { [weak webView] in webView?.recordNativeLog($0) }, defect: defect)
    }

    package func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try attached().core.registerHandler(name) { data, respond in handler(data, respond) }
    }

    package func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try attached().core.callHandler(name, data: data, responseCallback: responseCallback)
    }

    package func removeHandler(_ name: String) throws { try attached().core.removeHandler(name) }

    package func reset() throws { try attached().core.reset() }

    package func disableJavscriptAlertBoxSafetyTimeout() throws {
        try attached().core.disableJavscriptAlertBoxSafetyTimeout()
    }

    private func attached() throws -> WebKitGlueBridge {
        guard let bridge else { throw AdapterError("the glue bridge is not attached yet") }
        return bridge
    }
}

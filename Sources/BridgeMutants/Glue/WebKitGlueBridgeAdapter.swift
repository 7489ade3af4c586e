import ConformanceKit
import SimulatedWebKit

/// Runs `WebKitGlueBridge` on the case's web view in WebKit's shape (`SimulatedWebView.wkWebView`), with one
/// glue defect or none, or (for a port with several defects, `MutantCombination`) several glue defects and native
/// defects at the web-view seam (`DefectivePage`: the scripts evaluated, fetch results, decisions, log lines).
@MainActor
package final class WebKitGlueBridgeAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private let defects: Set<WebKitGlueDefect>
    /// Native defects at the web-view seam, applied by `page`; nil for none.
    private let pageDefect: Defect?
    private var bridge: WebKitGlueBridge?
    /// The page in front of the case's web view that applies `pageDefect`, once attached.
    private var page: DefectivePage?

    /// The glue with `defect`, or with none.
    package init(defect: WebKitGlueDefect?) {
        defects = defect.map { [$0] } ?? []
        pageDefect = nil
    }

    /// The glue with every one of `defects`, attached through a page that applies `pageDefect`'s web-view hooks.
    init(defects: Set<WebKitGlueDefect>, pageDefect: Defect?) {
        self.defects = defects
        self.pageDefect = pageDefect
    }

    package func attach(to webView: SimulatedWebView) throws {
        var attached = webView
        if let pageDefect {
            let page = DefectivePage(wrapping: webView, defect: pageDefect)
            self.page = page
            attached = page.webView
        }
        bridge = WebKitGlueBridge(
            webView: attached.wkWebView, javascript: webView.bridgeJavaScriptSource,
            log: { [weak attached] in attached?.recordNativeLog($0) }, defects: defects)
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

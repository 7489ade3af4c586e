import ConformanceKit
import Dispatch
import ReferenceBridgeCore
import SimulatedWebKit
import WireDialects

/// A correct bridge in the wkwvjb dialect written the way real ports of that dialect are, unlike the reference:
/// its glue holds the web view strongly, adds its two script message handlers through the web view's user
/// content controller (a weak proxy in front of it), evaluates with `DispatchQueue.main.async` around every
/// call, injects its own copy of the JS side, and removes its handlers in its `deinit`, which runs after its
/// case is over. Everything it does is allowed; it must pass every case the reference passes, and nothing it
/// does after its case may trap or reach another case.
@MainActor
package final class ScriptMessagePortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset {
    private let injectsAtDocumentStart: Bool
    private var bridge: ScriptMessagePort?

    /// Creates the adapter; the bridge comes with `attach(to:)`.
    /// - Parameter injectsAtDocumentStart: Whether the port also injects its JS side as a user script at document
    ///   start, before the page's own script, and ends that script by posting the inject message itself (the page's
    ///   setup snippet finds the bridge in and posts nothing): the native side still answers each inject message
    ///   with an evaluation of the JS side, which returns at once into a page that has it, and sends its startup
    ///   queue in that evaluation's completion. Allowed too: the kit must recognise what such a port did.
    package init(injectsAtDocumentStart: Bool = false) {
        self.injectsAtDocumentStart = injectsAtDocumentStart
    }

    /// Creates the port's bridge on the case's web view in WebKit's shape.
    package func attach(to webView: SimulatedWebView) throws {
        let javascript = OwnJavaScriptSideAdapter.Copy.reformatted.rewrite(webView.bridgeJavaScriptSource)
        bridge = ScriptMessagePort(webView: webView.wkWebView, javascript: javascript, log: webView.recordNativeLog)
        if injectsAtDocumentStart {
            webView.wkWebView.configuration.userContentController.addUserScript(
                WKUserScript(
                    source: DocumentStartCopy.source(of: javascript, in: .wkwvjb),
                    injectionTime: .atDocumentStart, forMainFrameOnly: true))
        }
    }

    package func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try attached().core.registerHandler(name) { data, respond in handler(data) { respond($0) } }
    }

    package func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try attached().core.callHandler(name, data: data, responseCallback: responseCallback)
    }

    package func removeHandler(_ name: String) throws { try attached().core.removeHandler(name) }

    package func reset() throws { try attached().core.reset() }

    private func attached() throws -> ScriptMessagePort {
        guard let bridge else { throw AdapterError("the port is not attached yet: call attach(to:) first") }
        return bridge
    }
}

/// The port's glue: the wkwvjb core of the reference behind WebKit-shaped code.
@MainActor
private final class ScriptMessagePort: NSObject {
    private static let injectName = "iOS_Native_InjectJavascript", flushName = "iOS_Native_FlushMessageQueue"

    /// Held strongly, as many ports hold it: the bridge may outlive its case, and the web view with it.
    private let webView: WKWebView
    private let javascript: String
    private(set) var core: BridgeCore!

    init(webView: WKWebView, javascript: String, log: @escaping (String) -> Void) {
        self.webView = webView
        self.javascript = javascript
        super.init()
        core = BridgeCore(
            dialect: .wkwvjb, evaluate: { [weak self] script in self?.evaluateLater(script) }, log: log)
        let proxy = WeakScriptMessageProxy(port: self)
        webView.configuration.userContentController.add(proxy, name: Self.injectName)
        webView.configuration.userContentController.add(proxy, name: Self.flushName)
    }

    /// Removes the script message handlers when the bridge goes, which is after its case.
    isolated deinit {
        webView.configuration.userContentController.removeScriptMessageHandler(forName: Self.injectName)
        webView.configuration.userContentController.removeScriptMessageHandler(forName: Self.flushName)
    }

    fileprivate func didReceive(_ message: WKScriptMessage) {
        switch message.name {
        case Self.injectName:
            DispatchQueue.main.async { [weak self] in
                guard let self else { return }
                webView.evaluateJavaScript(javascript) { [weak self] _, _ in self?.core.sendStartupQueue() }
            }
        case Self.flushName:
            let command = core.fetchCommand
            DispatchQueue.main.async { [weak self] in
                self?.webView.evaluateJavaScript(command) { [weak self] result, _ in
                    self?.core.flushMessageQueue(result as? String)
                }
            }
        default:
            break
        }
    }

    private func evaluateLater(_ script: String) {
        DispatchQueue.main.async { [weak self] in self?.webView.evaluateJavaScript(script, completionHandler: nil) }
    }
}

/// Hands the page's script messages to a port it holds weakly: the user content controller keeps its handlers.
@MainActor
private final class WeakScriptMessageProxy: NSObject, WKScriptMessageHandler {
    weak var port: ScriptMessagePort?

    init(port: ScriptMessagePort) { self.port = port }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        port?.didReceive(message)
    }
}

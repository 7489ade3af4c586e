import ConformanceKit
import Foundation
import ReferenceBridgeCore

/// A small port that logs the way real ports do: warnings with `NSLog`, `WVJB SEND:`/`WVJB RCVD:` traffic
/// lines with `print`. It never calls `recordNativeLog`: its LOG cases pass only because the harness reads
/// its standard streams (out of process always; in process because it adopts `LogsToStandardStreams`).
///
/// The protocol logic is the reference `BridgeCore`; only the logging and the web-view glue are its own.
@MainActor
final class PrintLoggingAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset, SupportsDisablingSafetyTimeout,
    SupportsTrafficLogging, LogsToStandardStreams, SimulatedNavigationDelegate
{
    private var core: BridgeCore?
    private var javascriptSource = ""

    /// An adapter whose bridge is created at `attach`.
    init() {}

    /// Creates the bridge and becomes the web view's navigation delegate.
    func attach(to webView: SimulatedWebView) throws {
        javascriptSource = webView.bridgeJavaScriptSource
        core = BridgeCore(
            evaluate: { [weak webView] script in webView?.evaluateJavaScript(script, completionHandler: nil) },
            log: { line in
                if line.hasPrefix("WVJB ") { print(line) } else { NSLog("%@", line) }
            })
        webView.navigationDelegate = self
    }

    /// Registers a native handler.
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try attached().registerHandler(name) { data, respond in handler(data, respond) }
    }

    /// Calls a JS handler.
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try attached().callHandler(name, data: data, responseCallback: responseCallback)
    }

    /// Removes a native handler.
    func removeHandler(_ name: String) throws { try attached().removeHandler(name) }

    /// Resets the bridge.
    func reset() throws { try attached().reset() }

    /// Disables the JS side's alert safety timeout.
    func disableJavscriptAlertBoxSafetyTimeout() throws { try attached().disableJavscriptAlertBoxSafetyTimeout() }

    /// Switches the `print`ed traffic lines (LOG-7).
    func setTrafficLogging(_ enabled: Bool) throws { try attached().logsTraffic = enabled }

    /// Cancels bridge URLs and acts on them, allows the rest.
    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        switch BridgeURLKind(action.url) {
        case .notBridge:
            decisionHandler(.allow)
        case .bridgeLoaded:
            decisionHandler(.cancel)
            core?.injectJavascript(javascriptSource)
        case .queueMessage:
            decisionHandler(.cancel)
            webView.evaluateJavaScript(BridgeCore.fetchQueueCommand) { [weak self] result, error in
                if let error { NSLog("WebViewJavascriptBridge: WARNING: fetching the queue failed: %@", "\(error)") }
                self?.core?.flushMessageQueue(result as? String)
            }
        }
    }

    private func attached() throws -> BridgeCore {
        guard let core else { throw AdapterError("the bridge is not attached") }
        return core
    }
}

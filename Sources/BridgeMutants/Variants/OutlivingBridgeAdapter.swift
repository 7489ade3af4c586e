import ConformanceKit
import Dispatch
import Foundation
import ReferenceBridge
import SimulatedWebKit

/// A correct bridge with a habit that makes it outlive its case, as apps' bridges do: the reference, behind an
/// adapter that keeps it (and its web view) past the case in one way or another. Nothing it does after its case
/// is the case's business, and none of it may trap the kit or reach another case.
@MainActor
package final class OutlivingBridgeAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    /// How the bridge outlives its case.
    package enum Habit: String, CaseIterable, Sendable {
        /// Kept for ever with its web view (as a singleton keeps its bridges), and used after the case from the
        /// main queue: it evaluates, loads, reloads and changes script message handlers there.
        case keepsItsWebView = "keeps-its-web-view"
        /// Released on a later turn of the main queue, after its case (during the next one, in a run).
        case releasesLate = "releases-late"
        /// Answers the native handlers' calls once more after its case, from the main queue.
        case answersAfterTheCase = "answers-after-the-case"
        /// Kept for ever with its web view in all three shapes (`SimulatedWebView`, `wkWebView`, `uiWebView`),
        /// and used after the case from its glue's timers (`DispatchQueue.main.asyncAfter` and a Foundation
        /// `Timer`): it evaluates in both styles, loads, reloads, reads the page's URL, title and loading state,
        /// and adds script message handlers and user scripts, as a port's glue does when its timer outlives
        /// the screen.
        case usesItsWebViewFromATimer = "uses-its-web-view-from-a-timer"
    }

    /// Bridges and web views kept for ever by `keepsItsWebView`, as an app's singleton keeps them.
    private static var keptForEver: [(ReferenceBridge, SimulatedWebView)] = []

    private let habit: Habit
    private let reference = ReferenceBridgeAdapter()
    private weak var webView: SimulatedWebView?
    private var responders: [AdapterResponseCallback] = []

    /// A bridge with `habit`.
    package init(habit: Habit) { self.habit = habit }

    package func attach(to webView: SimulatedWebView) throws {
        self.webView = webView
        try reference.attach(to: webView)
    }

    package func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try reference.registerHandler(name) { [weak self] data, respond in
            self?.responders.append(respond)
            handler(data, respond)
        }
    }

    package func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try reference.callHandler(name, data: data, responseCallback: responseCallback)
    }

    package func removeHandler(_ name: String) throws { try reference.removeHandler(name) }

    package func reset() throws { try reference.reset() }

    package func disableJavscriptAlertBoxSafetyTimeout() throws {
        try reference.disableJavscriptAlertBoxSafetyTimeout()
    }

    /// Keeps the bridge past the case, the habit's way.
    package func caseDidEnd() {
        guard let bridge = reference.bridge, let webView else { return }
        switch habit {
        case .keepsItsWebView:
            Self.keptForEver.append((bridge, webView))
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    webView.evaluateJavaScript("document.title") { _, _ in }
                    _ = webView.stringByEvaluatingJavaScript(from: "1")
                    if let url = URL(string: "https://app.example/after-the-case") { webView.load(url: url) }
                    webView.reload()
                    webView.addScriptMessageHandler(named: "after-the-case") { _ in }
                    webView.removeScriptMessageHandler(named: "after-the-case")
                    webView.recordNativeLog("logged after the case")
                }
            }
        case .usesItsWebViewFromATimer:
            Self.keptForEver.append((bridge, webView))
            let kept = KeptWebView(webView)
            DispatchQueue.main.asyncAfter(deadline: .now()) { MainActor.assumeIsolated { kept.useAfterTheCase() } }
            _ = Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in
                MainActor.assumeIsolated { kept.useAfterTheCase() }
            }
        case .releasesLate:
            nonisolated(unsafe) var kept: ReferenceBridge? = bridge
            DispatchQueue.main.async { kept = nil }
            _ = kept
        case .answersAfterTheCase:
            nonisolated(unsafe) let responders = responders
            DispatchQueue.main.async { for respond in responders { respond("answered after the case") } }
        }
    }
}

/// A web view kept past its case in the shapes a port's glue holds it, and what that glue does with it later.
@MainActor
private final class KeptWebView: NSObject, WKScriptMessageHandler {
    let webView: SimulatedWebView
    let wkWebView: WKWebView
    let uiWebView: UIWebView

    init(_ webView: SimulatedWebView) {
        self.webView = webView
        wkWebView = webView.wkWebView
        uiWebView = webView.uiWebView
    }

    /// Everything a glue timer may do with the web view after the case; none of it may trap the kit.
    func useAfterTheCase() {
        webView.evaluateJavaScript("document.title") { _, _ in }
        _ = webView.stringByEvaluatingJavaScript(from: "1")
        _ = (webView.url, webView.isLoading, webView.userScripts, webView.scriptMessageHandlerNames)
        webView.loadHTMLString("<p>after the case</p>", baseURL: nil)
        webView.addUserScript(UserScript(source: "1", injectionTime: .atDocumentStart, isForMainFrameOnly: true))
        webView.removeAllUserScripts()
        wkWebView.evaluateJavaScript("document.title") { _, _ in }
        _ = (wkWebView.url, wkWebView.title, wkWebView.isLoading)
        if let url = URL(string: "https://app.example/timer") { _ = wkWebView.load(URLRequest(url: url)) }
        _ = wkWebView.reload()
        let contentController = wkWebView.configuration.userContentController
        contentController.add(self, name: "timer")
        contentController.addUserScript(
            WKUserScript(source: "1", injectionTime: .atDocumentEnd, forMainFrameOnly: true))
        contentController.removeScriptMessageHandler(forName: "timer")
        _ = (uiWebView.stringByEvaluatingJavaScript(from: "2"), uiWebView.request, uiWebView.isLoading)
        uiWebView.reload()
        webView.recordNativeLog("logged from a timer after the case")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}

import ConformanceKit
import Dispatch
import Foundation
import ReferenceBridge

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

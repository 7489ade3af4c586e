import ConformanceKit
import Foundation
import ReferenceBridge

/// The reference bridge in an app that uses the web view's page facilities (`page-facilities`): it logs
/// every navigation request and load event it hears, with `isLoading`, and passes them on to the app's
/// own navigation delegate (when the case set one) and to the bridge; it adds the script message handler
/// `probe` and a user script that posts to it at the end of every page; and it does what a message to
/// `probe` asks, once each: `{"do": "load", "url": ...}`, `{"do": "loadHTML", "html": ..., "url": ...}`,
/// `{"do": "reload"}`, `{"do": "stop"}` (removes the handler and the user scripts).
///
/// It uses only the public API, so it runs the same in the harness's process and behind `AdapterHost`:
/// the kit's tests compare the two transcripts (`spec/adapter-protocol.md`, ADP-19 to ADP-24).
@MainActor
final class PageFacilitiesAdapter: ReferenceWrapper, SimulatedNavigationDelegate {
    /// The name of the script message handler it adds.
    static let handlerName = "probe"

    /// The user script it adds: a post to `probe` at the end of every page, with the page's URL.
    static let userScript =
        "window.webkit.messageHandlers.\(handlerName).postMessage({userScript: 'document end', page: location.href});"

    let reference = ReferenceBridgeAdapter()
    private weak var webView: SimulatedWebView?
    /// The app's own delegate, when the case set one before the bridge attached.
    private weak var appDelegate: (any SimulatedNavigationDelegate)?
    /// The bridge, which decides the requests.
    private var bridgeDelegate: (any SimulatedNavigationDelegate)?
    /// Whether a page was committed since the bridge attached.
    private var sawCommit = false
    /// The actions messages asked for and that were done: each is done once.
    private var actionsDone: Set<String> = []

    func attach(to webView: SimulatedWebView) throws {
        self.webView = webView
        appDelegate = webView.navigationDelegate
        try reference.attach(to: webView)
        bridgeDelegate = webView.navigationDelegate
        webView.navigationDelegate = self
        webView.addScriptMessageHandler(named: Self.handlerName) { [weak self] message in self?.received(message) }
        webView.addUserScript(
            UserScript(source: Self.userScript, injectionTime: .atDocumentEnd, isForMainFrameOnly: true))
    }

    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        webView.recordNativeLog(
            "page-facilities: decide \(action.urlString) (\(action.navigationType), main frame: \(action.isMainFrame), loading: \(webView.isLoading))"
        )
        appDelegate?.webView(webView, decidePolicyFor: action) { _ in }
        guard let bridgeDelegate else { return decisionHandler(.allow) }
        bridgeDelegate.webView(webView, decidePolicyFor: action, decisionHandler: decisionHandler)
    }

    func webView(_ webView: SimulatedWebView, didObserve event: NavigationEvent) {
        var line = "page-facilities: \(event.methodName) #\(event.navigation.number) \(event.navigation.urlString)"
        switch event {
        case .failedProvisionally(_, let failure), .failed(_, let failure): line += " (\(failure))"
        case .started, .committed, .finished: break
        }
        line += ", loading: \(webView.isLoading)"
        // Before the first commit the web view's URL is the page host's first page in process, and the one
        // requested out of process (ADP-24): it is shown once a page was committed.
        if case .committed = event { sawCommit = true }
        if sawCommit { line += ", url: \(webView.url?.absoluteString ?? "none")" }
        webView.recordNativeLog(line)
        appDelegate?.webView(webView, didObserve: event)
        bridgeDelegate?.webView(webView, didObserve: event)
    }

    private func received(_ message: ScriptMessage) {
        guard let webView else { return }
        webView.recordNativeLog("page-facilities: message \(message.name): \(Self.show(message.body))")
        guard let body = message.body as? [String: Any], let action = body["do"] as? String,
            actionsDone.insert(action).inserted
        else { return }
        let url = (body["url"] as? String).flatMap(URL.init(string:))
        switch action {
        case "load":
            guard let url else { return }
            webView.load(url: url)
        case "loadHTML":
            webView.loadHTMLString(body["html"] as? String ?? "", baseURL: url)
        case "reload":
            webView.reload()
        case "stop":
            webView.removeAllUserScripts()
            webView.removeScriptMessageHandler(named: message.name)
        default:
            return
        }
        webView.recordNativeLog("page-facilities: \(action) asked, loading: \(webView.isLoading)")
    }

    /// A body as the handler got it: each value with its Foundation type, keys sorted.
    private static func show(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let date as Date: return "Date(\(date.timeIntervalSince1970))"
        case let text as String: return "\"\(text)\""
        case let number as NSNumber:
            return String(cString: number.objCType) == "c" ? "\(number.boolValue)" : "\(number.doubleValue)"
        case let list as [Any]: return "[" + list.map(show).joined(separator: ", ") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0): \(show(object[$0] ?? NSNull()))" }.joined(separator: ", ")
                + "}"
        default: return "<\(type(of: value))>"
        }
    }
}

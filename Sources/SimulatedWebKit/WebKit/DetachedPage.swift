import ConformanceAdapter
import ConformanceObligations

/// The page behind a web view that app code made (`WKWebView(frame:configuration:)`, `UIWebView()`) rather than
/// the kit: there is none. Evaluations fail, loads and logs go nowhere; the web view that app code made keeps this alive.
@MainActor
final class DetachedPage: WebViewBackend {
    private(set) lazy var webView = SimulatedWebView(backend: self, bridgeJavaScriptSource: "")

    var currentURL: String? { nil }
    var isLoading: Bool { false }

    func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        KitCode.callingOut { completionHandler?(nil, JavaScriptEvaluationError(message: Self.noPage, line: nil)) }
    }

    func evaluateSynchronously(_ script: String) -> String? { nil }
    func load(urlString: String) {}
    func loadHTMLString(_ html: String, baseURL: String?) {}
    func reload() {}
    func didAddScriptMessageHandler(named name: String) {}
    func didRemoveScriptMessageHandler(named name: String) {}
    func didAddUserScript(_ script: UserScript) {}
    func didRemoveAllUserScripts() {}
    func recordAppDelegateNotification(method: String, url: String) {}
    func recordNativeLog(_ message: String) {}
    func reportViolation(clause: Obligation, message: String) {}
    func abortCase(because error: any Error & Sendable) {}

    private static let noPage =
        "this web view was made by app code, not by the conformance kit: it shows no page (use SimulatedWebView.wkWebView)"
}

import ConformanceKit
import ReferenceBridgeCore
import WireDialects

/// The reference's wkwvjb glue rewritten with one of the defects a port of that dialect is found with: the
/// core is the reference's (`BridgeCore` in the wkwvjb dialect), the glue around it is where it goes wrong.
@MainActor
final class WKWVJBGlueMutant: BridgeAdapter, SupportsRemoveHandler, SupportsReset {
    /// The defect.
    enum Defect {
        /// Sends the startup queue right after asking for the JS side's evaluation, not in its completion.
        case startupQueueBeforeCompletion
        /// Injects the JS side for the first inject message only (a flag never cleared).
        case injectsOnce
        /// Evaluates the fetch command twice for each flush message.
        case fetchesTwice
        /// Evaluates the fetch command without its semicolon.
        case fetchWithoutSemicolon
        /// Adds the flush handler only once the JS side is injected, after the page has loaded.
        case flushHandlerAddedLate
        /// Injects the JS side at document start, in a user script that ends by posting the inject message, and
        /// answers that message by sending the startup queue without evaluating the JS side: the page has it.
        case documentStartWithoutEvaluation
    }

    private let defect: Defect
    private var core: BridgeCore?
    private weak var webView: SimulatedWebView?
    private var injected = false
    private static let dialect = WireDialect.wkwvjb
    private static let injectName = "iOS_Native_InjectJavascript", flushName = "iOS_Native_FlushMessageQueue"

    init(_ defect: Defect) { self.defect = defect }

    func attach(to webView: SimulatedWebView) throws {
        self.webView = webView
        core = BridgeCore(
            dialect: Self.dialect,
            evaluate: { [weak webView] in webView?.evaluateJavaScript($0, completionHandler: nil) },
            log: { [weak webView] in webView?.recordNativeLog($0) })
        webView.addScriptMessageHandler(named: Self.injectName) { [weak self] _ in self?.inject() }
        if defect != .flushHandlerAddedLate { addFlushHandler() }
        if defect == .documentStartWithoutEvaluation {
            webView.addUserScript(
                UserScript(
                    source: DocumentStartCopy.source(of: webView.bridgeJavaScriptSource, in: Self.dialect),
                    injectionTime: .atDocumentStart, isForMainFrameOnly: true))
        }
    }

    private func addFlushHandler() {
        webView?.addScriptMessageHandler(named: Self.flushName) { [weak self] _ in self?.fetch() }
    }

    private func inject() {
        guard let webView, let core else { return }
        if defect == .injectsOnce, injected { return }
        injected = true
        if defect == .flushHandlerAddedLate, !webView.scriptMessageHandlerNames.contains(Self.flushName) {
            addFlushHandler()
        }
        if defect == .startupQueueBeforeCompletion { return core.injectJavascript(webView.bridgeJavaScriptSource) }
        if defect == .documentStartWithoutEvaluation { return core.sendStartupQueue() }
        webView.evaluateJavaScript(webView.bridgeJavaScriptSource) { [weak self] _, _ in self?.core?.sendStartupQueue()
        }
    }

    private func fetch() {
        let command =
            defect == .fetchWithoutSemicolon ? String(Self.dialect.fetchCommand.dropLast()) : Self.dialect.fetchCommand
        for _ in 0..<(defect == .fetchesTwice ? 2 : 1) {
            webView?.evaluateJavaScript(command) { [weak self] result, _ in
                self?.core?.flushMessageQueue(result as? String)
            }
        }
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        core?.registerHandler(name) { data, respond in handler(data, respond) }
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        core?.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func removeHandler(_ name: String) throws { core?.removeHandler(name) }

    func reset() throws { core?.reset() }
}

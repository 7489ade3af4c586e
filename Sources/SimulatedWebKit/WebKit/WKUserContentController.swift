import ConformanceAdapter
import Foundation

/// The user scripts and script message handlers of the web views that share it, as WebKit's
/// `WKUserContentController`. Like WebKit's, it keeps its message handlers strongly: a bridge that adds
/// itself, and is kept by its web view, is never released unless it removes itself.
@preconcurrency @MainActor
open class WKUserContentController: NSObject {
    /// The user scripts, in the order they were added.
    open private(set) var userScripts: [WKUserScript] = []
    private var handlers: [String: any WKScriptMessageHandler] = [:]
    /// The web views using this controller (weakly).
    private var webViews: [WeakWebView] = []

    /// An empty controller.
    override public init() {}

    /// Lets pages post to `name`; WebKit raises an exception when the name is already taken, and so does
    /// this controller's web view (the case ends as a crash).
    /// - Parameters:
    ///   - scriptMessageHandler: Receives the messages; kept strongly.
    ///   - name: The handler's name: `window.webkit.messageHandlers.<name>`.
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
        KitCode.run(.init("WKUserContentController", "added a script message handler (add(_:name:))")) {
            let replacing = handlers[name] != nil
            if !replacing { handlers[name] = scriptMessageHandler }
            for webView in liveWebViews {
                register(name, in: webView)
            }
        }
    }

    /// Takes `name` away from pages.
    open func removeScriptMessageHandler(forName name: String) {
        KitCode.run(
            .init("WKUserContentController", "removed a script message handler (removeScriptMessageHandler(forName:))")
        ) {
            guard handlers.removeValue(forKey: name) != nil else { return }
            for webView in liveWebViews { webView.simulatedWebView.removeScriptMessageHandler(named: name) }
        }
    }

    /// Takes every name away from pages.
    open func removeAllScriptMessageHandlers() {
        for name in handlers.keys.sorted() { removeScriptMessageHandler(forName: name) }
    }

    /// Runs `userScript` in every page loaded from now on.
    open func addUserScript(_ userScript: WKUserScript) {
        KitCode.run(.init("WKUserContentController", "added a user script (addUserScript)")) {
            userScripts.append(userScript)
            for webView in liveWebViews { webView.simulatedWebView.addUserScript(userScript.simulated) }
        }
    }

    /// Drops every user script.
    open func removeAllUserScripts() {
        KitCode.run(.init("WKUserContentController", "removed its user scripts (removeAllUserScripts)")) {
            userScripts.removeAll()
            for webView in liveWebViews { webView.simulatedWebView.removeAllUserScripts() }
        }
    }

    // MARK: Web views

    /// Makes `webView` use this controller: it gets the scripts and handlers added so far.
    func attach(_ webView: WKWebView) {
        webViews.append(WeakWebView(webView: webView))
        for script in userScripts { webView.simulatedWebView.addUserScript(script.simulated) }
        for name in handlers.keys.sorted() { register(name, in: webView) }
    }

    private func register(_ name: String, in webView: WKWebView) {
        webView.simulatedWebView.addScriptMessageHandler(named: name) { [weak self, weak webView] message in
            guard let self, let webView, let handler = handlers[name] else { return }
            let frame = WKFrameInfo(
                isMainFrame: message.isMainFrame, request: WKNavigationAction.request(for: webView.url),
                webView: webView)
            let scriptMessage = WKScriptMessage(body: message.body, webView: webView, frameInfo: frame, name: name)
            KitCode.callingOut { handler.userContentController(self, didReceive: scriptMessage) }
        }
    }

    private var liveWebViews: [WKWebView] {
        webViews.removeAll { $0.webView == nil }
        return webViews.compactMap(\.webView)
    }

    private struct WeakWebView {
        weak var webView: WKWebView?
    }
}

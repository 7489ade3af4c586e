import Foundation

/// What receives the messages a page posts to one name, as WebKit's `WKScriptMessageHandler`.
@preconcurrency @MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    /// The page posted `message`.
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

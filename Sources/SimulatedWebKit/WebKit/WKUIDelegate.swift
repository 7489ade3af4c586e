import Foundation

/// What shows a web view's JavaScript dialogs, as WebKit's `WKUIDelegate` (its alert, confirm and prompt
/// panels). `alert()` returns at once and `confirm()` returns true, whatever the completion handler gets;
/// `prompt()` returns the text the completion handler gets (null for nil), which is how a container answers a
/// synchronous call. The simulated page cannot wait on later turns: complete the text input panel before the
/// method returns (a panel completed later stops the case with a harness error). Each method has a default that
/// calls its completion handler, as WebKit does for a delegate without the method.
@preconcurrency @MainActor
public protocol WKUIDelegate: NSObjectProtocol {
    /// The page called `alert(message)`.
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable () -> Void)
    /// The page called `confirm(message)`.
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void)
    /// The page called `prompt(prompt, defaultText)`.
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void)
}

extension WKUIDelegate {
    /// Calls `completionHandler`.
    public func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable () -> Void
    ) {
        completionHandler()
    }
    /// Calls `completionHandler` with false.
    public func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        completionHandler(false)
    }
    /// Calls `completionHandler` with nil.
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        completionHandler(nil)
    }
}

import Foundation

/// What decides and hears of a `UIWebView`'s loads, as UIKit's `UIWebViewDelegate`. UIKit's methods are
/// optional; here each has a default that does what UIKit does without it (allow; nothing).
@preconcurrency @MainActor
public protocol UIWebViewDelegate: NSObjectProtocol {
    /// Whether the web view may load `request` (any frame's).
    func webView(
        _ webView: UIWebView, shouldStartLoadWith request: URLRequest, navigationType: UIWebView.NavigationType
    )
        -> Bool
    /// A main-frame load began.
    func webViewDidStartLoad(_ webView: UIWebView)
    /// A main-frame load finished.
    func webViewDidFinishLoad(_ webView: UIWebView)
    /// A main-frame load failed.
    func webView(_ webView: UIWebView, didFailLoadWithError error: any Error)
}

extension UIWebViewDelegate {
    /// Allows the load.
    public func webView(
        _ webView: UIWebView, shouldStartLoadWith request: URLRequest, navigationType: UIWebView.NavigationType
    ) -> Bool {
        true
    }
    /// Does nothing.
    public func webViewDidStartLoad(_ webView: UIWebView) {}
    /// Does nothing.
    public func webViewDidFinishLoad(_ webView: UIWebView) {}
    /// Does nothing.
    public func webView(_ webView: UIWebView, didFailLoadWithError error: any Error) {}
}

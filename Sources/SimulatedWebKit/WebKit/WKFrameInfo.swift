import Foundation

/// A frame of the page, as WebKit's `WKFrameInfo`.
@preconcurrency @MainActor
open class WKFrameInfo: NSObject {
    /// Whether it is the main frame.
    open private(set) var isMainFrame: Bool
    /// The request of the frame's page.
    open private(set) var request: URLRequest
    /// The origin of the frame's page.
    open private(set) var securityOrigin: WKSecurityOrigin
    /// The web view the frame belongs to.
    open private(set) weak var webView: WKWebView?

    /// A frame; web views make them.
    package init(isMainFrame: Bool, request: URLRequest, webView: WKWebView?) {
        self.isMainFrame = isMainFrame
        self.request = request
        securityOrigin = WKSecurityOrigin(url: request.url)
        self.webView = webView
    }
}

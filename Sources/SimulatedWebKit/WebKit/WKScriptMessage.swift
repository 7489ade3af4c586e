import Foundation

/// A message the page posted with `window.webkit.messageHandlers.<name>.postMessage(body)`, as WebKit's
/// `WKScriptMessage`.
@preconcurrency @MainActor
open class WKScriptMessage: NSObject {
    /// The body, converted as WebKit converts it: numbers and booleans as `NSNumber`, strings, arrays,
    /// dictionaries, `NSNull`, dates as `Date`.
    open private(set) var body: Any
    /// The web view the page is in.
    open private(set) weak var webView: WKWebView?
    /// The frame that posted it.
    open private(set) var frameInfo: WKFrameInfo
    /// The handler's name.
    open private(set) var name: String

    /// A message; web views make them.
    package init(body: Any, webView: WKWebView?, frameInfo: WKFrameInfo, name: String) {
        self.body = body
        self.webView = webView
        self.frameInfo = frameInfo
        self.name = name
    }
}

import Foundation

/// How a web view is set up, as WebKit's `WKWebViewConfiguration`.
@preconcurrency @MainActor
open class WKWebViewConfiguration: NSObject {
    /// The user scripts and script message handlers of the web view.
    open var userContentController: WKUserContentController = WKUserContentController()
    /// The web view's preferences.
    open var preferences: WKPreferences = WKPreferences()

    /// A default configuration.
    override public init() {}
}

import Foundation

/// A web view's preferences, as WebKit's `WKPreferences`: kept, not acted on (pages always run JavaScript).
@preconcurrency @MainActor
open class WKPreferences: NSObject {
    /// Whether pages run JavaScript (deprecated in WebKit; always true in effect here).
    open var javaScriptEnabled: Bool = true
    /// Whether `window.open` works without a user gesture.
    open var javaScriptCanOpenWindowsAutomatically: Bool = false

    /// Default preferences.
    override public init() {}
}

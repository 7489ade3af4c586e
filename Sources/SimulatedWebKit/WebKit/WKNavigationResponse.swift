import Foundation

/// A response a navigation delegate decides, as WebKit's `WKNavigationResponse`. The simulated web view never
/// asks for a response decision (its pages come with no response), so none is ever made; the type is here for
/// the glue that forwards the decision to the app's delegate.
@preconcurrency @MainActor
open class WKNavigationResponse: NSObject {
    /// Whether the response is for the main frame.
    open private(set) var isForMainFrame: Bool
    /// The response.
    open private(set) var response: URLResponse
    /// Whether the web view can show the response's MIME type.
    open private(set) var canShowMIMEType: Bool

    /// A response; web views would make them.
    package init(response: URLResponse, isForMainFrame: Bool, canShowMIMEType: Bool) {
        self.response = response
        self.isForMainFrame = isForMainFrame
        self.canShowMIMEType = canShowMIMEType
    }
}

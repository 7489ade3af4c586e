import Foundation

/// A navigation the page asks for, as a web view's navigation delegate sees it.
public struct NavigationAction: Sendable {
    /// The requested URL; nil when the page asked for a string that is not a URL.
    public var url: URL?
    /// The requested URL exactly as the page wrote it.
    public var urlString: String
    /// True for a load of the page itself, false for an iframe.
    public var isMainFrame: Bool

    /// A navigation request; the harness makes them.
    package init(url: URL?, urlString: String, isMainFrame: Bool) {
        self.url = url
        self.urlString = urlString
        self.isMainFrame = isMainFrame
    }
}

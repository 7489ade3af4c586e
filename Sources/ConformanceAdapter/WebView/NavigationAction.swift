import Foundation

/// A navigation the page asks for, as a web view's navigation delegate sees it.
public struct NavigationAction: Sendable {
    /// The requested URL; nil when the page asked for a string that is not a URL.
    public var url: URL?
    /// The requested URL exactly as the page wrote it.
    public var urlString: String
    /// True for a load of the page itself, false for an iframe.
    public var isMainFrame: Bool
    /// Why the navigation happens: `reload` for a reload, `other` for everything the kit's pages do.
    public var navigationType: NavigationType

    /// A navigation request; the harness makes them.
    package init(url: URL?, urlString: String, isMainFrame: Bool, navigationType: NavigationType = .other) {
        self.url = url
        self.urlString = urlString
        self.isMainFrame = isMainFrame
        self.navigationType = navigationType
    }
}

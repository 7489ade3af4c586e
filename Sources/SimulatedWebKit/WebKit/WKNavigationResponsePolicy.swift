/// A navigation delegate's decision about a response, as WebKit's `WKNavigationResponsePolicy`.
public enum WKNavigationResponsePolicy: Int, Sendable {
    /// Cancel the navigation.
    case cancel = 0
    /// Let it happen.
    case allow = 1
    /// Download the response instead.
    case download = 2
}

/// A navigation delegate's decision, as WebKit's `WKNavigationActionPolicy`.
public enum WKNavigationActionPolicy: Int, Sendable {
    /// Cancel the navigation.
    case cancel = 0
    /// Let it happen.
    case allow = 1
    /// Download its content instead; the simulated web view downloads nothing, so it counts as a cancel.
    case download = 2
}

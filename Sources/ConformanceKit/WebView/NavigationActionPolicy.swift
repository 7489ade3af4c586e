/// A navigation delegate's decision, as in `WKNavigationActionPolicy`.
public enum NavigationActionPolicy: String, Sendable {
    /// Let the navigation happen.
    case allow
    /// Cancel it (what a bridge does with its own URLs).
    case cancel
}

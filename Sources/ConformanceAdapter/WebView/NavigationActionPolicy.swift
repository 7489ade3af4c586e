/// A navigation delegate's decision, as in `WKNavigationActionPolicy`.
///
/// A struct with static members rather than an enum, so that a policy added later (WebKit has
/// `download`) never breaks code that switches over these.
public struct NavigationActionPolicy: Hashable, Sendable, CustomStringConvertible {
    /// The policy's name, as transcripts and the adapter protocol write it.
    public let rawValue: String

    private init(_ rawValue: String) { self.rawValue = rawValue }

    /// The policy named `rawValue`, if there is one.
    /// - Parameter rawValue: `allow` or `cancel`.
    public init?(rawValue: String) {
        guard let known = Self.all.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    /// Let the navigation happen.
    public static let allow = NavigationActionPolicy("allow")
    /// Cancel it (what a bridge does with its own URLs).
    public static let cancel = NavigationActionPolicy("cancel")

    /// Every policy.
    static let all: [NavigationActionPolicy] = [.allow, .cancel]

    /// The policy's name.
    public var description: String { rawValue }
}

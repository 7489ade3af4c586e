/// Why a navigation happens, as in `WKNavigationType`.
///
/// A struct with static members rather than an enum, like `NavigationActionPolicy`, so a type added later
/// never breaks code that switches over these.
public struct NavigationType: Hashable, Sendable, CustomStringConvertible {
    /// The type's name, as transcripts and the adapter protocol write it.
    public let rawValue: String

    private init(_ rawValue: String) { self.rawValue = rawValue }

    /// The type named `rawValue`, if there is one.
    /// - Parameter rawValue: `linkActivated`, `formSubmitted`, `backForward`, `reload`, `formResubmitted`
    ///   or `other`.
    public init?(rawValue: String) {
        guard let known = Self.all.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    /// The user followed a link.
    public static let linkActivated = NavigationType("linkActivated")
    /// The user submitted a form.
    public static let formSubmitted = NavigationType("formSubmitted")
    /// Back or forward in the history.
    public static let backForward = NavigationType("backForward")
    /// A reload of the page.
    public static let reload = NavigationType("reload")
    /// A form submitted again.
    public static let formResubmitted = NavigationType("formResubmitted")
    /// Anything else: a load the app asked for, an iframe's `src`, a script's `location` change.
    public static let other = NavigationType("other")

    /// Every type.
    static let all: [NavigationType] = [
        .linkActivated, .formSubmitted, .backForward, .reload, .formResubmitted, .other,
    ]

    /// The type's name.
    public var description: String { rawValue }
}

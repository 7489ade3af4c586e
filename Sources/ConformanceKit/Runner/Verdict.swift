/// The one outcome of a case.
///
/// A struct with static members rather than an enum, so that new kinds never break clients.
public struct Verdict: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The stable name.
    public var rawValue: String
    /// Creates a value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A readable, one-line description.
    public var description: String { rawValue }

    /// Every check held.
    public static let pass = Verdict(rawValue: "pass")
    /// A MUST rule was broken.
    public static let fail = Verdict(rawValue: "fail")
    /// A SHOULD rule was broken.
    public static let nonStrict = Verdict(rawValue: "non-strict")
    /// A payload broke out of its string literal and ran code in the page (the tripwire fired).
    public static let insecure = Verdict(rawValue: "insecure")
    /// The implementation lacks a capability the case needs.
    public static let notApplicable = Verdict(rawValue: "not-applicable")
    /// A script ran past the time limit, or the page never went idle.
    public static let timeout = Verdict(rawValue: "timeout")
    /// The adapter threw or could not be created; not a verdict on the implementation's protocol.
    public static let adapterError = Verdict(rawValue: "adapter-error")
    /// The harness itself failed; never blamed on the implementation.
    public static let harnessError = Verdict(rawValue: "harness-error")

    /// Whether this outcome lets a conformance run succeed.
    public var isSuccess: Bool { self == .pass || self == .notApplicable || self == .nonStrict }
}

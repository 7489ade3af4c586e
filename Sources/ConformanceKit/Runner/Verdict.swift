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
    /// A script ran past the time limit, the page never went idle, or an out-of-process implementation
    /// stopped answering.
    public static let timeout = Verdict(rawValue: "timeout")
    /// An out-of-process implementation died during the case (it exited or was killed).
    public static let crash = Verdict(rawValue: "crash")
    /// The adapter threw or could not be created; not a verdict on the implementation's protocol.
    public static let adapterError = Verdict(rawValue: "adapter-error")
    /// The harness itself failed; never blamed on the implementation.
    public static let harnessError = Verdict(rawValue: "harness-error")

    /// Every verdict, in the order reports list them.
    public static let all: [Verdict] = [.pass, .fail, .insecure, .nonStrict, .notApplicable, .timeout, .crash, .adapterError, .harnessError]

    /// Whether the case could not finish (timeout, crash, adapter or harness error), as opposed to a
    /// finished case that found failures; JUnit reports these as errors.
    public var isError: Bool { [.timeout, .crash, .adapterError, .harnessError].contains(self) }

    /// Whether this outcome lets a conformance run succeed.
    public var isSuccess: Bool { self == .pass || self == .notApplicable || self == .nonStrict }
}

/// The one outcome of a case.
///
/// A struct with static members rather than an enum, so that new kinds never break clients.
package struct Verdict: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The stable name.
    package var rawValue: String
    /// Creates a value from its raw value.
    package init(rawValue: String) { self.rawValue = rawValue }
    /// A readable, one-line description.
    package var description: String { rawValue }

    /// Every check held.
    package static let pass = Verdict(rawValue: "pass")
    /// A check of a MUST clause failed.
    package static let fail = Verdict(rawValue: "fail")
    /// Checks failed, all of SHOULD clauses.
    package static let nonStrict = Verdict(rawValue: "non-strict")
    /// A payload broke out of its string literal and ran code in the page (the tripwire fired).
    package static let insecure = Verdict(rawValue: "insecure")
    /// The implementation lacks a capability the case needs.
    package static let notApplicable = Verdict(rawValue: "not-applicable")
    /// A script ran past the time limit, the page never went idle, or an out-of-process implementation
    /// stopped answering.
    package static let timeout = Verdict(rawValue: "timeout")
    /// An out-of-process implementation died during the case (it exited or was killed).
    package static let crash = Verdict(rawValue: "crash")
    /// The adapter threw or could not be created; not a verdict on the implementation's protocol.
    package static let adapterError = Verdict(rawValue: "adapter-error")
    /// The harness itself failed; never blamed on the implementation.
    package static let harnessError = Verdict(rawValue: "harness-error")

    /// Every verdict, in the order reports list them.
    package static let all: [Verdict] = [.pass, .fail, .insecure, .nonStrict, .notApplicable, .timeout, .crash, .adapterError, .harnessError]

    /// Whether the case could not finish (timeout, crash, adapter or harness error), as opposed to a
    /// finished case that found failures; JUnit reports these as errors.
    package var isError: Bool { [.timeout, .crash, .adapterError, .harnessError].contains(self) }

    /// Whether this outcome lets a conformance run succeed.
    package var isSuccess: Bool { self == .pass || self == .notApplicable || self == .nonStrict }
}

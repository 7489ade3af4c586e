/// The one outcome of a case.
///
/// An enum, so that every place that decides something by verdict is an exhaustive `switch` (or reads
/// the verdict's `category`, itself one): a new verdict does not compile until each of them has decided
/// what it means. The raw values are the names reports, baselines and schemas use.
package enum Verdict: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    // Declared in the order reports list them (`allCases`).

    /// Every check held.
    case pass
    /// A check of a MUST clause failed.
    case fail
    /// A payload broke out of its string literal and ran code in the page (the tripwire fired).
    case insecure
    /// Checks failed, all of SHOULD clauses.
    case nonStrict = "non-strict"
    /// The implementation lacks a capability the case needs.
    case notApplicable = "not-applicable"
    /// A script ran past the time limit, the page never went idle, or an out-of-process implementation
    /// stopped answering.
    case timeout
    /// An out-of-process implementation died during the case (it exited or was killed).
    case crash
    /// The adapter threw or could not be created; not a verdict on the implementation's protocol.
    case adapterError = "adapter-error"
    /// The harness itself failed; never blamed on the implementation.
    case harnessError = "harness-error"

    /// What kind of outcome a verdict is: the classes reports, gates and frontends decide by.
    package enum Category: Sendable {
        /// Nothing to report: the case passed, or could not apply to the implementation.
        case clean
        /// The case ran to its end and found failures (JUnit `failure`).
        case finding
        /// The case could not finish (JUnit `error`).
        case error
    }

    /// A readable, one-line description: the raw value.
    package var description: String { rawValue }

    /// The verdict's class.
    package var category: Category {
        switch self {
        case .pass, .notApplicable: .clean
        case .fail, .insecure, .nonStrict: .finding
        case .timeout, .crash, .adapterError, .harnessError: .error
        }
    }

    /// Whether this outcome makes a conformance run fail: every finding and error but a broken SHOULD.
    package var failsRun: Bool {
        switch self {
        case .pass, .notApplicable, .nonStrict: false
        case .fail, .insecure, .timeout, .crash, .adapterError, .harnessError: true
        }
    }
}

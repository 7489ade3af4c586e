import ConformanceCatalogue

/// One thing a run, gated by a baseline, says about a case or an entry: the words `conformance run
/// --baseline`, swift-testing (`ConformanceExpectations`) and XCTest (`ConformanceXCTest`) all print, made
/// in one place (`BaselineGate.issues`) so that they cannot drift apart.
package struct GateIssue: Sendable {
    /// What the issue is about.
    package enum Kind: Sendable {
        /// The kit (its version, or the cases it ran and their clauses) differs from the one that wrote the
        /// baseline: one issue for the whole run, before the failures it may explain.
        case kitChanged
        /// A failure a baseline entry expects, with the verdict it expects.
        case expectedFailure
        /// A failure no entry covers.
        case newFailure
        /// A broken SHOULD no entry covers: a finding, but not a failure of the run.
        case nonStrict
        /// A case an entry expects to fail that passed (or was not applicable).
        case unexpectedPass
        /// A case that failed with another verdict than its entry expects.
        case changedVerdict
        /// A case with the verdict its entry expects that fails a MUST obligation the entry does not pin: a
        /// new violation inside a known case.
        case newObligation
        /// A case with the verdict its entry expects that fails an obligation below MUST the entry does not pin.
        case nonStrictObligation
        /// A case that no longer fails an obligation its entry pins.
        case staleObligation
        /// An entry that matches no case of the catalogue.
        case staleEntry
        /// Entries that pin no obligations, so that a new violation inside their cases would pass unseen: one
        /// issue for the whole baseline.
        case entriesWithoutObligations

        /// How a frontend reports it.
        package var severity: Severity {
            switch self {
            case .expectedFailure: .knownIssue
            case .kitChanged, .nonStrict, .nonStrictObligation, .entriesWithoutObligations: .warning
            case .newFailure, .unexpectedPass, .changedVerdict, .newObligation, .staleObligation, .staleEntry: .error
            }
        }

        /// Whether the issue is about the baseline file rather than one case (the kit that wrote it, a stale
        /// entry, entries without obligations): a frontend that gates one case at a time reports it once per
        /// process.
        package var isAboutTheFile: Bool {
            switch self {
            case .kitChanged, .staleEntry, .entriesWithoutObligations: true
            case .expectedFailure, .newFailure, .nonStrict, .unexpectedPass, .changedVerdict, .newObligation,
                .nonStrictObligation, .staleObligation:
                false
            }
        }
    }

    /// How a frontend reports an issue.
    package enum Severity: Sendable {
        /// Accepted by the baseline: swift-testing's known issue, a line XCTest prints.
        case knownIssue
        /// Shown, never failed: swift-testing's warning, a line XCTest prints.
        case warning
        /// Fails the gate, the test or the run.
        case error
    }

    /// What the issue is about.
    package var kind: Kind
    /// The issue in one printable line, naming the case (or the entry) and what to do.
    package var text: String
    /// The case whose report goes with the issue (one that did not pass); nil otherwise.
    package var reported: CaseResult?

    /// How a frontend reports it.
    package var severity: Severity { kind.severity }

    /// The case's report (`CaseResult.report`), for frontends that show it with the issue; rendered only
    /// when asked for, since the CLI shows each failing case's report before the gate's lines.
    package var report: String? { reported?.report }

    /// The text, then the case's report on the lines after it when there is one.
    package var message: String { report.map { text + "\n" + $0 } ?? text }
}

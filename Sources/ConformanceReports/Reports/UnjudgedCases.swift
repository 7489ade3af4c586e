import ConformanceCatalogue

/// The cases of a run the kit could not judge: a fault of the kit (`harness-error`) or of the adapter around the
/// bridge (`adapter-error`), never a finding about the bridge's protocol. "Fix first" lists them apart, after
/// its findings (`FixFirstSummary`), and `RootCauses` leaves them out of its findings.
package struct UnjudgedCases: Sendable, Equatable {
    /// The cases that stopped with one verdict and the same first line of their interruption.
    package struct Group: Sendable, Equatable {
        /// Their verdict: `harness-error` or `adapter-error`.
        package var verdict: Verdict
        /// The first line of the first case's interruption: what went wrong.
        package var message: String
        /// The cases, in run order.
        package var cases: [String]
    }

    /// The groups, in the order their first case ran.
    package var groups: [Group] = []

    /// The cases of `results` the kit could not judge, grouped by verdict and first line of their interruption.
    /// - Parameter results: A run's results.
    package init(_ results: [CaseResult]) {
        for result in results where Self.isUnjudged(result.verdict) {
            let message =
                result.interruption?.text.split(separator: "\n").first.map(String.init) ?? result.verdict.rawValue
            if let index = groups.firstIndex(where: { $0.verdict == result.verdict && $0.message == message }) {
                groups[index].cases.append(result.caseID)
            } else {
                groups.append(Group(verdict: result.verdict, message: message, cases: [result.caseID]))
            }
        }
    }

    /// Whether there is none.
    package var isEmpty: Bool { groups.isEmpty }

    /// How many cases there are in all.
    package var count: Int { groups.reduce(0) { $0 + $1.cases.count } }

    /// Whether a case that ended with `verdict` could not be judged: the kit's fault or the adapter's. A crash
    /// or a timeout is the implementation's and stays a finding.
    package static func isUnjudged(_ verdict: Verdict) -> Bool {
        switch verdict {
        case .harnessError, .adapterError: true
        case .pass, .fail, .insecure, .nonStrict, .notApplicable, .timeout, .crash: false
        }
    }
}

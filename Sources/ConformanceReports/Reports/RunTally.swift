import ConformanceCatalogue

/// The one-line count of a run's verdicts every frontend prints first: `170 cases against reference: 164 pass,
/// 6 not-applicable`, the verdicts in `Verdict.allCases` order; and, below it, what to fix first.
package enum RunTally {
    /// `164 pass, 6 not-applicable`: each verdict that occurs, with its count.
    package static func counts(_ results: [CaseResult]) -> String {
        var counts: [Verdict: Int] = [:]
        for result in results { counts[result.verdict, default: 0] += 1 }
        return Verdict.allCases.compactMap { verdict in counts[verdict].map { "\($0) \(verdict)" } }.joined(
            separator: ", ")
    }

    /// The summary of a run from `swift test`, after its last case: the tally line, then Fix first (the root
    /// findings, as the CLI prints them) when a case failed.
    /// - Parameters:
    ///   - results: Every case's result.
    ///   - subject: What ran, for the tally line (`WVJB conformance of your adapter`).
    package static func summaryLines(_ results: [CaseResult], subject: String) -> [String] {
        var lines = ["\(subject): \(results.count) cases, \(counts(results))"]
        let fixFirst = FixFirstSummary.consoleLines(RootCauses.findings(in: results), unjudged: UnjudgedCases(results))
        if !fixFirst.isEmpty { lines += fixFirst }
        return lines
    }
}

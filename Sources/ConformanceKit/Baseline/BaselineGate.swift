/// The outcome of comparing a run with a baseline (`Baseline.gate(_:catalogueIDs:on:)`).
package struct BaselineGate {
    /// Failures the baseline expects, with the entry that covers each.
    package var expected: [(caseID: String, entry: Baseline.Entry)] = []
    /// Failures no entry covers.
    package var newFailures: [CaseResult] = []
    /// Cases an entry expects to fail that now pass.
    package var unexpectedPasses: [(caseID: String, entry: Baseline.Entry)] = []
    /// Cases that fail with another verdict than their entry says.
    package var changed: [(result: CaseResult, entry: Baseline.Entry)] = []
    /// Entries that match no case of the catalogue (renamed or removed cases, typos).
    package var stale: [Baseline.Entry] = []

    /// Whether the run matches the baseline exactly.
    package var isSatisfied: Bool { newFailures.isEmpty && unexpectedPasses.isEmpty && changed.isEmpty && stale.isEmpty }

    /// The gate's report, ending with the command that updates the baseline when it is not satisfied. An
    /// entry's reason, written by hand, is shown on one printable line.
    package func render(updateCommand: String) -> String {
        var lines = ["baseline: \(expected.count) expected failures, \(newFailures.count) new failures, "
            + "\(unexpectedPasses.count) unexpected passes, \(changed.count) changed, \(stale.count) stale entries"]
        for result in newFailures { lines.append("  NEW FAILURE \(result.caseID): \(result.verdict.rawValue)") }
        for (caseID, entry) in unexpectedPasses { lines.append("  UNEXPECTED PASS \(caseID): the baseline expects \(entry.verdict.rawValue) (\(PrintableText.abbreviate(entry.reason, limit: 200)))") }
        for (result, entry) in changed { lines.append("  CHANGED \(result.caseID): expected \(entry.verdict.rawValue), got \(result.verdict.rawValue)") }
        for entry in stale { lines.append("  STALE ENTRY \(entry.caseGlob): matches no case") }
        if !isSatisfied { lines.append("  to accept this run as the new baseline: \(updateCommand)") }
        return lines.joined(separator: "\n")
    }
}

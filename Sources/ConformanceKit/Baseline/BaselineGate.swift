/// The outcome of comparing a run with a baseline (`Baseline.gate(_:catalogueIDs:on:)`).
package struct BaselineGate {
    /// Failures the baseline expects, with the entry that covers each.
    package var expected: [(result: CaseResult, entry: Baseline.Entry)] = []
    /// Failures no entry covers.
    package var newFailures: [CaseResult] = []
    /// Broken SHOULDs no entry covers: findings that do not fail the gate.
    package var nonStrict: [CaseResult] = []
    /// Cases an entry expects to fail that now pass (or are not applicable).
    package var unexpectedPasses: [(result: CaseResult, entry: Baseline.Entry)] = []
    /// Cases that fail with another verdict than their entry says.
    package var changed: [(result: CaseResult, entry: Baseline.Entry)] = []
    /// Entries that match no case of the catalogue (renamed or removed cases, typos).
    package var stale: [Baseline.Entry] = []

    /// Whether the run matches the baseline exactly.
    package var isSatisfied: Bool {
        newFailures.isEmpty && unexpectedPasses.isEmpty && changed.isEmpty && stale.isEmpty
    }

    /// What the gate says, as the issues every frontend reports in the same words: what fails it first (new
    /// failures, changed verdicts, unexpected passes, stale entries), then broken SHOULDs, then the failures
    /// the baseline expects. An entry's reason, written by hand, is shown on one printable line.
    package var issues: [GateIssue] {
        func reason(_ entry: Baseline.Entry) -> String { PrintableText.abbreviate(entry.reason, limit: 200) }
        var issues = newFailures.map { result in
            GateIssue(kind: .newFailure, text: "NEW FAILURE \(result.caseID): \(result.verdict)", reported: result)
        }
        issues += changed.map { result, entry in
            GateIssue(
                kind: .changedVerdict,
                text: "CHANGED \(result.caseID): expected \(entry.verdict), got \(result.verdict) "
                    + "(\(reason(entry))); update the entry", reported: result)
        }
        issues += unexpectedPasses.map { result, entry in
            GateIssue(
                kind: .unexpectedPass,
                text: "UNEXPECTED PASS \(result.caseID): the baseline expects \(entry.verdict) "
                    + "(\(reason(entry))); remove the entry")
        }
        issues += stale.map { entry in
            GateIssue(
                kind: .staleEntry,
                text: "STALE ENTRY \(entry.caseGlob): matches no case of the catalogue; remove or fix it")
        }
        issues += nonStrict.map { result in
            GateIssue(
                kind: .nonStrict, text: "NON-STRICT \(result.caseID): only SHOULD clauses broken, a warning",
                reported: result)
        }
        issues += expected.map { result, entry in
            GateIssue(
                kind: .expectedFailure, text: "EXPECTED FAILURE \(result.caseID): \(result.verdict) (\(reason(entry)))",
                reported: result)
        }
        return issues
    }

    /// The gate's report: its counts, each issue's text, and the command that updates the baseline when
    /// the gate is not satisfied.
    package func render(updateCommand: String) -> String {
        var lines = [
            "baseline: \(expected.count) expected failures, \(newFailures.count) new failures, "
                + "\(unexpectedPasses.count) unexpected passes, \(changed.count) changed, \(stale.count) stale entries"
        ]
        lines += issues.map { "  " + $0.text }
        if !isSatisfied { lines.append("  to accept this run as the new baseline: \(updateCommand)") }
        return lines.joined(separator: "\n")
    }
}

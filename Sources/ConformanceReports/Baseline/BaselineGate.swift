import ConformanceAdapter
import ConformanceCatalogue

/// The outcome of comparing a run with a baseline (`Baseline.gate(_:catalogueIDs:on:)`).
package struct BaselineGate {
    /// Failures the baseline expects, with the entry that covers each: the verdict it expects, and no
    /// obligation change that fails the gate.
    package var expected: [(result: CaseResult, entry: Baseline.Entry)] = []
    /// Failures no entry covers.
    package var newFailures: [CaseResult] = []
    /// Broken SHOULDs no entry covers: findings that do not fail the gate.
    package var nonStrict: [CaseResult] = []
    /// Cases an entry expects to fail that now pass (or are not applicable).
    package var unexpectedPasses: [(result: CaseResult, entry: Baseline.Entry)] = []
    /// Cases that fail with another verdict than their entry says.
    package var changed: [(result: CaseResult, entry: Baseline.Entry)] = []
    /// Cases with the verdict their entry expects that fail other obligations than it pins.
    package var changedObligations: [ObligationChange] = []
    /// Entries that match no case of the catalogue (renamed or removed cases, typos).
    package var stale: [Baseline.Entry] = []
    /// Entries that pin no obligations (written before baselines pinned them; explore's aside), which accept
    /// any failure of their cases with the verdict they expect: a warning, once.
    package var entriesWithoutObligations: [Baseline.Entry] = []
    /// How this run's kit differs from the one that wrote the baseline, said before the new failures it may
    /// explain; nil when they are the same, or the baseline or the gate does not name one.
    package var kitChange: KitChange?

    /// The update command a frontend that cannot name its own shows (`swift test`).
    package static let genericUpdateCommand =
        "conformance run --adapter <your adapter> --baseline <the file> --update-baseline"

    /// Whether the run matches the baseline exactly.
    package var isSatisfied: Bool {
        newFailures.isEmpty && unexpectedPasses.isEmpty && changed.isEmpty && stale.isEmpty
            && !changedObligations.contains(where: \.failsGate)
    }

    /// What the gate says, as the issues every frontend reports in the same words (`issues(updateCommand:)`),
    /// naming `genericUpdateCommand` as the command that rewrites the baseline.
    package var issues: [GateIssue] { issues(updateCommand: nil) }

    /// What the gate says, as the issues every frontend reports in the same words: that the kit changed since
    /// the baseline was written, when it did; what fails it (new failures, changed verdicts, new violations
    /// inside known cases, unexpected passes, stale obligations, stale entries), then the warnings (entries
    /// without obligations, once; broken SHOULDs), then the failures the baseline expects. An entry's reason,
    /// written by hand, is shown on one printable line.
    /// - Parameter updateCommand: The command that rewrites the baseline from this run, which the line
    ///   about entries without obligations names; nil for `genericUpdateCommand`.
    package func issues(updateCommand: String?) -> [GateIssue] {
        func reason(_ entry: Baseline.Entry) -> String { PrintableText.abbreviate(entry.reason, limit: 200) }
        // Before the failures it may explain: a new case or clause of the kit fails a bridge that did not change.
        var issues = [kitChange].compactMap { $0 }.map { change in
            GateIssue(
                kind: .kitChanged,
                text: "KIT CHANGED between the baseline's run and this one: \(change.differences); a failure below "
                    + "may come from the kit, not the bridge")
        }
        issues += newFailures.map { result in
            GateIssue(kind: .newFailure, text: "NEW FAILURE \(result.caseID): \(result.verdict)", reported: result)
        }
        issues += changed.map { result, entry in
            GateIssue(
                kind: .changedVerdict,
                text: "CHANGED \(result.caseID): expected \(entry.verdict), got \(result.verdict) "
                    + "(\(reason(entry))); update the entry", reported: result)
        }
        issues += changedObligations.filter { !$0.newViolations.isEmpty }.map { change in
            GateIssue(
                kind: .newObligation,
                text: "NEW OBLIGATION \(change.result.caseID): fails \(Self.listed(change.newViolations)), which its "
                    + "entry does not list (it expects \(change.entry.verdict): \(reason(change.entry))); fix it, or "
                    + "accept it with --update-baseline", reported: change.result)
        }
        issues += unexpectedPasses.map { result, entry in
            GateIssue(
                kind: .unexpectedPass,
                text: "UNEXPECTED PASS \(result.caseID): the baseline expects \(entry.verdict) "
                    + "(\(reason(entry))); remove the entry")
        }
        issues += changedObligations.filter { !$0.stale.isEmpty }.map { change in
            GateIssue(
                kind: .staleObligation,
                text: "STALE OBLIGATION \(change.result.caseID): no longer fails \(Self.listed(change.stale)), which "
                    + "its entry lists (\(reason(change.entry))); remove it from the entry", reported: change.result)
        }
        issues += stale.map { entry in
            GateIssue(
                kind: .staleEntry,
                text: "STALE ENTRY \(entry.caseGlob): matches no case of the catalogue; remove or fix it")
        }
        if !entriesWithoutObligations.isEmpty {
            let count = entriesWithoutObligations.count
            let globs = Self.listed(entriesWithoutObligations.map(\.caseGlob), naming: Self.entriesNamed)
            issues.append(
                GateIssue(
                    kind: .entriesWithoutObligations,
                    text: "BASELINE WITHOUT OBLIGATIONS: \(count) \(count == 1 ? "entry pins" : "entries pin") no "
                        + "obligations (\(globs)), so a new violation inside \(count == 1 ? "its cases" : "their cases") "
                        + "would pass unseen; to pin them, rewrite the baseline: "
                        + (updateCommand ?? Self.genericUpdateCommand)))
        }
        issues += nonStrict.map { result in
            GateIssue(
                kind: .nonStrict, text: "NON-STRICT \(result.caseID): only SHOULD clauses broken, a warning",
                reported: result)
        }
        issues += changedObligations.filter { !$0.newNonStrict.isEmpty }.map { change in
            GateIssue(
                kind: .nonStrictObligation,
                text: "NON-STRICT OBLIGATION \(change.result.caseID): fails \(Self.listed(change.newNonStrict)), "
                    + "below MUST, which its entry does not list; a warning", reported: change.result)
        }
        issues += expected.map { result, entry in
            GateIssue(
                kind: .expectedFailure, text: "EXPECTED FAILURE \(result.caseID): \(result.verdict) (\(reason(entry)))",
                reported: result)
        }
        return issues
    }

    /// The gate's report: its counts (those of obligations last, so that the line starts as it did before
    /// baselines pinned them), each issue's text, and the command that updates the baseline when the gate is
    /// not satisfied. Quiet (not `verbose`), the failures the baseline expects are one line, not one each, and
    /// a gate the run satisfies says so in one line, with its warnings below.
    /// - Parameters:
    ///   - updateCommand: The command that rewrites the baseline from this run.
    ///   - verbose: Whether each expected failure gets its line, with the entry's reason.
    package func render(updateCommand: String, verbose: Bool = true) -> String {
        let issues = issues(updateCommand: updateCommand)
        let shown = verbose ? issues : issues.filter { $0.kind != .expectedFailure }
        if !verbose, isSatisfied {
            return (["baseline: the run matches it (\(expectedSummary))"] + shown.map { "  " + $0.text })
                .joined(separator: "\n")
        }
        let newViolations = changedObligations.map(\.newViolations.count).reduce(0, +)
        let staleObligations = changedObligations.map(\.stale.count).reduce(0, +)
        var lines = [
            "baseline: \(expected.count) expected failures, \(newFailures.count) new failures, "
                + "\(unexpectedPasses.count) unexpected passes, \(changed.count) changed, \(stale.count) stale entries, "
                + "\(newViolations) new obligations, \(staleObligations) stale obligations"
        ]
        lines += shown.map { "  " + $0.text }
        if !verbose, !expected.isEmpty { lines.append("  \(expectedSummary): --verbose lists them") }
        if !isSatisfied { lines.append("  to accept this run as the new baseline: \(updateCommand)") }
        return lines.joined(separator: "\n")
    }

    /// The failures the baseline expects, by kind: `2 expected failures, 1 of them on linux only`.
    package var expectedSummary: String {
        let platformOnly = expected.filter { $0.entry.platforms != nil }
        var platforms: [Baseline.Platform] = []
        for (_, entry) in platformOnly {
            for platform in entry.platforms ?? [] where !platforms.contains(platform) { platforms.append(platform) }
        }
        let count = expected.count
        var text = "\(count) expected \(count == 1 ? "failure" : "failures")"
        if !platformOnly.isEmpty {
            let names = platforms.map(\.rawValue).joined(separator: " and ")
            text += ", \(platformOnly.count == count ? "all" : "\(platformOnly.count)") of them on \(names) only"
        }
        return text
    }

    /// The most obligations an issue names; the case's report lists them all.
    private static let obligationsNamed = 8
    /// The most entries the line about entries without obligations names.
    private static let entriesNamed = 3

    /// `ids` for a sentence: `A`, `A and B`, `A, B and C`, at most `naming` of them and then how many more.
    private static func listed(_ ids: [String], naming: Int = obligationsNamed) -> String {
        let shown = ids.prefix(naming).map { PrintableText.abbreviate($0, limit: 64) }
        let more = ids.count - shown.count
        let words = more > 0 ? shown + ["\(more) more"] : shown
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }
}

import Foundation

/// What changed between two run reports (`conformance diff OLD.json NEW.json`): what a fork runs before
/// merging upstream, or a pull request before it lands.
///
/// Every case is in exactly one of: a new failure (it did not fail the run and now does), a fix (it failed
/// the run and now does not), a changed verdict (both fail or both pass, with different verdicts, such as
/// `fail` to `timeout` or `pass` to `non-strict`), changed failures (the same failing verdict, other
/// obligations cited), a new case, a removed case, or unchanged. The diff is *worse* when a case newly fails
/// the run, or its verdict became more severe (`pass` < `non-strict` < `fail`, `insecure`, `timeout`,
/// `crash` < `adapter-error`, `harness-error`), or a new case fails the run.
package struct ReportDiff: Sendable {
    /// A case whose verdict or failures changed.
    package struct Change: Sendable, Equatable {
        /// The case's id.
        package var id: String
        /// Its verdict in the old report.
        package var old: Verdict
        /// Its verdict in the new one.
        package var new: Verdict
        /// Obligations its failures cite now and did not before.
        package var citationsAdded: [String]
        /// Obligations its failures cited before and do not now.
        package var citationsRemoved: [String]
    }

    /// The old report.
    package let old: ReportSnapshot
    /// The new report.
    package let new: ReportSnapshot
    /// Cases that now fail the run and did not.
    package private(set) var newFailures: [Change] = []
    /// Cases that failed the run and now do not.
    package private(set) var fixes: [Change] = []
    /// Cases whose verdict changed without crossing between failing and not failing the run.
    package private(set) var changedVerdicts: [Change] = []
    /// Cases failing with the same verdict but citing other obligations.
    package private(set) var changedFailures: [Change] = []
    /// Cases only in the new report.
    package private(set) var addedCases: [ReportSnapshot.Case] = []
    /// Cases only in the old report.
    package private(set) var removedCases: [ReportSnapshot.Case] = []

    /// Compares two reports, case by case, in the new report's order (removed cases in the old one's).
    package init(old: ReportSnapshot, new: ReportSnapshot) {
        self.old = old
        self.new = new
        let oldByID = Dictionary(uniqueKeysWithValues: old.cases.map { ($0.id, $0) })
        let newIDs = Set(new.cases.map(\.id))
        for now in new.cases {
            guard let before = oldByID[now.id] else {
                addedCases.append(now)
                continue
            }
            let change = Change(
                id: now.id, old: before.verdict, new: now.verdict,
                citationsAdded: now.citations.filter { !before.citations.contains($0) },
                citationsRemoved: before.citations.filter { !now.citations.contains($0) })
            if !before.verdict.failsRun && now.verdict.failsRun {
                newFailures.append(change)
            } else if before.verdict.failsRun && !now.verdict.failsRun {
                fixes.append(change)
            } else if before.verdict != now.verdict {
                changedVerdicts.append(change)
            } else if !change.citationsAdded.isEmpty || !change.citationsRemoved.isEmpty {
                changedFailures.append(change)
            }
        }
        removedCases = old.cases.filter { !newIDs.contains($0.id) }
    }

    /// Whether something got worse: a case newly fails the run or its verdict is more severe, or a new case
    /// fails the run.
    package var isWorse: Bool {
        !newFailures.isEmpty || changedVerdicts.contains { Self.severity($0.new) > Self.severity($0.old) }
            || addedCases.contains { $0.verdict.failsRun }
    }

    /// Whether nothing changed at all.
    package var isEmpty: Bool {
        newFailures.isEmpty && fixes.isEmpty && changedVerdicts.isEmpty && changedFailures.isEmpty
            && addedCases.isEmpty && removedCases.isEmpty
    }

    /// How bad a verdict is, for telling a worse change from a better one.
    static func severity(_ verdict: Verdict) -> Int {
        switch verdict {
        case .pass, .notApplicable: 0
        case .nonStrict: 1
        case .fail, .insecure, .timeout, .crash: 2
        case .adapterError, .harnessError: 3
        }
    }
}

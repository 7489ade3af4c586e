import ConformanceCatalogue
import Foundation

/// What changed between two run reports (`conformance diff OLD.json NEW.json`): what a fork runs before
/// merging upstream, or a pull request before it lands.
///
/// A case in both reports is a new failure (it did not fail the run and now does), a fix (it failed the run
/// and now does not), a changed verdict (both fail or both pass, with different verdicts, such as `fail` to
/// `timeout` or `pass` to `non-strict`), or unchanged. A case that did not pass in either report and is
/// neither a new failure nor a fix is also compared obligation by obligation (what its failures cite): one
/// it now fails is a new failing obligation, a new violation inside a known failure; one it no longer fails,
/// having run to its end, a fixed obligation. A case in one report only is a new or a removed case; a removed
/// case is a regression unless `allowsMissing` (a new report that stopped early, or ran a narrower selection,
/// never reads as "no regression"), and the diff says when either report is of a run that stopped early.
/// The diff says first when the kits that ran the two reports differ (`kitChange`), since a new failure may
/// then be the kit's doing. It is *worse* when a case newly fails the run, or its verdict became more severe
/// (`pass` < `non-strict` < `fail`, `insecure`, `timeout`, `crash` < `adapter-error`, `harness-error`), or it
/// fails an obligation it did not, or a new case fails the run, or a case of the old report is missing from the
/// new one (unless `allowsMissing`).
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
    /// How the kit of the new report differs from the old one's; nil when they are the same, or neither
    /// report names its kit. It never makes the diff worse.
    package let kitChange: KitChange?
    /// Cases that now fail the run and did not.
    package private(set) var newFailures: [Change] = []
    /// Cases that failed the run and now do not.
    package private(set) var fixes: [Change] = []
    /// Cases whose verdict changed without crossing between failing and not failing the run.
    package private(set) var changedVerdicts: [Change] = []
    /// Cases that did not pass in either report, and fail obligations now they did not (`citationsAdded`).
    package private(set) var newObligations: [Change] = []
    /// Cases that did not pass in either report, ran to their end in the new one, and no longer fail
    /// obligations they did (`citationsRemoved`).
    package private(set) var fixedObligations: [Change] = []
    /// Cases only in the new report.
    package private(set) var addedCases: [ReportSnapshot.Case] = []
    /// Cases only in the old report.
    package private(set) var removedCases: [ReportSnapshot.Case] = []
    /// Whether cases of the old report missing from the new one are not a regression (`--allow-missing`).
    package let allowsMissing: Bool

    /// Compares two reports, case by case, in the new report's order (removed cases in the old one's).
    /// - Parameters:
    ///   - old: The old report.
    ///   - new: The new report.
    ///   - allowsMissing: Whether cases missing from the new report are not a regression; false by default.
    package init(old: ReportSnapshot, new: ReportSnapshot, allowsMissing: Bool = false) {
        self.old = old
        self.new = new
        self.allowsMissing = allowsMissing
        kitChange = KitChange(from: old.kit, to: new.kit)
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
                continue
            } else if before.verdict.failsRun && !now.verdict.failsRun {
                fixes.append(change)
                continue
            } else if before.verdict != now.verdict {
                changedVerdicts.append(change)
            }
            guard before.verdict.category != .clean, now.verdict.category != .clean else { continue }
            if !change.citationsAdded.isEmpty { newObligations.append(change) }
            // A case that stopped early may not have reached what it failed before.
            if !change.citationsRemoved.isEmpty, now.verdict.category == .finding { fixedObligations.append(change) }
        }
        removedCases = old.cases.filter { !newIDs.contains($0.id) }
    }

    /// Whether something got worse: a case newly fails the run or its verdict is more severe, a case fails an
    /// obligation it did not, a new case fails the run, or a case is missing from the new report (unless
    /// `allowsMissing`).
    package var isWorse: Bool {
        !newFailures.isEmpty || changedVerdicts.contains { Self.severity($0.new) > Self.severity($0.old) }
            || !newObligations.isEmpty || addedCases.contains { $0.verdict.failsRun } || missingIsRegression
    }

    /// Whether cases of the old report are missing from the new one, and that counts as a regression.
    package var missingIsRegression: Bool { !removedCases.isEmpty && !allowsMissing }

    /// Whether nothing changed at all.
    package var isEmpty: Bool {
        newFailures.isEmpty && fixes.isEmpty && changedVerdicts.isEmpty && newObligations.isEmpty
            && fixedObligations.isEmpty && addedCases.isEmpty && removedCases.isEmpty
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

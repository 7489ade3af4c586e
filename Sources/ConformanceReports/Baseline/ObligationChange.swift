import ConformanceCatalogue

/// How a case that gets the verdict its baseline entry expects differs from the obligations the entry pins
/// (`Baseline.Entry.obligations`): a new violation inside a known case, or a pinned obligation fixed.
package struct ObligationChange: Sendable {
    /// The case's result.
    package var result: CaseResult
    /// The entry that expects its verdict.
    package var entry: Baseline.Entry
    /// Obligations the case fails at MUST level that the entry does not pin: new violations, which fail the
    /// gate as a new failure does.
    package var newViolations: [String]
    /// Obligations the case fails only below MUST that the entry does not pin: broken SHOULDs, a warning, as
    /// a broken SHOULD no entry covers is.
    package var newNonStrict: [String]
    /// Obligations the entry pins that the case no longer fails: stale, which fails the gate as a known
    /// failure that now passes does, so that the entry never rots. Judged only for a case that ran to its
    /// end (a finding): one that stopped early may not have reached them.
    package var stale: [String]

    /// Compares `result` with the obligations `entry` pins.
    /// - Parameters:
    ///   - result: A case that got the verdict `entry` expects.
    ///   - entry: Its entry.
    /// - Returns: nil when the entry pins none (a baseline written before it could) or the case fails
    ///   exactly those it pins.
    package init?(_ result: CaseResult, against entry: Baseline.Entry) {
        guard let pinned = entry.obligations else { return nil }
        let failed = result.failedObligations
        let added = failed.filter { !pinned.contains($0) }
        let violations = added.filter { id in result.failures.contains { $0.citedID == id && $0.level == .must } }
        let stale = result.verdict.category == .finding ? pinned.filter { !failed.contains($0) } : []
        guard !added.isEmpty || !stale.isEmpty else { return nil }
        self.result = result
        self.entry = entry
        newViolations = violations
        newNonStrict = added.filter { !violations.contains($0) }
        self.stale = stale
    }

    /// Whether it fails the gate: a new violation, or a stale obligation.
    package var failsGate: Bool { !newViolations.isEmpty || !stale.isEmpty }
}

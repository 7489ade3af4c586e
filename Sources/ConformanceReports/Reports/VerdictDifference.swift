import ConformanceCatalogue

/// When one case's verdicts in several implementations' runs differ in a way that matters to someone choosing
/// between them: the HTML report's "only rows where implementations differ" and `compare`'s count of cases
/// that differ both ask here.
///
/// The verdicts differ when at least one of them is a finding or an error (`Verdict.Category`: `fail`,
/// `insecure`, `non-strict`, `timeout`, `crash`, `adapter-error`, `harness-error`) and they are not all the
/// same. So `pass` beside `not-applicable` does not differ (a case that does not apply to one implementation,
/// for its capabilities or its profile, tells nothing against the one that passes it), nor does a case that
/// did not run (nil: not selected, or left when a run stopped) beside clean verdicts; `fail` beside `pass`,
/// `not-applicable` or a case that did not run does, and so does `fail` beside `crash`. Equal verdicts never
/// differ, whatever their failures cite.
package enum VerdictDifference {
    /// Whether `verdicts`, one per implementation (nil where the case did not run), differ in a way that
    /// matters.
    package static func matters(_ verdicts: [Verdict?]) -> Bool {
        guard verdicts.contains(where: { $0.map { $0.category != .clean } ?? false }) else { return false }
        return Set(verdicts).count > 1
    }
}

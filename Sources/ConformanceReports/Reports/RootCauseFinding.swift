import ConformanceCatalogue

/// One thing to fix: every failure of a run that cites the same obligation (or, for a case that could not
/// finish, the same kind of interruption), with the cases it occurs in and the findings it explains.
///
/// `RootCauses.findings(in:)` makes them; reports start with the first few ("Fix first").
package struct RootCauseFinding: Sendable, Equatable {
    /// What the finding cites: an obligation (`ESC-2.g`), a clause when the check named no obligation
    /// (`ORD-1`), or the verdict of cases that could not finish (`crash`, `timeout`, `adapter-error`,
    /// `harness-error`).
    package var citation: String
    /// The level the failures are judged at; nil for an interruption.
    package var level: RequirementLevel?
    /// What went wrong, from the first occurrence: its failure's message, or the first line of the
    /// interruption.
    package var message: String
    /// The first failure, for its expected and actual values; nil for an interruption.
    package var example: CheckFailure?
    /// The cases it occurs in, in run order.
    package var cases: [String]
    /// How many failures cite it in all (a SHOULD broken on every evaluation counts each one).
    package var occurrences: Int
    /// Whether a failure of it is a command calling another function than the JS side's entry point
    /// (ESC-1.c): a defect the native side's output shows itself, not the effect of another.
    package var callsAnotherFunction = false
    /// Why the finding is a security finding (a payload ran, or can run, code in the page), from its failures
    /// (`CheckFailure.exposure`); nil when it is not one. A security finding is never folded under another and
    /// comes first.
    package var security: SecurityExposure?
    /// The obligations some of its failures were first recorded under, when a rule re-cited them
    /// (`CheckFailure.recitedFrom`), in the order first seen; empty when every failure cites what its check named.
    package var recitedFrom: [String] = []
    /// For a finding folded under another (one of a root's `consequences`): the rule that folded it, and under
    /// which finding; nil for a root.
    package var foldedBecause: FoldReason?
    /// Findings that occur only in cases that also have this one, which is more basic, or that are the same
    /// difference or the same operation's (`SameCauseGroup`): they are likely its consequences and go away
    /// when it is fixed. Most basic first; each says why it was folded (`foldedBecause`).
    package var consequences: [RootCauseFinding] = []

    /// The cases it explains: its own and those of its consequences, in the order first seen.
    package var explainedCases: [String] {
        var seen = Set(cases)
        return cases + consequences.flatMap(\.cases).filter { seen.insert($0).inserted }
    }

    /// What a report shows for it: the citation with its level below MUST, e.g. `ESC-5.b, SHOULD`.
    package var citationLabel: String {
        guard let level, level != .must else { return citation }
        return citation + ", " + level.rawValue
    }
}

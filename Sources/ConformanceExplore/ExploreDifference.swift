import ConformanceCatalogue

/// One way an implementation's run of a program differs from the reference bridge's run of it.
package struct ExploreDifference: Equatable, Sendable, CustomStringConvertible {
    /// The clause the difference breaks (`CB-2`, or an obligation such as `CB-2.a` when a check named
    /// one); nil when none applies (the run crashed or timed out).
    package var clause: String?
    /// The level the difference is judged at: its clause's; MUST when the run could not finish.
    package var level: RequirementLevel
    /// What differs.
    package var summary: String
    /// What the reference did, printable.
    package var expected: String?
    /// What the implementation did, printable.
    package var actual: String?
    /// What kind of difference it is, typed: with the clause, what `--max-findings` groups programs by.
    package var kind: Kind

    /// Creates a difference.
    package init(
        clause: String?, level: RequirementLevel, kind: Kind, summary: String, expected: String? = nil,
        actual: String? = nil
    ) {
        self.clause = clause
        self.level = level
        self.kind = kind
        self.summary = summary
        self.expected = expected
        self.actual = actual
    }

    /// The difference's signature: its clause and kind, never its data, ids or program.
    package var signature: ExploreSignature { ExploreSignature(clause: clause, kind: kind) }

    /// Whether the difference is a conformance failure (MUST, or a run that could not finish), not a SHOULD.
    package var isFailure: Bool { level == .must }

    /// `[CB-2] summary`, with the level when below MUST, then what each side did.
    package var description: String {
        let citation = clause.map { level == .must ? "[\($0)] " : "[\($0), \(level.rawValue)] " } ?? ""
        var text = citation + summary
        if let expected { text += "\n    reference:      \(expected)" }
        if let actual { text += "\n    implementation: \(actual)" }
        return text
    }

    /// The difference as a case failure, at its level, for reports (a run that ended early cites `explore`).
    var checkFailure: CheckFailure {
        var failure = CheckFailure(clause: clause ?? "explore", message: summary, expected: expected, actual: actual)
        failure.level = level
        return failure
    }
}

/// What the kit's own fixture files must hold, counted from the shipped files: the start-up self-check
/// compares the files it loads with it, so that a damaged or truncated fixture is a harness error naming the
/// file instead of failures blamed on the implementation under test (or a silently smaller run).
///
/// Compiled in rather than shipped as a file beside the fixtures, so that it cannot be damaged with them.
/// `HarnessSelfCheckTests` recounts the shipped files and prints the new literal when they change.
package struct FixtureManifest: Sendable, Equatable {
    /// `spec/protocol.md`: the number of clauses at each level, by `RequirementLevel` raw value (`MUST`,
    /// `SHOULD`, `MAY`, `INFO`).
    package var specClausesByLevel: [String: Int]
    /// `spec/protocol.md`: the number of appendix C obligations that belong to a defined clause.
    package var specObligations: Int
    /// `Fixtures/payloads/hostile-payloads.json`: the number of payloads of each class, by
    /// `HostilePayload.Class` raw value.
    package var corpusPayloadsByClass: [String: Int]

    /// The counts of the files the kit ships.
    package static let shipped = FixtureManifest(
        specClausesByLevel: ["MUST": 68, "SHOULD": 13, "MAY": 2, "INFO": 1],
        specObligations: 216,
        corpusPayloadsByClass: ["round-trip": 74, "rejected": 3, "implementation-defined": 6]
    )

    /// Creates a manifest.
    /// - Parameters:
    ///   - specClausesByLevel: Clauses per level.
    ///   - specObligations: Obligations attached to a clause.
    ///   - corpusPayloadsByClass: Payloads per class.
    package init(specClausesByLevel: [String: Int], specObligations: Int, corpusPayloadsByClass: [String: Int]) {
        self.specClausesByLevel = specClausesByLevel
        self.specObligations = specObligations
        self.corpusPayloadsByClass = corpusPayloadsByClass
    }

    /// The total number of spec clauses.
    package var specClauses: Int { specClausesByLevel.values.reduce(0, +) }

    /// The total number of corpus payloads.
    package var corpusPayloads: Int { corpusPayloadsByClass.values.reduce(0, +) }

    /// The manifest as the Swift literal of `shipped`, for pasting after a deliberate change to the fixtures.
    package var swiftLiteral: String {
        func dictionary(_ counts: [String: Int]) -> String {
            "[" + counts.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
        }
        return """
            package static let shipped = FixtureManifest(
                specClausesByLevel: \(dictionary(specClausesByLevel)),
                specObligations: \(specObligations),
                corpusPayloadsByClass: \(dictionary(corpusPayloadsByClass))
            )
            """
    }

    /// The differences between `found` and `expected` counts, as `3 MUST (expected 62)`, in key order; empty
    /// when they agree.
    /// - Parameters:
    ///   - found: The counts in the file.
    ///   - expected: The manifest's counts.
    package static func differences(found: [String: Int], expected: [String: Int]) -> [String] {
        Set(found.keys).union(expected.keys).sorted().compactMap { key in
            let have = found[key] ?? 0, want = expected[key] ?? 0
            return have == want ? nil : "\(have) \(key) (expected \(want))"
        }
    }

    /// What to do when a shipped fixture does not match the manifest.
    package static let remedy =
        "The kit's own files are damaged or out of date, so the run would blame the harness's fault on the "
        + "implementation under test: reinstall or rebuild the package. If you changed the file on purpose, update "
        + "FixtureManifest.shipped (HarnessSelfCheckTests prints it)."
}

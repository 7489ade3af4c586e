import ConformanceCatalogue
import ConformanceReports

/// The findings a baseline already expects, as `conformance explore --baseline` reads the file `conformance run
/// --baseline` reads: a finding is known when an entry that holds on this platform names its id
/// (`ExploreSignature.id`, or a glob matching it) and expects its verdict (`fail`, or how the run ended).
///
/// Entries for catalogue cases make nothing known here, even for the clauses those cases cite: a case checks
/// a few obligations of a clause and explore attributes by a best reading, so "a START-3 case fails" would
/// hide every START-3 difference explore finds, new defects included. Such an entry is named beside a new
/// finding citing the same clause instead (`relatedCatalogueEntries(for:)`), so the fork can add the
/// finding's id when it is the same defect.
package struct ExploreKnownFindings: Sendable {
    /// The entries that hold on the platform.
    private let entries: [Baseline.Entry]
    /// The catalogue's case ids with the clauses each cites.
    private let catalogue: [(id: String, clauses: [String])]

    /// Reads a baseline for explore.
    /// - Parameters:
    ///   - baseline: The baseline.
    ///   - catalogue: The catalogue's cases, for `relatedCatalogueEntries(for:)`.
    ///   - platform: The platform this run is on.
    package init(
        _ baseline: Baseline, catalogue: [ConformanceCase] = Catalogue.all,
        on platform: Baseline.Platform? = .current
    ) {
        entries = baseline.entries.filter { $0.applies(on: platform) }
        self.catalogue = catalogue.map { ($0.id, $0.clauses) }
    }

    /// The entry that makes the finding of `signature` known: its glob matches the finding's id and it
    /// expects the finding's verdict. Nil for a new finding.
    package func entry(for signature: ExploreSignature) -> Baseline.Entry? {
        let id = signature.id
        return entries.first { CaseSelector.matches($0.caseGlob, id) && $0.verdict == signature.verdict }
    }

    /// An entry that names the finding's id but expects another verdict: the finding is then new, and the
    /// report says which entry almost matched.
    package func mismatchedEntry(for signature: ExploreSignature) -> Baseline.Entry? {
        let id = signature.id
        return entries.first { CaseSelector.matches($0.caseGlob, id) && $0.verdict != signature.verdict }
    }

    /// The catalogue cases the baseline expects to fail that cite the finding's clause (its obligation's
    /// clause), with the glob of the entry that expects each: shown beside a new finding, never used to
    /// hide it.
    package func relatedCatalogueEntries(for signature: ExploreSignature) -> [String] {
        guard let clause = signature.clauseWithoutObligation else { return [] }
        return catalogue.filter { conformanceCase in
            conformanceCase.clauses.contains(clause)
                && entries.contains { CaseSelector.matches($0.caseGlob, conformanceCase.id) }
        }.map(\.id)
    }
}

import ConformanceCatalogue
import ConformanceReports

extension ExploreReport {
    /// What the exploration adds to the results of `conformance run`: one failed result per new finding,
    /// named by its id and carrying its shrunk program; when the kit's reference did not pass its own run, a
    /// harness error that says so (the kit's fault, never the bridge's). Nothing for a clean exploration or
    /// one whose findings the baseline all knows.
    package var runResults: [CaseResult] {
        var results: [CaseResult]
        if !findings.isEmpty {
            results = findings.map { Self.failedResult($0.counterexample, id: $0.id) }
        } else if isReferenceProblem {
            results = caseResults
        } else {
            return []
        }
        for index in results.indices { results[index].isExplorationFinding = true }
        return results
    }

    /// The summary the run's reports carry.
    /// - Parameter maxOperations: The most steps a program had.
    package func summary(maxOperations: Int) -> ExplorationSummary {
        ExplorationSummary(
            seed: seed, plannedPrograms: plannedRuns, programsRun: programsRun, maxOperations: maxOperations,
            findings: findings.map(\.id), knownFindings: knownFindings.map(\.id))
    }
}

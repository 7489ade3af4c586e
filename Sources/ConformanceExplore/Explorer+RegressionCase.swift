import ConformanceBrowser
import ConformanceCatalogue
import ConformanceObligations

extension Explorer {
    /// The case a case file describes: its program on the adapter under test, then on the reference
    /// bridge (evaluating in the style the implementation used), and each difference fails the case under
    /// its clause. Failures of the harness's own checks (wire lint, a callback run twice) come from the
    /// run, as in any case.
    /// - Parameter file: The case file.
    /// - Returns: The case; it ends as a harness error when the reference bridge's own run of the program
    ///   does not pass (a fault of the kit or of a hand-edited file, never of the implementation), and so
    ///   when the implementation's run times out and the reference's cannot finish either.
    package func regressionCase(for file: ExploreCaseFile) -> ConformanceCase {
        let program = file.program
        let comparison = ExploreComparison(program: program, spec: spec, dialect: dialect)
        let steps = ExploreExecution.Steps()
        let clauses =
            file.clauses.isEmpty
            ? [Clause.ord1.id] : Array(Set(file.clauses.map { String($0.prefix { $0 != "." }) })).sorted()
        let kitProblem = { @MainActor @Sendable (context: CaseContext) async -> String? in
            let (_, problem) = await self.referenceOutcome(
                of: program, style: Self.evaluationStyle(of: context.transcript))
            return problem.map {
                "case file \(file.id): the kit cannot run its program within its limits, so the timeout is not the implementation's: \($0)"
            }
        }
        return ExploreExecution.conformanceCase(
            program, id: file.id, clauses: clauses, summary: file.summary, steps: steps, kitProblemOnTimeout: kitProblem
        ) { context in
            // Read as the wire spoke it, as explore reads the reference's run (a case run renamed reads its
            // transcript in its own words).
            let observation = ExploreObservation(transcript: context.browser.transcript, stepStarts: steps.starts)
            let style = Self.evaluationStyle(of: context.transcript)
            let (expected, problem) = await self.referenceOutcome(of: program, style: style)
            if let problem { throw CaseStop.harness("case file \(file.id): \(problem)") }
            var heldAtEnd: Bool?
            if ExploreComparison.deliveredFewer(reference: expected.observation, candidate: observation) {
                // The probe explore makes, on this run: a reload, after which a startup queue that stayed on
                // flushes what it held.
                let before = context.browser.transcript.entries.count
                context.reload()
                try await context.runUntilIdle()
                let delivered = context.browser.transcript.entries.dropFirst(before).filter { entry in
                    guard case .evaluationStarted(_, let style, let command) = entry.event, style != .harness else {
                        return false
                    }
                    return command.deliveredMessage != nil
                }.count
                heldAtEnd = await self.referenceDeliveriesInProbe(of: program, style: style).map { delivered > $0 }
            }
            for difference in comparison.differences(
                reference: expected.observation, candidate: observation, heldAtEnd: heldAtEnd)
            {
                context.fail(
                    citing: difference.clause ?? Clause.ord1.id, difference.summary, expected: difference.expected,
                    actual: difference.actual)
            }
        }
    }
}

import ConformanceCatalogue

/// One implementation's run, as the HTML report shows it in a column of its own beside others'.
package struct ImplementationRun: Sendable {
    /// The run's adapter (the column's heading), profile, rerun command, timings and early stop.
    package var context: RunContext
    /// The run's results, in run order.
    package var results: [CaseResult]

    /// Creates a run.
    /// - Parameters:
    ///   - context: The adapter and the rest of what reports need to know about the run.
    ///   - results: The run's results.
    package init(context: RunContext, results: [CaseResult]) {
        self.context = context
        self.results = results
    }
}

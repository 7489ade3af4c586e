import ConformanceFixtures
import ConformanceKit
import ReferenceOracle

extension AdapterOptions {
    /// Explores `options` on the adapter `factory` makes, against the reference bridge of this profile, on
    /// the main queue: the one exploration `conformance explore` and `conformance run` (after the catalogue)
    /// both run.
    ///
    /// The implementation gets `javaScriptSide` when given, else a JS-side mutant's copy, else the kit's; the
    /// reference always gets the kit's.
    /// - Parameters:
    ///   - factory: Makes the implementation's adapter (`resolve(isInterrupted:)`).
    ///   - progress: Told how many programs have run, after each.
    ///   - isInterrupted: Whether a signal stopped the command; the exploration then ends after the program
    ///     running.
    ///   - prepare: Called with the explorer before the first program (explore installs its stall handler).
    /// - Returns: The exploration's report, or the harness error that kept it from running.
    func explore(
        _ options: ExploreOptions, factory: @escaping AdapterFactory, javaScriptSide: String?,
        progress: @escaping @Sendable (Int) -> Void, isInterrupted: @escaping @Sendable () -> Bool,
        prepare: @escaping @MainActor (Explorer) -> Void = { _ in }
    ) -> Result<ExploreReport, HarnessError> {
        let mutant = choice.mutant, dialect = profile.dialect, scriptTimeLimit = self.scriptTimeLimit
        return MainQueuePump.run { () async -> Result<ExploreReport, HarnessError> in
            do throws(HarnessError) {
                var candidateConfiguration = try mutant?.configuration() ?? .init(dialect: dialect)
                candidateConfiguration.executionTimeLimit = scriptTimeLimit
                if let javaScriptSide { candidateConfiguration.bridgeJavaScriptSource = javaScriptSide }
                let explorer = try Explorer.againstReference(factory, configuration: candidateConfiguration)
                prepare(explorer)
                guard let capabilities = explorer.candidateCapabilities() else {
                    throw HarnessError(
                        code: .invalidInput, message: "the adapter could not be created to ask what it offers")
                }
                let generator = ExploreGenerator(
                    capabilities: capabilities, maxOperations: options.maxOperations,
                    data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()), dialect: dialect)
                return .success(
                    await explorer.explore(
                        options, generator: generator, progress: progress, isInterrupted: isInterrupted))
            } catch {
                return .failure(error)
            }
        }
    }
}

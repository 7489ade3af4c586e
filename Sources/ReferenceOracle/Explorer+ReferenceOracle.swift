import ConformanceKit
import ReferenceBridge

extension Explorer {
    /// An explorer of `candidate` whose oracle is the reference bridge with the kit's JS side, evaluating
    /// in the style the implementation's run used: the one way the CLI, `ConformanceTesting` and the
    /// benchmarks set explore up.
    /// - Parameters:
    ///   - candidate: Makes the implementation's adapter.
    ///   - configuration: The harness set-up for the implementation's runs (its JS side, a mutant's, and the
    ///     profile: the reference runs in the same dialect).
    /// - Throws: `HarnessError` when the kit's fixtures or spec cannot be loaded.
    package static func againstReference(
        _ candidate: @escaping AdapterFactory, configuration: ConformanceRunner.Configuration = .init()
    ) throws(HarnessError) -> Explorer {
        Explorer(
            candidateRunner: try ConformanceRunner(configuration: configuration),
            referenceRunner: try ConformanceRunner(configuration: .init(dialect: configuration.dialect)),
            spec: try ProtocolSpec.bundled(), dialect: configuration.dialect, candidate: candidate,
            reference: { [dialect = configuration.dialect] style in
                ReferenceBridgeAdapter(
                    evaluationStyle: style == .synchronous ? .synchronous : .asynchronous, dialect: dialect)
            })
    }
}

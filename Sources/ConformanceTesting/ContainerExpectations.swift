import ConformanceKit
import Testing

extension ContainerCase: CustomTestStringConvertible {
    /// Parameterized tests are named by case id.
    public var testDescription: String { id }
}

/// Runs the messageHandler container profile (`spec/container.md`) from an implementer's own `swift test`
/// (swift-testing):
///
///     @MainActor @Test(arguments: ContainerCatalogue.all)
///     func container(_ containerCase: ContainerCase) async {
///         await ContainerExpectations.expectConformance(containerCase, adapter: { MyContainerAdapter() })
///     }
///
/// A broken MUST (fail, insecure, timeout, adapter or harness error) is recorded as an error with the case's
/// report, which is also attached; a case that does not apply (a synchronous call to a container without
/// `SupportsSynchronousCalls`) records nothing. Baselines do not cover this profile yet.
public enum ContainerExpectations {
    /// Runs `containerCase` against a fresh adapter and records what broke.
    /// - Parameters:
    ///   - containerCase: The case (usually a test argument from `ContainerCatalogue.all`).
    ///   - adapter: Makes the adapter for your container.
    ///   - javaScriptSide: What the harness offers as `webView.bridgeJavaScriptSource`: your container's page
    ///     library, or nil for the kit's (`Fixtures/js/container/container-bridge.js`).
    ///   - sourceLocation: Where issues are reported.
    @MainActor
    public static func expectConformance(
        _ containerCase: ContainerCase, adapter: ContainerAdapterFactory, javaScriptSide: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let result: CaseResult
        do {
            result = try await ContainerRunner(javaScriptSide: javaScriptSide).run(containerCase, adapter: adapter)
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
            return
        }
        ConformanceSummary.record(result, profile: nil)
        guard result.verdict.category != .clean else { return }
        let comment = Comment(rawValue: "\(result.caseID): \(result.verdict.rawValue)\n\(result.report)")
        Issue.record(
            comment, severity: result.verdict == .nonStrict ? .warning : .error, sourceLocation: sourceLocation)
        Attachment.record(result.report, named: "\(result.caseID).txt", sourceLocation: sourceLocation)
    }
}

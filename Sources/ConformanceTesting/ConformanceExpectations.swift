import ConformanceKit
import Testing

extension ConformanceCase: CustomTestStringConvertible {
    /// Parameterized tests are named by case id; payloads never appear in test names.
    public var testDescription: String { id }
}

/// Runs conformance cases from an implementer's own `swift test` (swift-testing).
///
///     @MainActor @Test(arguments: Catalogue.all)
///     func wvjb(_ conformanceCase: ConformanceCase) async {
///         await ConformanceExpectations.expectConformance(conformanceCase, adapter: { MyBridgeAdapter() })
///     }
///
/// A broken MUST (fail, insecure, timeout, adapter or harness error) is recorded as an error, a broken
/// SHOULD as a warning, and a failure the baseline expects as a known issue; a baseline entry whose case
/// now passes is recorded as an error, so baselines never rot.
public enum ConformanceExpectations {
    /// Runs `conformanceCase` against a fresh adapter and records what broke.
    /// - Parameters:
    ///   - conformanceCase: The case (usually a test argument from `Catalogue.all`).
    ///   - adapter: Makes the adapter for your implementation.
    ///   - configuration: The harness set-up (for example a JS side of your own).
    ///   - baseline: Expected failures, if any.
    ///   - sourceLocation: Where issues are reported.
    @MainActor
    public static func expectConformance(
        _ conformanceCase: ConformanceCase, adapter: AdapterFactory,
        configuration: ConformanceRunner.Configuration = .init(), baseline: Baseline? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let result: CaseResult
        do {
            result = try await ConformanceRunner(configuration: configuration).run(conformanceCase, adapter: adapter)
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
            return
        }
        let entry = baseline?.entries.first { CaseSelector.matches($0.caseGlob, result.caseID) }
        let report = Comment(rawValue: result.report)
        switch result.verdict {
        case .pass, .notApplicable:
            if let entry {
                Issue.record(Comment(rawValue: "\(result.caseID) passes, but the baseline expects \(entry.verdict.rawValue) (\(entry.reason)): remove the entry"),
                             sourceLocation: sourceLocation)
            }
        case _ where entry?.verdict == result.verdict:
            withKnownIssue(Comment(rawValue: entry!.reason)) { Issue.record(report, sourceLocation: sourceLocation) }
        case .nonStrict:
            Issue.record(report, severity: .warning, sourceLocation: sourceLocation)
        default:
            Issue.record(report, sourceLocation: sourceLocation)
        }
    }
}

import ConformanceKit
import ReferenceBridge
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
/// SHOULD as a warning. With a baseline, the verdict goes through the same gate as
/// `conformance run --baseline`: a failure the baseline expects is a known issue, and a case whose entry
/// expects another verdict (a pass included) is an error, so baselines never rot. A case that does not
/// pass gets its report, with the transcript, as an attachment.
public enum ConformanceExpectations {
    /// Stale baseline entries already reported by this process.
    @MainActor private static var reportedStaleEntries: Set<Baseline.Entry> = []

    /// Runs `conformanceCase` against a fresh adapter and records what broke.
    ///
    /// Baseline entries that match no case of the catalogue (renamed cases, typos) are reported once per
    /// process, as one error in whichever case test runs first, rather than once per case. Entries for
    /// other platforms (`platforms` in the file) are ignored.
    /// - Parameters:
    ///   - conformanceCase: The case (usually a test argument from `Catalogue.all`).
    ///   - adapter: Makes the adapter for your implementation.
    ///   - javaScriptSide: A JS side to inject instead of the kit's reference one (your fork's).
    ///   - baseline: Expected failures, if any (`Baseline.load(from:)`).
    ///   - sourceLocation: Where issues are reported.
    @MainActor
    public static func expectConformance(
        _ conformanceCase: ConformanceCase, adapter: AdapterFactory,
        javaScriptSide: String? = nil, baseline: Baseline? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let result: CaseResult
        do {
            result = try await ConformanceRunner(configuration: .forImplementers(javaScriptSide: javaScriptSide)).run(conformanceCase, adapter: adapter)
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
            return
        }
        let gate = (baseline ?? Baseline(entries: [])).gate([result], catalogueIDs: Catalogue.all.map(\.id))
        record(result, gate: gate, sourceLocation: sourceLocation)
    }

    /// Records the issues `gate` calls for, and attaches the report of a case that did not pass.
    @MainActor
    private static func record(_ result: CaseResult, gate: BaselineGate, sourceLocation: SourceLocation) {
        let report = Comment(rawValue: result.report)
        if let (_, entry) = gate.expected.first {
            withKnownIssue(Comment(rawValue: entry.reason)) { Issue.record(report, sourceLocation: sourceLocation) }
        } else if let (_, entry) = gate.unexpectedPasses.first {
            Issue.record(Comment(rawValue: "\(result.caseID) passes, but the baseline expects \(entry.verdict) (\(entry.reason)): remove the entry"),
                         sourceLocation: sourceLocation)
        } else if let (_, entry) = gate.changed.first {
            Issue.record(Comment(rawValue: "\(result.caseID) is \(result.verdict), but the baseline expects \(entry.verdict) (\(entry.reason)): "
                                 + "update the entry\n\(result.report)"),
                         sourceLocation: sourceLocation)
        } else if !gate.newFailures.isEmpty {
            Issue.record(report, sourceLocation: sourceLocation)
        } else if result.verdict == .nonStrict {
            Issue.record(report, severity: .warning, sourceLocation: sourceLocation)
        }
        let stale = gate.stale.filter { reportedStaleEntries.insert($0).inserted }
        if !stale.isEmpty {
            Issue.record(Comment(rawValue: "baseline entries that match no case of the catalogue (reported once): "
                                 + stale.map(\.caseGlob).joined(separator: ", ") + "; remove or fix them"),
                         sourceLocation: sourceLocation)
        }
        if result.verdict != .pass && result.verdict != .notApplicable {
            Attachment.record(result.report, named: "\(result.caseID).txt", sourceLocation: sourceLocation)
        }
    }
}

extension ConformanceRunner.Configuration {
    /// An implementer's run: JS-side cases judge only a JS side given here, against the kit's reference
    /// native side, so that a native defect is never cited under a JS-side clause.
    /// - Parameter javaScriptSide: The implementer's JS side, or nil for the kit's reference one.
    static func forImplementers(javaScriptSide: String?) -> Self {
        .init(bridgeJavaScriptSource: javaScriptSide, javaScriptSideHost: { ReferenceBridgeAdapter() })
    }
}

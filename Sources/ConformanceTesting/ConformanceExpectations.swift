import ConformanceKit
import ReferenceBridge
import Testing
import WireDialects

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
/// Cases run one at a time even when swift-testing runs the arguments side by side, so that what a bridge keeps
/// for the whole process (a logging switch) never passes from one case to another.
///
/// A broken MUST (fail, insecure, timeout, adapter or harness error) is recorded as an error, a broken
/// SHOULD as a warning. With a baseline, the verdict goes through the same gate as
/// `conformance run --baseline`: a failure the baseline expects is a known issue, and a case whose entry
/// expects another verdict (a pass included), or that fails a MUST obligation its entry does not pin or no
/// longer fails one it pins, is an error, so baselines never rot. Each issue is the
/// gate's (`GateIssue`), in the words the CLI and `ConformanceXCTest` use, followed by the case's report;
/// a case that does not pass also gets its report, with the transcript, as an attachment.
public enum ConformanceExpectations {
    /// Issues about the baseline file (stale entries, entries without obligations) already reported by this
    /// process, by their text.
    @MainActor private static var reportedFileIssues: Set<String> = []

    /// Runs `conformanceCase` against a fresh adapter and records what broke.
    ///
    /// Baseline entries that match no case of the catalogue (renamed cases, typos) are reported once per
    /// process, as errors in whichever case test runs first, rather than once per case; so is the warning
    /// that entries pin no obligations. Entries for other platforms (`platforms` in the file) are ignored.
    /// - Parameters:
    ///   - conformanceCase: The case (usually a test argument from `Catalogue.all`).
    ///   - adapter: Makes the adapter for your implementation.
    ///   - javaScriptSide: A JS side to inject instead of the kit's reference one (your fork's).
    ///   - baseline: Expected failures, if any (`Baseline.load(from:)`).
    ///   - profile: The dialect your implementation speaks (`.wkwvjb` for the WKWebViewJavascriptBridge
    ///     package's); a case that does not hold in it is not applicable.
    ///   - sourceLocation: Where issues are reported.
    @MainActor
    public static func expectConformance(
        _ conformanceCase: ConformanceCase, adapter: AdapterFactory,
        javaScriptSide: String? = nil, baseline: Baseline? = nil, profile: WireDialect = .canonical,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await expectConformance(
            conformanceCase, adapter: adapter, javaScriptSide: javaScriptSide, baseline: baseline, profile: profile
        ) {
            comment, severity in
            record(comment, severity: severity, sourceLocation: sourceLocation)
        } attach: { report, name in
            Attachment.record(report, named: name, sourceLocation: sourceLocation)
        }
    }

    /// Runs `conformanceCase` and hands each issue to `record`, as the comment swift-testing gets and how
    /// it is recorded, and the report of a case that did not pass to `attach`: the kit's tests compare what
    /// `record` gets with what the CLI and XCTest print.
    /// - Parameters:
    ///   - record: Records an issue: its comment (`GateIssue.message`) and severity.
    ///   - attach: Attaches a report under a file name.
    @MainActor
    package static func expectConformance(
        _ conformanceCase: ConformanceCase, adapter: AdapterFactory, javaScriptSide: String?, baseline: Baseline?,
        profile: WireDialect = .canonical, record: (_ comment: String, _ severity: GateIssue.Severity) -> Void,
        attach: (_ report: String, _ name: String) -> Void
    ) async {
        if let baseline, let mismatch = baseline.mismatch(withRunIn: profile.name) {
            record(mismatch, .error)
            return
        }
        let result: CaseResult
        do {
            result = try await CaseTurns.shared.take {
                try await ConformanceRunner(
                    configuration: .forImplementers(javaScriptSide: javaScriptSide, profile: profile)
                ).run(conformanceCase, adapter: adapter)
            }
        } catch {
            record("\(error)", .error)
            return
        }
        ConformanceSummary.record(result, profile: profile)
        let gate = (baseline ?? Baseline(entries: [])).gate([result], catalogueIDs: Catalogue.all.map(\.id))
        for issue in gate.issues {
            if issue.kind.isAboutTheFile, !reportedFileIssues.insert(issue.text).inserted { continue }
            record(issue.message, issue.severity)
        }
        if result.verdict.category != .clean {
            attach(result.report, "\(result.caseID).txt")
        }
    }

    /// Records one issue with swift-testing: a known issue, a warning or an error.
    @MainActor
    private static func record(_ comment: String, severity: GateIssue.Severity, sourceLocation: SourceLocation) {
        switch severity {
        case .knownIssue:
            // Recorded inside a known-issue block (named by the issue's first line), so swift-testing shows it as
            // known.
            withKnownIssue(Comment(rawValue: String(comment.prefix { $0 != "\n" }))) {
                Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation)
            }
        case .warning: Issue.record(Comment(rawValue: comment), severity: .warning, sourceLocation: sourceLocation)
        case .error: Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation)
        }
    }
}

extension ConformanceRunner.Configuration {
    /// An implementer's run: JS-side cases judge only a JS side given here, against the kit's reference
    /// native side, so that a native defect is never cited under a JS-side clause.
    /// - Parameters:
    ///   - javaScriptSide: The implementer's JS side, or nil for the kit's reference one.
    ///   - profile: The dialect the implementation speaks.
    static func forImplementers(javaScriptSide: String?, profile: WireDialect = .canonical) -> Self {
        .init(
            bridgeJavaScriptSource: javaScriptSide, javaScriptSideHost: { ReferenceBridgeAdapter(dialect: profile) },
            dialect: profile)
    }
}

import Foundation
import KitTestSupport
import ReferenceBridge
import StrictJSON
import TestTiers
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports

/// Compares every case's transcript on the reference bridge with its golden, per profile: the canonical
/// profile's in `Fixtures/golden/canonical`, the wkwvjb profile's (that dialect's reference, every case that
/// runs there) in `Fixtures/golden/wkwvjb`.
///
/// Recording is explicit: `CONFORMANCE_RECORD=missing|failed|all swift test --filter GoldenTests`.
/// A run that records still fails, so that the new goldens get reviewed before they are committed;
/// recording is refused when `CI` is set.
@Suite("Golden transcripts")
@MainActor
struct GoldenTests {
    /// A case in a profile, as the golden test's argument.
    struct ProfileCase: CustomTestStringConvertible, Sendable {
        let dialect: WireDialect
        let conformanceCase: ConformanceCase
        var testDescription: String { "\(dialect.name): \(conformanceCase.id)" }
    }

    nonisolated static let goldens = Kit.goldens

    /// The goldens of a profile.
    nonisolated static func store(_ dialect: WireDialect) -> GoldenStore { Kit.goldenStore(dialect) }

    static var mode: GoldenStore.RecordMode {
        ProcessInfo.processInfo.environment["CONFORMANCE_RECORD"].flatMap(GoldenStore.RecordMode.init(rawValue:))
            ?? .never
    }

    /// The cases that run in a profile (the others are not applicable there, and have no golden in it).
    nonisolated static func cases(in dialect: WireDialect) -> [ConformanceCase] {
        Catalogue.all.filter { DialectApplicability.whyNotApplicable($0, in: dialect) == nil }
    }

    nonisolated static let profileCases = WireDialect.shipped.flatMap { dialect in
        cases(in: dialect).map { ProfileCase(dialect: dialect, conformanceCase: $0) }
    }

    /// The profile cases this tier checks: all of them in the full tier, a fixed sample in the quick tier.
    nonisolated static let checkedCases = TestTier.sample(profileCases)

    /// The reference's results of the checked cases in `dialect`, by case id: in the full tier the shared run of
    /// the whole catalogue (other tests read it too); in the quick tier a run of the sampled cases only, once per
    /// profile, as the whole catalogue in both profiles would be most of the tier's time.
    static func referenceResults(in dialect: WireDialect) async throws -> [String: CaseResult] {
        guard TestTier.current == .quick else { return try await Kit.referenceRun(in: dialect) }
        if let run = sampledRuns[dialect.name] { return try await run.value }
        let cases = checkedCases.filter { $0.dialect == dialect }.map(\.conformanceCase)
        let run = Task { @MainActor in
            let results = try await Kit.runReference(cases, in: dialect)
            return Dictionary(uniqueKeysWithValues: results.map { ($0.caseID, $0) })
        }
        sampledRuns[dialect.name] = run
        return try await run.value
    }

    private static var sampledRuns: [String: Task<[String: CaseResult], any Error>] = [:]

    @Test(
        "the reference bridge's transcript matches the case's golden in its profile",
        arguments: checkedCases)
    func matchesGolden(_ argument: ProfileCase) async throws {
        let (dialect, conformanceCase) = (argument.dialect, argument.conformanceCase)
        let mode = Self.mode
        if mode != .never, ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record(
                "CONFORMANCE_RECORD=\(mode.rawValue) is refused on CI: record goldens locally, review them, and commit them"
            )
            return
        }
        let result = try #require(try await Self.referenceResults(in: dialect)[conformanceCase.id])
        switch Self.store(dialect).check(result, mode: mode) {
        case .matches:
            break
        case .missing(let path):
            Issue.record(
                "no golden for \(conformanceCase.id) at \(path). Record it with `CONFORMANCE_RECORD=missing swift test --filter GoldenTests`, review the file, and commit it."
            )
        case let .stale(path, difference):
            Issue.record(
                """
                the golden of \(conformanceCase.id) is stale (\(path)).
                \(difference)
                If the change is intended, rerecord with `CONFORMANCE_RECORD=failed swift test --filter GoldenTests`, review the diff, and commit it.
                """)
        case .recorded(let path):
            Issue.record(
                "recorded \(path). Review it (git diff), commit it, and run the tests again without CONFORMANCE_RECORD."
            )
        case let .malformed(path, problem):
            Issue.record(
                "the golden \(path) is unreadable: \(problem). Rerecord it with `CONFORMANCE_RECORD=failed swift test --filter GoldenTests`."
            )
        case let .skipped(path, reason):
            Issue.record(
                "the reference did not run \(conformanceCase.id) to its end, so its golden \(path) was left alone: \(reason)"
            )
        }
    }

    @Test(
        "there is no golden without a case that runs in its profile, and no folder but the shipped profiles' and container",
        arguments: WireDialect.shipped)
    func noOrphanGoldens(_ dialect: WireDialect) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.store(dialect).directory.path)
        let ids = Set(Self.cases(in: dialect).map { $0.id + ".json" })
        #expect(files.filter { !ids.contains($0) }.sorted() == [], "goldens without a case in \(dialect.name)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).sorted()
        // The container profile's goldens are ContainerGoldenTests'.
        #expect(folders == (WireDialect.shipped.map(\.name) + ["container"]).sorted())
    }

    @Test("comparison is semantic: key order and callback-id spelling do not matter, data does")
    func semanticComparison() throws {
        var transcript = Transcript()
        transcript.appendEvaluation(
            id: 1, style: .asynchronous,
            script:
                #"WebViewJavascriptBridge._handleMessageFromObjC('{\"handlerName\":\"h\",\"callbackId\":\"objc_cb_7\"}');"#
        )
        var reordered = Transcript()
        reordered.appendEvaluation(
            id: 1, style: .asynchronous,
            script:
                #"WebViewJavascriptBridge._handleMessageFromObjC('{\"callbackId\":\"objc_cb_1\",\"handlerName\":\"h\"}');"#
        )
        var changed = Transcript()
        changed.appendEvaluation(
            id: 1, style: .asynchronous,
            script:
                #"WebViewJavascriptBridge._handleMessageFromObjC('{\"callbackId\":\"objc_cb_1\",\"handlerName\":\"g\"}');"#
        )
        let a = GoldenTranscript.document(for: transcript, bridgeJavaScriptSource: "")
        let b = GoldenTranscript.document(for: reordered, bridgeJavaScriptSource: "")
        let c = GoldenTranscript.document(for: changed, bridgeJavaScriptSource: "")
        #expect(GoldenTranscript.firstDifference(expected: a, actual: b) == nil)
        #expect(
            GoldenTranscript.firstDifference(expected: a, actual: c)?.contains("first difference at event 1") == true)
        #expect(try JSONParser.parse(GoldenTranscript.fileText(of: a)) == a)
    }

    @Test("record modes: missing writes, never reports, failed rewrites a stale golden")
    func recordModes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = GoldenStore(directory: folder)
        let one: JSONValue = [["event": "x", "t": 0]]
        let two: JSONValue = [["event": "y", "t": 0]]
        #expect(store.check(one, caseID: "a.b", mode: .never) == .missing(path: store.url(for: "a.b").path))
        #expect(store.check(one, caseID: "a.b", mode: .missing) == .recorded(path: store.url(for: "a.b").path))
        #expect(store.check(one, caseID: "a.b", mode: .never) == .matches)
        guard case .stale = store.check(two, caseID: "a.b", mode: .never) else { Issue.record("not stale"); return }
        #expect(store.check(two, caseID: "a.b", mode: .failed) == .recorded(path: store.url(for: "a.b").path))
        #expect(store.check(two, caseID: "a.b", mode: .never) == .matches)
    }

    @Test(
        "a case that did not run to its end is never recorded nor compared, in any mode: its golden stays as it was",
        arguments: [Verdict.notApplicable, .timeout, .crash, .adapterError, .harnessError])
    func unfinishedCaseIsNeverRecorded(verdict: Verdict) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = GoldenStore(directory: folder)
        let kept = store.url(for: "a.kept"), absent = store.url(for: "a.absent")
        try "the golden as it was\n".write(to: kept, atomically: false, encoding: .utf8)
        let why = "why, as the runner put it"
        let interruption: CaseInterruption =
            CaseInterruption.Stop(verdict: verdict).map { .stopped($0, during: nil, detail: why) }
            ?? .notApplicable(.pageHost(why))
        for mode in GoldenStore.RecordMode.allCases {
            for (caseID, url) in [("a.kept", kept), ("a.absent", absent)] {
                let result = CaseResult(
                    caseID: caseID, level: .must, verdict: verdict, failures: [],
                    interruption: interruption,
                    leftovers: CaseLeftovers(), transcript: Transcript(), bridgeJavaScriptSource: "")
                #expect(
                    store.check(result, mode: mode)
                        == .skipped(path: url.path, reason: interruption.text), "\(mode)")
            }
            #expect(try String(contentsOf: kept, encoding: .utf8) == "the golden as it was\n", "\(mode)")
            #expect(!FileManager.default.fileExists(atPath: absent.path), "\(mode)")
        }
        #expect(
            GoldenStore.whyNotRecordable(
                CaseResult(
                    caseID: "a.b", level: .must, verdict: verdict, failures: [], interruption: nil,
                    leftovers: CaseLeftovers(), transcript: Transcript(),
                    bridgeJavaScriptSource: "")) == verdict.rawValue)
    }

    @Test(
        "a case that ran to its end is recorded whatever its verdict: pass, fail, non-strict, insecure",
        arguments: [Verdict.pass, .fail, .nonStrict, .insecure])
    func finishedCaseIsRecorded(verdict: Verdict) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = GoldenStore(directory: folder)
        let result = CaseResult(
            caseID: "a.b", level: .must, verdict: verdict, failures: [], interruption: nil, leftovers: CaseLeftovers(),
            transcript: Transcript(),
            bridgeJavaScriptSource: "")
        #expect(store.check(result, mode: .missing) == .recorded(path: store.url(for: "a.b").path))
        #expect(store.check(result, mode: .never) == .matches)
    }
}

import BridgeMutants
import ConformanceKit
import ConformanceTesting
import Foundation
import ReferenceBridge
import Testing
import XCTest

/// What an implementer writes: one parameterized test over the catalogue (here over the first two cases
/// of each area: the kit's own suites run the whole catalogue against the reference already).
@MainActor
@Test(
    "the reference bridge conforms (as an implementer's test would check it)",
    arguments: Dictionary(grouping: Catalogue.all, by: \.area).values.flatMap { $0.prefix(2) }.sorted { $0.id < $1.id })
func referenceConforms(_ conformanceCase: ConformanceCase) async {
    await ConformanceExpectations.expectConformance(conformanceCase, adapter: { ReferenceBridgeAdapter() })
}

@Suite("The swift-testing integration records what broke")
@MainActor
struct ConformanceExpectationsTests {
    let mutant = MutantCatalogue.mutant(named: "remove-handler-ignored")!
    let brokenCase = Catalogue.case(withID: "missing-handler.native.removed-handler")!

    @Test("the summary trait gives the totals and Fix first of the cases run in its scope, in the catalogue's order")
    func summaryOfTheCases() async throws {
        let cases = Catalogue.all.filter { $0.id.hasPrefix("missing-handler.native.") }
        let (mutant, subject) = (mutant, "MyBridge conforms")
        let lines = try await ConformanceSummary().summaryLines(subject: subject) {
            // The cases finish in any order; the summary keeps the catalogue's.
            for conformanceCase in cases.reversed() {
                await withKnownIssue(isIntermittent: true) {
                    await ConformanceExpectations.expectConformance(conformanceCase, adapter: { mutant.makeAdapter() })
                }
            }
        }
        let totals = try #require(lines.first)
        #expect(totals.hasPrefix("MyBridge conforms: \(cases.count) cases, "), "\(lines)")
        #expect(totals.contains(" fail"), "\(totals)")
        #expect(lines.dropFirst().first?.hasPrefix("Fix first (") == true, "\(lines)")
        #expect(lines.contains { $0.contains("[MISS-2.a]") }, "\(lines)")
        // Outside the trait's scope nothing is collected, and a scope where no case ran prints nothing.
        let none = try await ConformanceSummary().summaryLines(subject: subject) {}
        #expect(none.isEmpty)
    }

    @Test("a broken MUST is recorded as an issue")
    func mustFailureIsRecorded() async {
        await withKnownIssue("the mutant breaks MISS-2") {
            await ConformanceExpectations.expectConformance(brokenCase, adapter: { mutant.makeAdapter() })
        }
    }

    @Test("a failure the baseline expects is a known issue, not a failure")
    func baselineEntryIsKnownIssue() async {
        let baseline = Baseline(entries: [
            .init(
                caseGlob: "missing-handler.native.*", verdict: .fail, reason: "known in this fork",
                obligations: ["MISS-2.a", "MISS-5.a"])
        ])
        await ConformanceExpectations.expectConformance(
            brokenCase, adapter: { mutant.makeAdapter() }, baseline: baseline)
    }

    @Test("a baseline entry whose case passes is recorded, so baselines never rot")
    func unexpectedPassIsRecorded() async {
        let baseline = Baseline(entries: [
            .init(
                caseGlob: brokenCase.id, verdict: .fail, reason: "fixed since", obligations: ["MISS-2.a", "MISS-5.a"])
        ])
        await withKnownIssue("the reference passes a case the baseline expects to fail") {
            await ConformanceExpectations.expectConformance(
                brokenCase, adapter: { ReferenceBridgeAdapter() }, baseline: baseline)
        }
    }

    @Test("a case failing with another verdict than its entry says is an error naming both")
    func changedVerdictIsRecorded() async {
        let baseline = Baseline(entries: [
            .init(caseGlob: brokenCase.id, verdict: .insecure, reason: "was insecure", obligations: [])
        ])
        let log = IssueLog()
        await withKnownIssue("the mutant fails, the baseline expects insecure") {
            await ConformanceExpectations.expectConformance(
                brokenCase, adapter: { mutant.makeAdapter() }, baseline: baseline)
        } matching: {
            log.record($0)
        }
        #expect(log.comments.count == 1)
        #expect(
            log.comments.first?.hasPrefix(
                "CHANGED \(brokenCase.id): expected insecure, got fail (was insecure); update the entry\nFAIL ")
                == true,
            "\(log.comments)")
    }

    @Test("an entry for this platform applies; an entry for another platform does not, so the failure is an error")
    func platformEntries() async throws {
        let here = Baseline(entries: [
            .init(
                caseGlob: brokenCase.id, verdict: .fail, reason: "here", platforms: [try #require(.current)],
                obligations: ["MISS-2.a", "MISS-5.a"])
        ])
        await ConformanceExpectations.expectConformance(brokenCase, adapter: { mutant.makeAdapter() }, baseline: here)

        let elsewhere: Baseline.Platform = Baseline.Platform.current == .linux ? .macOS : .linux
        let there = Baseline(entries: [
            .init(caseGlob: brokenCase.id, verdict: .fail, reason: "there", platforms: [elsewhere])
        ])
        let log = IssueLog()
        await withKnownIssue("the entry is for another platform") {
            await ConformanceExpectations.expectConformance(
                brokenCase, adapter: { mutant.makeAdapter() }, baseline: there)
        } matching: {
            log.record($0)
        }
        #expect(log.comments.count == 1)
        #expect(
            log.comments.first?.hasPrefix("NEW FAILURE \(brokenCase.id): fail\nFAIL \(brokenCase.id)") == true,
            "\(log.comments)")
    }

    @Test("a stale baseline entry is one error for the whole process, in the first case test that sees it")
    func staleEntryIsRecordedOnce() async {
        let staleGlob = "no-such-group.stale-entry-of-this-test"
        let baseline = Baseline(entries: [
            .init(caseGlob: staleGlob, verdict: .fail, reason: "renamed long ago", obligations: [])
        ])
        let log = IssueLog()
        await withKnownIssue("the baseline has a stale entry") {
            for conformanceCase in Catalogue.all.prefix(3) {
                await ConformanceExpectations.expectConformance(
                    conformanceCase, adapter: { ReferenceBridgeAdapter() }, baseline: baseline)
            }
        } matching: {
            log.record($0)
        }
        #expect(log.comments.count == 1)
        #expect(log.comments.first?.contains(staleGlob) == true, "\(log.comments)")
    }

    @Test("a MUST obligation a known case newly fails is an error naming it, with the case's report")
    func newObligationIsAnError() async throws {
        let conformanceCase = try #require(Catalogue.case(withID: "bootstrap.url-classification.https"))
        let known = try #require(MutantCatalogue.mutant(named: "decides-navigation-twice"))
        let both = try MutantCatalogue.combination(of: [known.id, "cancels-bridge-hosts-on-any-scheme"])
        let results = await (try ConformanceRunner()).run([conformanceCase], adapter: { known.makeAdapter() })
        let baseline = Baseline.updated(from: results, keeping: Baseline(entries: []))
        var recorded: [(comment: String, severity: GateIssue.Severity)] = []
        await ConformanceExpectations.expectConformance(
            conformanceCase, adapter: { both() }, javaScriptSide: nil, baseline: baseline
        ) { comment, severity in
            recorded.append((comment, severity))
        } attach: { _, _ in
        }
        #expect(recorded.count == 1 && recorded.first?.severity == .error, "\(recorded)")
        #expect(
            recorded.first?.comment.hasPrefix(
                "NEW OBLIGATION \(conformanceCase.id): fails BOOT-2.b, which its entry does not list") == true,
            "\(recorded)")
        #expect(recorded.first?.comment.contains("\nFAIL \(conformanceCase.id)") == true, "the case's report follows")
    }

    @Test("the warning that entries pin no obligations is one warning for the whole process, not one per case")
    func entriesWithoutObligationsWarnOnce() async {
        let baseline = Baseline(entries: [
            .init(caseGlob: brokenCase.id, verdict: .fail, reason: "pinned by hand once"),
            .init(caseGlob: "missing-handler.js.*", verdict: .fail, reason: "a glob of this test only"),
        ])
        var warnings: [String] = []
        for _ in 0..<2 {
            await ConformanceExpectations.expectConformance(
                brokenCase, adapter: { mutant.makeAdapter() }, javaScriptSide: nil, baseline: baseline
            ) { comment, severity in
                if severity == .warning { warnings.append(comment) }
            } attach: { _, _ in
            }
        }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(
            warnings.first?.hasPrefix(
                "BASELINE WITHOUT OBLIGATIONS: 2 entries pin no obligations (\(brokenCase.id) and missing-handler.js.*)"
            )
                == true, "\(warnings)")
        #expect(warnings.first?.hasSuffix(BaselineGate.genericUpdateCommand) == true, "\(warnings)")
    }
}

/// The comments of the issues a known-issue block matched (matchers run on any thread).
final class IssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    /// Keeps the issue's comments; always matches.
    func record(_ issue: Issue) -> Bool {
        lock.withLock { recorded.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
        return true
    }

    /// The comments kept so far, one string per issue.
    var comments: [String] { lock.withLock { recorded } }
}

/// The XCTest entry point.
final class ConformanceXCTestTests: XCTestCase {
    @MainActor
    func testReferenceConformsThroughXCTest() async {
        await ConformanceXCTest.assertConformance(
            adapter: { ReferenceBridgeAdapter() }, cases: Array(Catalogue.all.prefix(10)))
    }

    /// XCTest runs `@MainActor` tests on the main thread, so a port hopping with
    /// `Thread.isMainThread ? work() : DispatchQueue.main.sync { work() }` works here (under swift-testing
    /// on Linux it traps, with a note: see CLITests' InProcessThreadingTests).
    @MainActor
    func testMainThreadSyncPortConformsThroughXCTest() async {
        XCTAssertTrue(Thread.isMainThread)
        await ConformanceXCTest.assertConformance(
            adapter: { MainThreadSyncPortAdapter() }, cases: Array(Catalogue.all.prefix(20)))
    }

    @MainActor
    func testBaselineEntriesAreKnownFailuresThroughXCTest() async {
        let mutant = MutantCatalogue.mutant(named: "remove-handler-ignored")!
        let baseline = Baseline(entries: [
            .init(caseGlob: "missing-handler.native.removed-handler", verdict: .fail, reason: "known in this fork")
        ])
        await ConformanceXCTest.assertConformance(
            adapter: { mutant.makeAdapter() },
            cases: [Catalogue.case(withID: "missing-handler.native.removed-handler")!], baseline: baseline)
    }
}

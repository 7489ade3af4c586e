import BridgeMutants
import ConformanceKit
import ConformanceTesting
import Foundation
import Testing

/// The baseline gate speaks with one voice: `conformance run --baseline`, swift-testing
/// (`ConformanceExpectations`) and XCTest (`ConformanceXCTest`) print the same issue texts for the same run.
@Suite("The baseline gate's issues")
@MainActor
struct GateIssueAgreementTests {
    /// Breaks MISS-1.c in three missing-handler cases (MISS-2.a too in one of them, MISS-5.a, a SHOULD, in
    /// two of them) and MISS-5.a alone in two more.
    let mutant = MutantCatalogue.mutant(named: "missing-handler-answered-without-callback-id")!
    /// The missing-handler cases of either side, and one of the area's situations.
    let cases = Catalogue.all.filter {
        $0.id.hasPrefix("missing-handler.native.") || $0.id.hasPrefix("missing-handler.js.")
            || $0.id == "missing-handler.registered-twice-then-removed"
    }

    /// One entry of each fate: expected (with a broken SHOULD it does not pin), changed, an unexpected pass,
    /// stale, with a new and a stale obligation; one failure and one broken SHOULD no entry covers; three
    /// entries without obligations.
    let baseline = Baseline(entries: [
        .init(
            caseGlob: "missing-handler.native.batch-continues", verdict: .fail, reason: "known in this fork",
            obligations: ["MISS-1.c"]),
        .init(
            caseGlob: "missing-handler.native.no-handler-name", verdict: .fail, reason: "another defect once",
            obligations: ["MISS-2.a"]),
        .init(caseGlob: "missing-handler.native.removed-before-load", verdict: .fail, reason: "was worse once"),
        .init(caseGlob: "missing-handler.js.no-answer-next-works", verdict: .fail, reason: "fixed since"),
        .init(
            caseGlob: "no-such-area.stale-entry-of-the-agreement-test", verdict: .timeout, reason: "renamed long ago"),
    ])

    @Test("the CLI, swift-testing and XCTest print the same issue text for the same gate, each kind of issue included")
    func sameTextsEverywhere() async throws {
        let expected = [
            "EXPECTED FAILURE missing-handler.native.batch-continues: fail (known in this fork)",
            "NON-STRICT OBLIGATION missing-handler.native.batch-continues: fails MISS-5.a, below MUST, which its "
                + "entry does not list; a warning",
            "NEW FAILURE missing-handler.native.removed-handler: fail",
            "NEW OBLIGATION missing-handler.native.no-handler-name: fails MISS-1.c, which its entry does not list "
                + "(it expects fail: another defect once); fix it, or accept it with --update-baseline",
            "STALE OBLIGATION missing-handler.native.no-handler-name: no longer fails MISS-2.a, which its entry "
                + "lists (another defect once); remove it from the entry",
            "CHANGED missing-handler.native.removed-before-load: expected fail, got non-strict (was worse once); "
                + "update the entry",
            "NON-STRICT missing-handler.registered-twice-then-removed: only SHOULD clauses broken, a warning",
            "UNEXPECTED PASS missing-handler.js.no-answer-next-works: the baseline expects fail (fixed since); remove "
                + "the entry",
            "STALE ENTRY no-such-area.stale-entry-of-the-agreement-test: matches no case of the catalogue; remove or "
                + "fix it",
            "BASELINE WITHOUT OBLIGATIONS: 3 entries pin no obligations (missing-handler.native.removed-before-load, "
                + "missing-handler.js.no-answer-next-works and no-such-area.stale-entry-of-the-agreement-test), so a "
                + "new violation inside their cases would pass unseen; to pin them, rewrite the baseline: "
                + BaselineGate.genericUpdateCommand,
        ].sorted()

        let cli = try await cliIssueTexts()
        let (swiftTesting, swiftTestingErrors) = await swiftTestingIssueTexts()
        let (xcTest, xcTestFailures) = await xcTestIssueTexts()
        #expect(cli == expected, "\(cli)")
        #expect(swiftTesting == cli, "\(swiftTesting)")
        #expect(xcTest == cli, "\(xcTest)")
        // What fails the test is the same on both test frontends: the six issues that fail the gate.
        #expect(
            swiftTestingErrors == xcTestFailures && swiftTestingErrors.count == 6,
            "\(swiftTestingErrors) \(xcTestFailures)")
    }

    /// The issue lines `conformance run --baseline` prints under its `baseline:` line, sorted.
    private func cliIssueTexts() async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gate-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("baseline.json").path
        try baseline.fileText.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try await CLITests.run([
            "run", "--adapter", "mutant:\(mutant.id)", "--case", "missing-handler.native.**", "--case",
            "missing-handler.js.**", "--case", "missing-handler.registered-twice-then-removed", "--baseline", path,
            "--verbose",
        ])
        #expect(output.status == 1, "\(output.standardOutput)")
        let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let gate = try #require(lines.firstIndex { $0.hasPrefix("baseline: ") }, "\(output.standardOutput)")
        let accept = "to accept this run as the new baseline: "
        let issues = lines[(gate + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
        // The CLI names its own update command where the test frontends, which cannot, name the generic one.
        let command = try #require(issues.first { $0.hasPrefix(accept) }?.dropFirst(accept.count))
        #expect(command.hasSuffix("--baseline \(path) --update-baseline"), "\(command)")
        return issues.filter { !$0.hasPrefix(accept) }.map {
            $0.replacingOccurrences(of: command, with: BaselineGate.genericUpdateCommand)
        }.sorted()
    }

    /// The first lines of the issues swift-testing records, one case test at a time, sorted; and those of
    /// its errors.
    private func swiftTestingIssueTexts() async -> (all: [String], errors: [String]) {
        var all: [String] = [], errors: [String] = []
        for conformanceCase in cases {
            await ConformanceExpectations.expectConformance(
                conformanceCase, adapter: { mutant.makeAdapter() }, javaScriptSide: nil, baseline: baseline
            ) { comment, severity in
                let headline = Self.firstLine(comment)
                all.append(headline)
                if severity == .error { errors.append(headline) }
            } attach: { _, _ in
            }
        }
        return (all.sorted(), errors.sorted())
    }

    /// The first lines of what XCTest prints and fails with, sorted; and those of its failures.
    private func xcTestIssueTexts() async -> (all: [String], failures: [String]) {
        var all: [String] = [], failures: [String] = []
        await ConformanceXCTest.assertConformance(
            adapter: { mutant.makeAdapter() }, cases: cases, baseline: baseline, javaScriptSide: nil
        ) { message in
            all.append(Self.firstLine(message))
            failures.append(Self.firstLine(message))
        } print: { text in
            all.append(Self.firstLine(text))
        }
        return (all.sorted(), failures.sorted())
    }

    private static func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }
}

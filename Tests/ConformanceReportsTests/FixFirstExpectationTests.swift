import BridgeMutants
import Foundation
import KitTestSupport
import TestTiers
import Testing

@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports

/// "Fix first" on every single mutant, pinned in `Expectations/fix-first.txt` (`FixFirstExpectationFile`), so that a
/// change of a rule shows, mutant by mutant, as a diff a reviewer reads.
///
/// `CONFORMANCE_RECORD_FIX_FIRST=1 swift test --filter FixFirstExpectationTests` rewrites the file from the whole
/// catalogue run against every mutant (about 15 minutes in a debug build), and fails so that the diff gets reviewed;
/// recording is refused when `CI` is set. The full tier compares one mutant in `stride`, re-running only the cases the
/// file lists as failing: "Fix first" reads only cases that did not end clean, so the comparison sees every change
/// of attribution, folding and order, and of those cases' verdicts, but not a case that starts failing outside the
/// list (a rewrite shows it). The quick tier runs no mutant: it checks the file reads and names every mutant.
@Suite("Fix first's expectation file")
@MainActor
struct FixFirstExpectationTests {
    /// The full tier compares one mutant in `stride` (sorted by id, the first included).
    nonisolated static let stride = 4

    /// The variable that asks for a rewrite.
    nonisolated static let recordVariable = "CONFORMANCE_RECORD_FIX_FIRST"

    nonisolated static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] != nil }

    /// The mutants the full tier compares: every `stride`-th by id, the first included.
    nonisolated static var sample: [Mutant] {
        MutantCatalogue.all.sorted { $0.id < $1.id }.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }

    @Test("the file reads, names every single mutant once, and is written as the kit writes it")
    func fileIsCurrent() throws {
        let file = try FixFirstExpectationFile.load()
        let ids = Set(MutantCatalogue.all.map(\.id))
        #expect(
            ids.subtracting(file.entries.keys).sorted() == [],
            "mutants without a line: rewrite it with `\(FixFirstExpectationFile.recordCommand)`")
        #expect(Set(file.entries.keys).subtracting(ids).sorted() == [], "lines of no mutant")
        let text = try #require(String(data: try Data(contentsOf: FixFirstExpectationFile.url), encoding: .utf8))
        let firstDifference = zip(Self.lines(file.text), Self.lines(text)).enumerated()
            .first { $0.element.0 != $0.element.1 }
        #expect(
            firstDifference == nil && Self.lines(file.text).count == Self.lines(text).count,
            """
            the file is not in its written form (sorted by mutant, header current): line \((firstDifference?.offset ?? 0) + 1) \
            reads `\(firstDifference?.element.1 ?? "")` for `\(firstDifference?.element.0 ?? "")`. Rewrite it with \
            `\(FixFirstExpectationFile.recordCommand)`.
            """)
        for (id, expectation) in file.entries {
            let mutant = try #require(MutantCatalogue.all.first { $0.id == id })
            #expect(expectation.obligation == mutant.obligation.id, "\(id)")
        }
    }

    /// The lines of `text`, the empty ones too.
    nonisolated static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test("an expectation reads back as written; a change says per field what moved")
    func roundTripAndChanges() throws {
        let old = FixFirstExpectation(
            mutant: "batch-reversed", obligation: "ORD-2.a", standing: .first, findingCount: 2,
            shown: ["ORD-2.a", "CB-1.b"],
            failingCases: [.init(id: "ordering.batch", verdict: .fail), .init(id: "ordering.two", verdict: .timeout)])
        var new = old
        (new.standing, new.shown) = (.shown(2), ["CB-1.b", "ORD-2.a"])
        new.failingCases = [.init(id: "ordering.batch", verdict: .fail), .init(id: "ordering.three", verdict: .crash)]
        let none = FixFirstExpectation(
            mutant: "quiet", obligation: "LOG-1.a", standing: .absent, findingCount: 0, shown: [], failingCases: [])
        let far = FixFirstExpectation(
            mutant: "far", obligation: "MISS-2.a", standing: .notShown(7), findingCount: 9, shown: ["ESC-2.c"],
            failingCases: [.init(id: "a", verdict: .insecure)])
        for expectation in [old, new, none, far] {
            let text = FixFirstExpectationFile([expectation]).text
            #expect(try FixFirstExpectationFile(parsing: text).entries == [expectation.mutant: expectation], "\(text)")
        }
        #expect(old.lines[0] == "batch-reversed [ORD-2.a] first, 2 findings: ORD-2.a CB-1.b")
        #expect(old.lines[1] == "  fails: ordering.batch ordering.two=timeout")
        #expect(none.lines == ["quiet [LOG-1.a] absent, 0 findings: -", "  fails: -"])
        #expect(far.lines[0] == "far [MISS-2.a] not shown (#7), 9 findings: ESC-2.c")
        #expect(
            new.changes(from: old)
                == "first ORD-2.a -> CB-1.b; own first -> shown #2; shown ORD-2.a CB-1.b -> CB-1.b ORD-2.a; "
                + "fails -ordering.two=timeout +ordering.three=crash")
        #expect(old.changes(from: old) == nil)
        var spaced = old
        spaced.failingCases = [.init(id: "a case", verdict: .fail)]
        #expect(old.isWritable && !spaced.isWritable)
    }

    @Test(
        "a damaged file is refused naming its line and the command that rewrites it",
        arguments: [
            ("batch-reversed ORD-2.a first, 1 finding: ORD-2.a\n  fails: -\n", 1),
            ("batch-reversed [ORD-2.a] second, 1 finding: ORD-2.a\n  fails: -\n", 1),
            ("# header\nbatch-reversed [ORD-2.a] first, 1 finding: ORD-2.a\n", 2),
            ("  fails: -\n", 1),
            ("a [B-1.a] first, 1 finding: B-1.a\n  fails: x=pass\n", 2),
            ("a [B-1.a] first, 1 finding: B-1.a\n  fails: x=nope\n", 2),
            ("a [B-1.a] absent, 0 findings: -\n  fails: -\na [B-1.a] absent, 0 findings: -\n  fails: -\n", nil),
        ])
    func damagedFile(_ text: String, line: Int?) {
        do {
            _ = try FixFirstExpectationFile(parsing: text)
            Issue.record("read \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(FixFirstExpectationFile.recordCommand))
        }
    }

    @Test(
        "Fix first on the sampled mutants' failing cases is what the file says (a rewrite runs every mutant whole)",
        .enabled(if: TestTier.current == .full || isRecording, "full tier, or \(recordVariable) set"))
    func matchesExpectations() async throws {
        if Self.isRecording {
            try await record()
            return
        }
        let file = try FixFirstExpectationFile.load()
        var changes: [String] = []
        for mutant in Self.sample {
            guard let expected = file.entries[mutant.id] else {
                changes.append("\(mutant.id): no line in the file")
                continue
            }
            let failing = Set(expected.failingCases.map(\.id))
            let results = try await Kit.run(Catalogue.all.filter { failing.contains($0.id) }, against: mutant)
            if let change = FixFirstExpectation(mutant: mutant, results: results).changes(from: expected) {
                changes.append("\(mutant.id): \(change)")
            }
        }
        guard !changes.isEmpty else { return }
        Issue.record(
            """
            "Fix first" changed for \(changes.count) of the \(Self.sample.count) mutants compared (old -> new):
            \(changes.joined(separator: "\n"))
            If the change is intended, rewrite the file with `\(FixFirstExpectationFile.recordCommand)`, review its \
            diff, and commit it.
            """)
    }

    /// Rewrites the file from the whole catalogue against every mutant, checks that each mutant's failing cases
    /// alone give the same "Fix first" (what the comparison relies on), and fails naming what changed.
    private func record() async throws {
        guard ProcessInfo.processInfo.environment["CI"] == nil else {
            Issue.record("\(Self.recordVariable) is refused on CI: rewrite the file locally, review it, and commit it")
            return
        }
        let old = try? FixFirstExpectationFile.load()
        var expectations: [FixFirstExpectation] = []
        var changes: [String] = []
        for mutant in MutantCatalogue.all {
            let results = try await Kit.run(Catalogue.all, against: mutant)
            let expectation = FixFirstExpectation(mutant: mutant, results: results)
            guard expectation.isWritable else {
                Issue.record("\(mutant.id): a citation or case id the file cannot hold: \(expectation.lines)")
                continue
            }
            let failing = Set(expectation.failingCases.map(\.id))
            let alone = try await Kit.run(Catalogue.all.filter { failing.contains($0.id) }, against: mutant)
            if let change = FixFirstExpectation(mutant: mutant, results: alone).changes(from: expectation) {
                Issue.record(
                    "\(mutant.id): its failing cases alone give another Fix first than the whole run (\(change))")
            }
            expectations.append(expectation)
            if let previous = old?.entries[mutant.id], let change = expectation.changes(from: previous) {
                changes.append("\(mutant.id): \(change)")
            }
        }
        let file = FixFirstExpectationFile(expectations)
        try FileManager.default.createDirectory(
            at: FixFirstExpectationFile.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.text.write(to: FixFirstExpectationFile.url, atomically: true, encoding: .utf8)
        Issue.record(
            """
            rewrote \(FixFirstExpectationFile.url.path) (\(expectations.count) mutants; \(changes.count) changed):
            \(changes.joined(separator: "\n"))
            Review it (git diff), commit it, and run the tests again without \(Self.recordVariable).
            """)
    }
}

import BridgeMutants
import Foundation
import KitTestSupport
import StrictJSON
import Testing

@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports

/// A baseline pins the obligations each known case fails, so a new violation inside a case it already
/// lists fails the gate, and `conformance diff` names it: the newcomer's BOOT-2.b that once passed unseen.
@Suite("Baseline obligations: a new violation inside a known case")
@MainActor
struct BaselineObligationTests {
    /// The case both ports fail.
    static let caseID = "bootstrap.url-classification.https"
    /// The known defect: bridge URLs decided twice (BOOT-1.f).
    static let knownDefect = "decides-navigation-twice"
    /// The newcomer's defect: `http://__wvjb_queue_message__` taken for a bridge URL (BOOT-2.b).
    static let newDefect = "cancels-bridge-hosts-on-any-scheme"

    /// The case's result against the port with the known defect, and against the port with both.
    static func runs() async throws -> (known: CaseResult, both: CaseResult) {
        let conformanceCase = try #require(Catalogue.all.first { $0.id == caseID })
        let known = try #require(MutantCatalogue.mutant(named: knownDefect))
        let both = try MutantCatalogue.combination(of: [knownDefect, newDefect])
        return (
            try await Kit.run(conformanceCase) { known.makeAdapter() }, try await Kit.run(conformanceCase) { both() }
        )
    }

    /// `baseline` written to a file and read back, as `conformance run --baseline` reads it.
    static func throughFile(_ baseline: Baseline) throws -> Baseline {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "obligations-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try baseline.fileText.write(to: file, atomically: true, encoding: .utf8)
        return try Baseline.load(from: file)
    }

    /// A run's JSON report as `conformance diff` reads it.
    static func snapshot(_ result: CaseResult, adapter: String) throws -> ReportSnapshot {
        try ReportSnapshot(JSONRunReport.document([result], context: RunContext(adapter: adapter, rerunWords: [])))
    }

    @Test(
        "a case baselined failing BOOT-1.f that now also fails BOOT-2.b fails the gate, naming the case and BOOT-2.b; diff calls it a regression"
    )
    func newObligationInsideAKnownCase() async throws {
        let (known, both) = try await Self.runs()
        // Both runs fail the case with the same verdict: only the obligations tell them apart.
        #expect(known.verdict == .fail && both.verdict == .fail, "\(known.report)\n\(both.report)")
        #expect(!known.failures.contains { $0.obligation == "BOOT-2.b" }, "\(known.report)")
        #expect(both.failures.contains { $0.obligation == "BOOT-2.b" }, "\(both.report)")

        let baseline = try Self.throughFile(Baseline.updated(from: [known], keeping: Baseline(entries: [])))
        #expect(baseline.gate([known], catalogueIDs: Catalogue.all.map(\.id)).isSatisfied)

        let gate = baseline.gate([both], catalogueIDs: Catalogue.all.map(\.id))
        let text = gate.render(updateCommand: "conformance run --baseline b.json --update-baseline")
        #expect(!gate.isSatisfied, "\(text)")
        let line = text.split(separator: "\n").first { $0.contains("BOOT-2.b") }.map(String.init) ?? ""
        #expect(line.contains(Self.caseID) && line.contains("--update-baseline"), "\(text)")
        #expect(text.contains("to accept this run as the new baseline: conformance run"), "\(text)")

        let diff = ReportDiff(
            old: try Self.snapshot(known, adapter: "known"), new: try Self.snapshot(both, adapter: "both"))
        #expect(diff.isWorse, "\(diff.text)")
        #expect(diff.text.hasPrefix("worse: "), "\(diff.text)")
        #expect(
            diff.text.split(separator: "\n").contains { $0.contains(Self.caseID) && $0.contains("BOOT-2.b") },
            "\(diff.text)")
        // Back again, BOOT-2.b is fixed: an improvement, not a regression.
        let back = ReportDiff(
            old: try Self.snapshot(both, adapter: "both"), new: try Self.snapshot(known, adapter: "known"))
        #expect(!back.isWorse && back.text.contains("BOOT-2.b"), "\(back.text)")
    }
}

/// The gate's rules for pinned obligations, on made-up results: what fails it, what warns, what an old entry
/// and a glob's entry mean.
extension BaselineObligationTests {
    /// A result of `id` whose failures cite `must` at MUST level and `should` at SHOULD level.
    static func result(_ id: String, _ verdict: Verdict = .fail, must: [String], should: [String] = []) -> CaseResult {
        var result = FixFirstTests.result(id, must + should, verdict: verdict)
        for index in result.failures.indices where index >= must.count { result.failures[index].level = .should }
        return result
    }

    static let ids = ["area.one", "area.two", "area.three", "other.case"]

    /// The issue texts of `baseline`'s gate over `results`, with the update command `u`.
    static func texts(_ baseline: Baseline, _ results: [CaseResult]) -> [String] {
        baseline.gate(results, catalogueIDs: ids, on: .linux).issues(updateCommand: "u").map(\.text)
    }

    @Test("a new MUST obligation fails the gate, a new SHOULD warns, a pinned one no longer failed is stale")
    func obligationRules() {
        let baseline = Baseline(entries: [
            .init(caseGlob: "area.one", verdict: .fail, reason: "known", obligations: ["BOOT-1.f", "LOG-2.a"])
        ])
        let same = Self.result("area.one", must: ["BOOT-1.f"], should: ["LOG-2.a"])
        #expect(baseline.gate([same], catalogueIDs: Self.ids, on: .linux).isSatisfied)
        #expect(Self.texts(baseline, [same]) == ["EXPECTED FAILURE area.one: fail (known)"])

        let added = Self.result("area.one", must: ["BOOT-1.f", "BOOT-2.b", "BOOT-10.a"], should: ["LOG-2.a"])
        let gate = baseline.gate([added], catalogueIDs: Self.ids, on: .linux)
        #expect(!gate.isSatisfied && gate.expected.isEmpty)
        #expect(
            Self.texts(baseline, [added]) == [
                "NEW OBLIGATION area.one: fails BOOT-2.b and BOOT-10.a, which its entry does not list (it expects "
                    + "fail: known); fix it, or accept it with --update-baseline"
            ])
        #expect(
            gate.render(updateCommand: "u").hasPrefix(
                "baseline: 0 expected failures, 0 new failures, 0 unexpected passes, 0 changed, 0 stale entries, "
                    + "2 new obligations, 0 stale obligations\n"))

        // A broken SHOULD the entry does not pin warns, as one in a case no entry covers does.
        let should = Self.result("area.one", must: ["BOOT-1.f"], should: ["LOG-2.a", "LOG-3.b"])
        #expect(baseline.gate([should], catalogueIDs: Self.ids, on: .linux).isSatisfied)
        #expect(
            Self.texts(baseline, [should]) == [
                "NON-STRICT OBLIGATION area.one: fails LOG-3.b, below MUST, which its entry does not list; a warning",
                "EXPECTED FAILURE area.one: fail (known)",
            ])

        // Fixed, LOG-2.a is stale, as a known failure that passes is: the entry must not rot.
        let fixed = Self.result("area.one", must: ["BOOT-1.f"])
        #expect(!baseline.gate([fixed], catalogueIDs: Self.ids, on: .linux).isSatisfied)
        #expect(
            Self.texts(baseline, [fixed]) == [
                "STALE OBLIGATION area.one: no longer fails LOG-2.a, which its entry lists (known); remove it from the entry"
            ])

        // A case that stopped early may not have reached what it pins: only new obligations count.
        let stopped = Baseline(entries: [
            .init(caseGlob: "area.one", verdict: .timeout, reason: "hangs", obligations: ["BOOT-1.f"])
        ])
        #expect(stopped.gate([Self.result("area.one", .timeout, must: [])], catalogueIDs: Self.ids).isSatisfied)
        #expect(
            !stopped.gate([Self.result("area.one", .timeout, must: ["SAFE-3.a"])], catalogueIDs: Self.ids).isSatisfied)
    }

    @Test("a glob's entry pins the same obligations for every case it matches, as it pins the same verdict")
    func globEntry() {
        let baseline = Baseline(entries: [
            .init(caseGlob: "area.*", verdict: .fail, reason: "one defect", obligations: ["ESC-2.c"])
        ])
        let results = [
            Self.result("area.one", must: ["ESC-2.c"]), Self.result("area.two", must: ["ESC-2.c", "ESC-3.a"]),
            Self.result("area.three", must: ["ESC-3.a"]),
        ]
        #expect(
            Self.texts(baseline, results) == [
                "NEW OBLIGATION area.two: fails ESC-3.a, which its entry does not list (it expects fail: one defect); "
                    + "fix it, or accept it with --update-baseline",
                "NEW OBLIGATION area.three: fails ESC-3.a, which its entry does not list (it expects fail: one "
                    + "defect); fix it, or accept it with --update-baseline",
                "STALE OBLIGATION area.three: no longer fails ESC-2.c, which its entry lists (one defect); remove it "
                    + "from the entry",
                "EXPECTED FAILURE area.one: fail (one defect)",
            ])
        // --update-baseline writes an entry per case, each with its own obligations, keeping the glob's reason.
        let updated = Baseline.updated(from: results, keeping: baseline, on: .linux)
        #expect(updated.entries.map(\.caseGlob) == ["area.one", "area.two", "area.three"])
        #expect(updated.entries.map(\.obligations) == [["ESC-2.c"], ["ESC-2.c", "ESC-3.a"], ["ESC-3.a"]])
        #expect(updated.entries.allSatisfy { $0.reason == "one defect" })
        #expect(updated.gate(results, catalogueIDs: Self.ids, on: .linux).isSatisfied)
    }

    @Test(
        "entries without obligations match as before, and the gate says so once, naming them and the command that pins them"
    )
    func entriesWithoutObligations() {
        let baseline = Baseline(entries: [
            .init(caseGlob: "area.one", verdict: .fail, reason: "old"),
            .init(caseGlob: "area.two", verdict: .fail, reason: "old too"),
            .init(caseGlob: "other.case", verdict: .fail, reason: "pinned", obligations: ["ORD-1.a"]),
            .init(caseGlob: "explore.ord-2.reordered-native-side", verdict: .fail, reason: "explore's"),
            .init(caseGlob: "area.three", verdict: .fail, reason: "on macOS", platforms: [.macOS]),
        ])
        let results = [
            Self.result("area.one", must: ["BOOT-1.f", "BOOT-2.b"]), Self.result("area.two", must: ["ESC-2.c"]),
            Self.result("other.case", must: ["ORD-1.a"]),
        ]
        let gate = baseline.gate(results, catalogueIDs: Self.ids, on: .linux)
        #expect(gate.isSatisfied && gate.expected.count == 3)
        let lines = gate.render(updateCommand: "conformance run --adapter x --baseline b.json --update-baseline")
            .split(separator: "\n").map(String.init)
        let expected: String =
            "  BASELINE WITHOUT OBLIGATIONS: 2 entries pin no obligations (area.one and area.two), so a new "
            + "violation inside their cases would pass unseen; to pin them, rewrite the baseline: "
            + "conformance run --adapter x --baseline b.json --update-baseline"
        #expect(lines.filter { $0.contains("BASELINE WITHOUT OBLIGATIONS") } == [expected], "\(lines)")
        // The test frontends cannot name the adapter's command: they name the generic one.
        #expect(gate.issues.contains { $0.text.hasSuffix(BaselineGate.genericUpdateCommand) })
        #expect(gate.issues.first { $0.kind == .entriesWithoutObligations }?.severity == .warning)
        // Rewritten, every entry pins its obligations, and the line is gone.
        let updated = Baseline.updated(from: results, keeping: baseline, on: .linux)
        #expect(
            updated.entries.filter { $0.obligations == nil }.map(\.caseGlob) == [
                "explore.ord-2.reordered-native-side", "area.three",
            ])
        #expect(updated.gate(results, catalogueIDs: Self.ids, on: .linux).entriesWithoutObligations.isEmpty)
    }

    @Test("--update-baseline pins obligations and platforms the kit attributes, keeps reasons, and writes useful ones")
    func updateWritesObligationsPlatformsAndReasons() throws {
        var lenient = Self.result("area.one", must: ["FLUSH-3.b"])
        lenient.failures[0].likelyCause = .foundationAcceptsTrailingCommas
        lenient.failures[0].message += PlatformBehaviour.foundationAcceptsTrailingCommas.hint
        var mixed = Self.result("area.two", must: ["FLUSH-3.b", "FLUSH-3.c"])
        mixed.failures[0].likelyCause = .foundationAcceptsTrailingCommas
        var hostile = Self.result("area.three", must: ["ESC-2.c"], should: ["LOG-2.a"])
        hostile.failures.swapAt(0, 1)
        hostile.failures[1].message = "payload \u{1B}[2J\n" + String(repeating: "x", count: 5_000)
        let results = [lenient, mixed, hostile]

        let onLinux = Baseline.updated(from: results, keeping: Baseline(entries: []), on: .linux)
        // Every failure of its case is Foundation's on Linux: the entry holds there; one failure that is not
        // would fail elsewhere too.
        #expect(onLinux.entries.map(\.platforms) == [[.linux], nil, nil])
        #expect(
            onLinux.entries.map(\.obligations) == [["FLUSH-3.b"], ["FLUSH-3.b", "FLUSH-3.c"], ["ESC-2.c", "LOG-2.a"]])
        // The reason is the first failure at the verdict's level: its obligation and message, printable, bounded.
        let reason = onLinux.entries[2].reason
        #expect(reason.hasPrefix("ESC-2.c: payload <U+001B>[2J<U+000A>xxx") && reason.utf8.count < 240, "\(reason)")
        // The hint that ends a message whose likely cause the kit saw is said in a few words.
        #expect(
            onLinux.entries[0].reason
                == "FLUSH-3.b: broke FLUSH-3.b (likely: Foundation on Linux accepts trailing commas)")
        // On a platform without that behaviour the kit's guess is not what happened: the entry holds everywhere.
        #expect(
            Baseline.updated(from: [lenient], keeping: Baseline(entries: []), on: .macOS).entries[0].platforms == nil)

        // Reasons written by hand stay; the placeholder earlier kits wrote is replaced.
        let old = Baseline(entries: [
            .init(caseGlob: "area.one", verdict: .fail, reason: "we keep Foundation's parser"),
            .init(caseGlob: "area.two", verdict: .fail, reason: Baseline.formerPlaceholderReason),
            // An entry for the same case on other platforms: the new one holds on this platform only, or the file
            // would repeat the case on macOS.
            .init(caseGlob: "area.three", verdict: .fail, reason: "on macOS", platforms: [.macOS]),
        ])
        let rewritten = try Self.throughFile(Baseline.updated(from: results, keeping: old, on: .linux))
        #expect(
            rewritten.entries.map(\.reason).prefix(2) == ["we keep Foundation's parser", "FLUSH-3.b: broke FLUSH-3.b"])
        #expect(rewritten.entries.map(\.platforms) == [[.linux], nil, [.linux], [.macOS]])
        #expect(rewritten.fileText.hasPrefix(#"{"format":"wvjb-conformance-baseline","version":2,"#))
        #expect(
            rewritten.fileText.contains(
                #"{"case":"area.one","obligations":["FLUSH-3.b"],"platforms":["linux"],"reason":"we keep Foundation's parser","verdict":"fail"}"#
            ), "\(rewritten.fileText)")
    }
}

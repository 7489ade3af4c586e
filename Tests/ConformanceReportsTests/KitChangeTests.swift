import Foundation
import StrictJSON
import Testing

@testable import ConformanceKit
@testable import ConformanceReports

/// "The kit changed between these runs": `conformance diff` and the baseline gate say so, old -> new, before
/// the new failures a kit's new case or clause may explain, and say nothing when the kits are the same.
@Suite("Kit changes: diff and the baseline gate name the kit's version and catalogue when they differ")
@MainActor
struct KitChangeTests {
    static let oldDigest = "sha256:" + String(repeating: "0", count: 64)
    static let newDigest = "sha256:" + String(repeating: "a", count: 64)

    /// `ReportDiffTests.report(cases)` with `metadata` naming `version` and `digest` (none when nil).
    static func report(_ cases: [(String, Verdict, [String])], version: String?, digest: String) -> JSONValue {
        guard case .object(var members) = ReportDiffTests.report(cases), let version else {
            return ReportDiffTests.report(cases)
        }
        members["metadata"] = .object([
            "kitVersion": .string(version), "catalogueDigest": .string(digest), "platform": "Linux x86_64",
            "profile": "canonical",
        ])
        return .object(members)
    }

    /// The diff of a case that passed under the old kit and fails under the new one.
    static func diff(old: (String?, String), new: (String?, String)) throws -> ReportDiff {
        ReportDiff(
            old: try ReportSnapshot(report([("a.case", .pass, [])], version: old.0, digest: old.1)),
            new: try ReportSnapshot(report([("a.case", .fail, ["ORD-1.a"])], version: new.0, digest: new.1)))
    }

    @Test("diff: a kit of another version and catalogue is named first, old -> new; the diff is no worse for it")
    func diffNamesTheKitChange() throws {
        let diff = try Self.diff(old: ("0.1.0", Self.oldDigest), new: ("0.2.0", Self.newDigest))
        #expect(
            diff.kitChange
                == .changed(
                    version: .init(old: "0.1.0", new: "0.2.0"),
                    catalogueDigest: .init(old: Self.oldDigest, new: Self.newDigest)))
        let lines = diff.text.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "the kit changed between these runs: kit 0.1.0 -> 0.2.0, catalogue sha256:000000000000 -> "
                + "sha256:aaaaaaaaaaaa (the cases, or the clauses they cite, differ)", "\(diff.text)")
        #expect(lines.dropFirst().first?.hasPrefix("worse: 1 new failures") == true, "\(diff.text)")
        #expect(diff.markdown.contains("\n\nthe kit changed between these runs: kit 0.1.0 -&gt; 0.2.0, catalogue"))

        // Each part alone names only itself.
        let version = try Self.diff(old: ("0.1.0", Self.oldDigest), new: ("0.1.1", Self.oldDigest))
        #expect(version.kitChange == .changed(version: .init(old: "0.1.0", new: "0.1.1"), catalogueDigest: nil))
        #expect(version.text.hasPrefix("the kit changed between these runs: kit 0.1.0 -> 0.1.1\nworse: "))
        let catalogue = try Self.diff(old: ("0.1.0", Self.oldDigest), new: ("0.1.0", Self.newDigest))
        #expect(
            catalogue.text.hasPrefix(
                "the kit changed between these runs: catalogue sha256:000000000000 -> sha256:aaaaaaaaaaaa (the cases, "
                    + "or the clauses they cite, differ)\nworse: "), "\(catalogue.text)")
        // The kit's change never makes a diff worse: only the cases do.
        let improvement = ReportDiff(
            old: try ReportSnapshot(Self.report([("a.case", .fail, ["ORD-1.a"])], version: "0.1.0", digest: "x")),
            new: try ReportSnapshot(Self.report([("a.case", .pass, [])], version: "9.0.0", digest: "y")))
        #expect(!improvement.isWorse && improvement.kitChange != nil, "\(improvement.text)")
    }

    @Test("diff: the same kit says nothing new; an old report without metadata says its kit is unknown, once")
    func diffSaysNothingForTheSameKit() throws {
        let same = try Self.diff(old: ("0.1.0", Self.oldDigest), new: ("0.1.0", Self.oldDigest))
        #expect(same.kitChange == nil && same.text.hasPrefix("worse: ") && !same.markdown.contains("kit"))
        #expect(try Self.diff(old: (nil, ""), new: (nil, "")).kitChange == nil)

        let older = try Self.diff(old: (nil, ""), new: ("0.1.0", Self.oldDigest))
        #expect(older.kitChange == .oldUnknown)
        #expect(
            older.text.hasPrefix(
                "the old run's kit is unknown: its report predates reports naming their kit\nworse: "), "\(older.text)")
        #expect(older.text.components(separatedBy: "unknown").count == 2)
        #expect(try Self.diff(old: ("0.1.0", Self.oldDigest), new: (nil, "")).kitChange == .newUnknown)
    }

    @Test("diff: a report's kit is shown printable and bounded, and a metadata that does not name it is refused")
    func diffHostileMetadata() throws {
        let hostile = "1\u{1B}[2J<img src=x>_*" + String(repeating: "9", count: 100_000)
        let diff = try Self.diff(old: (hostile, hostile), new: ("0.1.0", Self.oldDigest))
        let first = diff.text.split(separator: "\n")[0]
        #expect(!diff.text.contains("\u{1B}") && first.utf8.count < 400, "\(first)")
        for forbidden in ["<img", "_*", "\u{1B}"] { #expect(!diff.markdown.contains(forbidden), "\(diff.markdown)") }

        guard case .object(var members) = ReportDiffTests.report([]) else { return }
        members["metadata"] = .object(["kitVersion": "0.1.0"])
        #expect(throws: ReportSnapshot.Problem.self) { try ReportSnapshot(.object(members)) }
    }
}

/// The baseline names the kit that wrote it, and the gate says when this run's differs.
extension KitChangeTests {
    static let ids = ["area.one", "area.two"]

    @Test("--update-baseline writes the kit's version and the run's catalogue digest, as its report names them")
    func baselineNamesItsKit() throws {
        let results = [FixFirstTests.result("area.one", ["ORD-1.a"])]
        let baseline = Baseline.updated(from: results, keeping: Baseline(entries: []), on: .linux)
        let metadata = RunMetadata(results, context: RunContext(adapter: "port", rerunWords: []))
        #expect(baseline.kit == KitChange.Kit(version: metadata.kitVersion, catalogueDigest: metadata.catalogueDigest))
        #expect(
            baseline.fileText.hasPrefix(
                #"{"format":"wvjb-conformance-baseline","version":2,"kitVersion":"\#(KitVersion.current)","#
                    + #""catalogueDigest":"\#(metadata.catalogueDigest)","profile":"canonical","entries":["#),
            "\(baseline.fileText)")
        let read = try BaselineObligationTests.throughFile(baseline)
        #expect(read == baseline)
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixturesLocator.schema("baseline"), encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: try JSONParser.parse(baseline.fileText)).isEmpty)
        // A baseline written before baselines named their kit reads as before, and is written back without one.
        let old = Baseline(entries: baseline.entries)
        #expect(try BaselineObligationTests.throughFile(old).kit == nil)
        #expect(old.fileText.hasPrefix(#"{"format":"wvjb-conformance-baseline","version":2,"profile":"#))
    }

    @Test("the gate: a baseline of another catalogue says the kit changed, before the new failure it may explain")
    func gateNamesTheKitChange() {
        let written = [FixFirstTests.result("area.one", ["ORD-1.a"])]
        let baseline = Baseline.updated(from: written, keeping: Baseline(entries: []), on: .linux)
        // The kit gained a case that this bridge fails.
        let run = written + [FixFirstTests.result("area.two", ["MSG-1.a"])]
        let gate = baseline.gate(run, catalogueIDs: Self.ids, on: .linux, runKit: KitChange.Kit(running: run))
        let (old, new) = (RunMetadata.catalogueDigest(of: written), RunMetadata.catalogueDigest(of: run))
        #expect(gate.kitChange == .changed(version: nil, catalogueDigest: .init(old: old, new: new)))
        let issues = gate.issues(updateCommand: "u")
        #expect(issues.map(\.kind) == [.kitChanged, .newFailure, .expectedFailure])
        #expect(
            issues.first?.text
                == "KIT CHANGED between the baseline's run and this one: catalogue \(old.prefix(19)) -> "
                + "\(new.prefix(19)) (the cases, or the clauses they cite, differ); a failure below may come from the "
                + "kit, not the bridge")
        #expect(issues.first?.severity == .warning && issues.first?.kind.isAboutTheFile == true)
        #expect(gate.render(updateCommand: "u").split(separator: "\n")[1].hasPrefix("  KIT CHANGED between"))

        // Another version alone.
        var older = baseline
        older.kit?.version = "0.0.9"
        let versionOnly = older.gate(
            written, catalogueIDs: Self.ids, on: .linux, runKit: KitChange.Kit(running: written))
        #expect(
            versionOnly.issues.first?.text.hasPrefix(
                "KIT CHANGED between the baseline's run and this one: kit 0.0.9 -> ") == true)
    }

    @Test("the gate says nothing new for the same kit, a baseline that names none, or a gate of one case at a time")
    func gateSaysNothingOtherwise() {
        let results = [FixFirstTests.result("area.one", ["ORD-1.a"])]
        let baseline = Baseline.updated(from: results, keeping: Baseline(entries: []), on: .linux)
        let kit = KitChange.Kit(running: results)
        let same = baseline.gate(results, catalogueIDs: Self.ids, on: .linux, runKit: kit)
        #expect(same.kitChange == nil && same.issues(updateCommand: "u").map(\.kind) == [.expectedFailure])
        let unnamed = Baseline(entries: baseline.entries)
        let other = KitChange.Kit(version: "9.9.9", catalogueDigest: Self.newDigest)
        #expect(unnamed.gate(results, catalogueIDs: Self.ids, on: .linux, runKit: other).kitChange == nil)
        #expect(baseline.gate(results, catalogueIDs: Self.ids, on: .linux).kitChange == nil)
    }

    @Test(
        "a baseline's kit fields are refused when only one is given or either is malformed, naming the field",
        arguments: [
            (#""kitVersion":"0.1.0","#, "kitVersion: is given without catalogueDigest"),
            (
                #""catalogueDigest":"sha256:\#(String(repeating: "0", count: 64))","#,
                "catalogueDigest: is given without kitVersion"
            ),
            (
                #""kitVersion":"1.2","catalogueDigest":"sha256:\#(String(repeating: "0", count: 64))","#,
                #"kitVersion: "1.2" is not a kit version"#
            ),
            (
                #""kitVersion":"1.2.3","catalogueDigest":"sha256:ABC","#,
                #"catalogueDigest: "sha256:ABC" is not a catalogue digest"#
            ),
        ])
    func malformedKitFields(fields: String, problem: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try (#"{"format":"wvjb-conformance-baseline","version":2,"# + fields + #""entries":[]}"#)
            .write(to: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: HarnessError.self) { try Baseline.load(from: file) }
        #expect(error?.description.contains(problem) == true, "\(error?.description ?? "")")
    }
}

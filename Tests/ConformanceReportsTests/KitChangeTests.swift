import Foundation
import StrictJSON
import Testing

@testable import ConformanceKit
@testable import ConformanceReports

/// "The kit changed between these runs": the baseline gate says so, old -> new, before the new failures a kit's
/// new case or clause may explain, and says nothing when the kits are the same.
@Suite("Kit changes: the baseline gate names the kit's version and catalogue when they differ")
@MainActor
struct KitChangeTests {
    static let newDigest = "sha256:" + String(repeating: "a", count: 64)
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

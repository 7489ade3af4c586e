import ConformanceKit
import Foundation
import StrictJSON
import TestTiers
import Testing

/// `--update-baseline` names the kit that wrote the baseline; `run --baseline` and `diff` say when the kit
/// changed since, before the new failures that may be its doing.
@Suite("Kit changes from the shell")
struct KitChangeCommandTests {
    static let caseID = "missing-handler.native.removed-handler"
    static let otherDigest = "sha256:" + String(repeating: "f", count: 64)

    @Test(
        "the baseline names the run's kit as its report does; another catalogue is said before the new failure",
        .fullTier)
    func gateAndDiffNameTheKitChange() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (baseline, report) = (
            folder.appendingPathComponent("b.json").path, folder.appendingPathComponent("r.json").path
        )
        let run = ["run", "--case", Self.caseID, "--report-timings", "off", "--baseline", baseline]

        // The reference passes: an empty baseline, naming the kit and the digest of this one case.
        let update = try await CLITests.run(
            run + ["--adapter", "reference", "--update-baseline", "--report", "json:" + report])
        #expect(update.status == 0, "\(update.standardOutput)\(update.standardError)")
        guard case .object(let members) = try JSONParser.parse(try String(contentsOfFile: report, encoding: .utf8)),
            case .object(let metadata)? = members["metadata"], case .string(let digest)? = metadata["catalogueDigest"]
        else { Issue.record("no metadata in the report"); return }
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(
            text.hasPrefix(
                #"{"format":"wvjb-conformance-baseline","version":2,"kitVersion":"\#(KitVersion.current)","#
                    + #""catalogueDigest":"\#(digest)","profile":"canonical","entries":["#), "\(text)")

        // The same kit: nothing new is said.
        let mutant = ["--adapter", "mutant:remove-handler-ignored"]
        let same = try await CLITests.run(run + mutant)
        #expect(same.status == 1 && !same.standardOutput.contains("KIT CHANGED"), "\(same.standardOutput)")

        // A baseline written by a kit with another catalogue: said first, then the new failure.
        try text.replacingOccurrences(of: digest, with: Self.otherDigest).write(
            toFile: baseline, atomically: true, encoding: .utf8)
        let gated = try await CLITests.run(
            run + mutant + ["--report", "json:" + folder.appendingPathComponent("m.json").path])
        #expect(gated.status == 1, "\(gated.standardOutput)\(gated.standardError)")
        let lines = gated.standardOutput.split(separator: "\n").map(String.init)
        let kitChanged = "  KIT CHANGED between the baseline's run and this one: catalogue sha256:ffffffffffff -> "
        let kitLine = lines.firstIndex { $0.hasPrefix(kitChanged + digest.prefix(19) + " (the cases") }
        let failureLine = lines.firstIndex { $0.hasPrefix("  NEW FAILURE \(Self.caseID): fail") }
        #expect(kitLine != nil && failureLine != nil && kitLine! < failureLine!, "\(gated.standardOutput)")

        // diff of the two reports: the same kit and cases, so only the failure.
        let diff = try await CLITests.run(["diff", report, folder.appendingPathComponent("m.json").path])
        #expect(diff.status == 1 && diff.standardOutput.hasPrefix("worse: 1 new failures"), "\(diff.standardOutput)")
        // The old report from another kit: said first.
        let older = try String(contentsOfFile: report, encoding: .utf8).replacingOccurrences(
            of: "\"kitVersion\":\"\(KitVersion.current)\"", with: "\"kitVersion\":\"0.0.1\"")
        try older.write(toFile: report, atomically: true, encoding: .utf8)
        let changed = try await CLITests.run(["diff", report, folder.appendingPathComponent("m.json").path])
        #expect(
            changed.standardOutput.hasPrefix(
                "the kit changed between these runs: kit 0.0.1 -> \(KitVersion.current)\nworse: 1 new failures"),
            "\(changed.standardOutput)")
    }
}

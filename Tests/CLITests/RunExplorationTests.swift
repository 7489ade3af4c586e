import Foundation
import TestTiers
import Testing

/// `conformance run` explores after its cases (`--explore`): a finding is a result of the run, in its reports and
/// its gate, and the same programs run every time.
@Suite("The exploration after a run's cases")
struct RunExplorationTests {
    /// A glue defect no case but the one it taught catches, run without that case: only the exploration sees it
    /// (explore finds it at program 19 of seed 1).
    static let defect = [
        "run", "--adapter", "mutant:glue-fetches-only-for-its-own-queue-url", "--case",
        "bootstrap.url-classification.https", "--explore", "30",
    ]
    static let finding = "explore.flush-1.missing-fetch"

    @Test(
        "a finding fails the run, is a case of the reports with its replay, leaves the catalogue digest alone, gives the same bytes twice, and a baseline entry makes it known",
        .fullTier)
    func findingsAreResults() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let report = { (name: String) in ["--report", "json:" + path(name), "--report-timings", "off"] }

        let found = try await CLITests.run(Self.defect + report("first.json"))
        #expect(found.status == 1, "\(found.standardOutput)\(found.standardError)")
        #expect(
            found.standardOutput.hasPrefix("1 cases against mutant:glue-fetches-only-for-its-own-queue-url: 1 pass\n"))
        #expect(
            found.standardOutput.contains(
                "explore: 30 programs against the reference bridge (seed 1, at most 12 steps): 1 new finding (\(Self.finding))"
            ), "\(found.standardOutput)")
        let replay = try #require(
            found.standardOutput.split(separator: "\n").first { $0.hasPrefix("  rerun: ") && $0.contains(" explore ") })
        #expect(replay.contains("--replay "), "\(replay)")

        let first = try Self.document(at: path("first.json"))
        let exploration = try #require(first["exploration"] as? [String: Any])
        #expect(exploration["findings"] as? [String] == [Self.finding])
        #expect(exploration["seed"] as? String == "1" && exploration["programsRun"] as? Int == 30)
        let cases = try #require(first["cases"] as? [[String: Any]])
        #expect(cases.compactMap { $0["id"] as? String } == ["bootstrap.url-classification.https", Self.finding])

        _ = try await CLITests.run(Self.defect + report("second.json"))
        #expect(
            try Data(contentsOf: folder.appendingPathComponent("second.json"))
                == Data(contentsOf: folder.appendingPathComponent("first.json")))
        let withoutExploring = try await CLITests.run(Self.defect + ["--explore", "0"] + report("none.json"))
        #expect(withoutExploring.status == 0, "\(withoutExploring.standardOutput)")
        #expect(!withoutExploring.standardOutput.contains("explore:"))
        let none = try Self.document(at: path("none.json"))
        #expect(none["exploration"] == nil)
        #expect(
            (none["metadata"] as? [String: Any])?["catalogueDigest"] as? String
                == (first["metadata"] as? [String: Any])?["catalogueDigest"] as? String)

        let written = try await CLITests.run(Self.defect + ["--baseline", path("baseline.json"), "--update-baseline"])
        #expect(written.status == 0, "\(written.standardOutput)\(written.standardError)")
        #expect(try String(contentsOfFile: path("baseline.json"), encoding: .utf8).contains("\"\(Self.finding)\""))
        let gated = try await CLITests.run(Self.defect + ["--baseline", path("baseline.json")])
        #expect(gated.status == 0, "\(gated.standardOutput)\(gated.standardError)")
        #expect(gated.standardOutput.contains("no new finding; known: \(Self.finding)"), "\(gated.standardOutput)")
    }

    @Test(
        "a rerun of some cases explores nothing unless asked; --explore out of range or with a real web view is a usage error",
        .fullTier)
    func whenItRuns() async throws {
        let some = try await CLITests.run(["run", "--case", "bootstrap.url-classification.https"])
        #expect(some.status == 0 && !some.standardOutput.contains("explore:"), "\(some.standardOutput)")
        let negative = try await CLITests.run(["run", "--explore=-1"])
        #expect(negative.status == 64)
        #expect(
            negative.standardError.contains("--explore must be from 0 (no exploration) to 100000 programs (got -1)"))
        let realWebView = try await CLITests.run(["run", "--web-view", "webkitgtk", "--explore", "3"])
        #expect(realWebView.status == 64)
        #expect(
            realWebView.standardError.contains(
                "--explore runs programs on the simulated web view only; with --web-view webkitgtk give --explore 0"),
            "\(realWebView.standardError)")
    }

    @Test(
        "an exploration whose testee does not start loses nothing of the cases: they are written, the problem is named, exit 78",
        .fullTier)
    func explorationThatCannotStart() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flag = folder.appendingPathComponent("started").path, json = folder.appendingPathComponent("r.json").path
        // A testee that greets once: the cases' process starts, the exploration's does not.
        let once =
            "sh -c 'if [ -e \(flag) ]; then exit 3; fi; : > \(flag); exec \(OutOfProcessTests.testee("reference"))'"
        let run = try await CLITests.run([
            "run", "--adapter", once, "--case", "bootstrap.url-classification.https", "--explore", "5", "--report",
            "json:" + json,
        ])
        #expect(run.status == 78, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("1 cases against "), "\(run.standardOutput)")
        #expect(
            run.standardError.contains(
                "the exploration after the cases could not start the adapter; the cases' results are written"),
            "\(run.standardError)")
        let document = try Self.document(at: json)
        #expect(document["total"] as? Int == 1 && document["exploration"] == nil)
    }

    private static func document(at path: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }
}

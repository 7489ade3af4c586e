import Foundation
import Testing

/// `conformance diff OLD.json NEW.json` on reports the `run` verb wrote: what a fork runs before merging.
@Suite("conformance diff")
struct DiffCommandTests {
    @Test(
        "reference then mutant: exit 1 naming the new failures; back again: the fixes, exit 0; Markdown; bad files 78",
        .fullTier)
    func diffOfTwoRuns() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("reference.json").path
        let mutant = folder.appendingPathComponent("mutant.json").path
        let cases = ["--case", "ordering.**", "--report-timings", "off"]
        let first = try await CLITests.run(["run", "--adapter", "reference", "--report", "json:" + reference] + cases)
        let second = try await CLITests.run(
            ["run", "--adapter", "mutant:batch-reversed", "--report", "json:" + mutant] + cases)
        #expect(first.status == 0 && second.status == 1, "\(first.standardError)\(second.standardError)")

        let worse = try await CLITests.run(["diff", reference, mutant])
        #expect(worse.status == 1, "\(worse.standardError)")
        #expect(worse.standardOutput.hasPrefix("worse: "), "\(worse.standardOutput)")
        #expect(worse.standardOutput.contains("ordering.js-to-native.batch-fifo: pass -> fail; now cites ORD-2.a"))

        let better = try await CLITests.run(["diff", mutant, reference, "--format", "markdown"])
        #expect(better.status == 0, "\(better.standardError)")
        #expect(better.standardOutput.hasPrefix("## WVJB conformance: no regression"), "\(better.standardOutput)")
        #expect(better.standardOutput.contains("### Fixes"))

        let same = try await CLITests.run(["diff", reference, reference])
        #expect(same.status == 0 && same.standardOutput.hasPrefix("no change"))

        let text = folder.appendingPathComponent("notes.txt").path
        try "not a report\n".write(toFile: text, atomically: false, encoding: .utf8)
        let notJSON = try await CLITests.run(["diff", reference, text])
        #expect(notJSON.status == 78 && notJSON.standardError.contains("is not JSON"), "\(notJSON.standardError)")
        let missing = try await CLITests.run(["diff", folder.appendingPathComponent("none.json").path, reference])
        #expect(missing.status == 78 && missing.standardError.contains("cannot read the report"))
    }

    @Test("a report with a key twice in one object is refused, naming the key and the file (exit 78)")
    func duplicateKeysAreRefused() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("twice.json").path
        let good = folder.appendingPathComponent("good.json").path
        let head = #"{"format":"wvjb-conformance-report","version":1,"adapter":"a","cases":["#
        try (head + #"{"id":"x","verdict":"fail","verdict":"pass","level":"MUST"}]}"#)
            .write(toFile: report, atomically: false, encoding: .utf8)
        try (head + #"{"id":"x","verdict":"pass","level":"MUST"}]}"#).write(
            toFile: good, atomically: false, encoding: .utf8)
        let refused = try await CLITests.run(["diff", good, report])
        #expect(refused.status == 78, "\(refused.standardOutput)\(refused.standardError)")
        #expect(
            refused.standardError.contains(report)
                && refused.standardError.contains(#"the key "verdict" appears twice"#),
            "\(refused.standardError)")
    }
}

import Foundation
import StrictJSON
import TestTiers
import Testing

/// `run --shard K/N --shard-file` and `conformance merge`: the shards of a CI matrix joined give the run they
/// split, byte for byte in the JSON report (timings off); shards that do not make one run are refused.
@Suite("Sharded runs and conformance merge")
struct ShardMergeTests {
    /// Runs `conformance` in `folder`, expecting `status`.
    private static func run(_ arguments: [String], in folder: URL, status: Int32 = 0) async throws -> CLITests.Output {
        let output = try await CLITests.run(arguments, in: folder)
        #expect(output.status == status, "\(arguments): \(output.standardOutput)\(output.standardError)")
        return output
    }

    @Test("the catalogue in 4 shards, merged, is the unsharded run: the same JSON report, byte for byte", .fullTier)
    func fourShardsAreOneRun() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["run", "--explore", "0", "--report-timings", "off"]
        _ = try await Self.run(common + ["--report", "json:whole.json"], in: folder)
        var counts: [Int] = []
        for index in 1...4 {
            let shard = try await Self.run(
                common + ["--shard", "\(index)/4", "--shard-file", "\(index).json"], in: folder)
            counts.append(Int(shard.standardOutput.prefix { $0 != " " }) ?? -1)
        }
        // Every shard ran a part, and the parts add up to the catalogue.
        #expect(counts.allSatisfy { $0 > 0 } && counts.reduce(0, +) == 170, "\(counts)")
        let merged = try await Self.run(
            [
                "merge", "3.json", "1.json", "4.json", "2.json", "--report-timings", "off", "--report",
                "json:merged.json",
            ],
            in: folder)
        #expect(merged.standardOutput.hasPrefix("170 cases against reference: 164 pass, 6 not-applicable\n"))
        let whole = try Data(contentsOf: folder.appendingPathComponent("whole.json"))
        #expect(whole == (try Data(contentsOf: folder.appendingPathComponent("merged.json"))))
    }

    @Test(
        "two explored shards, merged: the findings of the whole seed range, deduplicated, and the gate over the whole",
        .fullTier)
    func exploredShardsAreOneRun() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = [
            "run", "--adapter", "mutant:decides-navigation-twice", "--case", "bootstrap.url-classification.*",
            "--explore", "20", "--report-timings", "off",
        ]
        _ = try await Self.run(common + ["--report", "json:whole.json"], in: folder, status: 1)
        var findings: [String] = []
        for index in 1...2 {
            // A shard leaves the judging to the merge: its failures do not fail a CI matrix's job.
            let shard = try await Self.run(
                common + ["--shard", "\(index)/2", "--shard-file", "\(index).json"], in: folder)
            #expect(shard.standardOutput.contains("shard \(index)/2: failures are judged by `conformance merge`"))
            findings += shard.standardOutput.split(separator: "\n").filter { $0.hasPrefix("explore: ") }.map(
                String.init)
        }
        // Both shards find the same defect: the merge keeps it once.
        #expect(findings.allSatisfy { $0.hasSuffix("1 new finding (explore.boot-1.f.check)") }, "\(findings)")
        let merged = try await Self.run(
            ["merge", "1.json", "2.json", "--report-timings", "off", "--report", "json:merged.json"], in: folder,
            status: 1)
        #expect(
            merged.standardOutput.contains(
                "explore: 20 programs against the reference bridge (seed 1, at most 12 steps): 1 new finding (explore.boot-1.f.check)"
            ), "\(merged.standardOutput)")
        let whole = try Data(contentsOf: folder.appendingPathComponent("whole.json"))
        #expect(whole == (try Data(contentsOf: folder.appendingPathComponent("merged.json"))))
        // The baseline gate applies to the merged run: a baseline of the whole run matches it, quietly.
        _ = try await Self.run(common + ["--baseline", "baseline.json", "--update-baseline"], in: folder)
        let gated = try await Self.run(["merge", "1.json", "2.json", "--baseline", "baseline.json"], in: folder)
        #expect(gated.standardOutput.split(separator: "\n").count <= 5, "\(gated.standardOutput)")
        #expect(gated.standardOutput.contains("baseline: the run matches it ("), "\(gated.standardOutput)")
    }

    @Test(
        "`conformance explore` in 3 shards, merged: the unsharded exploration's findings, each from its earliest program",
        .fullTier)
    func exploreShardsAreOneExploration() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 6 findings in 120 programs, most of them in more than one shard, first seen at different programs.
        let common = [
            "explore", "--adapter", "mutant:line-separators-raw", "--seed", "3", "--runs", "120", "--max-findings", "9",
        ]
        _ = try await Self.run(common + ["--report", "json:whole.json"], in: folder, status: 1)
        for index in 1...3 {
            _ = try await Self.run(common + ["--shard", "\(index)/3", "--shard-file", "\(index).json"], in: folder)
        }
        let merged = try await Self.run(
            ["merge", "2.json", "3.json", "1.json", "--report", "json:merged.json"], in: folder, status: 1)
        #expect(
            merged.standardOutput.hasPrefix(
                "explore: 120 programs against the reference bridge (seed 3, at most 12 steps): 6 new findings ("),
            "\(merged.standardOutput)")
        // The same findings in the same order, each with the same counterexample, failures and replay command.
        let cases = { (file: String) throws -> [[String: JSONValue]] in
            let report = try JSONParser.parse(
                String(decoding: Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self))
            guard case .object(let members) = report, case .array(let cases)? = members["cases"] else { return [] }
            return cases.compactMap { value -> [String: JSONValue]? in
                guard case .object(var entry) = value else { return nil }
                entry["durationSeconds"] = nil
                return entry
            }
        }
        let whole = try cases("whole.json")
        #expect(whole.count == 6)
        #expect(whole == (try cases("merged.json")))
        let refusals: [([String], String)] = [
            (["explore", "--shard", "1/2", "--shard-file", "x.json"], "--shard needs --seed"),
            (["explore", "--seed", "1", "--shard", "1/2"], "--shard needs --shard-file"),
            (["explore", "--seed", "1", "--shard-file", "x.json"], "give --shard K/N too"),
            (
                ["explore", "--seed", "1", "--shard", "1/2", "--shard-file", "x.json", "--replay", "5"],
                "--replay runs one program"
            ),
        ]
        for (arguments, message) in refusals {
            let refused = try await Self.run(arguments, in: folder, status: 64)
            #expect(refused.standardError.contains(message), "\(arguments): \(refused.standardError)")
        }
    }

    @Test("`conformance compare` in 2 shards, merged: the unsharded comparison's reports, byte for byte", .fullTier)
    func comparedShardsAreOneComparison() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = [
            "compare", "--adapter", "reference", "--adapter", "broken=mutant:line-separators-raw", "--case",
            "escaping.**", "--report-timings", "off",
        ]
        _ = try await Self.run(
            common + ["--report", "json:whole.json", "--report", "markdown:whole.md"], in: folder, status: 1)
        for index in 1...2 {
            let shard = try await Self.run(
                common + ["--shard", "\(index)/2", "--shard-file", "\(index).json"], in: folder)
            #expect(shard.standardOutput.contains("== broken =="), "\(shard.standardOutput)")
        }
        let merged = try await Self.run(
            [
                "merge", "2.json", "1.json", "--report-timings", "off", "--report", "json:merged.json",
                "--report", "markdown:merged.md",
            ],
            in: folder, status: 1)
        #expect(merged.standardOutput.hasSuffix("compare: 2 implementations, 12 cases; 2 differ between them\n"))
        for (whole, part) in [("whole.json", "merged.json"), ("whole.md", "merged.md")] {
            let expected = try Data(contentsOf: folder.appendingPathComponent(whole))
            #expect(expected == (try Data(contentsOf: folder.appendingPathComponent(part))), "\(part)")
        }
        let refusals: [([String], String, Int32)] = [
            (["merge", "1.json"], "reference: shard 2/2 of the run is missing", 78),
            (["merge", "1.json", "2.json", "--report", "junit:x.xml"], "a junit report is of one run", 64),
            (common + ["--shard", "1/2"], "--shard needs --shard-file", 64),
            (
                common + ["--shard", "1/2", "--shard-file", "x.json", "--report", "html:x.html"], "give --report to it",
                64
            ),
        ]
        for (arguments, message, status) in refusals {
            let refused = try await Self.run(arguments, in: folder, status: status)
            #expect(refused.standardError.contains(message), "\(arguments): \(refused.standardError)")
        }
    }

    @Test("shards that do not make one run are refused, saying which and what to do", .fullTier)
    func mismatchedShardsAreRefused() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["run", "--case", "bootstrap.url-classification.*", "--explore", "0"]
        for index in 1...2 {
            _ = try await Self.run(common + ["--shard", "\(index)/2", "--shard-file", "\(index).json"], in: folder)
        }
        _ = try await Self.run(
            common + ["--adapter", "reference-sync", "--shard", "2/2", "--shard-file", "other.json"], in: folder)
        try Data("{\"format\": 7}".utf8).write(to: folder.appendingPathComponent("future.json"))
        let refusals: [([String], String)] = [
            (["1.json"], "shard 2/2 of the run is missing; merge all 2"),
            (["1.json", "1.json"], "shard 1/2 is given twice; give each shard once"),
            (["1.json", "other.json"], "1.json and other.json are shards of different runs (their adapter differs)"),
            (["1.json", "future.json"], "cannot merge future.json: it is not a shard document of this kit (format 7"),
            (["1.json", "absent.json"], "cannot merge absent.json:"),
        ]
        for (files, message) in refusals {
            let refused = try await Self.run(["merge"] + files, in: folder, status: 78)
            #expect(refused.standardError.contains(message), "\(files): \(refused.standardError)")
            #expect(refused.standardOutput.isEmpty, "\(files): \(refused.standardOutput)")
        }
        let usage: [([String], String)] = [
            (["run", "--shard", "3/2"], "--shard"),
            (["run", "--shard", "1/2", "--baseline", "b.json"], "give it to `conformance merge`"),
            (["run", "--shard-file", "x.json"], "give --shard K/N too"),
        ]
        for (arguments, message) in usage {
            let refused = try await Self.run(arguments, in: folder, status: 64)
            #expect(refused.standardError.contains(message), "\(arguments): \(refused.standardError)")
        }
    }
}

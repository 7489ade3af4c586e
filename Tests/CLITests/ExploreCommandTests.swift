import ConformanceKit
import Foundation
import TestTiers
import Testing

/// `conformance explore` and `conformance run --case-file` as a shell user runs them.
@Suite("The explore command")
struct ExploreCommandTests {
    @Test(
        "against the reference: exit 0, the seed and the count on the first line, the same output for the same seed",
        .fullTier)
    func referenceIsClean() async throws {
        let first = try await CLITests.run([
            "explore", "--adapter", "reference", "--seed", "5", "--runs", "60", "--progress", "never",
        ])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(
            first.standardOutput.hasPrefix(
                "explore: 60 of 60 programs against reference, seed 5, at most 12 steps each"),
            "\(first.standardOutput)")
        #expect(first.standardOutput.contains("no difference from the reference bridge"))
        let second = try await CLITests.run([
            "explore", "--adapter", "reference", "--seed", "5", "--runs", "60", "--progress", "never",
        ])
        let withoutTiming = { (text: String) in text.split(separator: "\n").dropFirst().joined(separator: "\n") }
        #expect(withoutTiming(second.standardOutput) == withoutTiming(first.standardOutput))
    }

    @Test(
        "--profile wkwvjb: the dialect's clause, a replay line naming the profile, a case file that runs in it",
        .fullTier)
    func profileCounterexample() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-wk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let caseFile = folder.appendingPathComponent("found.json").path
        let found = try await CLITests.run([
            "explore", "--profile", "wkwvjb", "--adapter", "mutant:wkwvjb-fetches-twice-per-message", "--seed", "1",
            "--runs", "50", "--progress", "never", "--write-case", caseFile,
        ])
        #expect(found.status == 1, "\(found.standardError)")
        #expect(found.standardOutput.contains("[WK-2]"), "\(found.standardOutput)")
        let replayLine = try #require(found.standardOutput.split(separator: "\n").first { $0.hasPrefix("replay: ") })
        #expect(replayLine.contains(" --profile wkwvjb "), "\(replayLine)")
        let onMutant = try await CLITests.run([
            "run", "--profile", "wkwvjb", "--adapter", "mutant:wkwvjb-fetches-twice-per-message", "--case-file",
            caseFile, "--case", "explore.**",
        ])
        #expect(onMutant.status == 1 && onMutant.standardOutput.contains("WK-2"), "\(onMutant.standardOutput)")
        let onReference = try await CLITests.run([
            "run", "--profile", "wkwvjb", "--adapter", "reference", "--case-file", caseFile, "--case", "explore.**",
        ])
        #expect(onReference.status == 0, "\(onReference.standardOutput)")
    }

    @Test(
        "against a mutant: exit 1, the shrunk program, the clause, a replay line that reproduces it, and a case file run runs",
        .fullTier
    )
    func mutantCounterexample() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let caseFile = folder.appendingPathComponent("found.json").path
        let junit = folder.appendingPathComponent("explore.xml").path
        let found = try await CLITests.run([
            "explore", "--adapter", "mutant:callbacks-not-removed", "--seed", "1", "--runs", "300", "--progress",
            "always",
            "--write-case", caseFile, "--report", "junit:\(junit)",
        ])
        #expect(found.status == 1, "\(found.standardError)")
        #expect(found.standardOutput.contains("FAIL program "), "\(found.standardOutput)")
        #expect(found.standardOutput.contains("[CB-2.a]"))
        #expect(found.standardError.contains("programs ("), "progress on standard error: \(found.standardError)")
        let replayLine = try #require(found.standardOutput.split(separator: "\n").first { $0.hasPrefix("replay: ") })
        let words = replayLine.dropFirst("replay: ".count).split(separator: " ").map(String.init)
        #expect(words.first == CLITests.invocation && words.contains("--replay"), "\(words)")
        let replayed = try await CLITests.run(Array(words.dropFirst()) + ["--progress", "never"])
        #expect(replayed.status == 1)
        let shrunk = { (text: String) in
            text.components(separatedBy: "differences:").last?.components(
                separatedBy: "the implementation's transcript"
            ).first
        }
        #expect(shrunk(replayed.standardOutput) == shrunk(found.standardOutput), "\(replayed.standardOutput)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("CB-2"))

        let onMutant = try await CLITests.run([
            "run", "--adapter", "mutant:callbacks-not-removed", "--case-file", caseFile, "--case", "explore.**",
        ])
        #expect(onMutant.status == 1, "\(onMutant.standardOutput)")
        #expect(onMutant.standardOutput.contains("[CB-2"))
        let onReference = try await CLITests.run([
            "run", "--adapter", "reference", "--case-file", caseFile, "--case", "explore.**",
        ])
        #expect(onReference.status == 0, "\(onReference.standardOutput)")
        #expect(onReference.standardOutput.hasPrefix("1 cases against reference: 1 pass"))
    }

    @Test("bad options and bad case files: usage errors 64, unreadable or malformed case files 78, each with a message")
    func badInput() async throws {
        let zeroRuns = try await CLITests.run(["explore", "--runs", "0"])
        #expect(zeroRuns.status == 64 && zeroRuns.standardError.contains("--runs"))
        let hugeOps = try await CLITests.run(["explore", "--max-ops", "1000"])
        #expect(hugeOps.status == 64 && hugeOps.standardError.contains("--max-ops"))
        let badBudget = try await CLITests.run(["explore", "--time-budget", "nan"])
        #expect(badBudget.status == 64)
        let missing = try await CLITests.run(["run", "--case-file", "/nonexistent/case.json"])
        #expect(
            missing.status == 78 && missing.standardError.contains("case file /nonexistent/case.json: no such file"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "explore-bad-\(UUID().uuidString).json"
        ).path
        try #"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":["ORD-1"],"operations":[{"op":"fly"}]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let malformed = try await CLITests.run(["run", "--case-file", path])
        #expect(
            malformed.status == 78 && malformed.standardError.contains("unknown op \"fly\""),
            "\(malformed.standardError)")
    }

    @Test("a time budget stops the run early and says so", .fullTier)
    func timeBudget() async throws {
        let output = try await CLITests.run([
            "explore", "--adapter", "reference", "--seed", "3", "--runs", "1000000", "--time-budget", "0.5",
            "--progress", "never",
        ])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("stopped: the time budget ran out"), "\(output.standardOutput)")
    }
}

extension ExploreCommandTests {
    @Test(
        "SIGINT during an exploration of an out-of-process testee ends the testee, prints what ran and exits 130",
        .fullTier)
    func interruption() async throws {
        let run = try WatchedRun([
            "explore", "--adapter", OutOfProcessTests.testee("reference"), "--seed", "1", "--runs", "1000000",
            "--progress", "always",
        ])
        defer { run.endLeftovers() }
        let started = await run.waitForStandardError(containing: "[1/", timeout: 300)
        #expect(started != nil, "\(run.standardError)")
        let testees = run.children()
        kill(run.processIdentifier, SIGINT)
        let status = await run.waitForExit(timeout: 120)
        #expect(status == 130, "\(run.standardError)")
        #expect(!testees.isEmpty && testees.filter(WatchedRun.isAlive).isEmpty, "the testee \(testees) was ended")
        // The program running then is dropped; on a loaded machine it may not stop within the grace, and the
        // programs that ran are then not judged: either way the run says so.
        #expect(
            run.standardOutput.contains("interrupted: the program running then was dropped")
                || run.standardOutput.contains("the program running then did not stop within 2 s"),
            "\(run.standardOutput)")
        #expect(
            !run.standardOutput.contains("FAIL"),
            "an interrupted program is not a counterexample: \(run.standardOutput)")
    }
}

/// `conformance explore --max-findings` and `--baseline`, as a fork runs them against its port.
extension ExploreCommandTests {
    /// A testee with three defects (START-3, ORD-2, MISS-2): three native mutants combined.
    static let threeDefects = OutOfProcessTests.testee(
        "mutants:reset-does-nothing+batch-reversed+remove-handler-ignored")

    /// Writes a baseline with `entries` (case glob, verdict) into `folder`.
    static func baseline(_ entries: [(String, String)], in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("baseline-\(UUID().uuidString).json").path
        let items = entries.map { #"{"case":"\#($0.0)","verdict":"\#($0.1)","reason":"known"}"# }
        try #"{"format":"wvjb-conformance-baseline","version":1,"entries":[\#(items.joined(separator: ","))]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "--baseline B --max-findings 5 on a three-defect testee: exit 1, the known finding listed and not shrunk, one case file per new finding, the same baseline gates run",
        .fullTier
    )
    func findingsWithBaseline() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "explore-findings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let known = "explore.ord-2.reordered-native-side"
        let baseline = try Self.baseline([(known, "fail")], in: folder)
        let cases = folder.appendingPathComponent("found").path
        let json = folder.appendingPathComponent("explore.json").path
        let found = try await CLITests.run([
            "explore", "--adapter", Self.threeDefects, "--seed", "1", "--runs", "300", "--progress", "never",
            "--baseline", baseline, "--max-findings", "5", "--write-case", cases, "--report", "json:\(json)",
        ])
        let output = found.standardOutput
        #expect(found.status == 1, "\(found.standardError)\n\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("5 distinct findings in ") }, "\(output)")
        #expect(
            output.contains("showed only known findings, which the baseline expects and which are not shrunk: \(known)")
        )
        // The list after the count line: `  <id>: [<clause>] <kind>, in <n> programs, shrunk to <m> steps`.
        let ids = lines.filter { $0.hasPrefix("  explore.") && $0.contains(": [") }.map {
            String($0.dropFirst(2).prefix { $0 != ":" })
        }
        #expect(ids.count == 5 && !ids.contains(known), "\(ids)")
        #expect(Set(ids.map { $0.split(separator: ".")[1] }).isSuperset(of: ["start-3", "miss-2"]), "\(ids)")
        #expect(lines.filter { $0.hasPrefix("FINDING ") }.count == 5)
        #expect(lines.filter { $0.hasPrefix("replay: ") }.count == 5)
        // One case file per finding, named by its id.
        let files = try FileManager.default.contentsOfDirectory(atPath: cases).sorted()
        #expect(files == ids.map { $0 + ".json" }.sorted(), "\(files)")
        #expect(output.contains("run them with: "))
        // A finding's replay line groups as the run did (same --max-findings and --baseline), so it shrinks the
        // program to the same one.
        let replayLine = try #require(lines.last { $0.hasPrefix("replay: ") })
        #expect(replayLine.contains("--max-findings 5") && replayLine.contains("--baseline"))
        let (status, replayed) = try await CLITests.runInShell(
            String(replayLine.dropFirst("replay: ".count)) + " --progress never", in: folder)
        #expect(status == 1, "\(replayed)")
        let block = { (text: String, id: String) in
            text.components(separatedBy: "FINDING ").first { $0.contains(": \(id), [") }?
                .components(separatedBy: "differences:").last?.components(separatedBy: "\nreplay: ").first
        }
        let lastID = try #require(ids.last)
        #expect(block(replayed, lastID) != nil && block(replayed, lastID) == block(output, lastID), "\(replayed)")
        let report = try String(contentsOfFile: json, encoding: .utf8)
        #expect(ids.allSatisfy { report.contains("\"\($0)\"") }, "\(report.prefix(2000))")
        #expect(!report.contains("\"\(known)\""))

        // The same file gates `conformance run`: its explore entries are not stale, and with the new findings
        // added it expects each case file's case to fail.
        let everything = try Self.baseline([(known, "fail")] + ids.map { ($0, "fail") }, in: folder)
        let run = try await CLITests.run(
            ["run", "--adapter", Self.threeDefects, "--case", "explore.**", "--baseline", everything]
                + files.flatMap { ["--case-file", (cases as NSString).appendingPathComponent($0)] })
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(
            run.standardOutput.contains("baseline: the run matches it (5 expected failures)"),
            "\(run.standardOutput)")
    }

    @Test("a baseline that knows every finding of a mutant: exit 0, the known findings counted", .fullTier)
    func everythingKnown() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-known-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try Self.baseline([("explore.ord-2.**", "fail")], in: folder)
        let output = try await CLITests.run([
            "explore", "--adapter", "mutant:batch-reversed", "--seed", "1", "--runs", "100", "--progress", "never",
            "--baseline", baseline,
        ])
        #expect(output.status == 0, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("0 distinct findings in 100 programs"))
        #expect(output.standardOutput.contains("no new finding"))
        #expect(!output.standardOutput.contains("FAIL program"))
    }

    @Test("a malformed or missing baseline: exit 78 with the message `conformance run --baseline` gives")
    func malformedBaseline() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try Self.baseline([("explore.ord-2.*", "flaky")], in: folder)
        let explore = try await CLITests.run(["explore", "--adapter", "reference", "--runs", "5", "--baseline", bad])
        #expect(explore.status == 78)
        #expect(
            explore.standardError.contains(#"entries[0] (case "explore.ord-2.*").verdict: "flaky" is not a verdict"#),
            "\(explore.standardError)")
        #expect(explore.standardOutput.isEmpty, "nothing ran: \(explore.standardOutput)")
        let run = try await CLITests.run(["run", "--adapter", "reference", "--baseline", bad])
        #expect(run.status == 78 && run.standardError == explore.standardError, "\(run.standardError)")
        let missing = folder.appendingPathComponent("none.json").path
        let absent = try await CLITests.run(["explore", "--adapter", "reference", "--baseline", missing])
        #expect(absent.status == 78 && absent.standardError.contains(missing), "\(absent.standardError)")
    }

    @Test("--max-findings out of range is a usage error; --write-case with several findings wants a folder")
    func findingOptions() async throws {
        let zero = try await CLITests.run(["explore", "--max-findings", "0"])
        #expect(zero.status == 64 && zero.standardError.contains("--max-findings"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("explore-file-\(UUID().uuidString)")
        try "".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let notFolder = try await CLITests.run([
            "explore", "--adapter", "reference", "--runs", "5", "--max-findings", "3", "--write-case", file.path,
        ])
        #expect(
            notFolder.status == 78 && notFolder.standardError.contains("is not a folder"), "\(notFolder.standardError)")
    }
}

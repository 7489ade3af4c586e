import ConformanceKit
import Foundation
import Testing

/// `conformance explore` and `conformance run --case-file` as a shell user runs them.
@Suite("The explore command")
struct ExploreCommandTests {
    @Test("against the reference: exit 0, the seed and the count on the first line, the same output for the same seed")
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
        "against a mutant: exit 1, the shrunk program, the clause, a replay line that reproduces it, and a case file run runs"
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
        try #"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":[],"operations":[{"op":"fly"}]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let malformed = try await CLITests.run(["run", "--case-file", path])
        #expect(
            malformed.status == 78 && malformed.standardError.contains("unknown op \"fly\""),
            "\(malformed.standardError)")
    }

    @Test("a time budget stops the run early and says so")
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
    @Test("SIGINT during an exploration of an out-of-process testee ends the testee, prints what ran and exits 130")
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
        #expect(
            run.standardOutput.contains("interrupted: the program running then was dropped"), "\(run.standardOutput)")
        #expect(
            !run.standardOutput.contains("FAIL"),
            "an interrupted program is not a counterexample: \(run.standardOutput)")
    }
}

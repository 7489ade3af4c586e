import Foundation
import StrictJSON
import TestTiers
import Testing

/// `--profile container` from the command line: `run` (its reports, Fix first, the baseline gate), `compare` with a
/// container and a WVJB column side by side, and `explore` over container programs; a testee of the other
/// protocol is named as such before any case runs.
@Suite("conformance run, compare and explore --profile container")
struct ContainerCommandTests {
    /// An executable built beside the tests.
    static func builtProgram(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }

    @Test("run: the reference container passes every case, and its reports name the container profile", .fullTier)
    func referencePassesWithReports() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("container-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let run = try await CLITests.run([
            "run", "--profile", "container", "--report", "json:" + path("r.json"), "--report",
            "markdown:" + path("r.md"),
            "--report", "badge:" + path("badge.json"),
        ])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("30 cases against reference: 30 pass\n"), "\(run.standardOutput)")
        guard
            case .object(let report) = try JSONParser.parse(try String(contentsOfFile: path("r.json"), encoding: .utf8))
        else {
            Issue.record("the JSON report is no object")
            return
        }
        #expect(report["profile"] == "container")
        let markdown = try String(contentsOfFile: path("r.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# container conformance: `reference`"), "\(markdown.prefix(200))")
        #expect(markdown.contains("Profile: `container`"))
        let badge = try String(contentsOfFile: path("badge.json"), encoding: .utf8)
        #expect(badge.contains(#""label":"container conformance""#), "\(badge)")
        #expect(badge.contains("30/30 run"), "\(badge)")
    }

    @Test(
        "run: a container mutant fails, Fix first cites its obligation, and a baseline of its failures gates it",
        .fullTier)
    func mutantFailsAndIsGated() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("container-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        let mutant = [
            "run", "--profile", "container", "--adapter", "mutant:container.answers-twice", "--case", "call.**",
        ]
        let run = try await CLITests.run(mutant)
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("Fix first"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("[MHCALL-3.a]"), "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains(
                "rerun: \(CLITests.invocation) run --adapter mutant:container.answers-twice --profile container --case "
            ),
            "\(run.standardOutput)")
        let written = try await CLITests.run(mutant + ["--baseline", baseline, "--update-baseline"])
        #expect(written.status == 0, "\(written.standardOutput)\(written.standardError)")
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains(#""profile":"container""#))
        let gated = try await CLITests.run(mutant + ["--baseline", baseline])
        #expect(gated.status == 0, "\(gated.standardOutput)\(gated.standardError)")
        // The same baseline in a WVJB run is of another profile.
        let other = try await CLITests.run([
            "run", "--case", "escaping.quotes-and-backslashes.*", "--baseline", baseline,
        ])
        #expect(other.status == 78, "\(other.standardOutput)\(other.standardError)")
    }

    @Test("a WVJB testee in the container profile, and a container testee in a WVJB one, are named before any case")
    func otherProtocolsTesteeIsNamed() async throws {
        let wvjb = try await CLITests.run([
            "run", "--profile", "container", "--adapter", Self.builtProgram("reference-testee"),
        ])
        #expect(wvjb.status == 78, "\(wvjb.standardOutput)\(wvjb.standardError)")
        #expect(wvjb.standardError.contains("serves a WVJB bridge, not a messageHandler container"))
        #expect(wvjb.standardOutput.isEmpty, "\(wvjb.standardOutput)")
        let container = try await CLITests.run([
            "run", "--case", "escaping.quotes-and-backslashes.*", "--adapter",
            Self.builtProgram("container-port-testee"),
        ])
        #expect(container.status == 78, "\(container.standardOutput)\(container.standardError)")
        #expect(container.standardError.contains("serves a messageHandler container"))
        #expect(container.standardError.contains("run it with --profile container"))
    }

    @Test(
        "the adapters of one protocol are refused in the other's profile, saying which profile they run in", .fullTier)
    func adaptersOfTheOtherProtocolAreRefused() async throws {
        let refusals: [([String], String)] = [
            (
                ["--profile", "container", "--adapter", "reference-sync"],
                "the container profile's reference is --adapter reference"
            ),
            (
                ["--profile", "container", "--adapter", "mutant:wkwvjb-fetches-twice-per-message"],
                "run it with --profile wkwvjb"
            ),
            (
                ["--adapter", "mutant:container.answers-twice"],
                "breaks the reference container: run it with --profile container"
            ),
            (["--profile", "container", "--explore", "5"], "conformance explore --profile container"),
            (["--profile", "container", "--web-view", "webkitgtk"], "the simulated web view only"),
        ]
        for (arguments, message) in refusals {
            let refused = try await CLITests.run(["run"] + arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.status)")
            #expect(refused.standardError.contains(message), "\(arguments): \(refused.standardError)")
        }
        let unknownCase = try await CLITests.run(["run", "--profile", "container", "--case", "messaging.*"])
        #expect(unknownCase.status == 64)
        #expect(unknownCase.standardError.contains("see `conformance list --profile container`"))
    }

    @Test("compare: a WVJB bridge and a container side by side, each in its own profile, in one report", .fullTier)
    func compareAcrossProtocols() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("container-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = folder.appendingPathComponent("compare.md").path
        // Each run gets the globs that match cases of its own profile's catalogue.
        let compare = try await CLITests.run([
            "compare", "--adapter", "bridge=reference", "--adapter", "box=mutant:container.answers-twice",
            "--profile-of",
            "box=container", "--case", "escaping.**", "--case", "call.*", "--report", "markdown:" + markdown,
            "--progress", "never",
        ])
        #expect(compare.status == 1, "\(compare.standardOutput)\(compare.standardError)")
        #expect(compare.standardOutput.hasPrefix("== bridge ==\n12 cases against reference: 12 pass\n"))
        #expect(
            compare.standardOutput.contains(
                "== box ==\n14 cases against mutant:container.answers-twice: 10 pass, 4 fail"),
            "\(compare.standardOutput)")
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.contains("# WVJB conformance: `bridge`") && text.contains("# container conformance: `box`"))
        // A glob that matches no case of either catalogue is a usage error before any run.
        let nothing = try await CLITests.run([
            "compare", "--adapter", "bridge=reference", "--adapter", "box=reference", "--profile-of", "box=container",
            "--case", "nothing.**",
        ])
        #expect(nothing.status == 64)
        #expect(nothing.standardError.contains("no case matches nothing.** in the container or the WVJB catalogue"))
    }

    @Test(
        "explore: no difference for the reference container; a mutant's difference shrunk, and its replay repeats it",
        .fullTier)
    func exploreContainerPrograms() async throws {
        let clean = try await CLITests.run(["explore", "--profile", "container", "--seed", "7", "--runs", "20"])
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(
            clean.standardOutput.hasSuffix("no difference from the reference container\n"), "\(clean.standardOutput)")
        let mutant = ["explore", "--profile", "container", "--adapter", "mutant:container.params-dictionary-only"]
        let found = try await CLITests.run(mutant + ["--seed", "7", "--runs", "50"])
        #expect(found.status == 1, "\(found.standardOutput)\(found.standardError)")
        let lines = found.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("differs from the reference; shrunk to") }, "\(found.standardOutput)")
        let replay = try #require(lines.last { $0.hasPrefix("replay: ") })
        let programSeed = try #require(replay.split(separator: " ").last.map(String.init))
        let replayed = try await CLITests.run(mutant + ["--replay", programSeed])
        #expect(replayed.status == 1, "\(replayed.standardOutput)\(replayed.standardError)")
        let observation = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("observation ") } }
        #expect(observation(replayed.standardOutput) == observation(found.standardOutput))
        let refused = try await CLITests.run(["explore", "--profile", "container", "--write-case", "x.json"])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--write-case shape WVJB explorations"), "\(refused.standardError)")
    }
}

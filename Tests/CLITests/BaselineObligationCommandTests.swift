import ConformanceKit
import Foundation
import TestTiers
import Testing

/// `conformance run --baseline` and `conformance diff` as a fork's CI runs them, when a known case starts
/// failing one more obligation: the newcomer's BOOT-2.b inside a case already failing BOOT-1.f.
@Suite("Baseline obligations from the shell")
struct BaselineObligationCommandTests {
    static let caseID = "bootstrap.url-classification.https"
    /// The port with the known defect (BOOT-1.f), and with the newcomer's as well (BOOT-2.b), out of process.
    static let knownPort = "mutant:decides-navigation-twice"
    static let bothPort = OutOfProcessTests.testee(
        "mutants:decides-navigation-twice+cancels-bridge-hosts-on-any-scheme")

    @Test(
        "--update-baseline pins BOOT-1.f; the port that also breaks BOOT-2.b fails the gate naming both, and diff exits 1 naming BOOT-2.b",
        .fullTier
    )
    func newObligationFailsTheGateAndShowsInDiff() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        let (known, both) = (
            folder.appendingPathComponent("known.json").path, folder.appendingPathComponent("both.json").path
        )
        let run = ["run", "--case", Self.caseID, "--report-timings", "off", "--baseline", baseline]

        let update = try await CLITests.run(
            run + ["--adapter", Self.knownPort, "--update-baseline", "--report", "json:" + known])
        #expect(update.status == 0, "\(update.standardOutput)\(update.standardError)")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.hasPrefix(#"{"format":"wvjb-conformance-baseline","version":2,"#), "\(text)")
        #expect(
            text.contains(
                #"{"case":"bootstrap.url-classification.https","obligations":["BOOT-1.f"],"reason":"BOOT-1.f: "#),
            "\(text)")
        #expect(try await CLITests.run(run + ["--adapter", Self.knownPort]).status == 0)

        let gated = try await CLITests.run(run + ["--adapter", Self.bothPort, "--report", "json:" + both])
        #expect(gated.status == 1, "\(gated.standardOutput)\(gated.standardError)")
        #expect(
            gated.standardOutput.contains(
                "baseline: 0 expected failures, 0 new failures, 0 unexpected passes, 0 changed, 0 stale entries, "
                    + "1 new obligations, 0 stale obligations\n"))
        #expect(
            gated.standardOutput.contains(
                "  NEW OBLIGATION \(Self.caseID): fails BOOT-2.b, which its entry does not list (it expects fail: "
                    + "BOOT-1.f: "), "\(gated.standardOutput)")
        #expect(gated.standardOutput.contains("  to accept this run as the new baseline: "))
        #expect(gated.standardOutput.contains("--baseline \(baseline) --update-baseline\n"))

        let worse = try await CLITests.run(["diff", known, both])
        #expect(worse.status == 1, "\(worse.standardOutput)\(worse.standardError)")
        #expect(worse.standardOutput.hasPrefix("worse: 1 new failing obligations"), "\(worse.standardOutput)")
        #expect(worse.standardOutput.contains("\n  \(Self.caseID) (fail): now fails BOOT-2.b\n"))
        let better = try await CLITests.run(["diff", both, known, "--format", "markdown"])
        #expect(better.status == 0, "\(better.standardOutput)")
        #expect(better.standardOutput.hasPrefix("## WVJB conformance: no regression"), "\(better.standardOutput)")
        #expect(
            better.standardOutput.contains("### Fixed obligations\n\n- \(Self.caseID) (fail): no longer fails BOOT-2.b")
        )
    }

    @Test(
        "an old baseline still gates, and says once which entries pin no obligations and the command that pins them; that command does",
        .fullTier
    )
    func oldBaselineMigrates() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("old.json").path
        try #"""
        {"format":"wvjb-conformance-baseline","version":1,"entries":[
          {"case":"missing-handler.native.removed-handler","verdict":"fail","reason":"our removeHandler is a no-op"},
          {"case":"missing-handler.native.removed-before-load","verdict":"fail","reason":"the same"}
        ]}
        """#.write(toFile: baseline, atomically: true, encoding: .utf8)
        let run = [
            "run", "--adapter", "mutant:remove-handler-ignored", "--case", "missing-handler.native.removed-*",
            "--baseline", baseline,
        ]
        let old = try await CLITests.run(run)
        #expect(old.status == 0, "\(old.standardOutput)")
        let lines = old.standardOutput.split(separator: "\n").filter { $0.contains("OBLIGATIONS") }
        let command =
            "\(CLITests.invocation) run --adapter mutant:remove-handler-ignored --baseline \(baseline) --update-baseline"
        #expect(
            lines == [
                "  BASELINE WITHOUT OBLIGATIONS: 2 entries pin no obligations (missing-handler.native.removed-handler "
                    + "and missing-handler.native.removed-before-load), so a new violation inside their cases would "
                    + "pass unseen; to pin them, rewrite the baseline: \(command)"
            ], "\(old.standardOutput)")

        let update = try await CLITests.run(run + ["--update-baseline"])
        #expect(update.status == 0)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(
            text.contains(#""obligations":["MISS-2.a""#) && text.contains("our removeHandler is a no-op"), "\(text)")
        let pinned = try await CLITests.run(run)
        #expect(pinned.status == 0 && !pinned.standardOutput.contains("OBLIGATIONS"), "\(pinned.standardOutput)")
    }

    @Test("--update-baseline limits a failure the kit attributes to Foundation on Linux to Linux, where it runs there")
    func updateWritesPlatforms() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        let run = [
            "run", "--adapter", "mutant:trailing-commas-accepted", "--case", "flush.lenient-parser-json-dropped",
            "--baseline", baseline,
        ]
        #expect(try await CLITests.run(run + ["--update-baseline"]).status == 0)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains(#""obligations":["FLUSH-3.b"]"#), "\(text)")
        #if os(Linux)
            #expect(text.contains(#""platforms":["linux"]"#), "\(text)")
        #else
            #expect(!text.contains(#""platforms""#), "\(text)")
        #endif
        #expect(try await CLITests.run(run).status == 0)
    }

    @Test("a gate the run matches prints at most 5 lines; --verbose lists each expected failure with its reason")
    func matchingGateIsQuiet() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        // Two cases the mutant fails and one it passes: the whole catalogue (or the payload corpus's cases, whose
        // failure costs seconds in a debug build) would cost the quick tier seconds.
        let run = [
            "run", "--adapter", "mutant:line-separators-raw", "--explore", "0", "--case",
            "escaping.line-terminators.*", "--case", "escaping.quotes-and-backslashes.*", "--case",
            "logging.native.traffic-off-across-pages-and-anomalies", "--baseline", baseline,
        ]
        let update = try await CLITests.run(run + ["--update-baseline"])
        #expect(update.status == 0, "\(update.standardOutput)\(update.standardError)")
        let quiet = try await CLITests.run(run)
        #expect(quiet.status == 0, "\(quiet.standardOutput)\(quiet.standardError)")
        let lines = quiet.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count <= 5, "\(quiet.standardOutput)")
        #expect(lines.last == "baseline: the run matches it (2 expected failures)", "\(quiet.standardOutput)")
        let verbose = try await CLITests.run(run + ["--verbose"])
        #expect(verbose.status == 0)
        #expect(
            verbose.standardOutput.contains(
                "  EXPECTED FAILURE escaping.line-terminators.native-to-js: fail (ESC-2.g:"),
            "\(verbose.standardOutput)")
        #expect(verbose.standardOutput.contains("FAIL escaping.line-terminators.native-to-js [MUST]"))
    }
}

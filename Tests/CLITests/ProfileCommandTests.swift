import Foundation
import StrictJSON
import TestTiers
import Testing

/// `--profile` beyond `run`: `list` says where each case runs, the reports and the baseline carry the
/// profile, and a baseline of one profile refuses to gate a run in another.
@Suite("The profile in list, reports and baselines")
struct ProfileCommandTests {
    func conformance(_ arguments: String...) async throws -> CLITests.Output {
        try await CLITests.run(arguments)
    }

    @Test("list --profile says, under each case, whether it runs in the profile, and why not")
    func listWithProfile() async throws {
        let output = try await conformance("list", "--profile", "wkwvjb", "--case", "alert-safety.disable-from-native")
        #expect(output.status == 0, "\(output.standardError)")
        #expect(
            output.standardOutput.contains(
                "    in the wkwvjb profile: not applicable: SAFE-2 does not hold here: the wkwvjb dialect has no alert safety timeout"
            ), "\(output.standardOutput)")
        #expect(output.standardOutput.hasSuffix("0 of 1 cases run in the wkwvjb profile (1 not applicable)\n"))
        let own = try await conformance("list", "--profile", "canonical", "--case", "js-side.wkwvjb.one-post-per-call")
        #expect(own.standardOutput.contains("not applicable: the case is written for the wkwvjb dialect"))
    }

    @Test("list and explain know the container profile; smoke and record say they run WVJB profiles")
    func containerProfile() async throws {
        let list = try await conformance("list", "--profile", "container", "--case", "sync.*")
        #expect(list.status == 0, "\(list.standardError)")
        #expect(
            list.standardOutput.contains("sync.result  [MUST] MHSYNC-2, MHSYNC-1  requires: SupportsSynchronousCalls"))
        #expect(
            list.standardOutput.hasSuffix(
                "4 cases in the container profile (spec/container.md; docs/container.md runs them)\n"))
        let explain = try await conformance("explain", "call.answer-once")
        #expect(explain.status == 0, "\(explain.standardError)")
        #expect(explain.standardOutput.contains("[MHCALL-3.a] N a call with a `callbackId` is answered exactly once"))
        #expect(explain.standardOutput.contains("container.answers-twice [MHCALL-3.a]"))
        #expect(explain.standardOutput.contains("golden transcript of the reference container"))
        #expect(explain.standardOutput.contains(#""event":"native-action""#), "\(explain.standardOutput)")
        for verb in ["smoke", "record"] {
            let refused = try await conformance(verb, "--profile", "container", "--adapter", "reference")
            #expect(refused.status == 64, "\(verb): \(refused.status)")
            #expect(
                refused.standardError.contains(
                    "this verb runs WVJB profiles; the container profile (spec/container.md) runs with conformance run, compare and explore --profile container"
                ), "\(verb): \(refused.standardError)")
        }
    }

    @Test(
        "JSON, JUnit and Markdown reports name the profile; a baseline written in a profile gates only that one",
        .fullTier
    )
    func reportsAndBaselineCarryTheProfile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let selection = ["--case", "flush.wkwvjb.*", "--case", "missing-handler.native.removed-handler"]
        let mutant = ["run", "--profile", "wkwvjb", "--adapter", "mutant:wkwvjb-fetches-twice-per-message"]
        let run = try await CLITests.run(
            mutant + selection + [
                "--report", "json:" + path("r.json"), "--report", "junit:" + path("r.xml"), "--report",
                "markdown:" + path("r.md"), "--baseline", path("baseline.json"), "--update-baseline",
            ])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let json = try JSONParser.parse(try String(contentsOfFile: path("r.json"), encoding: .utf8))
        guard case .object(let report) = json else { Issue.record("the JSON report is no object"); return }
        #expect(report["profile"] == "wkwvjb")
        #expect(
            try String(contentsOfFile: path("r.xml"), encoding: .utf8).contains(
                #"<property name="profile" value="wkwvjb"/>"#))
        #expect(try String(contentsOfFile: path("r.md"), encoding: .utf8).contains("Profile: `wkwvjb`"))
        let baseline = try String(contentsOfFile: path("baseline.json"), encoding: .utf8)
        #expect(baseline.contains(#""profile":"wkwvjb""#) && baseline.contains(#""verdict":"fail""#), "\(baseline)")

        let gated = try await CLITests.run(mutant + selection + ["--baseline", path("baseline.json")])
        #expect(gated.status == 0, "\(gated.standardOutput)\(gated.standardError)")
        let otherProfile = try await conformance(
            "run", "--adapter", "reference", "--case", "missing-handler.native.removed-handler", "--baseline",
            path("baseline.json"))
        #expect(otherProfile.status == 78)
        #expect(
            otherProfile.standardError.contains(
                "the baseline \(path("baseline.json")) gates the wkwvjb profile, and this run speaks canonical: run with --profile wkwvjb"
            ), "\(otherProfile.standardError)")
    }

    @Test(
        "a dialect file is a profile: the reference passes in it, and an unusable file exits 78 saying why", .fullTier)
    func dialectFileProfile() async throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Dialects/hybrid-bridge.dialect.json").path
        let run = try await conformance("run", "--profile", example, "--adapter", "reference")
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("170 cases against reference: 146 pass, 24 not-applicable\n"))
        let list = try await conformance(
            "list", "--profile", example, "--case", "bootstrap.url-classification.https", "--case",
            "bootstrap.wkwvjb.page-setup-snippet")
        #expect(
            list.standardOutput.contains(
                "not applicable: BOOT-1 does not hold here: the hybrid-bridge dialect signals through script messages"),
            "\(list.standardOutput)")
        #expect(list.standardOutput.hasSuffix("1 of 2 cases run in the hybrid-bridge profile (1 not applicable)\n"))
        let missing = try await conformance(
            "run", "--profile", "/nonexistent/mine.dialect.json", "--adapter", "reference")
        #expect(missing.status == 78)
        #expect(missing.standardError.contains("/nonexistent/mine.dialect.json"), "\(missing.standardError)")
        let unknown = try await conformance("run", "--profile", "hybrid", "--adapter", "reference")
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("'canonical', 'wkwvjb' or 'container'"), "\(unknown.standardError)")
    }

    @Test(
        "reference-sync in a profile whose page signals by script message (WKWebView's only) is a usage error, in run and compare"
    )
    func synchronousReferenceOnlyWhereItOccurs() async throws {
        let refusal =
            "reference-sync evaluates synchronously like UIWebView, and the wkwvjb profile's page signals by script message"
        let run = try await conformance("run", "--adapter", "reference-sync", "--profile", "wkwvjb")
        #expect(run.status == 64)
        #expect(run.standardError.contains(refusal), "\(run.standardError)")
        let compare = try await conformance(
            "compare", "--adapter", "reference", "--adapter", "reference-sync", "--profile-of", "reference-sync=wkwvjb")
        #expect(compare.status == 64)
        #expect(compare.standardError.contains(refusal), "\(compare.standardError)")
    }
}

import ConformanceKit
import Foundation
import StrictJSON
import TestTiers
import Testing

/// A microtask chain that never ends keeps JavaScriptCore's thread inside one entry for ever, and nothing in
/// the process can stop it. `EngineStallGuard` notices from its own thread; `run` then restarts itself with
/// the same command line and goes on with the cases left, and `explore` reports the stalled program. Each
/// test waits for the process to end: the stall is found within the script time limit plus half a second of
/// the engine's CPU time, not by a wall-clock timeout here.
@Suite("Engine stalls: a microtask chain that never ends costs its case, not the run")
struct EngineStallTests {
    /// The reference JS side, whose `callHandler` queues an endless promise chain for one handler name.
    static func stallingJavaScriptSide(on handlerName: String) throws -> String {
        let reference = try ConformanceRunner.referenceJavaScriptSide()
        let patched = reference.replacingOccurrences(
            of: "function callHandler(handlerName, data, responseCallback) {",
            with: """
                function callHandler(handlerName, data, responseCallback) {
                    if (handlerName === "\(handlerName)") { (function p() { Promise.resolve().then(p); })(); }
                """)
        #expect(patched != reference, "the reference JS side still has the callHandler this test patches")
        return patched
    }

    @Test(
        "run: the case whose JS side stalls the engine is a timeout blamed on the JS side; the process restarts and runs the cases after it",
        .fullTier
    )
    func runGoesOnAfterAStall() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsSide = folder.appendingPathComponent("stalls.js").path,
            json = folder.appendingPathComponent("out.json").path
        try Self.stallingJavaScriptSide(on: "nobodyHome").write(toFile: jsSide, atomically: false, encoding: .utf8)
        let cases = [
            "messages.js-to-native.data-forms", "missing-handler.native.batch-continues",
            "missing-handler.native.removed-handler",
        ]
        let output = try await CLITests.run(
            ["run", "--js-side", jsSide, "--script-time-limit", "0.2", "--report", "json:" + json]
                + cases.flatMap { ["--case", $0] })
        #expect(output.status == 1, "\(output.standardError)")
        #expect(
            output.standardOutput.hasPrefix("3 cases against reference: 2 pass, 1 timeout"), "\(output.standardOutput)")
        #expect(
            output.standardError.contains("missing-handler.native.batch-continues stalled the engine; restarting"),
            "\(output.standardError)")
        let document = try RunSafetyTests.validReport(try String(contentsOfFile: json, encoding: .utf8))
        guard case .array(let reported)? = RunSafetyTests.members(document)?["cases"] else {
            Issue.record("no cases in the report")
            return
        }
        let byID = Dictionary(uniqueKeysWithValues: reported.compactMap(RunSafetyTests.members).map { ($0["id"], $0) })
        #expect(reported.count == 3)
        #expect(byID[.string(cases[0])]?["verdict"] == .string("pass"))
        #expect(
            byID[.string(cases[2])]?["verdict"] == .string("pass"),
            "the case after the stall ran in the restarted process")
        let stalled = try #require(byID[.string(cases[1])])
        #expect(stalled["verdict"] == .string("timeout"))
        guard case .string(let reason)? = stalled["interruption"] else {
            Issue.record("the stalled case says nothing: \(stalled)")
            return
        }
        #expect(
            reason.contains("microtask queue never emptied") && reason.contains("the JS side under test"), "\(reason)")
        #expect(!RunSafetyTests.members(document)!.keys.contains("stopped"), "every case ran")
    }

    @Test(
        "run: a JS side given through a pipe is read once: the process restarted after a stall runs the cases left with it",
        .fullTier)
    func pipedJavaScriptSideSurvivesARestart() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsSide = folder.appendingPathComponent("stalls.js").path
        try Self.stallingJavaScriptSide(on: "nobodyHome").write(toFile: jsSide, atomically: false, encoding: .utf8)
        let cases = [
            "messages.js-to-native.data-forms", "missing-handler.native.batch-continues",
            "missing-handler.native.removed-handler",
        ]
        let words =
            [CLITests.executable.path, "run", "--js-side", "/dev/stdin", "--script-time-limit", "0.2"]
            + cases.flatMap { ["--case", $0] }
        let command = "cat '\(jsSide)' | " + words.map { "'\($0)'" }.joined(separator: " ")
        let output = try await CLITests.runInShell(command)
        #expect(output.status == 1, "\(output.standardOutput)")
        #expect(
            output.standardOutput.hasPrefix("3 cases against reference: 2 pass, 1 timeout"),
            "the case after the stall ran with the JS side the pipe gave: \(output.standardOutput)")
    }

    @Test(
        "explore: a program that stalls the engine is the counterexample, unshrunk, with its replay command", .fullTier)
    func exploreReportsTheStalledProgram() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsSide = folder.appendingPathComponent("stalls.js").path,
            caseFile = folder.appendingPathComponent("found.json").path
        // Every program's first page call stalls, whatever the handler.
        let javaScriptSide =
            try ConformanceRunner.referenceJavaScriptSide() + "\n(function p() { Promise.resolve().then(p); })();\n"
        try javaScriptSide.write(toFile: jsSide, atomically: false, encoding: .utf8)
        let output = try await CLITests.run(
            [
                "explore", "--js-side", jsSide, "--seed", "3", "--runs", "20", "--script-time-limit", "0.2",
                "--write-case", caseFile,
            ])
        #expect(output.status == 1, "\(output.standardError)")
        #expect(output.standardOutput.contains("never finished; not shrunk"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("microtask queue never emptied"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("replay: "), "\(output.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: caseFile), "the stalled program is saved as a case file")
    }
}

import Foundation
import TestTiers
import Testing

/// `conformance record`: explicit golden recording into a folder, refused on CI.
@Suite("conformance record")
struct RecordCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
    let selection = ["--case", "messages.**"]

    func record(_ arguments: [String], ci: String? = nil) async throws -> CLITests.Output {
        try await CLITests.run(
            ["record", "--golden-dir", folder.path] + selection + arguments, environment: ["CI": ci])
    }

    @Test(
        "records missing goldens, leaves matching ones alone, and reports a stale one until it is rerecorded", .fullTier
    )
    func recordLifecycle() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = try await record([])
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!files.isEmpty && files.allSatisfy { $0.hasPrefix("messages.") && $0.hasSuffix(".json") })
        #expect(first.standardOutput.contains("\(files.count) recorded, 0 unchanged"))

        let again = try await record([])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("0 recorded, \(files.count) unchanged"), "\(again.standardOutput)")

        // Drop the last event of one golden: `--mode never` finds it stale, `--mode failed` rewrites it.
        let edited = folder.appendingPathComponent(files[0])
        var lines = try String(contentsOf: edited, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.remove(at: lines.count - 2)
        if lines[lines.count - 2].hasSuffix(",") { lines[lines.count - 2].removeLast() }
        try (lines.joined(separator: "\n") + "\n").write(to: edited, atomically: true, encoding: .utf8)

        let check = try await record(["--mode", "never"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("stale    \(edited.path)"), "\(check.standardOutput)")
        let rewrite = try await record(["--mode", "failed"])
        #expect(rewrite.status == 0)
        #expect(rewrite.standardOutput.contains("recorded \(edited.path)"))
        #expect(try await record(["--mode", "never"]).status == 0)
    }

    @Test("refused when CI is set, and a missing folder is a configuration error")
    func refusals() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let onCI = try await record([], ci: "true")
        #expect(onCI.status == 78)
        #expect(onCI.standardError.contains("refused when CI is set"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let nowhere = try await CLITests.run(
            ["record", "--golden-dir", folder.path + "/absent"], environment: ["CI": nil])
        #expect(nowhere.status == 78)
        #expect(nowhere.standardError.contains("no goldens folder"))
    }

    @Test("refuses the goldens root (the folder of the per-profile folders), naming the folder to give instead")
    func refusesGoldensRoot() async throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("canonical"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try await record([])
        #expect(refused.status == 78, "\(refused.standardOutput)\(refused.standardError)")
        #expect(
            refused.standardError.contains("holds the per-profile goldens folders (canonical)")
                && refused.standardError.contains("--golden-dir \(folder.path)/canonical"),
            "\(refused.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["canonical"])
    }

    @Test("refuses a mutant adapter unless --allow-mutant is given, and still refuses on CI with it")
    func refusesMutant() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mutant = ["--adapter", "mutant:line-separators-raw", "--case", "messages.js-to-native.data-forms"]
        let refused = try await CLITests.run(
            ["record", "--golden-dir", folder.path] + mutant, environment: ["CI": nil])
        #expect(refused.status == 64)
        #expect(
            refused.standardError.contains(
                "refusing to record with mutant:line-separators-raw: goldens record the reference bridge"),
            "\(refused.standardError)")
        #expect(refused.standardError.contains("Pass --allow-mutant to record it anyway"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let onCI = try await CLITests.run(
            ["record", "--golden-dir", folder.path, "--allow-mutant"] + mutant, environment: ["CI": "true"])
        #expect(onCI.status == 78)
        #expect(onCI.standardError.contains("refused when CI is set"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let allowed = try await CLITests.run(
            ["record", "--golden-dir", folder.path, "--allow-mutant"] + mutant, environment: ["CI": nil])
        #expect(allowed.status == 0, "\(allowed.standardOutput)\(allowed.standardError)")
        #expect(allowed.standardOutput.contains("1 recorded"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
                "messages.js-to-native.data-forms.json"
            ])
    }

    @Test(
        "an out-of-process adapter never overwrites the goldens of cases it cannot run: each is skipped with why, the rest recorded, exit 78",
        .fullTier, arguments: ["failed", "all"])
    func recordNeverDestroysGoldens(mode: String) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The threading cases need sends from any thread: not applicable out of process.
        let threading = ["threading.background-sends.no-deadlock", "threading.background-answers.no-deadlock"]
        let applicable = "escaping.line-terminators.native-to-js"
        for id in threading {
            try "the golden as it was\n".write(
                to: folder.appendingPathComponent(id + ".json"), atomically: false, encoding: .utf8)
        }
        let output = try await CLITests.run(
            [
                "record", "--golden-dir", folder.path, "--mode", mode, "--adapter",
                OutOfProcessTests.testee("reference"), "--case", "threading.**",
                "--case", applicable,
            ], environment: ["CI": nil])
        #expect(output.status == 78, "\(output.standardOutput)\(output.standardError)")
        for id in threading {
            let path = folder.appendingPathComponent(id + ".json").path
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "the golden as it was\n")
            #expect(
                output.standardOutput.contains(
                    "skipped  \(path): not applicable: needs sends-from-any-thread (only an adapter in the "
                        + "harness's own process can offer it), the adapter offers "),
                "\(output.standardOutput)")
        }
        #expect(
            output.standardOutput.contains("recorded " + folder.appendingPathComponent(applicable + ".json").path),
            "\(output.standardOutput)")
        #expect(
            output.standardOutput.contains(
                "1 recorded, 0 unchanged, 0 missing or stale, 2 skipped (not run to their end: their goldens are left as they were)"
            ))
        #expect(
            output.standardOutput.contains(
                "cannot run 2 of the selected cases to their end (see each line above): \(threading.joined(separator: ", "))"
            ))
    }

    @Test(
        "a case cut short (the testee crashed) is never recorded: skipped with why, its golden left as it was, exit 1")
    func crashIsNeverRecorded() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The testee dies when the page calls a native handler, which this case does.
        let crashing = "messages.js-to-native.data-forms",
            golden = folder.appendingPathComponent("messages.js-to-native.data-forms.json")
        try "the golden as it was\n".write(to: golden, atomically: false, encoding: .utf8)
        let output = try await CLITests.run(
            [
                "record", "--golden-dir", folder.path, "--mode", "all", "--adapter",
                OutOfProcessTests.testee("crash-in-native-handler"),
                "--case", crashing,
            ], environment: ["CI": nil])
        #expect(output.status == 1, "\(output.standardOutput)\(output.standardError)")
        #expect(try String(contentsOf: golden, encoding: .utf8) == "the golden as it was\n")
        #expect(
            output.standardOutput.contains("skipped  \(golden.path): crash: the testee was killed by signal "),
            "\(output.standardOutput)")
        #expect(output.standardOutput.contains("0 recorded, 0 unchanged, 0 missing or stale, 1 skipped"))
    }

    @Test("--mode parses into a record mode; an unknown one is a usage error that writes nothing")
    func badMode() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await record(["--mode", "always"])
        #expect(output.status == 64)
        #expect(
            output.standardError.contains("Please provide one of 'never', 'missing', 'failed' or 'all'"),
            "\(output.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

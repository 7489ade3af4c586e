import ConformanceFixtures
import ConformanceKit
import Foundation
import StrictJSON
import TestTiers
import Testing
import WireDialects

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs the built `conformance` executable and checks what a shell user sees.
@Suite("The conformance command")
struct CLITests {
    struct Output: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `conformance` binary next to the test bundle in the build folder.
    static var executable: URL {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return buildFolder.appendingPathComponent("conformance")
    }

    func conformance(_ arguments: String...) async throws -> Output {
        try await Self.run(arguments)
    }

    func conformance(_ arguments: [String]) async throws -> Output {
        try await Self.run(arguments)
    }

    /// The words the `conformance` binary prints to start itself again when a shell started it directly:
    /// its real path (see `RerunCommandTests` for `swift run`).
    static var invocation: String { executable.resolvingSymlinksInPath().path }

    /// Runs `conformance` with `arguments` and collects what it printed.
    /// - Parameters:
    ///   - arguments: The command line after `conformance`.
    ///   - environment: Changes to the environment (nil removes a variable).
    ///   - directory: The directory to run it in; the test's own when nil.
    static func run(_ arguments: [String], environment changes: [String: String?] = [:], in directory: URL? = nil)
        async throws -> Output
    {
        // As a shell sets it when it starts the binary itself (`swift test` leaves `_` naming `swift`).
        let environment = ["_": Self.executable.path].merging(changes) { _, change in change }
        return try await runProgram(Self.executable, arguments, environment: environment, in: directory)
    }

    /// Runs `program` with `arguments` to its end and returns its exit status and output.
    /// - Parameters:
    ///   - environment: Changes to the environment (nil removes a variable).
    ///   - directory: The directory to run it in; the test's own when nil.
    static func runProgram(
        _ program: URL, _ arguments: [String], environment changes: [String: String?] = [:], in directory: URL? = nil
    ) async throws -> Output {
        try await onOwnThread { try runProgramBlocking(program, arguments, environment: changes, in: directory) }
    }

    /// Runs `work` on a thread of its own and waits for it without holding a thread of the cooperative
    /// pool: tests that wait on processes would otherwise keep the other tests from starting.
    static func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    private static func runProgramBlocking(
        _ program: URL, _ arguments: [String], environment changes: [String: String?], in directory: URL?
    ) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        yieldTheProcessorToInProcessTests(process)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// In the quick tier, lowers the priority of a child the tests started (and of all it starts in turn).
    ///
    /// The in-process tests share the main queue, whose one thread is the quick tier's critical path: without
    /// this, dozens of `conformance` children starve it at the start and it runs alone at the end (measured on
    /// 2 cores: 25–31.5 s, the last 13 s on one core; with it 21–26 s). The full tier leaves children alone: its
    /// watchdog tests measure children's wall time and must not see them starved.
    private static func yieldTheProcessorToInProcessTests(_ process: Process) {
        guard TestTier.current == .quick else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process.processIdentifier), 19)
    }

    /// Runs `command` as a shell user would paste it (`/bin/sh -c`), in `directory`, and returns its exit
    /// status and standard output.
    static func runInShell(_ command: String, in directory: URL? = nil) async throws -> (
        status: Int32, standardOutput: String
    ) {
        try await onOwnThread { try runInShellBlocking(command, in: directory) }
    }

    private static func runInShellBlocking(_ command: String, in directory: URL?) throws -> (
        status: Int32, standardOutput: String
    ) {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", command]
        if let directory { shell.currentDirectoryURL = directory }
        let out = Pipe()
        shell.standardOutput = out
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        yieldTheProcessorToInProcessTests(shell)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        return (shell.terminationStatus, text)
    }

    @Test("--version prints the kit's version, the one every report names")
    func version() async throws {
        let output = try await conformance("--version")
        #expect(output.status == 0)
        #expect(output.standardOutput == KitVersion.current + "\n", "\(output.standardOutput)")
    }

    @Test("run against the reference exits 0 with a one-line summary", .fullTier)
    func referencePasses() async throws {
        // The exploration after the cases is the next test's subject (it costs seconds in a debug build). The whole
        // catalogue out of process takes 2.7 s alone in a debug build: the full tier's (CI also runs the README's
        // first command); the quick tier's catalogue tests check the reference in process.
        let output = try await conformance("run", "--adapter", "reference", "--explore", "0")
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.hasPrefix(try await Self.referenceSummary()), "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("explore:"), "\(output.standardOutput)")
    }

    @Test("the README's first run, with the default exploration, passes the reference with no finding", .fullTier)
    func referencePassesTheDefaultRun() async throws {
        let output = try await conformance("run", "--adapter", "reference")
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(
            output.standardOutput.hasPrefix(
                try await Self.referenceSummary()
                    + "explore: 100 programs against the reference bridge (seed 1, at most 12 steps): no new finding\n"),
            "\(output.standardOutput)")
    }

    /// The summary line of a canonical-profile run against the reference: the cases of another dialect's own
    /// clauses (spec section 13) are not applicable there.
    private static func referenceSummary() async throws -> String {
        let otherDialects = await MainActor.run { Catalogue.all.filter { !$0.dialects.contains(.canonical) }.count }
        let count = try await caseCount()
        return "\(count) cases against reference: \(count - otherDialects) pass, \(otherDialects) not-applicable\n"
    }

    @Test("a mutant exits 1 with the case, the clause, the wire log and a rerun command that works")
    func mutantFails() async throws {
        // The case it fails among cases it passes (the whole catalogue runs in `referencePasses`).
        let output = try await conformance(
            "run", "--adapter", "mutant:line-separators-raw", "--case", "escaping.line-terminators.**", "--case",
            "ordering.**")
        #expect(output.status == 1)
        let text = output.standardOutput
        #expect(text.contains("FAIL escaping.line-terminators.native-to-js [MUST]"))
        #expect(text.contains("[ESC-2.g]") && text.contains("U+2028"), "\(text)")
        #expect(text.contains("transcript:"))
        let rerunLine = try #require(
            text.split(separator: "\n").first {
                $0.contains("rerun: ") && $0.contains("escaping.line-terminators.native-to-js")
            })
        let words = rerunLine.split(separator: "rerun: ", maxSplits: 1)[1].split(separator: " ").map(String.init)
        #expect(words.prefix(2) == [Self.invocation, "run"], "\(words)")
        let rerun = try await conformance(Array(words.dropFirst()))
        #expect(rerun.status == 1)
        #expect(
            rerun.standardOutput.hasPrefix("1 cases against mutant:line-separators-raw: 1 fail"),
            "\(rerun.standardOutput)")
    }

    @Test("configuration problems exit 78 and usage errors (an unknown adapter among them) 64, each with a message")
    func exitCodes() async throws {
        let unknown = try await conformance("run", "--adapter", "no-such-bridge")
        #expect(unknown.status == 64)
        #expect(
            unknown.standardError.contains("unknown adapter 'no-such-bridge'")
                && unknown.standardError.contains("reference"))
        let missingJS = try await conformance("run", "--js-side", "/nonexistent/bridge.js")
        #expect(missingJS.status == 78)
        #expect(missingJS.standardError.contains("/nonexistent/bridge.js"))
        let badLevel = try await conformance("run", "--level", "SOMETIMES")
        #expect(badLevel.status == 64)
        let noMatch = try await conformance("run", "--case", "nothing.matches.this")
        #expect(noMatch.status == 64)
        #expect(noMatch.standardError.contains("no case matches nothing.matches.this"))
    }

    @Test("list shows every case with its clauses; --adapters lists the mutants")
    func list() async throws {
        let output = try await conformance("list")
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("escaping.line-terminators.native-to-js  [MUST] ESC-2, ESC-3"))
        #expect(output.standardOutput.contains("startup.reset-rearms-queue  [MUST] START-3  requires: reset"))
        let adapters = try await conformance("list", "--adapters")
        #expect(adapters.standardOutput.contains("mutant:single-quote-raw"))
    }

    @Test("--help documents the adapters, selection options and exit codes")
    func help() async throws {
        let top = try await conformance("--help")
        #expect(top.status == 0)
        #expect(top.standardOutput.contains("78  adapter or configuration problem"))
        let run = try await conformance("run", "--help")
        for option in ["--adapter", "--case", "--skip", "--level", "--js-side"] {
            #expect(run.standardOutput.contains(option), "run --help lacks \(option)")
        }
    }

    @Test(
        "--report writes JSON that matches its schema and JUnit XML that parses, an HTML page and a badge; a mutant's reports carry its failures",
        .fullTier
    )
    func reports() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("out.json").path, xml = folder.appendingPathComponent("out.xml").path
        let markdown = folder.appendingPathComponent("out.md").path
        let html = folder.appendingPathComponent("out.html").path,
            badge = folder.appendingPathComponent("badge.json").path
        let passing = try await conformance(
            "run", "--adapter", "reference", "--report", "junit:" + xml, "--report", "json:" + json,
            "--report", "badge:" + badge)
        #expect(passing.status == 0)
        #expect(
            try String(contentsOfFile: badge, encoding: .utf8).hasPrefix(
                #"{"color":"brightgreen","label":"WVJB conformance","message":""#))
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/report.schema.json"), encoding: .utf8))
        let document = try JSONParser.parse(try String(contentsOfFile: json, encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: document).isEmpty)
        #expect(XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: xml))).parse())

        let failing = try await conformance(
            "run", "--adapter", "mutant:single-quote-raw", "--case", "escaping.**",
            "--report", "junit:" + xml, "--report", "markdown:" + markdown, "--report", "html:" + html,
            "--report", "badge:" + badge)
        #expect(failing.status == 1)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(
            page.hasPrefix("<!DOCTYPE html>")
                && page.contains("<th class=\"implementation\" title=\"mutant:single-quote-raw\">"))
        #expect(page.contains("<td class=\"cell v-insecure\" title=\"insecure"))
        #expect(try String(contentsOfFile: badge, encoding: .utf8).contains(#""color":"red""#))
        let junit = try String(contentsOfFile: xml, encoding: .utf8)
        #expect(XMLParser(data: Data(junit.utf8)).parse())
        #expect(
            junit.contains(#"type="insecure""#) && junit.contains(#"name="escaping.corpus.round-trip.native-to-js""#))
        #expect(
            try String(contentsOfFile: markdown, encoding: .utf8).contains(
                "## insecure: `escaping.corpus.round-trip.native-to-js`"))
        let badKind = try await conformance("run", "--report", "pdf:/tmp/x")
        #expect(badKind.status == 64)
    }

    @Test("explain quotes the case's clauses from the spec and shows its golden; an unknown id is a usage error")
    func explain() async throws {
        let output = try await conformance("explain", "escaping.line-terminators.native-to-js")
        #expect(output.status == 0)
        #expect(
            output.standardOutput.contains(
                "[ESC-2] The literal MUST be a valid single-quoted string literal under ES5 lexing"))
        #expect(output.standardOutput.contains(#""event":"native-action""#))
        let unknown = try await conformance("explain", "escaping.nope")
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("no case has the id escaping.nope"))
    }

    @Test(
        "the baseline gate passes when the run matches it and fails on a new failure, an unexpected pass, a changed verdict or a stale entry",
        .fullTier
    )
    func baselineGate() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func baseline(_ entries: [(String, String)]) throws -> String {
            let path = folder.appendingPathComponent("b\(UUID().uuidString).json").path
            let items = entries.map { #"{"case":"\#($0.0)","verdict":"\#($0.1)","reason":"test"}"# }.joined(
                separator: ",")
            try #"{"format":"wvjb-conformance-baseline","version":1,"entries":[\#(items)]}"#.write(
                toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let mutant = [
            "run", "--adapter", "mutant:remove-handler-ignored", "--case", "missing-handler.native.removed-handler",
        ]
        let matching = try await conformance(
            mutant + ["--baseline", try baseline([("missing-handler.native.removed-handler", "fail")])])
        #expect(matching.status == 0, "\(matching.standardOutput)")
        #expect(matching.standardOutput.contains("baseline: the run matches it (1 expected failure)"))

        let newFailure = try await conformance(mutant + ["--baseline", try baseline([])])
        #expect(newFailure.status == 1)
        #expect(newFailure.standardOutput.contains("NEW FAILURE missing-handler.native.removed-handler"))
        #expect(newFailure.standardOutput.contains("--update-baseline"))

        let unexpectedPass = try await conformance(
            "run", "--adapter", "reference", "--case", "missing-handler.**", "--baseline",
            try baseline([("missing-handler.native.removed-handler", "fail")]))
        #expect(unexpectedPass.status == 1)
        #expect(unexpectedPass.standardOutput.contains("UNEXPECTED PASS missing-handler.native.removed-handler"))

        let changed = try await conformance(
            mutant + ["--baseline", try baseline([("missing-handler.native.removed-handler", "insecure")])])
        #expect(changed.status == 1)
        #expect(
            changed.standardOutput.contains(
                "CHANGED missing-handler.native.removed-handler: expected insecure, got fail"))

        let stale = try await conformance(
            mutant + [
                "--baseline",
                try baseline([("missing-handler.native.removed-handler", "fail"), ("no.such.case", "fail")]),
            ])
        #expect(stale.status == 1)
        #expect(stale.standardOutput.contains("STALE ENTRY no.such.case"))

        let path = try baseline([])
        let update = try await conformance(mutant + ["--baseline", path, "--update-baseline"])
        #expect(update.status == 0)
        #expect(update.standardOutput.contains(#"+   {"case":"missing-handler.native.removed-handler""#))
        #expect(try await conformance(mutant + ["--baseline", path]).status == 0)

        let malformed = try await conformance(mutant + ["--baseline", try baseline([("Bad Glob!", "fail")])])
        #expect(malformed.status == 78)
    }

    @Test("smoke passes for a wired adapter and names the broken step, and who is at fault, for a broken one")
    func smoke() async throws {
        let wired = try await conformance("smoke", "--adapter", "reference")
        #expect(wired.status == 0)
        #expect(wired.standardOutput.contains("the adapter is wired up"))
        let broken = try await conformance("smoke", "--adapter", "mutant:decides-navigation-twice")
        #expect(broken.status == 78)
        // A navigation decided twice is the bridge's defect: the step says so instead of a wiring hint.
        #expect(
            broken.standardOutput.contains("FAILED")
                && broken.standardOutput.contains("bridge: the step itself worked"), "\(broken.standardOutput)")
        #expect(broken.standardOutput.contains("the adapter is wired up, but the bridge fails the steps above"))
    }

    private static func caseCount() async throws -> Int {
        try await CLITests.run(["list"]).standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
    }
}

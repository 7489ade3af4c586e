import Foundation
import StrictJSON
import TestTiers
import Testing

/// The commands `conformance` prints (`rerun:`, smoke's next step) work as printed from the user's checkout.
@Suite("Printed commands")
struct RerunCommandTests {
    static let arguments = [
        "run", "--adapter", OutOfProcessTests.testee("mutant:no-startup-queue"), "--case",
        "startup.calls-before-load.delivered-in-order",
    ]

    static func rerunLine(_ output: CLITests.Output) throws -> String {
        let line = try #require(
            output.standardOutput.split(separator: "\n").first { $0.contains("rerun: ") }, "\(output.standardOutput)")
        return String(line.split(separator: "rerun: ", maxSplits: 1)[1])
    }

    @Test(
        "started directly, the rerun command starts the binary by its real path and, run by a shell from elsewhere, reproduces the failure",
        .fullTier)
    func directly() async throws {
        let output = try await CLITests.run(Self.arguments)
        #expect(output.status == 1)
        let rerun = try Self.rerunLine(output)
        #expect(rerun.hasPrefix(CLITests.invocation + " run --adapter '"), "\(rerun)")
        #expect(!rerun.hasPrefix("conformance "), "no `conformance` is on PATH")

        let (status, text) = try await CLITests.runInShell(rerun, in: FileManager.default.temporaryDirectory)
        #expect(status == 1, "\(text)")
        #expect(
            text.hasPrefix("1 cases against \(OutOfProcessTests.testee("mutant:no-startup-queue")): 1 fail"), "\(text)")
    }

    @Test(
        "started by `swift run` in the checkout, the rerun and smoke commands are `swift run conformance …`, naming a build folder other than .build",
        .fullTier
    )
    func throughSwiftRun() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .resolvingSymlinksInPath()
        // <scratch>/<triple>/debug/conformance
        let scratch = URL(fileURLWithPath: CLITests.invocation).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scratchWords =
            scratch.path == root.appendingPathComponent(".build").path
            ? ""
            : "--scratch-path "
                + (scratch.path.hasPrefix(root.path + "/")
                    ? String(scratch.path.dropFirst(root.path.count + 1)) : scratch.path) + " "
        let swift = ["_": "/usr/bin/swift"]

        let output = try await CLITests.run(Self.arguments, environment: swift, in: root)
        let rerun = try Self.rerunLine(output)
        #expect(rerun.hasPrefix("swift run \(scratchWords)conformance run --adapter '"), "\(rerun)")
        #expect(rerun.hasSuffix("--case startup.calls-before-load.delivered-in-order"), "\(rerun)")

        let smoke = try await CLITests.run(["smoke", "--adapter", "reference"], environment: swift, in: root)
        #expect(
            smoke.standardOutput.contains("run `swift run \(scratchWords)conformance run --adapter reference`"),
            "\(smoke.standardOutput)")

        // Outside any package `swift run` cannot work: the real path is printed.
        let elsewhere = try await CLITests.run(
            ["smoke", "--adapter", "reference"], environment: swift, in: URL(fileURLWithPath: "/"))
        #expect(
            elsewhere.standardOutput.contains("run `\(CLITests.invocation) run --adapter reference`"),
            "\(elsewhere.standardOutput)")
    }
}

/// No line the kit prints or writes can run a command: every shell word is quoted by one function
/// (`ShellCommand`), and case ids are restricted to a set that needs no quoting.
@Suite("Printed commands run nothing but themselves")
struct HostileCommandTests {
    /// A one-step case file that the mutant `callbacks-not-removed` fails (CB-2) and the reference passes.
    static let caseFile = """
        {"format":"wvjb-explore-case/1","id":"explore.twice-answered","summary":"s","clauses":["CB-2"],"schedule":{},
         "operations":[{"callback":true,"handler":"twice","op":"callJavaScript"}]}
        """

    /// A scratch folder, removed at the end.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The text of an XML report with its five entities decoded.
    static func xmlText(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The rerun commands of the console and of each report: `rerun:` lines, JSON `rerun`, Markdown `Rerun:`.
    static func rerunCommands(console: String, json: URL, junit: URL, markdown: URL) throws -> [String: String] {
        var commands: [String: String] = [:]
        commands["console"] = try RerunCommandTests.rerunLine(
            CLITests.Output(status: 0, standardOutput: console, standardError: ""))
        let document = try JSONParser.parse(try String(contentsOf: json, encoding: .utf8))
        if case .object(let members) = document, case .array(let cases)? = members["cases"],
            case .object(let first)? = cases.first,
            case .string(let rerun)? = first["rerun"]
        {
            commands["json"] = rerun
        }
        let xml = try String(contentsOf: junit, encoding: .utf8)
        if let line = xml.split(separator: "\n").first(where: { $0.hasPrefix("rerun: ") }) {
            commands["junit"] = xmlText(line.dropFirst("rerun: ".count).prefix { $0 != "<" })
        }
        let markdown = try String(contentsOf: markdown, encoding: .utf8)
        if let line = markdown.split(separator: "\n").first(where: { $0.hasPrefix("Rerun: ") }) {
            let span = line.dropFirst("Rerun: ".count)
            let fence = span.prefix { $0 == "`" }
            commands["markdown"] = String(span.dropFirst(fence.count).dropLast(fence.count))
        }
        return commands
    }

    @Test(
        "rerun lines in the console, JSON, JUnit and Markdown quote a case-file path holding $(…), quotes and backticks: pasted, each reruns the case and runs nothing else",
        .fullTier
    )
    func rerunLinesQuoteEveryWord() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = folder.appendingPathComponent("found $(touch PWNED) 'q' `touch PWNED2`.json")
        try Self.caseFile.write(to: hostile, atomically: true, encoding: .utf8)
        let reports = ["json", "junit", "markdown"].map { folder.appendingPathComponent("report.\($0)") }
        let output = try await CLITests.run([
            "run", "--adapter", "mutant:callbacks-not-removed", "--case-file", hostile.path, "--case", "explore.**",
            "--report", "json:\(reports[0].path)", "--report", "junit:\(reports[1].path)", "--report",
            "markdown:\(reports[2].path)",
        ])
        #expect(output.status == 1, "\(output.standardOutput)\(output.standardError)")
        let commands = try Self.rerunCommands(
            console: output.standardOutput, json: reports[0], junit: reports[1], markdown: reports[2])
        #expect(commands.count == 4, "\(commands)")
        #expect(Set(commands.values).count == 1, "the same command everywhere: \(commands)")
        for (source, command) in commands.sorted(by: { $0.key < $1.key }) {
            let shellFolder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: shellFolder) }
            let (status, text) = try await CLITests.runInShell(command, in: shellFolder)
            #expect(
                status == 1 && text.hasPrefix("1 cases against mutant:callbacks-not-removed: 1 fail"),
                "\(source): \(command)\n\(text)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: shellFolder.path).isEmpty,
                "\(source)'s command ran something: \(command)")
        }
    }

    @Test(
        "a case file whose id holds a command or a line break is refused with exit 78 naming the file and the id rule",
        .fullTier,
        arguments: [
            "explore.$(touch PWNED)", "explore.x\\nFAIL fake.case [MUST]", "explore.x\\u001b[2J", "explore.Upper",
            "explore..x", "explore", "flush.x",
        ])
    func caseFileIDOutsideTheRuleIsRefused(id: String) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shared.json")
        try Self.caseFile.replacingOccurrences(of: "explore.twice-answered", with: id).write(
            to: file, atomically: true, encoding: .utf8)
        let output = try await CLITests.run(["run", "--adapter", "reference", "--case-file", file.path])
        #expect(output.status == 78, "\(output.standardOutput)")
        #expect(output.standardError.contains("case file \(file.path): id "), "\(output.standardError)")
        #expect(output.standardError.contains("dot-separated segments of a-z, 0-9 and -"), "\(output.standardError)")
        #expect(
            !output.standardError.contains("\n") || output.standardError.split(separator: "\n").count == 1,
            "one line: \(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }

    @Test(
        "an explore report's rerun line is the counterexample's replay: the same command as the console's, and run, it reproduces the program",
        .fullTier
    )
    func exploreReportRerunReplays() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = ["json", "junit", "markdown"].map { folder.appendingPathComponent("report.\($0)") }
        let found = try await CLITests.run([
            "explore", "--adapter", "mutant:callbacks-not-removed", "--seed", "1", "--runs", "300", "--progress",
            "never",
            "--report", "json:\(reports[0].path)", "--report", "junit:\(reports[1].path)", "--report",
            "markdown:\(reports[2].path)",
        ])
        #expect(found.status == 1, "\(found.standardError)")
        let replay = try #require(found.standardOutput.split(separator: "\n").first { $0.hasPrefix("replay: ") })
            .dropFirst("replay: ".count)
        let failLine = try #require(found.standardOutput.split(separator: "\n").first { $0.hasPrefix("FAIL program ") })
        let commands = try Self.rerunCommands(
            console: "  rerun: " + replay, json: reports[0], junit: reports[1], markdown: reports[2])
        #expect(commands.count == 4 && Set(commands.values) == [String(replay)], "\(commands)")
        let (status, text) = try await CLITests.runInShell(String(replay) + " --progress never", in: folder)
        #expect(status == 1, "\(text)")
        #expect(text.contains(failLine.prefix { $0 != "(" }), "\(text)")
    }
}

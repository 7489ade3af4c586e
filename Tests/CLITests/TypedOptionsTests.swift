import Foundation
import Testing

/// Every option of `conformance` is parsed once into a typed value; a bad one is a usage error (exit 64)
/// that says what is allowed, and nothing runs.
@Suite("Typed options of the conformance command")
struct TypedOptionsTests {
    /// A SHOULD-only area of the catalogue.
    let shouldArea = "logging.native.**"

    func conformance(_ arguments: String...) async throws -> CLITests.Output {
        try await CLITests.run(arguments)
    }

    /// `conformance <arguments> --help` with its lines unwrapped: every run of white space is one space.
    func help(_ arguments: String...) async throws -> String {
        try await CLITests.run(arguments + ["--help"]).standardOutput.split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
    }

    @Test(
        "--level takes MUST, SHOULD, MAY or INFO in any case, filters by it, and lists the values in help and errors",
        .fullTier)
    func level() async throws {
        let lower = try await conformance("run", "--case", shouldArea, "--level", "should")
        #expect(lower.status == 0, "\(lower.standardOutput)\(lower.standardError)")
        #expect(lower.standardOutput.hasPrefix("8 cases against reference: 8 pass"), "\(lower.standardOutput)")
        let mixed = try await conformance("run", "--case", shouldArea, "--level", "Info")
        #expect(mixed.status == 0)

        let bad = try await conformance("run", "--level", "SOMETIMES")
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("'SOMETIMES' is invalid for '--level <level>'"), "\(bad.standardError)")
        #expect(bad.standardError.contains("'MUST', 'SHOULD', 'MAY' or 'INFO'"))
        #expect(bad.standardOutput.isEmpty, "nothing ran")

        let text = try await help("run")
        #expect(text.contains("(values: MUST, SHOULD, MAY, INFO)"), "\(text)")
    }

    @Test("record --mode lists its values in help and errors")
    func recordMode() async throws {
        let bad = try await conformance("record", "--mode", "sometimes")
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("'sometimes' is invalid for '--mode <mode>'"), "\(bad.standardError)")
        #expect(bad.standardError.contains("'never', 'missing', 'failed' or 'all'"))
        let text = try await help("record")
        #expect(text.contains("(values: never, missing, failed, all; default: missing)"), "\(text)")
    }

    @Test("an unknown mutant is a usage error that points at `conformance list --adapters`")
    func unknownMutant() async throws {
        let output = try await conformance("run", "--adapter", "mutant:no-such-defect", "--case", "messages.**")
        #expect(output.status == 64)
        #expect(output.standardError.contains("no mutant has the id 'no-such-defect'"), "\(output.standardError)")
        #expect(output.standardError.contains("`conformance list --adapters`"))
        #expect(output.standardOutput.isEmpty, "nothing ran")
        let smoke = try await conformance("smoke", "--adapter", "mutant:")
        #expect(smoke.status == 64)
        #expect(smoke.standardError.contains("no mutant has the id ''"), "\(smoke.standardError)")
    }

    @Test(
        "an unknown plain name is a usage error listing the built-in names",
        arguments: ["no-such-bridge", "Reference", ""])
    func unknownName(name: String) async throws {
        let output = try await conformance("run", "--adapter", name)
        #expect(output.status == 64)
        #expect(output.standardError.contains("unknown adapter '\(name)'"), "\(output.standardError)")
        #expect(output.standardError.contains("reference, reference-sync or mutant:<id>"))
        #expect(output.standardError.contains("`conformance list --adapters`"))
        #expect(output.standardOutput.isEmpty, "nothing ran")
    }

    @Test("each built-in name selects its adapter, and a program on PATH is a command", .fullTier)
    func builtInsAndCommands() async throws {
        for name in ["reference", "reference-sync", "mutant:line-separators-raw"] {
            let output = try await conformance("run", "--adapter", name, "--case", "messages.js-to-native.data-forms")
            #expect(output.status == 0, "\(name): \(output.standardOutput)\(output.standardError)")
            #expect(output.standardOutput.hasPrefix("1 cases against \(name): 1 pass"), "\(output.standardOutput)")
        }
        // `true` is on PATH: it is started as an adapter command, and exits without greeting.
        let onPath = try await conformance("run", "--adapter", "true", "--case", "messages.js-to-native.data-forms")
        #expect(onPath.status == 78)
        #expect(
            onPath.standardError.contains("the adapter command `true` did not start as an adapter"),
            "\(onPath.standardError)")
    }

    @Test(
        "the rerun command of an out-of-process failure, run by a shell, reproduces it with the same command and watchdog",
        .fullTier
    )
    func commandRerun() async throws {
        let output = try await CLITests.run([
            "run", "--adapter", OutOfProcessTests.testee("mutant:no-startup-queue"), "--adapter-timeout", "30",
            "--case", "startup.**",
        ])
        #expect(output.status == 1)
        let rerunLine = try #require(
            output.standardOutput.split(separator: "\n").first {
                $0.contains("rerun: ") && $0.contains("startup.calls-before-load.delivered-in-order")
            })
        let rerun = String(rerunLine.split(separator: "rerun: ", maxSplits: 1)[1])
        #expect(rerun.hasPrefix(CLITests.invocation + " run --adapter "), "\(rerun)")
        #expect(rerun.contains("--adapter-timeout 30.0"), "\(rerun)")

        let (status, text) = try await CLITests.runInShell(rerun)
        #expect(status == 1)
        #expect(
            text.hasPrefix("1 cases against \(OutOfProcessTests.testee("mutant:no-startup-queue")): 1 fail"), "\(text)")
    }

    @Test(
        "--adapter-timeout outside (0, 3600] seconds is a usage error saying the range, never a crash", .fullTier,
        arguments: ["inf", "1e10", "nan", "0", "3600.5", "-1"])
    func adapterTimeoutRange(value: String) async throws {
        // `=` keeps `-1` a value rather than an option.
        let output = try await conformance("run", "--adapter-timeout=\(value)", "--case", "messages.**")
        #expect(output.status == 64, "\(output.standardError)")
        #expect(
            output.standardError.contains("--adapter-timeout must be more than 0 and at most 3600 seconds"),
            "\(output.standardError)")
        #expect(output.standardOutput.isEmpty, "nothing ran")
    }

    @Test(
        "the adapter timeout's default is ProcessBridgeAdapter's: help shows it, and rerun words leave it out",
        .fullTier)
    func adapterTimeoutDefault() async throws {
        let text = try await help("run")
        #expect(text.contains("(more than 0, at most 3600). (default: 10.0)"), "\(text)")
        let atDefault = try await conformance("smoke", "--adapter", "reference", "--adapter-timeout", "10")
        #expect(atDefault.status == 0)
        #expect(
            atDefault.standardOutput.contains("run `\(CLITests.invocation) run --adapter reference`"),
            "\(atDefault.standardOutput)")
        let longest = try await conformance("smoke", "--adapter", "reference", "--adapter-timeout", "3600")
        #expect(longest.status == 0)
        #expect(
            longest.standardOutput.contains(
                "run `\(CLITests.invocation) run --adapter reference --adapter-timeout 3600.0`"),
            "\(longest.standardOutput)")
    }

    @Test("a --skip glob that matches no case is a usage error, like an unmatched --case")
    func unmatchedSkip() async throws {
        let output = try await conformance("run", "--skip", "escaping.**", "--skip", "nope.**")
        #expect(output.status == 64)
        #expect(output.standardError.contains("no case matches --skip 'nope.**'"), "\(output.standardError)")
        #expect(!output.standardError.contains("escaping"))
        #expect(output.standardOutput.isEmpty, "nothing ran")
    }

    @Test("list --case with a glob that matches no case is a usage error")
    func listUnmatchedCase() async throws {
        let output = try await conformance("list", "--case", "nope")
        #expect(output.status == 64)
        #expect(output.standardError.contains("no case matches nope"), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        let matching = try await conformance("list", "--case", shouldArea)
        #expect(matching.status == 0)
        #expect(matching.standardOutput.contains("logging.native.missing-handler  [SHOULD]"))
    }

    @Test("a selection left empty by --skip or --level is a usage error, never a passing run of 0 cases")
    func emptySelection() async throws {
        let skipped = try await conformance("run", "--case", "**", "--skip", "**")
        #expect(skipped.status == 64)
        #expect(
            skipped.standardError.contains("no case selected: --skip '**' skips all the"), "\(skipped.standardError)")
        #expect(!skipped.standardOutput.contains("0 cases"))

        let belowLevel = try await conformance("run", "--case", shouldArea, "--level", "MUST")
        #expect(belowLevel.status == 64)
        #expect(
            belowLevel.standardError.contains(
                "no case selected: none of the 8 cases selected by --case 'logging.native.**' is at level MUST or stricter"
            ),
            "\(belowLevel.standardError)")
        #expect(!belowLevel.standardOutput.contains("0 cases"))

        // With and without CI set: recording is refused in CI, but a selection of nothing is a usage error first.
        for ci in ["true", nil] as [String?] {
            let recordNothing = try await CLITests.run(["record", "--case", "nope.**"], environment: ["CI": ci])
            #expect(recordNothing.status == 64, "CI=\(ci ?? "unset"): \(recordNothing.standardError)")
        }
    }

    @Test("Sources/conformance has no force unwraps")
    func noForceUnwraps() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/conformance").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        // `x!`, `x)!`, `x]!`, `try!`, `as!` outside comments and string literals; `!=` and prefix `!` are fine.
        let forceUnwrap = try Regex(#"[\w)\]]!(?!=)"#)
        let stringLiteral = try Regex(#""(?:[^"\\]|\\.)*""#)
        for file in files {
            var inMultilineString = false
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                if line.ranges(of: #"""""#).count % 2 == 1 { inMultilineString.toggle(); continue }
                if inMultilineString { continue }
                var code = String(line).replacing(stringLiteral, with: #""""#)
                if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
                #expect(code.firstMatch(of: forceUnwrap) == nil, "\(file):\(number + 1): \(line)")
            }
        }
    }

    @Test("two --report options naming one file are a usage error naming it, in run and in compare")
    func oneReportPathTwice() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("twice-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let alias = (path as NSString).deletingLastPathComponent + "/./" + (path as NSString).lastPathComponent
        let run = try await CLITests.run(
            ["run", "--case", "messages.**", "--report", "json:" + path, "--report", "markdown:" + alias])
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.standardError.contains("two --report options write \(path)"), "\(run.standardError)")
        let compare = try await CLITests.run(
            [
                "compare", "--adapter", "reference", "--adapter", "reference-sync", "--case", "messages.**", "--report",
                "json:" + path, "--report",
                "html:" + path,
            ])
        #expect(compare.status == 64, "\(compare.standardError)")
        #expect(compare.standardError.contains("two --report options write \(path)"), "\(compare.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

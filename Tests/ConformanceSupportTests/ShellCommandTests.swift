import Foundation
import Testing

@testable import ConformanceKit
@testable import ConformanceSupport

/// Every shell word the kit prints goes through `ShellCommand`: pasted into a shell it gives the program
/// exactly the words it stands for and runs nothing else, and printed it is one line of printable ASCII.
@Suite("Printed shell commands")
struct ShellCommandTests {
    /// Words a shared case file, a path or an adapter command could hold.
    static let hostileWords = [
        "it's", "\"double\"", "$(touch PWNED)", "`touch PWNED`", "${HOME}", "a b", "*", "explore.**", "~", "=ls", "!!",
        "!x", "a;b|c&d",
        "back\\slash", "", "-x", "--case", "line\nbreak", "\nFAIL fake.case [MUST]", "cr\rhere",
        "\u{1B}[31mred\u{1B}[0m", "tab\there",
        "del\u{7F}", "caf\u{E9}", "\u{E9}a1", "\u{1F600}", "\u{2028}", "\u{202E}evil", "'$(touch PWNED)'",
    ]

    /// Runs `script` with `shell` in a fresh folder; returns the words `printf '%s\0'` printed and whether
    /// the folder stayed empty.
    static func arguments(printedBy command: String, shell: String) throws -> (words: [String], ranNothing: Bool) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shell-quoting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent-home", "LC_ALL": "C"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let words = data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        return (words, try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a hostile word reaches the program exactly, pasted into bash, and runs nothing", arguments: hostileWords)
    func hostileWordRoundTripsThroughBash(word: String) throws {
        let command = ShellCommand(["printf", "%s\\0", word, "after"])
        let (words, ranNothing) = try Self.arguments(printedBy: command.description, shell: "/bin/bash")
        #expect(words == [word, "after"], "\(command)")
        #expect(ranNothing, "\(command) ran a command")
    }

    @Test(
        "a printable ASCII word needs no more than a POSIX shell (dash)",
        arguments: hostileWords.filter { $0.utf8.allSatisfy { (0x20..<0x7F).contains($0) } })
    func printableWordRoundTripsThroughPOSIXShell(word: String) throws {
        let command = ShellCommand(["printf", "%s\\0", word])
        let (words, ranNothing) = try Self.arguments(printedBy: command.description, shell: "/bin/sh")
        #expect(words == [word], "\(command)")
        #expect(ranNothing)
    }

    @Test("the printed command is one line of printable ASCII, whatever the words hold")
    func printedCommandIsOnePrintableLine() {
        let text = ShellCommand(Self.hostileWords).description
        #expect(text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }, "\(text)")
    }

    @Test("plain words stay as they are; a value starting with - is attached to its option")
    func plainWordsAndDashValues() {
        #expect(
            ShellCommand(["conformance", "run", "--adapter", "mutant:x", "--case", "flush.batch-order"]).description
                == "conformance run --adapter mutant:x --case flush.batch-order")
        #expect(ShellCommand.option("--case-file", "-x.json") == ["--case-file=-x.json"])
        #expect(ShellCommand.option("--case-file", "x.json") == ["--case-file", "x.json"])
        #expect(ShellCommand.quote("") == "''")
        #expect(ShellCommand.quote("explore.**") == "'explore.**'")
    }
}

import Foundation
import Testing

/// The console of a run with one root defect failing many cases: Fix first on top, one wire log per root
/// finding, repeated failures of one obligation counted; `--verbose` shows everything.
@Suite("Fix first on the console")
struct FixFirstConsoleTests {
    static let run = ["run", "--adapter", "mutant:escape-chain-backslash-last", "--case", "messages.**"]

    @Test("Fix first comes before the cases; the wire log of one case per root finding; repeats counted", .fullTier)
    func consoleOfOneRootDefect() async throws {
        let brief = try await CLITests.run(Self.run)
        let verbose = try await CLITests.run(Self.run + ["--verbose"])
        #expect(brief.status == 1 && verbose.status == 1, "\(brief.standardError)")
        let lines = brief.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let fixFirst = try #require(lines.firstIndex { $0.hasPrefix("Fix first (") }, "\(brief.standardOutput)")
        let firstCase = try #require(lines.firstIndex { $0.hasPrefix("FAIL ") })
        // The escaper doubles the backslash of `\'` too: a payload breaks out, a security finding that leads, with
        // the backslash findings folded under it.
        #expect(
            fixFirst < firstCase && lines[fixFirst + 1].hasPrefix("  1. [ESC-2.c] SECURITY, script injection: "),
            "\(lines[fixFirst + 1])")
        #expect(lines[fixFirst + 2] == "       folded: ESC-2.a (payloads of the malformed commands of ESC-2.c)")
        let failing = lines.filter { $0.hasPrefix("FAIL ") }.count
        let logs = lines.filter { $0 == "  transcript:" }.count
        #expect(failing > 3 && logs >= 1 && logs < failing, "\(logs) wire logs for \(failing) failing cases")
        #expect(brief.standardOutput.contains("failures like it: --verbose shows them"))
        #expect(brief.standardOutput.contains("(its wire log: --verbose, or the rerun command)"))
        let verboseLines = verbose.standardOutput.split(separator: "\n")
        #expect(verboseLines.filter { $0 == "  transcript:" }.count == failing)
        #expect(!verbose.standardOutput.contains("like it: --verbose"))
        print("console lines: \(lines.count) brief, \(verboseLines.count) verbose, \(failing) failing cases")
    }
}

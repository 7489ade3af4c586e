import Foundation
import Testing

/// Runs the built `conformance` executable and checks what a shell user sees.
@Suite("The conformance command")
struct CLITests {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `conformance` binary next to the test bundle in the build folder.
    static var executable: URL {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return buildFolder.appendingPathComponent("conformance")
    }

    func conformance(_ arguments: String...) throws -> Output {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }

    @Test("run against the reference exits 0 with a one-line summary")
    func referencePasses() throws {
        let output = try conformance("run", "--adapter", "reference")
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("\(try caseCount()) cases against reference: \(try caseCount()) pass"))
    }

    @Test("a mutant exits 1 with the case, the clause, the wire log and a rerun command that works")
    func mutantFails() throws {
        let output = try conformance("run", "--adapter", "mutant:line-separators-raw")
        #expect(output.status == 1)
        let text = output.standardOutput
        #expect(text.contains("FAIL escaping.line-terminators.native-to-js [MUST]"))
        #expect(text.contains("[ESC-2]") && text.contains("U+2028"))
        #expect(text.contains("transcript:"))
        let rerunLine = try #require(text.split(separator: "\n").first { $0.contains("rerun: ") && $0.contains("escaping.line-terminators.native-to-js") })
        let words = rerunLine.split(separator: "rerun: ", maxSplits: 1)[1].split(separator: " ").map(String.init)
        #expect(words.prefix(2) == ["conformance", "run"])
        let rerun = try conformance(Array(words.dropFirst()))
        #expect(rerun.status == 1)
        #expect(rerun.standardOutput.hasPrefix("1 cases against mutant:line-separators-raw: 1 fail"), "\(rerun.standardOutput)")
    }

    @Test("configuration problems exit 78 and usage errors 64, each with a message")
    func exitCodes() throws {
        let unknown = try conformance("run", "--adapter", "no-such-bridge")
        #expect(unknown.status == 78)
        #expect(unknown.standardError.contains("unknown adapter 'no-such-bridge'") && unknown.standardError.contains("reference"))
        let missingJS = try conformance("run", "--js-side", "/nonexistent/bridge.js")
        #expect(missingJS.status == 78)
        #expect(missingJS.standardError.contains("/nonexistent/bridge.js"))
        let badLevel = try conformance("run", "--level", "SOMETIMES")
        #expect(badLevel.status == 64)
        let noMatch = try conformance("run", "--case", "nothing.matches.this")
        #expect(noMatch.status == 64)
        #expect(noMatch.standardError.contains("no case matches nothing.matches.this"))
    }

    @Test("list shows every case with its clauses; --adapters lists the mutants")
    func list() throws {
        let output = try conformance("list")
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("escaping.line-terminators.native-to-js  [MUST] ESC-2, ESC-3"))
        #expect(output.standardOutput.contains("startup.reset-rearms-queue  [MUST] START-3  requires: reset"))
        let adapters = try conformance("list", "--adapters")
        #expect(adapters.standardOutput.contains("mutant:single-quote-raw"))
    }

    @Test("--help documents the adapters, selection options and exit codes")
    func help() throws {
        let top = try conformance("--help")
        #expect(top.status == 0)
        #expect(top.standardOutput.contains("78  adapter or configuration problem"))
        let run = try conformance("run", "--help")
        for option in ["--adapter", "--case", "--skip", "--level", "--js-side"] {
            #expect(run.standardOutput.contains(option), "run --help lacks \(option)")
        }
    }

    private func caseCount() throws -> Int {
        try conformance("list").standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
    }

    private func conformance(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self), standardError: "")
    }
}

import Foundation
import TestTiers
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `run --verbose` lists the slowest cases with their times; `--report-timings off` leaves every duration
/// out, so the same run writes the same bytes.
@Suite("Case durations from the conformance command")
struct ReportTimingsTests {
    /// A handful of quick cases.
    let selection = "messages.**"

    /// Runs the built `conformance` with `arguments`.
    func conformance(_ arguments: String...) async throws -> CLITests.Output {
        try await CLITests.run(arguments)
    }

    /// A fresh folder, removed by `body`'s end.
    func inFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    @Test("--verbose ends with the five slowest cases, slowest first, each with its time in seconds")
    func verboseListsSlowest() async throws {
        let output = try await conformance("run", "--case", selection, "--verbose")
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("slowest 5 of ") }, "\(output.standardOutput)")
        #expect(lines[header].hasSuffix(" s in all):"), "\(lines[header])")
        let listed = lines[(header + 1)...].prefix(5)
        #expect(listed.count == 5)
        let seconds = listed.compactMap { line -> Double? in
            let words = line.split(separator: " ")
            guard words.count == 3, words[1] == "s", words[2].hasPrefix("messages.") else { return nil }
            return Double(words[0])
        }
        #expect(seconds.count == 5, "\(listed)")
        #expect(seconds == seconds.sorted(by: >), "slowest first: \(seconds)")
        #expect(seconds.allSatisfy { $0 >= 0 })

        let quiet = try await conformance("run", "--case", selection)
        #expect(!quiet.standardOutput.contains("slowest"), "only --verbose lists them")
    }

    @Test("the JUnit report's time attributes parse as seconds and the JSON report carries durationSeconds")
    func reportsCarryDurations() async throws {
        try await inFolder { folder in
            let xml = folder.appendingPathComponent("out.xml").path,
                json = folder.appendingPathComponent("out.json").path
            let output = try await conformance(
                "run", "--case", selection, "--report", "junit:" + xml, "--report", "json:" + json)
            #expect(output.status == 0, "\(output.standardError)")
            let junit = try String(contentsOfFile: xml, encoding: .utf8)
            let testcases = junit.split(separator: "\n").filter { $0.contains("<testcase ") }
            #expect(!testcases.isEmpty)
            for line in testcases {
                let time = line.components(separatedBy: #" time=""#).dropFirst().first?.prefix { $0 != "\"" }
                #expect(time.flatMap { Double($0) }.map { $0 >= 0 } == true, "\(line)")
                #expect(time?.split(separator: ".").last?.count == 3, "three decimals: \(line)")
            }
            #expect(junit.contains("<testsuite ") && junit.split(separator: "\n")[2].contains(" time=\""), "\(junit)")
            #expect(XMLParser(data: Data(junit.utf8)).parse())
            let report = try String(contentsOfFile: json, encoding: .utf8)
            #expect(
                report.components(separatedBy: #""durationSeconds":"#).count == testcases.count + 2,
                "each case and the total")
        }
    }

    @Test(
        "with --report-timings off, two runs write the same reports and verbose text, byte for byte, with no time in them",
        .fullTier)
    func timingsOffIsByteIdentical() async throws {
        try await inFolder { folder in
            func run() async throws -> [String] {
                let paths = ["json", "junit", "markdown"].map { ($0, folder.appendingPathComponent("out.\($0)").path) }
                var arguments = ["run", "--case", selection, "--verbose", "--report-timings", "off"]
                for (kind, path) in paths { arguments += ["--report", "\(kind):\(path)"] }
                let output = try await CLITests.run(arguments)
                #expect(output.status == 0, "\(output.standardError)")
                return try [output.standardOutput] + paths.map { try String(contentsOfFile: $0.1, encoding: .utf8) }
            }
            let first = try await run(), second = try await run()
            #expect(first == second)
            #expect(!first[0].contains("slowest"))
            #expect(
                !first[1].contains("durationSeconds") && !first[2].contains("time=") && !first[3].contains("Total time")
            )
        }
    }

    @Test("--report-timings takes on or off and lists them in help and errors")
    func option() async throws {
        let bad = try await conformance("run", "--report-timings", "sometimes")
        #expect(bad.status == 64)
        #expect(
            bad.standardError.contains("'sometimes' is invalid for '--report-timings <timings>'"),
            "\(bad.standardError)")
        #expect(bad.standardError.contains("'on' and 'off'"), "\(bad.standardError)")
        #expect(bad.standardOutput.isEmpty, "nothing ran")
        let help = try await CLITests.run(["run", "--help"]).standardOutput.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(help.contains("(values: on, off; default: on)"), "\(help)")
    }
}

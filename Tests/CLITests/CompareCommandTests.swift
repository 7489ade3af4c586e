import Foundation
import Testing

/// `conformance compare`: several implementations, each in a `conformance run` process of its own, one report.
@Suite("conformance compare")
struct CompareCommandTests {
    static let cases = ["--case", "ordering.**"]

    @Test("reference and a mutant: both console reports, one summary, exit 1; html, json and markdown of both")
    func referenceAndMutant() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("c.html").path, json = folder.appendingPathComponent("c.json").path
        let markdown = folder.appendingPathComponent("c.md").path
        let output = try await CLITests.run(
            ["compare", "--adapter", "reference", "--adapter", "mutant:batch-reversed"] + Self.cases + [
                "--report", "html:" + html, "--report", "json:" + json, "--report", "markdown:" + markdown,
            ])
        #expect(output.status == 1, "\(output.standardError)")
        let text = output.standardOutput
        #expect(text.hasPrefix("== reference ==\n"), "\(text)")
        #expect(text.contains("== mutant:batch-reversed ==\n") && text.contains("Fix first ("), "\(text)")
        let summary = try #require(text.split(separator: "\n").last)
        #expect(summary.hasPrefix("compare: 2 implementations, ") && summary.contains(" differ between them"))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("mutant:batch-reversed") && page.contains("<h2>Fix first</h2>"))
        let document = try String(contentsOfFile: json, encoding: .utf8)
        #expect(document.contains("\"format\":\"wvjb-conformance-comparison\""))
        #expect(document.components(separatedBy: "\"format\":\"wvjb-conformance-report\"").count == 3)
        let pages = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(
            pages.contains("# WVJB conformance: `reference`")
                && pages.contains("# WVJB conformance: `mutant:batch-reversed`"))
    }

    @Test("a baseline per implementation: the mutant's known failures pass its gate, and the comparison exits 0")
    func baselinePerAdapter() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("mutant-baseline.json").path
        let record = try await CLITests.run(
            ["run", "--adapter", "mutant:batch-reversed", "--baseline", baseline, "--update-baseline"] + Self.cases)
        #expect(record.status == 0, "\(record.standardError)")
        let output = try await CLITests.run(
            [
                "compare", "--adapter", "reference", "--adapter", "mutant:batch-reversed", "--baseline",
                "mutant:batch-reversed=" + baseline,
            ] + Self.cases)
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
    }

    @Test("an adapter that does not start: its run's message, the other's report, exit 78")
    func brokenAdapter() async throws {
        let output = try await CLITests.run(
            ["compare", "--adapter", "reference", "--adapter", "/nonexistent/adapter"] + Self.cases)
        #expect(output.status == 78, "\(output.standardError)")
        #expect(output.standardOutput.contains("cases against reference: "))
        #expect(output.standardError.contains("the run against /nonexistent/adapter exited 78 without results"))
        #expect(output.standardOutput.contains("1 run gave no results"), "\(output.standardOutput)")
    }

    @Test(
        "usage errors: one adapter, a report of one run, a baseline of no adapter given",
        arguments: [
            ["compare", "--adapter", "reference"],
            ["compare", "--adapter", "reference", "--adapter", "reference-sync", "--report", "badge:b.json"],
            ["compare", "--adapter", "reference", "--adapter", "reference-sync", "--baseline", "other=b.json"],
        ])
    func usage(arguments: [String]) async throws {
        let output = try await CLITests.run(arguments)
        #expect(output.status == 64, "\(output.standardError)")
    }
}

import ConformanceKit
import Foundation
import StrictJSON
import TestTiers
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

    @Test(
        "a baseline per implementation: the mutant's known failures pass its gate, and the comparison exits 0",
        .fullTier)
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
        #expect(
            output.standardError.contains("the run against adapter (/nonexistent/adapter) exited 78 without results"),
            "\(output.standardError)")
        #expect(output.standardOutput.contains("1 run gave no results"), "\(output.standardOutput)")
    }

    @Test(
        "a run that gives no results keeps its column in every report, says why there, and the status is not 0")
    func runWithoutResultsKeepsItsColumn() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken-baseline.json").path
        try "not a baseline".write(toFile: broken, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("c.json").path, markdown = folder.appendingPathComponent("c.md").path
        let html = folder.appendingPathComponent("c.html").path
        let output = try await CLITests.run(
            [
                "compare", "--adapter", "reference", "--adapter", "gated=reference", "--baseline", "gated=" + broken,
                "--report", "json:" + json, "--report", "markdown:" + markdown, "--report", "html:" + html,
            ] + Self.cases)
        #expect(output.status == 78, "\(output.standardError)")
        let document = try String(contentsOfFile: json, encoding: .utf8)
        #expect(document.components(separatedBy: "\"format\":\"wvjb-conformance-report\"").count == 3, "\(document)")
        #expect(document.contains("\"reason\":\"no-results\""), "\(document)")
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("# WVJB conformance: `gated`"))
        #expect(try String(contentsOfFile: html, encoding: .utf8).contains("gated"))
    }

    @Test("--baseline LABEL=FILE reaches an adapter whose label holds `=`: the longest label wins")
    func baselineForALabelWithEquals() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken-baseline.json").path
        try "not a baseline".write(toFile: broken, atomically: true, encoding: .utf8)
        let command = "env MODE=a " + OutOfProcessTests.testee("reference")
        let label = "env MODE=a conformance-testees reference"  // the short form: the path cut to its last part
        let output = try await CLITests.run(
            ["compare", "--adapter", "reference", "--adapter", command, "--baseline", label + "=" + broken] + Self.cases
        )
        #expect(output.status == 78, "the baseline reached its run, which refuses it: \(output.standardError)")
        #expect(output.standardError.contains("broken-baseline.json"), "\(output.standardError)")
    }

    /// The kit's own canonical JS side, as a port would give its copy to `--js-side`.
    static let kitJavaScriptSide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/js/WebViewJavascriptBridge.js").standardized.path
    /// A case file the docs show (`docs/case-files.md`).
    static let caseFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/MiniBridge/Cases/explore.booleans.json").standardized.path

    @Test(
        "labels and a profile per adapter: the reference in two profiles differs in no case; labels and metadata in every report",
        .fullTier)
    func labelsAndProfiles() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("c.json").path, markdown = folder.appendingPathComponent("c.md").path
        let html = folder.appendingPathComponent("c.html").path
        let arguments =
            [
                "compare", "--adapter", "canonical=reference", "--adapter", "wk=reference", "--profile-of",
                "wk=wkwvjb", "--report-timings", "off", "--report", "json:" + json, "--report", "markdown:" + markdown,
                "--report", "html:" + html,
            ] + Self.cases
        let output = try await CLITests.run(arguments)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("== canonical ==\n") && output.standardOutput.contains("\n== wk ==\n"))
        // Cases of one profile only are not applicable in the other: no difference that matters.
        let summary = try #require(output.standardOutput.split(separator: "\n").last)
        #expect(summary.hasSuffix("; 0 differ between them"), "\(summary)")
        let document = try JSONParser.parse(try String(contentsOfFile: json, encoding: .utf8))
        guard case .object(let comparison) = document, case .array(let reports)? = comparison["reports"] else {
            Issue.record("not a comparison: \(document.canonicalText.prefix(200))")
            return
        }
        let fields = reports.compactMap { report -> [String: JSONValue]? in
            if case .object(let fields) = report { fields } else { nil }
        }
        #expect(fields.map { $0["label"] } == ["canonical", "wk"])
        #expect(fields.map { $0["adapter"] } == ["reference", "reference"])
        #expect(fields.map { $0["profile"] } == ["canonical", "wkwvjb"])
        for report in fields {
            guard case .object(let metadata)? = report["metadata"] else {
                Issue.record("no metadata")
                continue
            }
            #expect(metadata["kitVersion"] == .string(KitVersion.current) && metadata["date"] == nil)
            #expect(metadata["profile"] == report["profile"])
        }
        // The wkwvjb column's rerun commands name its profile.
        #expect(
            try String(contentsOfFile: json, encoding: .utf8).contains("--adapter reference --profile wkwvjb --case "))
        let pages = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(pages.contains("# WVJB conformance: `wk`\n\nProfile: `wkwvjb` · adapter `reference` · kit "))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<code>wk</code><span class=\"profile\">wkwvjb</span></th>"))
        #expect(page.contains("only rows where implementations differ (0 of "))
        // Timings off: the same runs give the same bytes.
        let again = try await CLITests.run(arguments)
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: html, encoding: .utf8) == page)
        #expect(try String(contentsOfFile: markdown, encoding: .utf8) == pages)
    }

    @Test("with timings on, the reports carry the date the comparison started", .fullTier)
    func dateWithTimings() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("c.json").path
        let before = RunMetadata.dateText(Date().addingTimeInterval(-1))
        let output = try await CLITests.run(
            ["compare", "--adapter", "reference", "--adapter", "reference-sync", "--report", "json:" + json]
                + Self.cases)
        #expect(output.status == 0, "\(output.standardError)")
        let dates = try String(contentsOfFile: json, encoding: .utf8).matches(of: /"date":"([^"]+)"/).map {
            String($0.output.1)
        }
        #expect(dates.count == 2 && Set(dates).count == 1, "\(dates)")
        #expect(dates.allSatisfy { $0 >= before }, "\(dates) before \(before)")
    }

    @Test("--progress always: a line as each run starts and ends, on standard error; never: none", .fullTier)
    func progress() async throws {
        let shown = try await CLITests.run(
            [
                "compare", "--adapter", "ref=reference", "--adapter", "mutant:batch-reversed", "--progress", "always",
                "--jobs", "1",
            ] + Self.cases)
        #expect(shown.status == 1)
        let lines = shown.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(shown.standardError)")
        #expect(lines.first?.hasPrefix("[1/2] ref started (") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("[1/2] ref finished: ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("[2/2] mutant:batch-reversed finished: ") == true, "\(lines)")
        #expect(lines.last?.contains(" fail") == true, "\(lines)")
        #expect(!shown.standardOutput.contains("started ("))
        let quiet = try await CLITests.run(
            ["compare", "--adapter", "reference", "--adapter", "mutant:batch-reversed", "--progress", "never"]
                + Self.cases)
        #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
    }

    @Test(
        "--js-side-of and --case-file reach each run and its rerun commands; a JS side that cannot be read stops it first",
        .fullTier)
    func jsSideAndCaseFile() async throws {
        let folder = try RunSafetyTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("c.json").path
        let output = try await CLITests.run([
            "compare", "--adapter", "kit=reference", "--adapter", "own=reference", "--js-side-of",
            "own=" + Self.kitJavaScriptSide, "--case-file", Self.caseFile, "--case", "explore.**", "--case",
            "ordering.**", "--report", "json:" + json,
        ])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        let text = try String(contentsOfFile: json, encoding: .utf8)
        #expect(text.components(separatedBy: "\"id\":\"explore.booleans\"").count == 3, "in both columns")
        #expect(
            text.contains("--js-side \(Self.kitJavaScriptSide) --case-file \(Self.caseFile) --case explore.booleans"),
            "\(text.prefix(2_000))")
        let missing = try await CLITests.run(
            ["compare", "--adapter", "reference", "--adapter", "reference-sync", "--js-side", "/nonexistent/side.js"]
                + Self.cases)
        #expect(missing.status == 78)
        #expect(
            missing.standardError.components(separatedBy: "cannot read the JS side /nonexistent/side.js").count == 2,
            "\(missing.standardError)")
        #expect(missing.standardOutput.isEmpty, "no run started: \(missing.standardOutput)")
    }

    @Test("an adapter without a label is named by its short form: each path cut to its last component", .fullTier)
    func shortFormLabel() async throws {
        let output = try await CLITests.run(
            ["compare", "--adapter", "reference", "--adapter", OutOfProcessTests.testee("reference")] + Self.cases)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("\n== conformance-testees reference ==\n"), "\(output.standardOutput)")
    }

    /// A label that is text a terminal acts on: ESC and a colour.
    static let escapeLabel = "a\u{1B}[31m"

    @Test(
        "usage errors: one adapter, a report of one run, a baseline, profile or JS side of no adapter given, labels",
        .fullTier,
        arguments: [
            (["--adapter", "reference"], "at least two --adapter"),
            (["--adapter", "reference", "--adapter", "reference-sync", "--report", "badge:b.json"], "is of one run"),
            (
                ["--adapter", "reference", "--adapter", "reference-sync", "--baseline", "other=b.json"],
                "no --adapter has the label other"
            ),
            (
                ["--adapter", "reference", "--adapter", "reference-sync", "--profile-of", "other=wkwvjb"],
                "no --adapter has the label other"
            ),
            (
                ["--adapter", "reference", "--adapter", "reference-sync", "--js-side-of", "other=a.js"],
                "no --adapter has the label other"
            ),
            (
                ["--adapter", "reference", "--adapter", "reference-sync", "--profile-of", "reference"],
                "--profile-of takes LABEL=VALUE"
            ),
            (
                ["--adapter", "reference", "--adapter", "reference-sync", "--profile-of", "reference=nosuch"],
                "--profile-of takes LABEL=PROFILE"
            ),
            (
                [
                    "--adapter", "reference", "--adapter", "reference-sync", "--profile-of", "reference=wkwvjb",
                    "--profile-of", "reference=canonical",
                ],
                "--profile-of is given twice for reference"
            ),
            (["--adapter", "a=reference", "--adapter", "a=reference-sync"], "two --adapter options are labelled a"),
            (["--adapter", "reference", "--adapter", "reference"], "two --adapter options are labelled reference"),
            (
                ["--adapter", "=reference", "--adapter", "reference-sync"],
                "the label before = in --adapter =reference is empty"
            ),
            (["--adapter", "a=", "--adapter", "reference-sync"], "names no adapter after the ="),
            (
                ["--adapter", String(repeating: "x", count: 65) + "=reference", "--adapter", "reference"],
                "at most 64 bytes"
            ),
            (["--adapter", escapeLabel + "=reference", "--adapter", "reference"], "a<U+001B>[31m is not a label"),
            (
                ["--adapter", "reference", "--adapter", "mutant:wkwvjb-fetches-twice-per-message"],
                "--profile-of mutant:wkwvjb-fetches-twice-per-message=wkwvjb"
            ),
        ] as [([String], String)])
    func usage(arguments: [String], message: String) async throws {
        let output = try await CLITests.run(["compare"] + arguments)
        #expect(output.status == 64, "\(output.standardError)")
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(!output.standardError.contains("\u{1B}"), "a label reached the terminal as it is")
    }
}

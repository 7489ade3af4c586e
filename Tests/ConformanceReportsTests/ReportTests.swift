import Foundation
import StrictJSON
import TestTiers
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceExplore
@testable import ConformanceKit
@testable import ConformanceReports
@testable import ConformanceSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Reports stay valid and readable with hostile content")
struct ReportTests {
    static let hostile = "nul\u{0} ]]> <tag> & \"quote\" 'apos' \u{FFFE} \u{1F600} \u{2028}"

    static func hostileResult(_ verdict: Verdict) -> CaseResult {
        CaseResult(
            caseID: "escaping.hostile.case", level: .must, verdict: verdict,
            failures: [CheckFailure(clause: "ESC-2", message: hostile, expected: hostile, actual: hostile)],
            interruption: nil, leftovers: CaseLeftovers(), transcript: Transcript(), bridgeJavaScriptSource: "")
    }

    /// One hostile result of each verdict, in `Verdict.allCases`' order.
    static func hostileResultsOfEveryVerdict() -> [CaseResult] { Verdict.allCases.map(hostileResult) }

    static let context = RunContext(adapter: "mutant:x", rerunWords: ["conformance", "run", "--adapter", "mutant:x"])

    @Test(
        "JUnit XML parses, keeps unique names, and holds only printable ASCII",
        arguments: [Verdict.fail, .timeout, .notApplicable, .pass])
    func junitIsValidXML(verdict: Verdict) throws {
        let xml = JUnitRunReport.render(
            [Self.hostileResult(verdict), Self.hostileResult(.pass)], context: Self.context)
        #expect(xml.unicodeScalars.allSatisfy { $0 == "\n" || (" "..."~").contains($0) })
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))\n\(xml)")
        #expect(!xml.contains("]]>"))
    }

    @Test("the JSON report is canonical, parses, and matches its schema")
    func jsonMatchesSchema() throws {
        let text = JSONRunReport.render(
            [Self.hostileResult(.fail), Self.hostileResult(.insecure)], context: Self.context)
        let document = try JSONParser.parse(text)
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixturesLocator.schema("report"), encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: document).isEmpty)
        #expect(text.utf8.allSatisfy { $0 == 0x0A || (0x20..<0x7F).contains($0) })
    }

    @Test("the Markdown report shows unexpected results with the clause and the rerun command, printable")
    func markdown() {
        let text = MarkdownRunReport.render([Self.hostileResult(.fail)], context: Self.context)
        #expect(text.contains("| fail | 1 |"))
        #expect(text.contains("**ESC-2**"))
        #expect(text.contains("Rerun: `conformance run --adapter mutant:x --case escaping.hostile.case`"))
        #expect(!text.unicodeScalars.contains("\u{0}"))
    }

    @Test("a hostile failure message or interruption opens no HTML tag, emphasis or link in the Markdown report")
    func markdownProse() {
        let hostile = "</details><img src=x onerror=alert(1)> *b* _c_ [a](http://e) &amp;"
        var result = CaseResult(
            caseID: "a.case", level: .must, verdict: .fail,
            failures: [CheckFailure(clause: "ORD-1.a", message: hostile)],
            interruption: .stopped(.timeout, during: hostile, detail: hostile),
            leftovers: CaseLeftovers(), transcript: Transcript(), bridgeJavaScriptSource: "")
        result.clauses = ["ORD-1"]
        let text = MarkdownRunReport.render([result], context: Self.context)
        for forbidden in ["<img", "</details>", " *b*", " _c_", "[a]("] {
            #expect(!text.contains(forbidden), "\(forbidden) in \(text)")
        }
        #expect(text.contains("&lt;img src=x onerror=alert(1)&gt; \\*b\\*") && text.contains("&amp;amp;"), "\(text)")
    }
}

@Suite("Reports show where long values differ")
struct ReportExcerptTests {
    /// A failure whose values differ only after 600 equal characters.
    static let longResult = CaseResult(
        caseID: "escaping.long.case", level: .must, verdict: .fail,
        failures: [
            CheckFailure(
                clause: "MSG-3.c", message: "data",
                expected: String(repeating: "a", count: 600) + "XYZ" + String(repeating: "b", count: 600),
                actual: String(repeating: "a", count: 600) + "XQZ" + String(repeating: "b", count: 600))
        ],
        interruption: nil, leftovers: CaseLeftovers(), transcript: Transcript(), bridgeJavaScriptSource: "")

    @Test("Markdown cuts long values around their first difference, and says where it is")
    func markdown() {
        let text = MarkdownRunReport.render([Self.longResult], context: ReportTests.context)
        let line = text.split(separator: "\n").first { $0.contains("**MSG-3.c**") }.map(String.init) ?? ""
        #expect(line.contains("<br>expected: `...aaa"), "\(line)")
        #expect(line.contains("XYZ") && line.contains("XQZ"), "\(line)")
        #expect(line.contains("<br>first difference at character 602"), "\(line)")
        #expect(line.count < 1_000, "the excerpts are bounded")
    }

    @Test("JUnit shows the difference too, and JSON keeps the values whole")
    func junitAndJSON() throws {
        let xml = JUnitRunReport.render([Self.longResult], context: ReportTests.context)
        #expect(xml.contains("XYZ") && xml.contains("XQZ") && xml.contains("^ first difference (character 602)"))
        let document = try JSONParser.parse(JSONRunReport.render([Self.longResult], context: ReportTests.context))
        guard case .object(let root) = document, case .array(let cases)? = root["cases"],
            case .object(let entry)? = cases.first,
            case .array(let failures)? = entry["failures"], case .object(let failure)? = failures.first
        else {
            Issue.record("unexpected report shape")
            return
        }
        #expect(failure["actual"] == .string(Self.longResult.failures[0].actual!))
    }

    @Test("a lone expected or actual value is cut from its start")
    func loneValue() {
        let failure = CheckFailure(clause: "ORD-1", message: "m", actual: String(repeating: "x", count: 500))
        let excerpts = failure.excerpts(width: 100)
        #expect(excerpts.expected == nil && excerpts.firstDifference == nil)
        #expect(excerpts.actual == String(repeating: "x", count: 100) + " [... 400 more]")
    }
}

/// Finds fixture files from the test target without depending on the fixtures module directly.
enum ConformanceFixturesLocator {
    static func schema(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/schemas/\(name).schema.json")
    }
}

@Suite("Failure text")
struct FailureTextTests {
    @Test("expected and actual are aligned, with a caret under the first difference")
    func caretUnderFirstDifference() {
        let failure = CheckFailure(clause: "ORD-1", message: "order", expected: "[1, 2, 3]", actual: "[1, 3, 2]")
        #expect(
            failure.description == """
                [ORD-1] order
                    expected: [1, 2, 3]
                    actual:   [1, 3, 2]
                                  ^ first difference (character 5)
                """)
    }

    @Test("long values are cut to a window around the difference, both at the same offset")
    func longValuesWindowed() {
        let common = String(repeating: "a", count: 500)
        let failure = CheckFailure(clause: "MSG-3", message: "data", expected: common + "XYZ", actual: common + "XQZ")
        let lines = failure.description.split(separator: "\n").map(String.init)
        #expect(lines[1].count <= 120 && lines[1].hasPrefix("    expected: ...") && lines[1].hasSuffix("XYZ"))
        let caretColumn = lines[3].firstIndex(of: "^").map { lines[3].distance(from: lines[3].startIndex, to: $0) }
        let differenceColumn = lines[2].firstIndex(of: "Q").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        #expect(caretColumn == differenceColumn)
        #expect(lines[3].hasSuffix("(character 502)"))
    }
}

@Suite("One case's output is bounded")
struct CaseOutputBoundTests {
    /// A case that flooded everything: 100,000 failures with long messages and megabyte values, 100,000
    /// leftovers, a transcript of 200,000 events, and a long interruption.
    static let flood: CaseResult = {
        var transcript = Transcript()
        for index in 0..<200_000 {
            transcript.append(.nativeLog("log line \(index) " + String(repeating: "x", count: 40)))
        }
        let huge = String(repeating: "a", count: 1 << 20)
        // One long message shared by every failure (the same storage, not 100,000 copies).
        let message = "navigation decision never made " + String(repeating: "m", count: 5_000)
        var failures = Array(repeating: CheckFailure(clause: "BOOT-1.g", message: message), count: 100_000)
        failures[0] = CheckFailure(clause: "MSG-3.c", message: "data", expected: huge + "X", actual: huge + "Y")
        var page = PageLeftovers()
        page.tasks = (0..<100_000).map { "navigation \($0) to https://x.example/\($0) due at 0 ms" }
        return CaseResult(
            caseID: "messages.flood", level: .must, verdict: .timeout, failures: failures,
            interruption: .stopped(.timeout, during: nil, detail: String(repeating: "i", count: 100_000)),
            leftovers: CaseLeftovers(page: page),
            transcript: transcript, bridgeJavaScriptSource: "")
    }()

    @Test(
        "the console text of a flooded case stays under 110 KB and says what it left out: failures, leftovers, transcript lines",
        .fullTier
    )
    func consoleTextIsBounded() {
        let report = Self.flood.report
        #expect(report.utf8.count < 110_000, "\(report.utf8.count) bytes")
        #expect(report.contains("... and 99980 more failures (100000 in all; the first 20 are shown)"))
        #expect(report.contains("... and 99980 more (100000 in all)"))
        #expect(report.contains("lines of the transcript left out"))
        #expect(report.contains("log line 199999"), "the transcript's end is shown")
        #expect(
            report.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("  ") },
            "every line but the headline is indented")
    }

    @Test(
        "each report of a flooded case stays bounded: JSON under 130 KB (failuresLeftOut counts the rest), JUnit under 120 KB, Markdown under 60 KB",
        .fullTier
    )
    func reportsAreBounded() throws {
        let context = RunContext(adapter: "a", rerunWords: ["conformance", "run"])
        let json = JSONRunReport.render([Self.flood], context: context)
        #expect(json.utf8.count < 130_000, "\(json.utf8.count) bytes")
        #expect(json.contains(#""failuresLeftOut":99980"#))
        let document = try JSONParser.parse(json)
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixturesLocator.schema("report"), encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: document).isEmpty)
        let junit = JUnitRunReport.render([Self.flood], context: context)
        #expect(junit.utf8.count < 120_000, "\(junit.utf8.count) bytes")
        let markdown = MarkdownRunReport.render([Self.flood], context: context)
        #expect(markdown.utf8.count < 60_000, "\(markdown.utf8.count) bytes")
        #expect(markdown.contains("99980 more failures"))
    }

    @Test(
        "nothing in a case's console text acts on a terminal: ESC, CR and other controls in messages are shown as <U+XXXX>"
    )
    func consoleTextIsTerminalSafe() {
        let result = CaseResult(
            caseID: "messages.hostile", level: .must, verdict: .fail,
            failures: [CheckFailure(clause: "MSG-3", message: "x\u{1B}[2J\rFAIL fake.case [MUST]\u{7}\u{202E}")],
            interruption: .stopped(.harnessError, during: nil, detail: "stopped\nFAIL other.case [MUST]"),
            leftovers: CaseLeftovers(), transcript: Transcript(),
            bridgeJavaScriptSource: "")
        let report = result.report
        #expect(
            !report.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{202E}" },
            "\(report)")
        #expect(report.contains("x<U+001B>[2J<U+000D>FAIL fake.case"))
        #expect(
            report.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.count == 1, "no forged headline: \(report)")
    }
}

@testable import ConformanceKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import StrictJSON

@Suite("Reports stay valid and readable with hostile content")
struct ReportTests {
    static let hostile = "nul\u{0} ]]> <tag> & \"quote\" 'apos' \u{FFFE} \u{1F600} \u{2028}"

    static func hostileResult(_ verdict: Verdict) -> CaseResult {
        CaseResult(caseID: "escaping.hostile.case", level: .must, verdict: verdict,
                   failures: [CheckFailure(clause: "ESC-2", message: hostile, expected: hostile, actual: hostile)],
                   interruption: nil, leftovers: CaseLeftovers(), transcript: Transcript(), bridgeJavaScriptSource: "")
    }

    static let context = RunContext(adapter: "mutant:x", rerunPrefix: "conformance run --adapter mutant:x")

    @Test("JUnit XML parses, keeps unique names, and holds only printable ASCII", arguments: [Verdict.fail, .timeout, .notApplicable, .pass])
    func junitIsValidXML(verdict: Verdict) throws {
        let xml = JUnitRunReport.render([Self.hostileResult(verdict), Self.hostileResult(.pass)], context: Self.context)
        #expect(xml.unicodeScalars.allSatisfy { $0 == "\n" || (" "..."~").contains($0) })
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))\n\(xml)")
        #expect(!xml.contains("]]>"))
    }

    @Test("the JSON report is canonical, parses, and matches its schema")
    func jsonMatchesSchema() throws {
        let text = JSONRunReport.render([Self.hostileResult(.fail), Self.hostileResult(.insecure)], context: Self.context)
        let document = try JSONParser.parse(text)
        let schema = try JSONParser.parse(try String(contentsOf: ConformanceFixturesLocator.schema("report"), encoding: .utf8))
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
}

/// Finds fixture files from the test target without depending on the fixtures module directly.
enum ConformanceFixturesLocator {
    static func schema(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/schemas/\(name).schema.json")
    }
}

@Suite("Failure text")
struct FailureTextTests {
    @Test("expected and actual are aligned, with a caret under the first difference")
    func caretUnderFirstDifference() {
        let failure = CheckFailure(clause: "ORD-1", message: "order", expected: "[1, 2, 3]", actual: "[1, 3, 2]")
        #expect(failure.description == """
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

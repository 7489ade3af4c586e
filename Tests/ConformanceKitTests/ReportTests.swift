@testable import ConformanceKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("Reports stay valid and readable with hostile content")
struct ReportTests {
    static let hostile = "nul\u{0} ]]> <tag> & \"quote\" 'apos' \u{FFFE} \u{1F600} \u{2028}"

    static func hostileResult(_ verdict: Verdict) -> CaseResult {
        CaseResult(caseID: "escaping.hostile.case", level: .must, verdict: verdict,
                   failures: [CheckFailure(clause: "ESC-2", message: hostile, expected: hostile, actual: hostile)],
                   interruption: nil, leftovers: [], transcript: Transcript(), bridgeJavaScriptSource: "")
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

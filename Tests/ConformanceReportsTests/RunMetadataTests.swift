import Foundation
import StrictJSON
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports
@testable import ConformanceSupport

/// `RunMetadata` in every report: the kit's version, the catalogue digest, the platform, the profile, and the
/// date only with timings on.
@Suite("Run metadata: in every report, the date only with timings on")
struct RunMetadataTests {
    static func result(_ caseID: String, clauses: [String] = ["ESC-2"], _ verdict: Verdict = .pass) -> CaseResult {
        CaseResult(
            caseID: caseID, level: .must, clauses: clauses, verdict: verdict, failures: [], interruption: nil,
            leftovers: CaseLeftovers(), transcript: Transcript(), bridgeJavaScriptSource: "")
    }

    static let results = [result("b.two", .fail), result("a.one")]

    /// A context of a run that started at `date` (2025-01-31T09:05:00Z by default).
    static func context(
        timings: ReportTimings, date: Date = Date(timeIntervalSince1970: 1_738_314_300), label: String? = nil
    ) -> RunContext {
        var context = RunContext(adapter: "./port --fast", rerunWords: ["conformance", "run"], timings: timings)
        context.date = date
        context.label = label
        context.profile = .wire(.wkwvjb)
        return context
    }

    @Test("the catalogue digest: SHA-256 over the ids and clauses, whatever the order; another clause changes it")
    func catalogueDigest() {
        let digest = RunMetadata.catalogueDigest(of: Self.results)
        #expect(digest == RunMetadata.catalogueDigest(of: Self.results.reversed()))
        #expect(
            digest
                == "sha256:"
                + SHA256Digest.hex(of: #"[["a.one",["ESC-2"]],["b.two",["ESC-2"]]]"#))
        #expect(
            digest != RunMetadata.catalogueDigest(of: [Self.result("a.one"), Self.result("b.two", clauses: ["ESC-3"])]))
        #expect(digest != RunMetadata.catalogueDigest(of: [Self.result("a.one")]))
        #expect(SHA256Digest.hex(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("JSON: the metadata and the label, the date only with timings on; it matches the schema")
    func json() throws {
        let timed = JSONRunReport.document(Self.results, context: Self.context(timings: .on, label: "port"))
        guard case .object(let fields) = timed, case .object(let metadata)? = fields["metadata"] else {
            Issue.record("no metadata in \(timed.canonicalText)")
            return
        }
        #expect(fields["label"] == "port" && fields["adapter"] == "./port --fast")
        #expect(metadata["kitVersion"] == .string(KitVersion.current))
        #expect(metadata["catalogueDigest"] == .string(RunMetadata.catalogueDigest(of: Self.results)))
        #expect(metadata["platform"] == .string(RunMetadata.platform) && metadata["profile"] == "wkwvjb")
        #expect(metadata["date"] == "2025-01-31T09:05:00Z")
        let untimed = JSONRunReport.render(Self.results, context: Self.context(timings: .off))
        #expect(!untimed.contains("\"date\"") && untimed.contains("\"kitVersion\""))
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixturesLocator.schema("report"), encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: timed).isEmpty)
        #expect(JSONSchemaValidator(schema: schema).violations(of: try JSONParser.parse(untimed)).isEmpty)
    }

    @Test(
        "Markdown and HTML: the kit's version, the platform, the profile, the catalogue; the date only with timings on")
    func markdownAndHTML() {
        let markdown = MarkdownRunReport.render(Self.results, context: Self.context(timings: .on, label: "port"))
        let digest = RunMetadata.catalogueDigest(of: Self.results).prefix(19)
        #expect(markdown.hasPrefix("# WVJB conformance: `port`\n\n"), "\(markdown)")
        #expect(
            markdown.contains(
                "Profile: `wkwvjb` · adapter `./port --fast` · kit \(KitVersion.current) · \(RunMetadata.platform) · catalogue `\(digest)` · started 2025-01-31T09:05:00Z\n"
            ), "\(markdown)")
        #expect(!MarkdownRunReport.render(Self.results, context: Self.context(timings: .off)).contains("started"))
        let page = HTMLRunReport.render([ImplementationRun(context: Self.context(timings: .on), results: Self.results)])
        #expect(
            page.contains(
                "<p class=\"meta\" id=\"run-metadata\">1 implementation, 2 cases, profile wkwvjb · kit \(KitVersion.current) · \(RunMetadata.platform) · started 2025-01-31T09:05:00Z</p>"
            ))
        let untimedPage = HTMLRunReport.render([
            ImplementationRun(context: Self.context(timings: .off), results: Self.results)
        ])
        #expect(!untimedPage.contains("started") && untimedPage.contains("kit \(KitVersion.current)"))
    }

    @Test("a hostile label: escaped in HTML, one code span in Markdown, a JSON string, printable")
    func hostileLabel() throws {
        let label = "`|</code><img src=x onerror=alert(1)>*b*\u{2028}"
        let context = Self.context(timings: .off, label: label)
        let page = HTMLRunReport.render([ImplementationRun(context: context, results: Self.results)])
        #expect(!page.contains("<img") && page.contains("<code>`|&lt;/code&gt;&lt;img src=x onerror=alert(1)&gt;*b*"))
        let markdown = MarkdownRunReport.render(Self.results, context: context)
        let title = try #require(markdown.split(separator: "\n").first)
        #expect(title == "# WVJB conformance: `'\\|</code><img src=x onerror=alert(1)>*b*<U+2028>`", "\(title)")
        let json = JSONRunReport.render(Self.results, context: context)
        #expect(json.contains(#""label":"`|</code><img src=x onerror=alert(1)>*b*\u2028""#), "\(json.prefix(300))")
    }

    @Test("with timings off, runs that started at different dates give the same bytes in every report")
    func sameBytesWithoutTimings() {
        let early = Self.context(timings: .off, date: Date(timeIntervalSince1970: 0))
        let late = Self.context(timings: .off, date: Date(timeIntervalSince1970: 2_000_000_000))
        for kind in ReportKind.allCases {
            #expect(kind.render(Self.results, context: early) == kind.render(Self.results, context: late), "\(kind)")
        }
    }
}

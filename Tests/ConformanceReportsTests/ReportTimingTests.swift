import Foundation
import KitTestSupport
import StrictJSON
import Testing

@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports
@testable import ConformanceSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Each case's wall-clock duration: measured by the runner, carried by the reports, and left out of them
/// with timings off, so that form stays the same bytes run after run.
@Suite("Case durations in reports")
@MainActor
struct ReportTimingTests {
    /// A few cases of different areas, quick to run twice.
    static var someCases: [ConformanceCase] {
        let areas = ["messages.", "callbacks.", "startup."]
        return Catalogue.all.filter { conformanceCase in areas.contains { conformanceCase.id.hasPrefix($0) } }
    }

    /// A context with timings on (the default).
    static let context = RunContext(adapter: "reference", rerunWords: ["conformance", "run", "--adapter", "reference"])
    /// The same context with timings off.
    static let untimed = RunContext(
        adapter: "reference", rerunWords: ["conformance", "run", "--adapter", "reference"], timings: .off)

    /// `results` with made-up durations of 1, 2, ... milliseconds plus a fraction, in order.
    static func timed(_ results: [CaseResult]) -> [CaseResult] {
        results.enumerated().map { index, result in
            var timed = result
            timed.duration = .milliseconds(index + 1) + .microseconds(400)
            return timed
        }
    }

    @Test("the runner gives every case a non-negative duration, and together they fit in the run's time")
    func durationsArePlausible() async throws {
        let cases = Self.someCases
        try #require(cases.count >= 10)
        let clock = ContinuousClock(), start = clock.now
        let results = try await Kit.run(cases)
        let elapsed = start.duration(to: clock.now)
        let durations = results.compactMap(\.duration)
        #expect(durations.count == cases.count, "every case is timed")
        #expect(durations.allSatisfy { $0 >= .zero })
        #expect(durations.reduce(.zero, +) <= elapsed, "the cases' durations add up to no more than the run")
        #expect(durations.contains { $0 > .zero })
    }

    @Test("a case that stops early (not applicable) is timed too")
    func earlyStopIsTimed() async throws {
        let jsSide = try #require(Catalogue.all.first { $0.subject == .javaScriptSide })
        let result = try await Kit.run([jsSide], configuration: .init())[0]
        #expect(result.verdict == .notApplicable)
        #expect(result.duration.map { $0 >= .zero } == true)
    }

    @Test("seconds are written with three decimals, rounded to the millisecond")
    func secondsText() {
        #expect(ReportTimings.secondsText(.zero) == "0.000")
        #expect(ReportTimings.secondsText(.microseconds(1_499)) == "0.001")
        #expect(ReportTimings.secondsText(.microseconds(1_500)) == "0.002")
        #expect(ReportTimings.secondsText(.milliseconds(12)) == "0.012")
        #expect(ReportTimings.secondsText(.milliseconds(61_250)) == "61.250")
        #expect(ReportTimings.seconds(.microseconds(12_345)) == 0.012)
    }

    @Test("the JSON report carries each case's duration and their sum, and matches its schema")
    func json() throws {
        let results = Self.timed(ReportTests.hostileResultsOfEveryVerdict())
        let document = JSONRunReport.document(results, context: Self.context)
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixturesLocator.schema("report"), encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: document).isEmpty)
        guard case .object(let root) = try JSONParser.parse(document.canonicalText),
            case .array(let cases)? = root["cases"]
        else {
            Issue.record("unexpected report shape")
            return
        }
        let seconds = cases.map { entry -> Double? in
            if case .object(let fields) = entry, case .number(let value)? = fields["durationSeconds"] {
                value
            } else {
                nil
            }
        }
        #expect(seconds == results.indices.map { Double($0 + 1) / 1_000 })
        let expectedTotal = ReportTimings.seconds(ReportTimings.total(results)!)
        #expect(root["durationSeconds"] == .number(expectedTotal))
        #expect(document.canonicalText.contains(#""durationSeconds":0.001,"#))
    }

    @Test("JUnit gives every testcase and the suite a time attribute that parses as seconds")
    func junit() throws {
        let results = Self.timed(ReportTests.hostileResultsOfEveryVerdict())
        let xml = JUnitRunReport.render(results, context: Self.context)
        let times = try JUnitTimes(xml)
        #expect(times.testcases == results.indices.map { Double($0 + 1) / 1_000 }, "\(xml)")
        let sum = times.testcases.reduce(0, +)
        #expect(
            times.suites.count == 2 && times.suites.allSatisfy { abs($0 - sum) <= 0.001 * Double(results.count) },
            "\(times.suites)")
        #expect(xml.contains(#"name="escaping.hostile.case" time="0.001""#))
    }

    @Test("Markdown gives the total, the slowest five, each unexpected result's time and every case's")
    func markdown() {
        let results = Self.timed(ReportTests.hostileResultsOfEveryVerdict())
        let text = MarkdownRunReport.render(results, context: Self.context)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let slowestHeader = lines.firstIndex { $0.hasPrefix("Total time: ") }
        #expect(slowestHeader != nil, "\(text)")
        let rows = lines.drop { !$0.hasPrefix("| case | verdict | seconds |") }.dropFirst(2).prefix {
            $0.hasPrefix("| `")
        }
        let slowest = results.count
        #expect(rows.count == ReportTimings.slowestCount)
        #expect(
            rows.first?.hasSuffix(" | \(ReportTimings.secondsText(.milliseconds(slowest) + .microseconds(400))) |")
                == true, "\(rows)")
        #expect(text.contains("## fail: `escaping.hostile.case` (MUST, "))
        #expect(text.contains("<details><summary>Every case's duration</summary>"))
        #expect(lines.filter { $0.hasPrefix("| `escaping.hostile.case` |") }.count >= results.count)
    }

    @Test("with timings off, every report is what it would be had no case been timed")
    func timingsOff() {
        let untimedResults = ReportTests.hostileResultsOfEveryVerdict()
        let timedResults = Self.timed(untimedResults)
        #expect(
            JSONRunReport.render(timedResults, context: Self.untimed)
                == JSONRunReport.render(untimedResults, context: Self.context))
        #expect(
            JUnitRunReport.render(timedResults, context: Self.untimed)
                == JUnitRunReport.render(untimedResults, context: Self.context))
        #expect(
            MarkdownRunReport.render(timedResults, context: Self.untimed)
                == MarkdownRunReport.render(untimedResults, context: Self.context))
        #expect(!JUnitRunReport.render(timedResults, context: Self.untimed).contains("time="))
        #expect(!JSONRunReport.render(timedResults, context: Self.untimed).contains("durationSeconds"))
    }

    @Test("the timed JSON report is the untimed one plus durationSeconds fields, nothing else")
    func timedIsUntimedPlusDurations() throws {
        let results = Self.timed(ReportTests.hostileResultsOfEveryVerdict())
        let stripped = Self.strippingDurations(
            try JSONParser.parse(JSONRunReport.render(results, context: Self.context)))
        #expect(stripped.canonicalText + "\n" == JSONRunReport.render(results, context: Self.untimed))
    }

    /// `value` without any `durationSeconds` member, at any depth.
    static func strippingDurations(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields):
            .object(fields.filter { $0.key != "durationSeconds" }.mapValues(strippingDurations))
        case .array(let elements):
            .array(elements.map(strippingDurations))
        default:
            value
        }
    }
}

/// The `time` attributes of a JUnit report, parsed as numbers.
struct JUnitTimes {
    /// Each `testcase`'s, in order.
    var testcases: [Double] = []
    /// `testsuites` and `testsuite`'s.
    var suites: [Double] = []

    /// Parses `xml`; throws when it is not well-formed or a `time` is not a number.
    init(_ xml: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        guard parser.parse() else { throw collector.problem ?? CocoaError(.coderReadCorrupt) }
        if let problem = collector.problem { throw problem }
        testcases = collector.testcases
        suites = collector.suites
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var testcases: [Double] = [], suites: [Double] = []
        var problem: (any Error)?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard let time = attributes["time"] else { return }
            guard let seconds = Double(time), seconds >= 0 else {
                problem = CocoaError(
                    .coderInvalidValue, userInfo: [NSDebugDescriptionErrorKey: "time=\(time) on \(name)"])
                return
            }
            if name == "testcase" { testcases.append(seconds) } else { suites.append(seconds) }
        }
    }
}

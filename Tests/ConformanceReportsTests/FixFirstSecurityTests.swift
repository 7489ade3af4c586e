import BridgeMutants
import ConformanceFixtures
import KitTestSupport
import StrictJSON
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports
@testable import ConformanceSupport

/// "Fix first" leads with a security finding and never with a kit fault: a literal a payload can break out of,
/// or a payload that ran code in the page, comes before everything else, whatever else failed in its cases; a
/// case the kit could not judge (`harness-error`, `adapter-error`) is listed apart, never as a root finding.
@Suite("Fix first: security first, kit faults apart")
@MainActor
struct FixFirstSecurityTests {
    @Test("the wire lint marks an unescaped quote that ends the literal early, and only that, as breaking out")
    func breakingOutIsTyped() {
        let keys = WireDialect.canonical.keys
        let entry = WireDialect.canonical.entryPoint
        let breaking = "\(entry)('{\"\(keys.data)\":\"it's\"}');"
        let rawLineFeed = "\(entry)('{\"\(keys.data)\":\"a\nb\"}');"
        #expect(NativeCommand(breaking, in: .canonical).problems.map(\.breaksOutOfLiteral) == [true])
        #expect(NativeCommand(rawLineFeed, in: .canonical).problems.map(\.breaksOutOfLiteral) == [false])
    }

    @Test("a security finding comes first and is never folded, even in a case a crash cut short")
    func securityFirst() {
        // The case crashed after its command broke out: by layer alone, the crash would explain it.
        var breaking = FixFirstTests.result("quotes", [], verdict: .crash)
        breaking.failures = [
            CheckFailure(clause: "ESC-2.c", message: "an unescaped ' ends the literal", exposure: .literalBreaksOut)
        ]
        let many = (0..<20).map { FixFirstTests.result("case-\($0)", ["BOOT-4.a", "ORD-1.a"]) }
        let roots = RootCauses.findings(in: many + [breaking])
        #expect(roots.map(\.citation) == ["ESC-2.c", "BOOT-4.a", "crash"], "\(roots.map(\.citation))")
        #expect(roots[0].security == .literalBreaksOut && roots[1].security == nil)
        // Message text says nothing: the same failure without its exposure folds under the crash.
        var plain = breaking
        plain.failures[0].exposure = nil
        plain.failures[0].message = "SECURITY script injection: a payload ran code in the page"
        #expect(RootCauses.findings(in: many + [plain]).map(\.citation) == ["BOOT-4.a", "crash"])
        // A payload that ran code comes before one that could.
        var ran = FixFirstTests.result("tripwire", ["ESC-2.j"], verdict: .insecure)
        ran.failures[0].exposure = .payloadRanCode
        #expect(RootCauses.findings(in: many + [breaking, ran]).prefix(2).map(\.citation) == ["ESC-2.j", "ESC-2.c"])
        let line = FixFirstSummary.consoleLines(roots)[1]
        #expect(line.hasPrefix("  1. [ESC-2.c] SECURITY, script injection: a payload can break out"), "\(line)")
        let json = JSONRunReport.render(many + [breaking], context: RunContext(adapter: "x", rerunWords: ["run"]))
        #expect(json.contains(#""security":"literal-breaks-out""#), "\(json)")
    }

    @Test("a mutant whose escaping lets a payload break out: the security finding leads, with its command's failures")
    func escapingMutantLeadsWithSecurity() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "escape-chain-backslash-last"))
        let cases = Catalogue.all.filter { $0.id.hasPrefix("escaping.quotes-and-backslashes") }
        let results = try await Kit.run(cases, against: mutant)
        let roots = RootCauses.findings(in: results)
        let first = try #require(roots.first)
        #expect(first.security == .literalBreaksOut && first.citation.hasPrefix("ESC-2."), "\(roots.map(\.citation))")
        #expect(roots.dropFirst().allSatisfy { $0.security == nil }, "\(roots.map(\.citation))")
    }

    @Test("cases the kit could not judge are no finding: listed apart, by verdict and first line, after the findings")
    func kitFaultsApart() throws {
        var harness = FixFirstTests.result("kit.one", [], verdict: .harnessError)
        harness.interruption = .stopped(
            .harnessError, during: nil,
            detail: "the simulated web view trapped: removed a script message handler after the case\nmore")
        var alsoHarness = harness
        alsoHarness.caseID = "kit.two"
        var adapter = FixFirstTests.result("adapter.one", [], verdict: .adapterError)
        adapter.interruption = .stopped(.adapterError, during: nil, detail: "the adapter threw: not attached")
        // Failures recorded before the kit's fault are not judged either.
        harness.failures = [CheckFailure(clause: "BOOT-4.a", message: "never injected")]
        let results = [harness, FixFirstTests.result("bridge.one", ["ORD-1.a"]), alsoHarness, adapter]
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["ORD-1.a"])
        let unjudged = UnjudgedCases(results)
        #expect(unjudged.count == 3 && unjudged.groups.map(\.cases) == [["kit.one", "kit.two"], ["adapter.one"]])
        let lines = FixFirstSummary.consoleLines(roots, unjudged: unjudged)
        #expect(lines.count == 3 && lines[1].hasPrefix("  1. [ORD-1.a]"), "\(lines)")
        #expect(
            lines[2]
                == "The kit could not judge 3 cases (no finding about the bridge): harness-error in 2 (kit.one, kit.two): harness error: the simulated web view trapped: removed a script message handler after the case; adapter-error in 1 (adapter.one): adapter error: the adapter threw: not attached"
        )
        // The JSON report lists them in `unjudged`, as its schema says.
        let json = JSONRunReport.render(results, context: RunContext(adapter: "x", rerunWords: ["run"]))
        #expect(
            json.contains(
                #""unjudged":[{"cases":["kit.one","kit.two"],"message":"harness error: the simulated web view trapped"#)
        )
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/report.schema.json"), encoding: .utf8))
        let violations = JSONSchemaValidator(schema: schema).violations(of: try JSONParser.parse(json))
        #expect(violations.isEmpty, "\(violations)")
        // A run of kit faults only: no finding, the line alone.
        #expect(FixFirstSummary.consoleLines([], unjudged: UnjudgedCases([adapter])).count == 1)
        #expect(Verdict.allCases.filter(UnjudgedCases.isUnjudged) == [.adapterError, .harnessError])
    }
}

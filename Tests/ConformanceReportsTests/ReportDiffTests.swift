import StrictJSON
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceExplore
@testable import ConformanceKit
@testable import ConformanceReports
@testable import ConformanceSupport

/// `conformance diff`: what changed between two JSON run reports, each kind of change on its own.
@Suite("Report diff: new failures, fixes, changed verdicts, new and fixed obligations, new and removed cases")
struct ReportDiffTests {
    /// A report document with `cases`: id, verdict and the obligations its failures cite.
    static func report(
        _ cases: [(String, Verdict, [String])], adapter: String = "port", stopped: JSONValue? = nil
    ) -> JSONValue {
        var document = report(cases, adapter: adapter)
        if let stopped, case .object(var members) = document {
            members["stopped"] = stopped
            document = .object(members)
        }
        return document
    }

    static func report(_ cases: [(String, Verdict, [String])], adapter: String) -> JSONValue {
        .object([
            "format": "wvjb-conformance-report", "version": 1, "adapter": .string(adapter), "profile": "canonical",
            "total": .number(Double(cases.count)), "verdicts": .object([:]),
            "cases": .array(
                cases.map { id, verdict, citations in
                    .object([
                        "id": .string(id), "level": "MUST", "clauses": .array([]), "verdict": .string(verdict.rawValue),
                        "rerun": "",
                        "failures": .array(
                            citations.map {
                                .object([
                                    "clause": .string(String($0.prefix(5))), "obligation": .string($0), "message": "m",
                                    "level": "MUST",
                                ])
                            }),
                    ])
                }),
        ])
    }

    static func diff(_ old: [(String, Verdict, [String])], _ new: [(String, Verdict, [String])]) throws -> ReportDiff {
        ReportDiff(old: try ReportSnapshot(report(old)), new: try ReportSnapshot(report(new)))
    }

    @Test("each way two reports can differ lands in its own list, and only a regression makes the diff worse")
    func eachKindOfChange() throws {
        let old: [(String, Verdict, [String])] = [
            ("a.stays", .pass, []), ("b.breaks", .pass, []), ("c.fixed", .fail, ["ORD-1.a"]),
            ("d.times-out", .fail, ["ORD-2.a"]), ("e.other-failures", .fail, ["ORD-1.a"]),
            ("f.removed", .fail, ["X-1.a"]),
            ("g.should", .pass, []),
        ]
        let new: [(String, Verdict, [String])] = [
            ("a.stays", .pass, []), ("b.breaks", .fail, ["ESC-2.g"]), ("c.fixed", .pass, []),
            ("d.times-out", .timeout, []), ("e.other-failures", .fail, ["MSG-3.a"]),
            ("g.should", .nonStrict, ["LOG-2.a"]),
            ("h.added", .pass, []),
        ]
        let diff = try Self.diff(old, new)
        #expect(diff.newFailures.map(\.id) == ["b.breaks"] && diff.newFailures[0].citationsAdded == ["ESC-2.g"])
        #expect(diff.fixes.map(\.id) == ["c.fixed"])
        #expect(diff.changedVerdicts.map(\.id) == ["d.times-out", "g.should"])
        // A failure that cites another obligation: one newly failing, one fixed. The timeout's ORD-2.a is not
        // fixed: the case stopped before it.
        #expect(diff.newObligations.map(\.id) == ["e.other-failures"])
        #expect(diff.newObligations.first?.citationsAdded == ["MSG-3.a"])
        #expect(diff.fixedObligations.map(\.id) == ["e.other-failures"])
        #expect(diff.fixedObligations.first?.citationsRemoved == ["ORD-1.a"])
        #expect(diff.addedCases.map(\.id) == ["h.added"] && diff.removedCases.map(\.id) == ["f.removed"])
        #expect(diff.isWorse)
        #expect(
            diff.text.contains(
                "\nworse: 1 new failures, 1 fixes, 2 changed verdicts, 1 new failing obligations, 1 fixed obligations, "
                    + "1 new cases, 1 removed cases"),
            "\(diff.text)")
        #expect(diff.text.contains("\n  e.other-failures (fail): now fails MSG-3.a\n"), "\(diff.text)")
        #expect(diff.text.contains("\n  e.other-failures (fail): no longer fails ORD-1.a\n"), "\(diff.text)")

        // Each change alone: worse only for a new failure, a more severe verdict, or a new case that fails.
        #expect(try Self.diff([("a", .pass, [])], [("a", .fail, ["ORD-1.a"])]).isWorse)
        #expect(!(try Self.diff([("a", .fail, ["ORD-1.a"])], [("a", .pass, [])]).isWorse))
        #expect(
            try Self.diff([("a", .fail, ["ORD-1.a"])], [("a", .crash, [])]).isWorse == false,
            "fail and crash are as severe")
        #expect(try Self.diff([("a", .fail, ["ORD-1.a"])], [("a", .adapterError, [])]).isWorse)
        #expect(try Self.diff([("a", .pass, [])], [("a", .nonStrict, ["LOG-1.a"])]).isWorse)
        #expect(!(try Self.diff([("a", .nonStrict, ["LOG-1.a"])], [("a", .pass, [])]).isWorse))
        // A new violation inside a case that failed before is a regression; a fixed obligation is not.
        #expect(try Self.diff([("a", .fail, ["ORD-1.a"])], [("a", .fail, ["ORD-1.a", "MSG-1.a"])]).isWorse)
        #expect(try Self.diff([("a", .fail, ["ORD-1.a"])], [("a", .insecure, ["ORD-1.a", "SAFE-3.a"])]).isWorse)
        #expect(try Self.diff([("a", .nonStrict, ["LOG-1.a"])], [("a", .nonStrict, ["LOG-1.a", "LOG-2.a"])]).isWorse)
        let fixed = try Self.diff([("a", .fail, ["ORD-1.a", "MSG-1.a"])], [("a", .fail, ["ORD-1.a"])])
        #expect(!fixed.isWorse && fixed.fixedObligations.first?.citationsRemoved == ["MSG-1.a"])
        #expect(fixed.text.hasPrefix("no regression: 1 fixed obligations"), "\(fixed.text)")
        let stopped = try Self.diff([("a", .fail, ["ORD-1.a"])], [("a", .crash, [])])
        #expect(stopped.fixedObligations.isEmpty && stopped.newObligations.isEmpty)
        #expect(try Self.diff([], [("a", .fail, ["ORD-1.a"])]).isWorse)
        #expect(!(try Self.diff([], [("a", .pass, [])]).isWorse))
        #expect(try Self.diff([("a", .fail, ["ORD-1.a"])], []).isWorse, "a missing case is a regression")
        let same = try Self.diff(old, old)
        #expect(same.isEmpty && !same.isWorse && same.text == "no change [port (7 cases) -> port (7 cases)]\n")
    }

    @Test("a case missing from the new report is a regression unless allowed; a stopped report says so")
    func missingCasesAndStoppedReports() throws {
        let old = (0..<60).map { ("a.case-\($0)", Verdict.pass, [String]()) }
        let stopped: JSONValue = ["reason": "interrupted", "message": "interrupted by SIGINT", "notRun": ["a.case-1"]]
        let new = try ReportSnapshot(Self.report([("a.case-0", .pass, [])], stopped: stopped))
        #expect(new.stop == ReportSnapshot.Stop(message: "interrupted by SIGINT", notRun: 1))
        let diff = ReportDiff(old: try ReportSnapshot(Self.report(old)), new: new)
        #expect(diff.isWorse && diff.removedCases.count == 59)
        let text = diff.text
        #expect(
            text.hasPrefix(
                "the new report is incomplete: the run was interrupted by SIGINT and 1 selected cases did not run\n"
                    + "59 cases of the old report are missing from the new one, a regression: run them again, or "
                    + "give --allow-missing when they were left out on purpose\nworse: 59 removed cases"),
            "\(text)")
        // The list names the first 50 and counts the others.
        #expect(text.contains("\n  a.case-50: was pass\n  ... and 9 more\n"), "\(text)")
        #expect(!text.contains("a.case-51"))
        #expect(diff.markdown.hasPrefix("## WVJB conformance: worse"), "\(diff.markdown)")
        #expect(diff.markdown.contains("**the new report is incomplete"), "\(diff.markdown)")

        let allowed = ReportDiff(old: try ReportSnapshot(Self.report(old)), new: new, allowsMissing: true)
        #expect(!allowed.isWorse && allowed.text.contains("no regression: 59 removed cases"), "\(allowed.text)")
        #expect(!allowed.text.contains("--allow-missing"))
        #expect(throws: ReportSnapshot.Problem.self) {
            try ReportSnapshot(Self.report([], stopped: ["reason": "interrupted"]))
        }
    }

    @Test("an obligation cited only by failures the report leaves out (after its first 20) is still a new failing one")
    @MainActor
    func obligationsOfLeftOutFailures() throws {
        func snapshot(_ citations: [String]) throws -> ReportSnapshot {
            let result = FixFirstTests.result("a.case", citations)
            return try ReportSnapshot(
                JSONRunReport.document([result], context: RunContext(adapter: "a", rerunWords: [])))
        }
        let listed = Array(repeating: "ORD-1.a", count: CaseOutputLimits.failures + 1)
        let diff = ReportDiff(old: try snapshot(listed), new: try snapshot(listed + ["MSG-1.a"]))
        #expect(diff.isWorse && diff.newObligations.first?.citationsAdded == ["MSG-1.a"], "\(diff.text)")
    }

    @Test("hostile case ids and adapter names: the text is printable, the Markdown opens no HTML, link or code span")
    func hostileIDs() throws {
        let id = "x\u{1B}[2J</details><img src=x onerror=alert(1)>`[a](http://e)`*b*_c_|d\nline"
        let diff = ReportDiff(
            old: try ReportSnapshot(Self.report([(id, .pass, [])], adapter: "<b>old</b>")),
            new: try ReportSnapshot(Self.report([(id, .fail, ["ORD-1.a"])], adapter: "`new`")))
        #expect(!diff.text.contains("\u{1B}") && diff.text.split(separator: "\n").count == 3, "\(diff.text)")
        let markdown = diff.markdown
        for forbidden in ["<img", "<b>", "</details>", "`new`", "[a](", "[a]", "*b*", "_c_", "\nline"] {
            #expect(!markdown.contains(forbidden), "\(forbidden) in \(markdown)")
        }
        #expect(markdown.contains("| New failures | 1 |"))
    }

    @Test("an adapter name of any length is cut on its line, and reports of different profiles are said to be so")
    func longAdapterNamesAndProfiles() throws {
        let long = String(repeating: "n", count: 10_000) + "\u{1B}[2J"
        let diff = ReportDiff(
            old: try ReportSnapshot(Self.report([("a", .pass, [])], adapter: long)),
            new: try ReportSnapshot(Self.report([("a", .pass, [])], adapter: long)))
        #expect(diff.text.utf8.count < 600 && diff.text.contains("[... ") && !diff.text.contains("\u{1B}"))
        #expect(diff.markdown.utf8.count < 1_000, "\(diff.markdown.utf8.count)")

        var wkwvjb = Self.report([("a", .pass, [])])
        if case .object(var members) = wkwvjb {
            members["profile"] = "wkwvjb"
            wkwvjb = .object(members)
        }
        let across = ReportDiff(
            old: try ReportSnapshot(Self.report([("a", .pass, [])])), new: try ReportSnapshot(wkwvjb))
        #expect(
            across.text.hasPrefix(
                "the reports are of different profiles, old canonical and new wkwvjb: a case's verdict may differ "
                    + "because the profiles do, not the implementations\n"),
            "\(across.text)")
        #expect(across.markdown.contains("different profiles"))
    }

    @Test("Markdown: bare URLs, www. names and e-mail addresses in testee text form no GFM autolink")
    func noAutolinks() throws {
        let text = "see https://evil.example/x HTTP://e.x ftp://e.x www.evil.example WWW.e.x a@evil.example"
        let shown = MarkdownRunReport.prose(text)
        for link in ["://", "www.", "WWW.", "a@evil"] {
            #expect(!shown.contains(link), "\(link) in \(shown)")
        }
        // What a reader sees is the text (the entities are shown as the characters they stand for).
        #expect(shown.contains("https&#58;//evil.example/x") && shown.contains("www&#46;evil.example"), "\(shown)")
    }

    /// Documents that are not run reports the diff can read, and a word of what the refusal says.
    static let unusable: [(JSONValue, String)] = {
        let head: [String: JSONValue] = ["format": "wvjb-conformance-report", "version": 1, "adapter": "a"]
        let entry: JSONValue = .object(["id": "x", "verdict": "pass", "level": "MUST"])
        return [
            (.array([]), "is not a conformance run report"),
            (.object(head.merging(["version": 2]) { $1 }), "version"),
            (.object(head), "`cases` array"),
            (
                .object(
                    head.merging(["cases": .array([.object(["id": "x", "verdict": "great", "level": "MUST"])])]) { $1 }),
                "known `verdict`"
            ),
            (.object(head.merging(["cases": .array([entry, entry])]) { $1 }), "twice"),
        ]
    }()

    @Test("a document that is no run report is refused, naming what is wrong", arguments: unusable)
    func refused(document: JSONValue, mention: String) {
        #expect(throws: ReportSnapshot.Problem.self) { try ReportSnapshot(document) }
        do { _ = try ReportSnapshot(document) } catch { #expect(error.description.contains(mention), "\(error)") }
    }
}

import Foundation
import StrictJSON
import TestTiers
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports

@Suite("The HTML report is escaped in every context, counts right, and stays bounded; the badge")
struct HTMLReportTests {
    /// Text that breaks out of every context the page writes into, if it is not escaped there.
    static let hostile =
        "</script><script>document.title='PWNED'</script> <img src=x onerror=\"document.title='PWNED'\"> "
        + "\"><svg onload=\"document.title='PWNED'\"> '><b id='pwned'>x</b> <!-- & \u{2028}\u{2029} nul\u{0} "
        + String(decoding: [0xD800] as [UInt16], as: UTF16.self) + " " + noncharacter(0xFFFE) + " \u{202E}"

    /// The noncharacter `value` (Swift string literals refuse them).
    static func noncharacter(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }

    static func result(
        _ caseID: String, _ verdict: Verdict, level: RequirementLevel = .must, failures: [CheckFailure] = [],
        interruption: CaseInterruption? = nil, transcript: Transcript = Transcript()
    ) -> CaseResult {
        CaseResult(
            caseID: caseID, level: level, clauses: ["ESC-2"], verdict: verdict, failures: failures,
            interruption: interruption, leftovers: CaseLeftovers(), transcript: transcript, bridgeJavaScriptSource: "")
    }

    static func context(_ adapter: String, stop: RunStop? = nil) -> RunContext {
        RunContext(
            adapter: adapter, rerunWords: ["conformance", "run", "--adapter", adapter], timings: .off, stop: stop)
    }

    /// A page holding the hostile text as a case id, an adapter name, a label, a failure's message and values,
    /// an interruption, a transcript line and a case that did not run.
    static let hostilePage: String = {
        var transcript = Transcript()
        transcript.append(.nativeLog(hostile))
        let failure = CheckFailure(clause: "ESC-2.c", message: hostile, expected: hostile + "a", actual: hostile + "b")
        let results = [
            result("escaping." + hostile, .fail, failures: [failure], transcript: transcript),
            result(hostile, .timeout, interruption: .stopped(.timeout, during: hostile, detail: hostile)),
            result("escaping.plain", .pass),
        ]
        let stop = RunStop(reason: .interrupted(signal: "SIGINT"), notRun: ["later." + hostile])
        var labelled = context("reference")
        labelled.label = hostile
        return HTMLRunReport.render([
            ImplementationRun(context: context(hostile, stop: stop), results: results),
            ImplementationRun(context: labelled, results: [result("escaping.plain", .pass)]),
        ])
    }()

    /// The tags of `html`: each `<name ...>` with its attributes, as (name, [(attribute, value or nil)]).
    /// Fails the test on an attribute value that is not double-quoted.
    static func tags(of html: String) -> [(name: String, attributes: [(String, String?)])] {
        var tags: [(String, [(String, String?)])] = []
        let characters = Array(html.unicodeScalars)
        var index = 0
        func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            !" \n\t/>=\"'<".unicodeScalars.contains(scalar)
        }
        while index < characters.count {
            guard characters[index] == "<", index + 1 < characters.count,
                characters[index + 1].properties.isAlphabetic
            else {
                index += 1
                continue
            }
            index += 1
            var name = ""
            while index < characters.count, isNameCharacter(characters[index]) {
                name.unicodeScalars.append(characters[index])
                index += 1
            }
            var attributes: [(String, String?)] = []
            while index < characters.count, characters[index] != ">" {
                if characters[index] == " " || characters[index] == "\n" || characters[index] == "/" {
                    index += 1
                    continue
                }
                var attribute = ""
                while index < characters.count, isNameCharacter(characters[index]) {
                    attribute.unicodeScalars.append(characters[index])
                    index += 1
                }
                guard index < characters.count, characters[index] == "=" else {
                    attributes.append((attribute, nil))
                    if attribute.isEmpty { index += 1 }
                    continue
                }
                index += 1
                guard index < characters.count, characters[index] == "\"" else {
                    Issue.record("<\(name)>: the value of \(attribute) is not double-quoted")
                    return tags
                }
                index += 1
                var value = ""
                while index < characters.count, characters[index] != "\"" {
                    value.unicodeScalars.append(characters[index])
                    index += 1
                }
                index += 1
                attributes.append((attribute, value))
            }
            tags.append((name, attributes))
        }
        return tags
    }

    @Test("text: the five HTML specials become entities, controls, separators and noncharacters <U+XXXX>")
    func textEscape() {
        #expect(HTMLText.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
        #expect(HTMLText.escape("nul\u{0}") == "nul&lt;U+0000&gt;")
        #expect(
            HTMLText.escape("\u{2028}\u{2029}\u{202E}\u{1B}")
                == "&lt;U+2028&gt;&lt;U+2029&gt;&lt;U+202E&gt;&lt;U+001B&gt;")
        #expect(
            HTMLText.escape(Self.noncharacter(0xFFFE) + Self.noncharacter(0xFDD0)) == "&lt;U+FFFE&gt;&lt;U+FDD0&gt;")
        #expect(HTMLText.escape("line\nnext é 😀 \u{FFFD}") == "line\nnext é 😀 \u{FFFD}")
        #expect(HTMLText.escape(String(decoding: [0xDC00] as [UInt16], as: UTF16.self)) == "\u{FFFD}")
    }

    @Test("the page: hostile text never opens a tag, a comment or an attribute, nor reaches the script")
    func hostileTextStaysText() throws {
        let page = Self.hostilePage
        for payload in ["<script>document", "<img", "<svg", "<b id", "<!--"] {
            #expect(!page.contains(payload), "\(payload) reached the page unescaped")
        }
        #expect(
            !page.unicodeScalars.contains { $0 == "\u{0}" || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{202E}" })
        #expect(page.contains("&lt;/script&gt;&lt;script&gt;document.title=&#39;PWNED&#39;&lt;/script&gt;"))
        #expect(page.contains("nul&lt;U+0000&gt;") && page.contains("&lt;U+2028&gt;"))
        let tags = Self.tags(of: page)
        let names = Set(tags.map(\.name))
        let expected: Set<String> = [
            "h3", "ol", "li",
            "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h4", "p", "section", "table",
            "thead", "tbody", "tr", "th", "td", "code", "span", "ul", "li", "strong", "label", "input", "div",
            "details", "summary", "pre", "ol", "dl", "dt", "dd", "mark", "blockquote", "cite", "script", "template",
        ]
        #expect(names.subtracting(expected).isEmpty, "unexpected elements: \(names.subtracting(expected))")
        #expect(tags.filter { $0.name == "script" }.count == 1)
        for (name, attributes) in tags {
            for (attribute, value) in attributes {
                #expect(!attribute.hasPrefix("on"), "<\(name) \(attribute)>: an event handler")
                #expect(!["src", "href", "style", "action", "srcdoc"].contains(attribute), "<\(name) \(attribute)>")
                #expect(value?.contains(where: { "<>'".contains($0) }) != true, "<\(name) \(attribute)=\(value ?? "")>")
            }
        }
    }

    @Test("the page's one script and style sheet are exactly those its Content-Security-Policy allows by hash")
    func contentSecurityPolicy() throws {
        let page = Self.hostilePage
        let policy = try #require(
            Self.tags(of: page).first {
                $0.name == "meta" && $0.attributes.contains { $0 == ("http-equiv", "Content-Security-Policy") }
            }?
            .attributes.first { $0.0 == "content" }?.1
        ).replacingOccurrences(of: "&#39;", with: "'")
        let script = try #require(page.firstRange(of: "<script>").map { page[$0.upperBound...] }).prefix { $0 != "<" }
        let style = try #require(page.firstRange(of: "<style>").map { page[$0.upperBound...] }).prefix { $0 != "<" }
        #expect(
            policy
                == "default-src 'none'; script-src 'sha256-\(SHA256Digest.base64(of: String(script)))'; style-src 'sha256-\(SHA256Digest.base64(of: String(style)))'; base-uri 'none'; form-action 'none'"
        )
        #expect(!page.contains("http:") && !page.contains("https:"), "no address of the network")
        #expect(!HTMLPageAssets.script.contains("innerHTML"))
    }

    @Test("SHA-256 matches the standard's vectors, across block boundaries")
    func sha256() {
        #expect(SHA256Digest.base64(of: "") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(SHA256Digest.base64(of: "abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(
            SHA256Digest.base64(of: String(repeating: "a", count: 1000))
                == "Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM=")
        // Chromium's own hash of this inline script, from its CSP message.
        #expect(SHA256Digest.base64(of: "nosuch();") == "xLi6BS1jErmXzUMp6Cr2WqFLq3iMgsfxFrmjnogxRY0=")
    }

    @Test("counts per implementation and per area, and the rows where implementations differ")
    func counts() throws {
        let first = ImplementationRun(
            context: Self.context("first"),
            results: [
                Self.result("alpha.one", .pass), Self.result("alpha.two", .fail), Self.result("beta.one", .pass),
                Self.result("beta.two", .notApplicable), Self.result("beta.three", .pass),
            ])
        let second = ImplementationRun(
            context: Self.context("second"),
            results: [
                Self.result("alpha.one", .pass), Self.result("alpha.two", .pass), Self.result("beta.one", .pass),
                Self.result("beta.two", .notApplicable), Self.result("gamma.one", .nonStrict, level: .should),
                Self.result("beta.three", .notApplicable),
            ])
        let page = HTMLRunReport.render([first, second])
        #expect(page.contains("2 implementations, 6 cases, profile canonical"))
        // alpha.two (fail beside pass) and gamma.one (non-strict beside not run); not beta.three (pass beside
        // not-applicable).
        #expect(page.contains("only rows where implementations differ (2 of 6)"))
        // Summary: pass, fail, non-strict, not-applicable and not run (in the legend's order), the cases that ran
        // of those that apply, per level, the catalogue digest.
        let firstRow = try #require(page.split(separator: "\n").first { $0.hasPrefix("<tr><th title=\"first\">") })
        let digest = RunMetadata.catalogueDigest(of: first.results)
        #expect(
            firstRow
                == "<tr><th title=\"first\"><code>first</code></th><td>canonical</td><td class=\"count\">3</td><td class=\"count\">1</td><td class=\"count\">0</td><td class=\"count\">1</td><td class=\"count\">1</td><td class=\"count\">4/5</td><td>3/4 MUST · 0/0 SHOULD</td><td title=\"\(digest)\"><code>\(digest.prefix(19))</code></td></tr>",
            "\(firstRow)")
        #expect(
            page.contains(
                "<th class=\"v-pass\">✓ pass</th><th class=\"v-fail\">✗ fail</th><th class=\"v-non-strict\">⚠ non-strict</th>"
            ))
        #expect(page.contains("<td>3/3 MUST · 0/1 SHOULD</td>"))
        // Per area: alpha differs (a fail beside a pass), beta does not.
        #expect(
            page.contains(
                "<tbody class=\"differs\" data-area=\"alpha\"><tr class=\"area\"><th colspan=\"2\">alpha <span class=\"meta\">(2 cases)</span></th><td class=\"counts\"><span class=\"v-pass\">1 ✓</span><span class=\"v-fail\">1 ✗</span></td><td class=\"counts\"><span class=\"v-pass\">2 ✓</span></td></tr>"
            ))
        #expect(page.contains("<tbody class=\"same\" data-area=\"beta\">"))
        #expect(page.contains("<tr class=\"case same\" data-case=\"beta.two\">"))
        #expect(page.contains("<tr class=\"case same\" data-case=\"beta.three\">"))
        #expect(page.contains("<tr class=\"case differs\" data-case=\"gamma.one\">"))
        #expect(page.contains("<td class=\"cell v-not-run\" title=\"not run\"><span>·</span></td>"))
        #expect(page.components(separatedBy: "<tr class=\"case ").count - 1 == 6)
    }

    @Test("a failure's panel: the clause and obligation quoted from the spec, the values' difference marked")
    func failurePanel() throws {
        let failure = CheckFailure(
            clause: "ESC-2.c", message: "payload", expected: "abc<def>ghi", actual: "abc<dXf>ghi")
        let page = HTMLRunReport.render([
            ImplementationRun(
                context: Self.context("x"), results: [Self.result("escaping.x", .fail, failures: [failure])])
        ])
        #expect(page.contains("<code>abc&lt;d<mark>e</mark>f&gt;ghi</code>"))
        #expect(page.contains("<code>abc&lt;d<mark>X</mark>f&gt;ghi</code>"))
        #expect(page.contains("first difference at character 6"))
        let spec = try ProtocolSpec.bundled()
        let clause = try #require(spec.clause("ESC-2"))
        let obligation = try #require(spec.obligation(citedBy: "ESC-2.c"))
        // The quotes are lines of the page's pool, which the script puts in place when the panel opens.
        let lines = Self.poolLines(of: page)
        let clauseQuote = try #require(
            page.firstMatch(of: /<cite>ESC-2<\/cite> <span data-line="([0-9a-z]+)"><\/span>/))
        #expect(lines[try #require(Int(clauseQuote.output.1, radix: 36))].hasPrefix(String(clause.text.prefix(40))))
        let obligationQuote = try #require(
            page.firstMatch(of: /<cite>ESC-2.c<\/cite> <span data-line="([0-9a-z]+)"><\/span>/))
        #expect(
            lines[try #require(Int(obligationQuote.output.1, radix: 36))].hasPrefix(String(obligation.text.prefix(40))))
        #expect(page.contains("Rerun: <code>conformance run --adapter x --case escaping.x</code>"))
    }

    @Test("a transcript beside the reference's golden: aligned, the differing lines marked, equal runs folded")
    func goldenComparison() throws {
        #expect(
            LineAlignment.align(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"]) == [
                .init(left: "a", right: "a"), .init(left: "b", right: "x"), .init(left: "c", right: "c"),
                .init(left: "d", right: "d"), .init(left: nil, right: "e"),
            ])
        #expect(
            LineAlignment.align(["a", "b", "c"], ["c", "b", "a"], maximumCells: 1) == [
                .init(left: "a", right: "c"), .init(left: "b", right: "b"), .init(left: "c", right: "a"),
            ])
        // A case of the catalogue whose transcript differs from its golden: the rows of the comparison.
        var transcript = Transcript()
        transcript.append(.nativeLog("not in the golden"))
        let page = HTMLRunReport.render([
            ImplementationRun(
                context: Self.context("x"),
                results: [Self.result("messages.js-to-native.data-forms", .fail, transcript: transcript)])
        ])
        #expect(page.contains("The transcript beside the reference's golden"))
        let rows = try #require(page.firstMatch(of: /<tbody data-rows="([^"]*)"><\/tbody>/)).output.1
        let lines = Self.poolLines(of: page)
        let differing = rows.split(separator: " ").filter { $0.contains("/") && !$0.hasSuffix("/") }
        let added = try #require(differing.first?.split(separator: "/").last)
        let number = try #require(Int(added, radix: 36))
        #expect(differing.count == 1 && lines[number].contains("not in the golden"))
        // An id that is not of the kit's form never names a golden file.
        #expect(!ReferenceGoldens.isPlainCaseID("../canonical/messages.js-to-native.data-forms"))
        #expect(!ReferenceGoldens.isPlainCaseID("a..b") && ReferenceGoldens.isPlainCaseID("a.b-c.d9"))
    }

    /// The lines of a page's pool (`<template id="lines">`), as the browser reads them.
    static func poolLines(of page: String) -> [String] {
        guard let text = page.firstMatch(of: /<template id="lines">([^<]*)<\/template>/)?.output.1 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            $0.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    @Test("a comparison's rows: equal lines around the difference, longer runs folded, each line a number of the pool")
    func comparisonRows() throws {
        var transcript = Transcript()
        for index in 0..<12 { transcript.append(.nativeLog("line \(index)")) }
        let result = Self.result("messages.x", .fail, transcript: transcript)
        var golden = try #require(ReferenceGoldens.lines(of: result))
        golden[7] = "golden's own line 7"
        var pool = HTMLLinePool()
        let panel = HTMLCasePanel(result: result, context: Self.context("x"), spec: nil, golden: golden)
            .html(id: "panel-0-0", lines: &pool)
        // Lines 5 to 9 shown (two around the difference), 0 to 4 and 10 and 11 folded; the pool numbers the
        // compared lines first, then the wire log's.
        #expect(panel.contains("<tbody data-rows=\"~5 0 1 2/3 4 5 ~2\"></tbody>"), "\(panel)")
        let runLines = try #require(ReferenceGoldens.lines(of: result))
        #expect(
            Array(pool.lines[0..<6])
                == [golden[5], golden[6], golden[7], runLines[7], golden[8], golden[9]].map(HTMLText.escapeElementText))
        let wireLog = try #require(panel.firstMatch(of: /<pre data-lines="([0-9a-z ]*)"><\/pre>/)).output.1
        let wireLines = wireLog.split(separator: " ").map { pool.lines[Int($0, radix: 36)!] }
        #expect(wireLines.contains { $0.contains("line 11") } && !wireLines.contains { $0.contains("golden&#39;s") })
        #expect(panel.contains("id=\"panel-0-0\""))
    }

    @Test("transcript lines are written once per page: a second implementation with the same transcript adds none")
    func linesWrittenOnce() throws {
        var transcript = Transcript()
        for index in 0..<200 { transcript.append(.nativeLog("the same line \(index), longer than a line number")) }
        let failing = Self.result("messages.x", .fail, transcript: transcript)
        let one = HTMLRunReport.render([ImplementationRun(context: Self.context("a"), results: [failing])])
        let three = HTMLRunReport.render(
            ["a", "b", "c"].map { ImplementationRun(context: Self.context($0), results: [failing]) })
        #expect(Self.poolLines(of: three) == Self.poolLines(of: one))
        #expect(Self.poolLines(of: one).filter { $0.contains("the same line 7,") }.count == 1)
        // Each further panel costs its line numbers, not its lines.
        #expect(three.utf8.count - one.utf8.count < 6_000, "\(one.utf8.count) then \(three.utf8.count) bytes")
        #expect(one.utf8.count > 12_000)
    }

    @Test("the page's pool of lines is bounded: past it, a panel says its transcript is left out", .fullTier)
    func poolBounded() throws {
        let results = (0..<100).map { number -> CaseResult in
            var transcript = Transcript()
            for index in 0..<60 {
                transcript.append(.nativeLog("case \(number) line \(index) " + String(repeating: "x", count: 1_000)))
            }
            return Self.result("messages.case\(number)", .fail, transcript: transcript)
        }
        let page = HTMLRunReport.render([ImplementationRun(context: Self.context("a"), results: results)])
        let pool = try #require(page.firstMatch(of: /<template id="lines">[^<]*<\/template>/)).output.utf8.count
        #expect(pool <= HTMLLinePool.maximumBytes + 100, "\(pool) bytes of lines")
        #expect(page.contains("The transcript is left out: this page already holds"))
        #expect(page.utf8.count < HTMLLinePool.maximumBytes + 200_000, "\(page.utf8.count) bytes")
        // The first panels have theirs.
        #expect(page.components(separatedBy: "<pre data-lines=").count - 1 > 10)
    }

    @Test("a flooded case's panel stays bounded, and the same runs give the same bytes", .fullTier)
    func boundedAndDeterministic() {
        let run = ImplementationRun(context: Self.context("a"), results: [CaseOutputBoundTests.flood])
        let page = HTMLRunReport.render([run])
        #expect(page.utf8.count < 200_000, "\(page.utf8.count) bytes")
        #expect(page.contains("99980 more failures"))
        #expect(page.contains("lines of the transcript left out"))
        #expect(HTMLRunReport.render([run]) == page)
        #expect(ReportKind.html.render(run.results, context: run.context) == page)
    }

    @Test("the badge: the cases that ran, counts by level, green, yellow for a broken SHOULD, red for a MUST")
    func badge() {
        let everyCaseRan = [
            Self.result("a.one", .pass), Self.result("a.two", .pass), Self.result("b.one", .pass, level: .should),
        ]
        #expect(
            BadgeRunReport.render(everyCaseRan, context: Self.context("x"))
                == #"{"color":"brightgreen","label":"WVJB conformance","message":"3/3 run \u00b7 2/2 MUST \u00b7 1/1 SHOULD","schemaVersion":1}"#
                + "\n")
        // A case not applicable for another reason than the profile did not run: not a full pass.
        let passing = everyCaseRan + [Self.result("a.three", .notApplicable)]
        #expect(
            BadgeRunReport.document(passing, context: Self.context("x"))
                == Self.badge("3/4 run · 2/2 MUST · 1/1 SHOULD", "yellowgreen"))
        let shouldBroken = passing + [Self.result("b.two", .nonStrict, level: .should)]
        #expect(
            BadgeRunReport.document(shouldBroken, context: Self.context("x"))
                == Self.badge("4/5 run · 2/2 MUST · 1/2 SHOULD", "yellow"))
        // A MUST case whose failures all cite SHOULD clauses is non-strict: the run passes, the badge is yellow.
        let mustNonStrict = passing + [Self.result("a.four", .nonStrict)]
        #expect(
            BadgeRunReport.document(mustNonStrict, context: Self.context("x"))
                == Self.badge("4/5 run · 2/3 MUST · 1/1 SHOULD", "yellow"))
        let mustBroken = shouldBroken + [Self.result("a.four", .fail)]
        #expect(
            BadgeRunReport.document(mustBroken, context: Self.context("x"))
                == Self.badge("5/6 run · 2/3 MUST · 1/2 SHOULD", "red"))
        let timedOut = passing + [Self.result("b.three", .timeout, level: .should)]
        #expect(
            BadgeRunReport.document(timedOut, context: Self.context("x"))
                == Self.badge("4/5 run · 2/2 MUST · 1/2 SHOULD", "red"))
        let withMay = everyCaseRan + [Self.result("c.one", .pass, level: .may)]
        #expect(
            BadgeRunReport.document(withMay, context: Self.context("x"))
                == Self.badge("4/4 run · 2/2 MUST · 1/1 SHOULD · 1/1 MAY", "brightgreen"))
        let stopped = Self.context("x", stop: RunStop(reason: .interrupted(signal: "SIGINT"), notRun: ["z.one"]))
        #expect(
            BadgeRunReport.document(everyCaseRan, context: stopped)
                == Self.badge("3/3 run · 2/2 MUST · 1/1 SHOULD (run stopped)", "lightgrey"))
        #expect(BadgeRunReport.document([], context: Self.context("x")) == Self.badge("no cases ran", "lightgrey"))
        #expect(
            ReportKind(rawValue: "badge")?.render(passing, context: Self.context("x"))
                == BadgeRunReport.render(passing, context: Self.context("x")))
    }

    @Test("the badge counts the cases that apply in the run's profile: one the profile leaves out is in no number")
    func badgeCoverageFollowsProfile() throws {
        let wkwvjbOnly = try #require(
            Catalogue.all.first { DialectApplicability.whyNotApplicable($0, in: .canonical) != nil })
        let canonicalOnly = try #require(
            Catalogue.all.first { DialectApplicability.whyNotApplicable($0, in: .wkwvjb) != nil })
        let results = [
            Self.result("a.one", .pass), Self.result(wkwvjbOnly.id, .notApplicable),
            Self.result(canonicalOnly.id, .notApplicable), Self.result("a.lacks-a-capability", .notApplicable),
        ]
        #expect(BadgeRunReport.coverage(results, profile: .canonical) == .init(ran: 1, applicable: 3))
        #expect(BadgeRunReport.coverage(results, profile: .wire(.wkwvjb)) == .init(ran: 1, applicable: 3))
        var wkwvjb = Self.context("x")
        wkwvjb.profile = .wire(.wkwvjb)
        let profileOnly = [Self.result("a.one", .pass), Self.result(canonicalOnly.id, .notApplicable)]
        #expect(
            BadgeRunReport.document(profileOnly, context: wkwvjb)
                == Self.badge("1/1 run · 1/1 MUST · 0/0 SHOULD", "brightgreen"))
        #expect(
            BadgeRunReport.document(profileOnly, context: Self.context("x"))
                == Self.badge("1/2 run · 1/1 MUST · 0/0 SHOULD", "yellowgreen"))
    }

    static func badge(_ message: String, _ color: String) -> JSONValue {
        .object(["schemaVersion": 1, "label": "WVJB conformance", "message": .string(message), "color": .string(color)])
    }
}

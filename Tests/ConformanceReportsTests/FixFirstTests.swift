import BridgeMutants
import KitTestSupport
import ReferenceBridge
import StrictJSON
import TestTiers
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports
@testable import ConformanceSupport

/// Reports start with what to fix first (`RootCauses`, `FixFirstSummary`): failures grouped by the obligation
/// they cite, consequences folded under the more basic finding every one of their cases also has.
@Suite("Fix first: a run's failures grouped by root cause")
@MainActor
struct FixFirstTests {
    /// A result with the given failures, for tests of the grouping alone.
    static func result(_ id: String, _ citations: [String], verdict: Verdict = .fail) -> CaseResult {
        var result = CaseResult(
            caseID: id, level: .must, verdict: verdict,
            failures: citations.map { CheckFailure(clause: $0, message: "broke \($0)") }, leftovers: .init(),
            transcript: Transcript(), bridgeJavaScriptSource: "")
        if let stop = CaseInterruption.Stop(verdict: verdict) {
            result.interruption = .stopped(stop, during: nil, detail: "the testee died\nits standard error said: trap")
        }
        return result
    }

    @Test("one defect failing many cases is one finding; findings in no case of their own fold under the basic one")
    func grouping() {
        let results = [
            Self.result("a", ["ESC-2.g", "ORD-1.a"]), Self.result("b", ["ESC-2.g", "CB-1.b", "ORD-1.a"]),
            Self.result("c", ["ESC-2.g"]), Self.result("d", ["LOG-2.a", "MISS-2.b"]),
            Self.result("e", [], verdict: .crash),
        ]
        let roots = RootCauses.findings(in: results)
        // Most cases first; then a crash, the more basic layer, before an ordering defect.
        #expect(roots.map(\.citation) == ["ESC-2.g", "crash", "MISS-2.b"], "\(roots.map(\.citation))")
        #expect(roots[0].cases == ["a", "b", "c"] && roots[0].occurrences == 3)
        // An outcome (a response that never reached its callback) comes after what it explains.
        #expect(roots[0].consequences.map(\.citation) == ["ORD-1.a", "CB-1.b"])
        #expect(roots[1].message == "crash: the testee died")
        #expect(roots[2].consequences.map(\.citation) == ["LOG-2.a"], "logs never explain anything")
    }

    @Test("an outcome (a call never delivered) alone is the root; beside a finding of its own cases it is not first")
    func outcomes() {
        #expect(RootCauses.findings(in: [Self.result("a", ["FLUSH-7.a"])]).map(\.citation) == ["FLUSH-7.a"])
        let both = RootCauses.findings(in: [
            Self.result("a", ["FLUSH-7.a"]), Self.result("b", ["FLUSH-7.a"]), Self.result("c", ["ORD-2.a"]),
        ])
        #expect(both.map(\.citation) == ["ORD-2.a", "FLUSH-7.a"])
    }

    @Test(
        "a command that calls another function (the old entry point `_handleMessageFromIOS`) is the one root, ESC-1.c, explaining every case it breaks; one that throws stays an outcome",
        .fullTier
    )
    func commandCallingAnotherFunction() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "command-calls-handle-message-from-ios"))
        let results = try await Kit.run(Catalogue.all, against: mutant)
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["ESC-1.c"], "\(FixFirstSummary.consoleLines(roots).joined(separator: "\n"))")
        #expect(roots.first?.explainedCases.count == results.filter { $0.verdict.category != .clean }.count)
        // The same obligation broken by a command that throws (the effect of a JS side that never arrived) is
        // an outcome on layer 7: a finding of its own cases comes first.
        let thrown = CheckFailure(clause: "ESC-1.c", message: "the evaluation threw before the call reached it")
        let throwing = ["a", "b", "c"].map { id in
            var result = Self.result(id, [])
            result.failures = [thrown]
            return result
        }
        let both = RootCauses.findings(in: throwing + [Self.result("d", ["BOOT-4.a"])])
        #expect(both.map(\.citation) == ["BOOT-4.a", "ESC-1.c"], "\(both.map(\.citation))")
        #expect(RootCauses.layer(of: both[1]) == 7 && RootCauses.layer(of: roots[0]) == 2)
    }

    @Test(
        "a port with three independent defects: the summary lists three findings, one per defect, with its clause",
        .fullTier)
    func threeDefects() async throws {
        let port = try MutantCatalogue.combination(of: Kit.threeDefects)
        let results = try await Kit.run(Catalogue.all) { port() }
        let roots = RootCauses.findings(in: results)
        let lines = FixFirstSummary.consoleLines(roots)
        // The reversed batch's failures fold under ORD-2.a (order differences, and the failures of cases whose
        // transcript shows a batch handled out of order), the reset's failures in cases that called reset()
        // under START-3.a, the removed handler's under MISS-2.a. Measured: 3 roots (24 before these groups, 7
        // before the transcript's evidence of batch order).
        #expect(roots.map(\.citation) == ["ORD-2.a", "START-3.a", "MISS-2.a"], "\(lines.joined(separator: "\n"))")
        #expect(roots[0].explainedCases.count >= 10, "\(roots[0].explainedCases)")
        #expect(lines.first == "Fix first (3 root findings in 35 cases):", "\(lines)")
        #expect(lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.count == 3, "\(lines)")
        #expect(
            lines.contains(
                "       folded: ID-3.a, MSG-3.c, MSG-3.a, MSG-3.b and 13 more (ordering consequence of ORD-2.a: the same values in another order)"
            ), "\(lines)")
        #expect(
            lines.contains("       folded: CB-3.c, START-1.b, CB-1.b (only in cases that called reset(), as START-3.a)")
        )
    }

    @Test(
        "a batch the transcript shows handled out of its array order makes its case's failures the same difference, also when their values changed"
    )
    func batchOrderEvidence() throws {
        let keys = WireDialect.canonical.keys
        func batchCase(_ id: String, fetched: [JSONValue], invoked: [TranscriptEvent], failures: [String]) -> CaseResult
        {
            var result = Self.result(id, failures)
            let fetch = WireDialect.canonical.fetchCommand
            result.transcript.appendEvaluation(id: 1, style: .asynchronous, script: fetch, at: 0)
            result.transcript.append(
                .evaluationFinished(id: 1, result: .string(JSONValue.array(fetched).canonicalText), error: nil), at: 0)
            for event in invoked { result.transcript.append(event, at: 0) }
            return result
        }
        let call = { (data: String) -> JSONValue in [keys.handlerName: "sink", keys.data: .string(data)] }
        let response = { (data: String) -> JSONValue in
            [keys.responseID: "objc_cb_1", keys.responseData: .string(data)]
        }
        // A repeated response handled before the first: the callback keeps the repeat, a changed value.
        let repeated = batchCase(
            "repeats", fetched: [response("first"), response("repeat"), call("after")],
            invoked: [
                .nativeHandlerInvoked(name: "sink", data: "after"), .nativeCallbackInvoked(label: "c", data: "repeat"),
            ],
            failures: ["CB-2.a"])
        // In order, one invocation missing: no evidence of disorder.
        let missing = batchCase(
            "missing", fetched: [call("1"), call("2"), call("3")],
            invoked: [.nativeHandlerInvoked(name: "sink", data: "1"), .nativeHandlerInvoked(name: "sink", data: "3")],
            failures: ["FLUSH-7.a"])
        #expect(repeated.transcript.handledSomeBatchOutOfOrder && !missing.transcript.handledSomeBatchOutOfOrder)
        #expect(missing.transcript.handledInFetchOrder && !repeated.transcript.handledInFetchOrder)
        var fifo = Self.result("fifo", ["ORD-2.a"])
        fifo.failures[0].expected = "[1, 2]"
        fifo.failures[0].actual = "[2, 1]"
        let roots = RootCauses.findings(in: [fifo, repeated, missing])
        #expect(roots.map(\.citation) == ["ORD-2.a", "FLUSH-7.a"], "\(roots.map(\.citation))")
        #expect(roots.first?.consequences.map(\.citation) == ["CB-2.a"])
    }

    @Test("failures that saw the expected values in another order are one difference, under the ordering obligation")
    func orderDifferences() {
        func result(_ id: String, _ failures: [(String, String, String)]) -> CaseResult {
            var result = Self.result(id, failures.map(\.0))
            for (index, failure) in failures.enumerated() {
                result.failures[index].expected = failure.1
                result.failures[index].actual = failure.2
            }
            return result
        }
        let results = [
            result("fifo", [("ORD-2.a", "[1, 2, 3]", "[3, 2, 1]")]),
            result("ids", [("ID-3.a", #"["a, b", {"k": [1, 2]}]"#, #"[{"k": [1, 2]}, "a, b"]"#)]),
            // Per-call checks that, together, saw the same values swapped.
            result("forms", [("MSG-3.c", #""text""#, "absent"), ("MSG-3.f", "absent", #""text""#)]),
            // Not an order difference: a value changed, or the same order.
            result("changed", [("CB-2.a", "[1, 2]", "[2, 3]")]),
            result("same", [("FLUSH-5.c", "[1, 2]", "[1, 2]")]),
        ]
        #expect(results.map(OrderDifference.holds(for:)) == [true, true, true, false, false])
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["ORD-2.a", "FLUSH-5.c", "CB-2.a"], "\(roots.map(\.citation))")
        #expect(roots[0].consequences.map(\.citation).sorted() == ["ID-3.a", "MSG-3.c", "MSG-3.f"])
        #expect(roots[0].explainedCases == ["fifo", "ids", "forms"])
        // One order-difference finding alone is just itself; without an ordering one, the one in most cases
        // (then the more basic, then by citation) leads.
        #expect(RootCauses.findings(in: [results[1]]).map(\.citation) == ["ID-3.a"])
        #expect(RootCauses.findings(in: Array(results[1...2])).map(\.citation) == ["ID-3.a"])
        #expect(ReorderedValues.elements(of: #"[ "x\"]", [1, [2]] ,absent ]"#) == [#""x\"]""#, "[1, [2]]", "absent"])
        #expect(ReorderedValues.elements(of: "[]").isEmpty && ReorderedValues.elements(of: "0") == ["0"])
    }

    @Test(
        "findings only in cases where a native response named no call the JS side made fold under MSG-2.b when it failed too: the answers were lost the same way"
    )
    func lostAnswers() throws {
        let keys = WireDialect.canonical.keys
        /// A case whose JS call with callbackId `cb_1` was answered by a response naming `answeredID`.
        func answered(_ id: String, _ citations: [String], answeredID: String) -> CaseResult {
            var result = Self.result(id, citations)
            let fetch = WireDialect.canonical.fetchCommand
            let call: JSONValue = [keys.handlerName: "echo", keys.data: 1, keys.callbackID: "cb_1"]
            result.transcript.appendEvaluation(id: 1, style: .asynchronous, script: fetch, at: 0)
            result.transcript.append(
                .evaluationFinished(id: 1, result: .string(JSONValue.array([call]).canonicalText), error: nil), at: 0)
            let response: JSONValue = [keys.responseID: .string(answeredID), keys.responseData: 1]
            let command = "WebViewJavascriptBridge._handleMessageFromObjC('\(response.canonicalText)');"
            result.transcript.appendEvaluation(id: 2, style: .asynchronous, script: command, at: 0)
            return result
        }
        let wrapped = "Optional(cb_1)"
        let results = [
            answered("keys", ["MSG-2.b"], answeredID: wrapped),
            answered("odd ids", ["ID-3.a"], answeredID: wrapped),
            answered("odd ids 2", ["ID-3.a"], answeredID: wrapped),
            answered("after an empty batch", ["BOOT-6.b"], answeredID: wrapped),
            // Its call answered by its own id: not the same loss.
            answered("ordered", ["ORD-1.a"], answeredID: "cb_1"),
        ]
        #expect(
            results[0].transcript.sentSomeResponseNamingNoCall && !results[4].transcript.sentSomeResponseNamingNoCall)
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["MSG-2.b", "ORD-1.a"], "\(roots.map(\.citation))")
        #expect(roots[0].consequences.map(\.citation).sorted() == ["BOOT-6.b", "ID-3.a"])
        // Without MSG-2.b failing, nothing says the responses' ids are what broke.
        #expect(RootCauses.findings(in: Array(results[1...])).map(\.citation) == ["ID-3.a", "BOOT-6.b", "ORD-1.a"])
    }

    @Test(
        "findings only in cases where a page asked for the JS side twice fold under the snippet's joining obligation (BOOT-5.b, WK-4.b) when it failed too: the second injection started the bridge afresh",
        arguments: [(WireDialect.canonical, "BOOT-5.b"), (.wkwvjb, "WK-4.b")])
    func secondInjection(dialect: WireDialect, joining: String) {
        /// A case whose one page asked for the JS side `signals` times, then a reload that asked once.
        func asked(_ id: String, _ citations: [String], signals: Int) -> CaseResult {
            var result = Self.result(id, citations)
            result.transcript = Transcript(dialect: dialect)
            for page in ["https://app.example/", "https://app.example/reloaded"] {
                result.transcript.append(.pageLoaded(url: page))
                for number in 0..<(page.hasSuffix("reloaded") ? 1 : signals) {
                    switch dialect.loadSignal {
                    case .navigation:
                        result.transcript.append(
                            .navigationRequested(id: number, url: "https://__bridge_loaded__", isMainFrame: false))
                    case .scriptMessage(let handlerName):
                        result.transcript.append(.scriptMessagePosted(name: handlerName, body: .null))
                    }
                }
            }
            return result
        }
        let results = [
            asked("setup", [joining, "BOOT-7.a"], signals: 3),
            asked("prototypes", ["BOOT-7.a"], signals: 2),
            asked("flush", ["FLUSH-2.a", "CB-1.b"], signals: 2),
            // One request per page, a reload included: not asked twice.
            asked("ordered", ["ORD-1.a"], signals: 1),
        ]
        #expect(results[1].transcript.askedForTheJSSideTwiceOnOnePage)
        #expect(!results[3].transcript.askedForTheJSSideTwiceOnOnePage)
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == [joining, "ORD-1.a"], "\(roots.map(\.citation))")
        #expect(roots.first?.consequences.map(\.citation).sorted() == ["BOOT-7.a", "CB-1.b", "FLUSH-2.a"])
        // Without the snippet's own finding, nothing says the second request is what broke the rest.
        #expect(!RootCauses.findings(in: Array(results[1...])).map(\.citation).contains(joining))
    }

    @Test(
        "findings only in cases where a JS callback got a whole response message fold under DISP-4.a when it failed too: every answer the page got was the message"
    )
    func wholeResponses() {
        let keys = WireDialect.canonical.keys
        /// A case whose JS callback got `answer`.
        func answered(_ id: String, _ citations: [String], answer: JSONValue) -> CaseResult {
            var result = Self.result(id, citations)
            result.transcript.append(.jsCallbackInvoked(label: "answer", data: answer))
            return result
        }
        let whole: JSONValue = [keys.responseID: "cb_1_0", keys.responseData: "after the empty batch"]
        let results = [
            answered("one-shot", ["DISP-4.a"], answer: whole),
            answered("empty batch", ["BOOT-6.b"], answer: whole),
            answered("crafted results", ["FLUSH-2.a", "FLUSH-2.b"], answer: [keys.responseID: "cb_2_0"]),
            // Data that merely holds a response id among other keys is a payload, not a message.
            answered("protocol words", ["MSG-4.b"], answer: [keys.responseID: "cb_1_0", "note": "payload"]),
        ]
        #expect(results[2].transcript.gaveAJSCallbackAWholeResponse)
        #expect(!results[3].transcript.gaveAJSCallbackAWholeResponse)
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["DISP-4.a", "MSG-4.b"], "\(roots.map(\.citation))")
        #expect(roots.first?.consequences.map(\.citation).sorted() == ["BOOT-6.b", "FLUSH-2.a", "FLUSH-2.b"])
        #expect(!RootCauses.findings(in: Array(results[1...])).map(\.citation).contains("DISP-4.a"))
    }

    @Test("findings only in cases that called reset() fold under the reset's own clause when it failed too")
    func sameOperation() {
        func result(_ id: String, _ citations: [String], actions: [AdapterAction]) -> CaseResult {
            var result = Self.result(id, citations)
            for action in actions { result.transcript.append(.adapterAction(action)) }
            return result
        }
        let reset: [AdapterAction] = [.attach, .reset]
        let results = [
            result("rearms", ["START-3.a"], actions: reset),
            result("stale answer", ["CB-3.c"], actions: reset),
            result("held", ["START-1.b"], actions: reset),
            // In a case without reset() too: not the reset's.
            result("order", ["ORD-1.a"], actions: reset), result("order again", ["ORD-1.a"], actions: [.attach]),
        ]
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["START-3.a", "ORD-1.a"], "\(roots.map(\.citation))")
        #expect(roots[0].consequences.map(\.citation).sorted() == ["CB-3.c", "START-1.b"])
        // Without a failure of START-3 itself, nothing says the reset is what broke; a crash never folds.
        #expect(RootCauses.findings(in: Array(results[1...])).count == 3)
        var crashed = result("crashed", [], actions: reset)
        crashed.verdict = .crash
        crashed.interruption = .stopped(.crash, during: nil, detail: "the testee died")
        #expect(RootCauses.findings(in: results + [crashed]).map(\.citation) == ["START-3.a", "ORD-1.a", "crash"])
    }

    @Test("each folded finding says why, by a typed rule and the finding it was folded under, in every report")
    func foldReasons() {
        let results = [
            Self.result("a", ["ESC-2.g", "ORD-1.a"]), Self.result("b", ["ESC-2.g", "CB-1.b", "ORD-1.a"]),
            Self.result("c", ["MSG-3.b", "MSG-3.g"]),
        ]
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["ESC-2.g", "MSG-3.b"], "\(roots.map(\.citation))")
        let reasons = roots[0].consequences.map(\.foldedBecause)
        #expect(reasons.map { $0?.rule } == [.moreBasicLayer, .outcome])
        #expect(reasons.allSatisfy { $0?.cause == "ESC-2.g" })
        #expect(reasons[0]?.text == "effect of the malformed command ESC-2.g in each of its cases")
        // Two obligations of one clause failing in the same cases: one behaviour, one finding.
        #expect(roots[1].consequences.map(\.foldedBecause?.rule) == [.sameClause])
        let lines = FixFirstSummary.consoleLines(roots)
        #expect(
            lines[2] == "       folded: ORD-1.a (effect of the malformed command ESC-2.g in each of its cases)",
            "\(lines)")
        #expect(lines[3] == "       folded: CB-1.b (outcome of ESC-2.g: what it lost never arrived)")
        #expect(lines[5] == "       folded: MSG-3.g (same clause as MSG-3.b, in cases it fails too)")
        let context = RunContext(adapter: "mutant:x", rerunWords: ["conformance", "run"])
        let json = JSONRunReport.render(results, context: context)
        #expect(
            json.contains(
                #""foldedBecause":{"reason":"outcome of ESC-2.g: what it lost never arrived","rule":"outcome","under":"ESC-2.g"}"#
            ), "\(json)")
        let markdown = MarkdownRunReport.render(results, context: context)
        #expect(
            markdown.contains("    - folded: CB-1.b (outcome of ESC-2.g: what it lost never arrived)"), "\(markdown)")
    }

    @Test("folds are bounded on the console, and hostile citations cut and made printable")
    func foldLinesBounded() {
        let hostile = "X-1.\u{1B}[2J" + String(repeating: "y", count: 300)
        // Nine clauses of one case under a crash: nine folds of one reason, one line, four named.
        var crashed = Self.result("crashed", (1...8).map { "ORD-\($0).a" } + [hostile], verdict: .crash)
        crashed.interruption = .stopped(.crash, during: nil, detail: "died")
        let lines = FixFirstSummary.consoleLines(RootCauses.findings(in: [crashed]))
        #expect(lines.count == 3, "\(lines)")
        #expect(
            lines[2].hasPrefix("       folded: ")
                && lines[2].contains(" and 5 more (only in cases cut short by the crash)"))
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") && $0.count < 700 }, "\(lines)")
    }

    @Test(
        "a request decided twice explains nothing: the web view keeps the first decision, so other findings stay roots")
    func decidedTwiceExplainsNothing() {
        let results = (0..<6).map { index in
            Self.result("c\(index)", ["BOOT-1.f"] + (index < 2 ? ["ID-3.a"] : index < 4 ? ["START-1.c"] : []))
        }
        #expect(RootCauses.findings(in: results).map(\.citation) == ["BOOT-1.f", "ID-3.a", "START-1.c"])
    }

    @Test(
        "findings only in cases where a page asked for the JS side and never got it fold under the injection's finding")
    func missingJavaScriptSide() {
        func withPage(_ id: String, _ citations: [String], injected: Bool) -> CaseResult {
            var result = Self.result(id, citations)
            result.transcript.append(.pageLoaded(url: "https://app.example/"))
            result.transcript.append(.navigationRequested(id: 1, url: "https://__bridge_loaded__", isMainFrame: false))
            if injected { result.transcript.append(.javaScriptSideAppeared(evaluation: 2)) }
            return result
        }
        let results = [
            withPage("reload", ["BOOT-4.a", "LIFE-1.a"], injected: false),
            withPage("html", ["BOOT-4.c", "LIFE-1.a", "SAFE-4.b"], injected: false),
            withPage("order", ["ORD-1.a"], injected: true),
        ]
        #expect(results[0].transcript.askedForTheJSSideWithoutGettingIt)
        #expect(!results[2].transcript.askedForTheJSSideWithoutGettingIt)
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["BOOT-4.a", "ORD-1.a"], "\(roots.map(\.citation))")
        // SAFE-4.b is in the case of BOOT-4.c only, a more basic finding, which folds with LIFE-1.a for the pages.
        let reasons = roots[0].consequences.map { "\($0.citation) \($0.foldedBecause?.rule.rawValue ?? "")" }
        #expect(
            reasons.sorted() == ["BOOT-4.c missing-js-side", "LIFE-1.a missing-js-side", "SAFE-4.b more-basic-layer"],
            "\(reasons)")
        // Injected pages: LIFE-1.a is in two cases of two injection findings, explained by neither.
        let injected = [
            withPage("reload", ["BOOT-4.a", "LIFE-1.a"], injected: true),
            withPage("html", ["BOOT-4.c", "LIFE-1.a"], injected: true),
        ]
        #expect(RootCauses.findings(in: injected).map(\.citation).contains("LIFE-1.a"))
    }

    @Test(
        "payload findings only in cases with a command the wire lint rejects fold under the lint's finding of those commands"
    )
    func malformedCommands() {
        let entry = WireDialect.canonical.entryPoint
        func withCommand(_ id: String, _ citations: [String], literal: String) -> CaseResult {
            var result = Self.result(id, citations)
            result.transcript.appendEvaluation(id: 1, style: .asynchronous, script: "\(entry)('\(literal)');")
            return result
        }
        let results = [
            withCommand("lf", ["ESC-2.d", "ESC-3.a"], literal: "{\"data\":\"a\nb\"}"),
            withCommand("cr", ["ESC-2.d", "ESC-3.c"], literal: "{\"data\":\"a\nb\"}"),
            withCommand("bom", ["ESC-3.d"], literal: "{\"data\":\"bom\"}"),
        ]
        #expect(results[0].transcript.malformedCommandObligations.map(\.id) == ["ESC-2.d"])
        #expect(results[2].transcript.malformedCommandObligations.isEmpty)
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["ESC-2.d", "ESC-3.d"], "\(roots.map(\.citation))")
        #expect(roots[0].consequences.map(\.foldedBecause?.rule) == [.sameCommands, .sameCommands])
    }

    @Test("findings only in cases where the JS side dispatched a delivered message again fold under DISP-3.a")
    func messageDispatchedAgain() {
        let keys = WireDialect.canonical.keys
        let entry = WireDialect.canonical.entryPoint
        func delivering(_ id: String, _ citations: [String], handled: [String]) -> CaseResult {
            var result = Self.result(id, citations)
            for (index, data) in ["first", "second"].enumerated() {
                let message: JSONValue = [keys.handlerName: "sink", keys.data: .string(data)]
                result.transcript.appendEvaluation(
                    id: index, style: .asynchronous, script: "\(entry)('\(message.canonicalText)');")
            }
            for data in handled {
                result.transcript.append(
                    .jsHandlerInvoked(
                        name: "sink", data: .string(data), hasResponder: false, duringNativeEvaluation: false))
            }
            return result
        }
        let results = [
            delivering("arrival", ["DISP-3.a"], handled: ["second", "second"]),
            delivering("fifo", ["ORD-1.a", "START-1.c"], handled: ["second", "second"]),
            delivering("lost", ["CB-1.b"], handled: ["first"]),
        ]
        #expect(results[0].transcript.dispatchedSomeDeliveredMessageAgain)
        #expect(!results[2].transcript.dispatchedSomeDeliveredMessageAgain)
        let roots = RootCauses.findings(in: results)
        #expect(roots.map(\.citation) == ["DISP-3.a", "CB-1.b"], "\(roots.map(\.citation))")
        #expect(roots[0].consequences.map(\.foldedBecause?.rule).allSatisfy { $0 == .messageDispatchedAgain })
    }

    @Test("the console lines are terminal-safe and bounded: five findings, three cases each, then a count")
    func consoleLines() {
        let hostile = "\u{1B}[2J\u{7}\nnext line"
        let results = (0..<8).map { Self.result("case-\($0)\(hostile)", ["ORD-\($0).a"]) }
        let lines = FixFirstSummary.consoleLines(RootCauses.findings(in: results))
        #expect(lines.count == 7 && lines.last?.contains("and 3 more") == true, "\(lines)")
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\u{7}") && !$0.contains("\n") }, "\(lines)")
        #expect(FixFirstSummary.consoleLines(RootCauses.findings(in: results), all: true).count == 9)
        #expect(FixFirstSummary.consoleLines([]).isEmpty)
    }
}

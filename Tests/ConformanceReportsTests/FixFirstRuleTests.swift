import ConformanceFixtures
import ConformanceObligations
import StrictJSON
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceReports
@testable import ConformanceSupport

/// Every rule of "Fix first" (`FixFirstRule`), one row each: a minimal situation where it fires and one, as
/// close as can be, where it does not. A rule added without a row fails `everyRuleHasARow`.
@Suite("Fix first rules: each fires on its evidence and only on it")
struct FixFirstRuleTests {
    /// What a rule is tried on: a run's results (a fold), or one failed check (a re-citation).
    enum Situation: Sendable {
        /// The results of a run, folded by `RootCauses.findings(in:)`.
        case run([CaseResult])
        /// A check of `obligation` that expected `expected` and saw `actual`, with the case's transcript so far.
        case failure(Obligation, expected: String, actual: String, Transcript)
    }

    /// One row of the table.
    struct Row: Sendable, CustomTestStringConvertible {
        var rule: FixFirstRule
        var fires: Situation
        var doesNotFire: Situation
        var testDescription: String { rule.rawValue }
    }

    /// Whether `rule` fired in `situation`: it re-cited the failure, or folded a finding of the run.
    static func fired(_ rule: FixFirstRule, in situation: Situation) -> Bool {
        switch situation {
        case .failure(let obligation, let expected, let actual, let transcript):
            guard let reCitation = rule.reCitation else { return false }
            return FixFirstRule.reCitation(of: obligation, expected: expected, actual: actual, in: { transcript })?
                .cites == reCitation.cites
        case .run(let results):
            return RootCauses.findings(in: results).flatMap(\.consequences).contains { $0.foldedBecause?.rule == rule }
        }
    }

    // MARK: Building situations

    static let keys = WireDialect.canonical.keys
    static let entry = WireDialect.canonical.entryPoint

    /// A failed case citing `citations`, whose transcript holds `events`.
    static func result(
        _ id: String, _ citations: [String], _ events: [TranscriptEvent] = [], dialect: WireDialect = .canonical
    ) -> CaseResult {
        var transcript = Transcript(dialect: dialect)
        for event in events { transcript.append(event, at: 0) }
        return CaseResult(
            caseID: id, level: .must, verdict: .fail,
            failures: citations.map { CheckFailure(clause: $0, message: "broke \($0)") }, leftovers: .init(),
            transcript: transcript, bridgeJavaScriptSource: "")
    }

    /// A failed case whose failures saw `expected` and `actual`.
    static func valued(_ id: String, _ failures: [(String, String, String)]) -> CaseResult {
        var result = result(id, failures.map(\.0))
        for (index, failure) in failures.enumerated() {
            result.failures[index].expected = failure.1
            result.failures[index].actual = failure.2
        }
        return result
    }

    /// A fetch of `messages`, then native handlers invoked with each of `handled`'s data.
    static func fetched(_ messages: [String], handled: [String]) -> [TranscriptEvent] {
        let batch = messages.map { JSONValue.object([keys.handlerName: "sink", keys.data: .string($0)]) }
        return [
            .evaluationStarted(
                id: 1, style: .asynchronous, command: NativeCommand(WireDialect.canonical.fetchCommand, in: .canonical)),
            .evaluationFinished(id: 1, result: .string(JSONValue.array(batch).canonicalText), error: nil),
        ] + handled.map { .nativeHandlerInvoked(name: "sink", data: .string($0)) }
    }

    /// Commands delivering a call of each of `messages`, then the JS handler run with each of `handled`'s data.
    static func delivered(_ messages: [String], handled: [String]) -> [TranscriptEvent] {
        let commands = messages.enumerated().map { index, data in
            let message: JSONValue = [keys.handlerName: "sink", keys.data: .string(data)]
            return TranscriptEvent.evaluationStarted(
                id: 10 + index, style: .asynchronous,
                command: NativeCommand("\(entry)('\(message.canonicalText)');", in: .canonical))
        }
        return commands
            + handled.map {
                .jsHandlerInvoked(name: "sink", data: .string($0), hasResponder: false, duringNativeEvaluation: false)
            }
    }

    /// A page that asked for the JS side `signals` times, and got it or not.
    static func page(signals: Int, injected: Bool) -> [TranscriptEvent] {
        [.pageLoaded(url: "https://app.example/")]
            + (0..<signals).map {
                .navigationRequested(id: $0, url: "https://__bridge_loaded__", isMainFrame: false)
            } + (injected ? [.javaScriptSideAppeared(evaluation: 2)] : [])
    }

    /// A JS call with callbackId `cb_1` fetched, then answered by a response naming `answeredID`.
    static func answered(_ answeredID: String) -> [TranscriptEvent] {
        let call: JSONValue = [keys.handlerName: "echo", keys.data: 1, keys.callbackID: "cb_1"]
        let response: JSONValue = [keys.responseID: .string(answeredID), keys.responseData: 1]
        return [
            .evaluationStarted(
                id: 1, style: .asynchronous, command: NativeCommand(WireDialect.canonical.fetchCommand, in: .canonical)),
            .evaluationFinished(id: 1, result: .string(JSONValue.array([call]).canonicalText), error: nil),
            .evaluationStarted(
                id: 2, style: .asynchronous,
                command: NativeCommand("\(entry)('\(response.canonicalText)');", in: .canonical)),
        ]
    }

    /// A native call of `sink` the case made with `handed`, and the command the native side sent for it with `sent`.
    static func called(handed: JSONValue, sent: JSONValue) -> [TranscriptEvent] {
        let message: JSONValue = [keys.handlerName: "sink", keys.data: sent]
        return [
            .adapterAction(.callHandler(name: "sink", data: handed, callback: nil)),
            .evaluationStarted(
                id: 10, style: .asynchronous,
                command: NativeCommand("\(entry)('\(message.canonicalText)');", in: .canonical)),
        ]
    }

    /// A command carrying `literal`.
    static func command(_ literal: String) -> [TranscriptEvent] {
        [
            .evaluationStarted(
                id: 1, style: .asynchronous, command: NativeCommand("\(entry)('\(literal)');", in: .canonical))
        ]
    }

    static func adapterActions(_ actions: AdapterAction...) -> [TranscriptEvent] { actions.map { .adapterAction($0) } }

    // MARK: The table

    static let rows: [Row] = [
        Row(
            rule: .queuedInAnotherOrder,
            fires: .failure(
                .ord2a, expected: "[1, 2]", actual: "[2, 1]", transcript(fetched(["1", "2"], handled: ["1", "2"]))),
            doesNotFire: .failure(
                .ord2a, expected: "[1, 2]", actual: "[2, 1]", transcript(fetched(["1", "2"], handled: ["2", "1"])))),
        Row(
            rule: .dispatchedInAnotherOrder,
            fires: .failure(
                .ord1a, expected: "[1, 2]", actual: "[2, 1]", transcript(delivered(["1", "2"], handled: ["2", "1"]))),
            doesNotFire: .failure(
                .ord1a, expected: "[1, 2]", actual: "[2, 1]", transcript(delivered(["1", "2"], handled: ["1", "2"])))),
        Row(
            rule: .moreBasicLayer,
            fires: .run([result("a", ["ESC-2.g", "ORD-1.a"]), result("b", ["ESC-2.g", "ORD-1.a"])]),
            // ORD-1.a also in a case without the malformed command.
            doesNotFire: .run([result("a", ["ESC-2.g", "ORD-1.a"]), result("b", ["ORD-1.a"])])),
        Row(
            rule: .outcome,
            fires: .run([result("a", ["ESC-2.g", "CB-1.b"])]),
            doesNotFire: .run([result("a", ["ESC-2.g"]), result("b", ["CB-1.b"])])),
        Row(
            rule: .sameClause,
            fires: .run([result("a", ["MSG-3.b", "MSG-3.g"])]),
            doesNotFire: .run([result("a", ["MSG-3.b"]), result("b", ["MSG-3.g"])])),
        Row(
            rule: .missingJavaScriptSide,
            fires: .run([
                result("reload", ["BOOT-4.a", "LIFE-1.a"], page(signals: 1, injected: false)),
                result("html", ["BOOT-4.c", "LIFE-1.a"], page(signals: 1, injected: false)),
            ]),
            doesNotFire: .run([
                result("reload", ["BOOT-4.a", "LIFE-1.a"], page(signals: 1, injected: true)),
                result("html", ["BOOT-4.c", "LIFE-1.a"], page(signals: 1, injected: true)),
            ])),
        Row(
            rule: .sameCommands,
            fires: .run([
                result("lf", ["ESC-2.d", "ESC-3.a"], command("{\"data\":\"a\nb\"}")),
                result("cr", ["ESC-2.d", "ESC-3.c"], command("{\"data\":\"a\nb\"}")),
            ]),
            // The same findings, the commands well formed: the lint rejected none.
            doesNotFire: .run([
                result("lf", ["ESC-2.d", "ESC-3.a"], command("{\"data\":\"ab\"}")),
                result("cr", ["ESC-2.d", "ESC-3.c"], command("{\"data\":\"ab\"}")),
            ])),
        Row(
            rule: .changedOnTheWayOut,
            fires: .run([
                result("numbers", ["ESC-3.a"], called(handed: [1, true], sent: [true, true])),
                result("fifo", ["ORD-1.a"], called(handed: [1, true], sent: [true, true])),
            ]),
            // A string changed too: that is an escape's doing, or another message's, not a conversion of numbers.
            doesNotFire: .run([
                result("numbers", ["ESC-3.a"], called(handed: [1, true], sent: [true, true])),
                result("fifo", ["ORD-1.a"], called(handed: [1, "a"], sent: [true, "b"])),
            ])),
        Row(
            rule: .resetCalled,
            fires: .run([
                result("rearms", ["START-3.a"], adapterActions(.reset)),
                result("stale", ["CB-3.c"], adapterActions(.reset)),
            ]),
            doesNotFire: .run([
                result("rearms", ["START-3.a"], adapterActions(.reset)),
                result("stale", ["CB-3.c"], adapterActions(.attach)),
            ])),
        Row(
            rule: .handlerRemoved,
            fires: .run([
                result("removed", ["MISS-2.a"], adapterActions(.removeHandler(name: "a"))),
                result("stale", ["CB-3.c"], adapterActions(.removeHandler(name: "b"))),
            ]),
            doesNotFire: .run([
                result("removed", ["MISS-2.a"], adapterActions(.removeHandler(name: "a"))),
                result("stale", ["CB-3.c"], adapterActions(.registerHandler(name: "b"))),
            ])),
        Row(
            rule: .lostAnswers,
            fires: .run([
                result("keys", ["MSG-2.b"], answered("Optional(cb_1)")),
                result("ids", ["ID-3.a"], answered("Optional(cb_1)")),
            ]),
            // The same findings, the call answered by its own id.
            doesNotFire: .run([
                result("keys", ["MSG-2.b"], answered("Optional(cb_1)")), result("ids", ["ID-3.a"], answered("cb_1")),
            ])),
        Row(
            rule: .secondInjection,
            fires: .run([
                result("setup", ["BOOT-5.b"], page(signals: 3, injected: true)),
                result("flush", ["FLUSH-2.a"], page(signals: 2, injected: true)),
            ]),
            doesNotFire: .run([
                result("setup", ["BOOT-5.b"], page(signals: 3, injected: true)),
                result("flush", ["FLUSH-2.a"], page(signals: 1, injected: true)),
            ])),
        Row(
            rule: .wholeResponses,
            fires: .run([
                result("one-shot", ["DISP-4.a"], [.jsCallbackInvoked(label: "c", data: [keys.responseID: "cb_1_0"])]),
                result("batch", ["BOOT-6.b"], [.jsCallbackInvoked(label: "c", data: [keys.responseID: "cb_2_0"])]),
            ]),
            // Data that merely holds a response id among other keys is a payload, not a message.
            doesNotFire: .run([
                result("one-shot", ["DISP-4.a"], [.jsCallbackInvoked(label: "c", data: [keys.responseID: "cb_1_0"])]),
                result("batch", ["BOOT-6.b"], [.jsCallbackInvoked(label: "c", data: [keys.responseID: "1", "n": 1])]),
            ])),
        Row(
            rule: .messageDispatchedAgain,
            fires: .run([
                result("arrival", ["DISP-3.a"], delivered(["1", "2"], handled: ["2", "2"])),
                result("fifo", ["ORD-1.a"], delivered(["1", "2"], handled: ["2", "2"])),
            ]),
            doesNotFire: .run([
                result("arrival", ["DISP-3.a"], delivered(["1", "2"], handled: ["2", "2"])),
                result("fifo", ["ORD-1.a"], delivered(["1", "2"], handled: ["1", "2"])),
            ])),
        Row(
            rule: .orderDifference,
            fires: .run([
                valued("fifo", [("ORD-2.a", "[1, 2, 3]", "[3, 2, 1]")]),
                valued("ids", [("ID-3.a", #"["a", "b"]"#, #"["b", "a"]"#)]),
            ]),
            // A value changed: not the same values in another order.
            doesNotFire: .run([
                valued("fifo", [("ORD-2.a", "[1, 2, 3]", "[3, 2, 1]")]),
                valued("ids", [("ID-3.a", #"["a", "b"]"#, #"["b", "c"]"#)]),
            ])),
    ]

    /// A canonical transcript of `events`.
    static func transcript(_ events: [TranscriptEvent]) -> Transcript {
        var transcript = Transcript()
        for event in events { transcript.append(event, at: 0) }
        return transcript
    }

    // MARK: Tests

    @Test("every rule has a row, once; rules are named in lowercase words joined by hyphens")
    func everyRuleHasARow() {
        #expect(Self.rows.map(\.rule) == FixFirstRule.allCases, "one row per rule, in the registry's order")
        for rule in FixFirstRule.allCases {
            #expect(rule.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.rawValue)")
        }
    }

    @Test("the rule fires in its situation", arguments: rows)
    func fires(row: Row) {
        #expect(Self.fired(row.rule, in: row.fires))
    }

    @Test("the rule does not fire in the situation without its evidence", arguments: rows)
    func doesNotFire(row: Row) {
        #expect(!Self.fired(row.rule, in: row.doesNotFire))
    }

    @Test("a fold by what cases show names the findings it folds under; a re-citation reads no case evidence")
    func evidenceAndCauses() {
        // The exceptions: outcomes fold by layer, and the lint's own finding leads the same commands.
        for rule in FixFirstRule.allCases where rule != .outcome && rule != .sameCommands {
            let namesCauses = !(rule.causeClauses.isEmpty && rule.causeObligations.isEmpty)
            #expect((rule.caseEvidence != nil) == namesCauses, "\(rule)")
        }
        for rule in FixFirstRule.allCases where rule.reCitation != nil {
            #expect(rule.caseEvidence == nil && rule.causeClauses.isEmpty && rule.causeObligations.isEmpty)
        }
        #expect(FixFirstRule.orderDifference.isCause("ORD-3.b") && FixFirstRule.orderDifference.isCause("THR-2.c"))
        #expect(!FixFirstRule.orderDifference.isCause("THR-2.a") && !FixFirstRule.orderDifference.isCause("ORDER-1"))
    }

    @Test("the JSON report's schema names every fold rule, and no re-citation, as a `foldedBecause` rule")
    func schemaNamesTheFoldRules() throws {
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/report.schema.json"), encoding: .utf8))
        let rule = schema.member("definitions")?.member("finding")?.member("properties")?.member("foldedBecause")?
            .member("properties")?.member("rule")?.member("enum")
        let folds = FixFirstRule.allCases.filter { $0.reCitation == nil }.map { JSONValue.string($0.rawValue) }
        guard case .array(let names)? = rule else {
            Issue.record("no rule enum in the schema")
            return
        }
        #expect(Set(names) == Set(folds) && names.count == folds.count, "\(names)")
    }

    @Test("a re-cited finding keeps the obligation it was first recorded under, and every report shows it")
    func reCitedFindingKeepsItsFirstObligation() throws {
        var reCited = CheckFailure(clause: .ord3a, message: "calls handled in another order", expected: "[1, 2]")
        reCited.actual = "[2, 1]"
        reCited.recitedFrom = .ord2a
        var result = Self.result("ordering.batch", [])
        result.failures = [reCited]
        let roots = RootCauses.findings(in: [result])
        #expect(roots.map(\.recitedFrom) == [["ORD-2.a"]])
        let console = FixFirstSummary.consoleLines(roots)
        #expect(
            console.contains(
                "  1. [ORD-3.a] (re-cited from ORD-2.a) calls handled in another order (1 case: ordering.batch)"),
            "\(console)")
        let context = RunContext(adapter: "x", rerunWords: ["run"])
        let markdown = MarkdownRunReport.render([result], context: context)
        #expect(markdown.contains("(re-cited from ORD-2.a) calls handled"), "\(markdown)")
        let html = HTMLRunReport.render([ImplementationRun(context: context, results: [result])])
        #expect(html.contains("[ORD-3.a] (re-cited from ORD-2.a) calls handled"), "\(html)")
        let json = JSONRunReport.render([result], context: context)
        #expect(json.contains(#""recitedFrom":["ORD-2.a"]"#) && json.contains(#""recitedFrom":"ORD-2.a""#), "\(json)")
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/report.schema.json"), encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: try JSONParser.parse(json)).isEmpty)
        // A failure its check cited as it is shows no re-citation.
        let plain = RootCauses.findings(in: [Self.result("ordering.batch", ["ORD-3.a"])])
        #expect(plain.map(\.recitedFrom) == [[]] && !FixFirstSummary.line(plain[0]).contains("re-cited"))
        #expect(!JSONRunReport.render([Self.result("a", ["ORD-3.a"])], context: context).contains("recitedFrom"))
    }
}

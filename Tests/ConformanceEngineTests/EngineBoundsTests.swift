import Foundation
import KitTestSupport
import ReferenceBridge
import StrictJSON
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceEngine
@testable import ConformanceKit

/// Every entry into the engine ends, and a script stopped by the time limit is blamed on whose code it was:
/// the native side's, the JS side's, or the kit's (a harness error). Microtask chains, which no in-process
/// limit can stop, are `EngineStallGuard`'s and tested out of process (CLITests, EngineStallTests).
@Suite("Engine bounds: conversions, getters and host functions cannot run for ever, and timeouts name their owner")
@MainActor
struct EngineBoundsTests {
    /// A short limit keeps each timeout quick; the watchdog counts CPU time.
    static let limit = 0.2

    @Test("a script calling a host function that swallows a timeout still stops: the termination is thrown on")
    func hostFunctionsPassTimeoutsOn() throws {
        let runtime = ScriptRuntime(executionTimeLimit: Self.limit)
        let context = ScriptContext(runtime: runtime)
        defer { context.close() }
        // A host function that converts its argument and ignores every error, as careless glue would.
        let swallow = context.makeHostFunction { arguments in
            _ = try? context.stringifyJSON(arguments[0])
            return nil
        }
        context.setProperty("convert", of: context.globalObject, to: swallow)
        #expect {
            try context.evaluate(
                """
                var calls = 0, looping = { get x() { while (true) {} } };
                while (true) { try { calls++; convert(looping); } catch (e) {} }
                """)
        } throws: { ($0 as? ScriptError)?.isTimeout == true }
        #expect(context.number(try context.evaluate("calls")) == 1, "the loop around the host function did not go on")
        #expect((try? context.evaluate("1 + 1")).flatMap(context.number) == 2, "the context is still usable")
    }

    @Test("a timeout in a call that cannot throw (String(value) with a looping toString) is kept for the harness")
    func timeoutsInConversionsAreKept() throws {
        let runtime = ScriptRuntime(executionTimeLimit: Self.limit)
        let context = ScriptContext(runtime: runtime)
        defer { context.close() }
        let value = try context.evaluate(
            "({ toString: function spin() { while (true) {} } })", sourceURL: "native-evaluation-7.js")
        #expect(runtime.takeTimeout() == nil)
        #expect(context.string(value) == "<unprintable value>")
        let timeout = try #require(runtime.takeTimeout())
        #expect(timeout.runawayFrame?.sourceURL == "native-evaluation-7.js")
        #expect(timeout.runawayFrame?.function == "spin")
        #expect(runtime.takeTimeout() == nil, "taking the timeout clears it")
    }

    @Test("the engine's backtrace is read into frames, names with spaces and URLs with colons included")
    func backtraceFrames() {
        let timeout = EngineTimeout(
            backtrace:
                "#0 x() at native-evaluation-2.js:1\n#1 global code() at https://app.example/index.html:12\nnoise")
        #expect(
            timeout.frames == [
                .init(function: "x", sourceURL: "native-evaluation-2.js", line: 1),
                .init(function: "global code", sourceURL: "https://app.example/index.html", line: 12),
            ])
    }

    @Test(
        "a getter that loops while the harness converts an evaluation's result ends the case as the native side's timeout"
    )
    func loopingGetterInAnEvaluationResult() async throws {
        let result = try await runCase(adapter: { EvaluatingAdapter(script: "({ get looping() { while (true) {} } })") }
        )
        #expect(result.verdict == .timeout, "\(result.report)")
        let reason = try #require(result.interruption?.text)
        #expect(reason.contains("a script the native side evaluated"), "\(reason)")
        #expect(reason.contains("the conversion of evaluation"), "\(reason)")
        #expect(reason.contains("looping()"), "\(reason)")
    }

    @Test(
        "a fetch result whose getter or Proxy trap loops is the JS side's timeout",
        arguments: [
            "return { get looping() { while (true) {} } };",
            "return new Proxy({}, { ownKeys: function () { while (true) {} } });",
        ])
    func loopingFetchResult(fetchBody: String) async throws {
        let javaScriptSide = try HarnessEnvironment.referenceJavaScriptSide()
            .replacingOccurrences(of: "_fetchQueue: fetchQueue,", with: "_fetchQueue: function () { \(fetchBody) },")
        let result = try await runCase(javaScriptSide: javaScriptSide)
        #expect(result.verdict == .timeout, "\(result.report)")
        let reason = try #require(result.interruption?.text)
        #expect(reason.contains("the JS side under test"), "\(reason)")
        #expect(reason.contains("of evaluation 1, the JS side's injection"), "\(reason)")
    }

    @Test("a script the native side evaluated that loops is the native side's timeout, naming its evaluation")
    func loopingNativeScript() async throws {
        let result = try await runCase(adapter: { EvaluatingAdapter(script: "var i = 0;\nwhile (true) { i++; }") })
        #expect(result.verdict == .timeout, "\(result.report)")
        #expect(result.interruption?.text.contains("a script the native side evaluated") == true, "\(result.report)")
        #expect(
            result.interruption?.text.contains("(stopped in the top level of evaluation") == true, "\(result.report)")
    }

    @Test("a case page of the kit that loops is a harness error, never the implementation's timeout")
    func loopingKitPage() async throws {
        let result = try await runCase(page: "while (true) {}")
        #expect(result.verdict == .harnessError, "\(result.report)")
        #expect(result.interruption?.text.contains("the kit's own page") == true, "\(result.report)")
        #expect(result.interruption?.text.contains("a fault of the kit") == true, "\(result.report)")
    }

    @Test(
        "numbers that fit no integer (a timer delay of Infinity, an error's line of 1e300) neither crash nor hang the harness"
    )
    func hostileNumbers() async throws {
        let result = try await runCase(
            page: """
                setTimeout(function () { __conformance.note("fired", 1); }, Infinity);
                setTimeout(function () { __conformance.note("huge", 2); }, 1e300);
                setTimeout(function () { throw { line: 1e300, sourceURL: 7, toString: function () { return "odd"; } }; }, -5);
                throw { line: -Infinity };
                """)
        #expect(result.verdict == .pass, "\(result.report)")
        #expect(result.transcript.pageNotes("fired") == [.number(1)])
        #expect(result.transcript.pageNotes("huge") == [.number(2)])
    }

    @Test("a thrown value whose toString loops is bounded and the page goes on")
    func loopingThrownValue() async throws {
        let result = try await runCase(adapter: {
            EvaluatingAdapter(script: "throw { toString: function () { while (true) {} } };")
        })
        #expect(result.verdict == .timeout, "\(result.report)")
        #expect(result.interruption?.text.contains("a script the native side evaluated") == true, "\(result.report)")
    }

    @Test("a case result survives the JSON a restarted run carries it in, null data apart from no data")
    func caseResultsRoundTrip() throws {
        var transcript = Transcript()
        transcript.append(
            .jsHandlerInvoked(name: "sink", data: .null, hasResponder: false, duringNativeEvaluation: true), at: 3)
        transcript.append(
            .jsHandlerInvoked(name: "sink", data: nil, hasResponder: true, duringNativeEvaluation: false), at: 4)
        transcript.append(
            .navigationDecided(id: 2, url: "https://__bridge_loaded__", policy: .cancel, defaulted: false), at: 5)
        transcript.append(.evaluationFinished(id: 1, result: ["a": [1, "\u{0}"]], error: nil), at: 6)
        transcript.append(.uncaughtError(message: "boom", line: nil), at: 7)
        var result = CaseResult(
            caseID: "escaping.x", level: .should, verdict: .nonStrict,
            failures: [CheckFailure(clause: "ESC-2.a", message: "m", expected: "e", actual: nil)],
            interruption: .stopped(.timeout, during: nil, detail: "why"),
            leftovers: CaseLeftovers(
                page: PageLeftovers(
                    timers: [.init(id: 1, dueAt: 9)], tasks: ["t"], undecidedNavigations: [.init(id: 3, url: "u")]),
                unansweredNativeCallbacks: [.init(label: "l", call: "c")]),
            transcript: transcript, bridgeJavaScriptSource: "js")
        result.clauses = ["ESC-2"]
        result.checks = [CaseCheck(citing: "ESC-2", "checked")]
        result.duration = .milliseconds(12)
        let json = try JSONParser.parse(CanonicalJSON.encodeKeepingNonASCII(try JSONValueEncoder.encode(result)))
        let back = try JSONValueDecoder.decode(CaseResult.self, from: json)
        #expect(back.transcript == result.transcript)
        #expect(
            back.failures == result.failures && back.leftovers == result.leftovers && back.clauses == result.clauses)
        #expect(back.checks == result.checks && back.verdict == .nonStrict && back.level == .should)
        #expect(back.interruption == result.interruption && back.duration == .milliseconds(12))
    }

    // MARK: Helpers

    /// Runs one case that loads `page` and lets it run, against `adapter`, with a short time limit.
    private func runCase(
        page: String = Kit.sinkPage, javaScriptSide: String? = nil,
        adapter: @escaping AdapterFactory = { ReferenceBridgeAdapter() }
    ) async throws -> CaseResult {
        let probe = Kit.adHocCase("test.engine-bounds") { context in
            context.loadPage(page)
            try await context.runUntilIdle()
            try context.callHandler("sink", data: "after")
            try await context.runUntilIdle()
        }
        let configuration = ConformanceRunner.Configuration(
            bridgeJavaScriptSource: javaScriptSide, executionTimeLimit: Self.limit)
        return try await Kit.run([probe], configuration: configuration, adapter: adapter)[0]
    }
}

/// The reference bridge, plus one script of its own evaluated when the page has loaded.
@MainActor
private final class EvaluatingAdapter: BridgeAdapter {
    let inner = ReferenceBridgeAdapter()
    let script: String
    init(script: String) { self.script = script }
    func attach(to webView: SimulatedWebView) throws {
        try inner.attach(to: webView)
        webView.evaluateJavaScript(script) { _, _ in }
    }
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try inner.registerHandler(name, handler: handler)
    }
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try inner.callHandler(name, data: data, responseCallback: responseCallback)
    }
}

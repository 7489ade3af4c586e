import CJavaScriptCore
import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridge
import ReferenceBridgeCore
import WireDialects

/// The harness's cost per bridged message against the raw JavaScriptCore cost of the evaluations the
/// message involves, measured in the same run.
///
/// A message through the harness costs the harness's work, the engine's, and the native side's own
/// (serializing, escaping, parsing, classifying URLs). The native side is the implementation under test,
/// not the harness, so its work, measured on its own without a page, is taken out of the harness's share.
enum MessageBenchmarks {
    /// Messages per measurement.
    static let count = 2000
    /// The wire measured: the canonical one, the reference's.
    private static let wire = WireDialect.canonical
    private static let keys = wire.keys
    /// The URL the JS side signals queued messages with, as a page writes it.
    private static let queueURL = (wire.queueSignal.navigation?.url ?? "") + "/"

    /// A JS side callback id, numbered `number`, at time 0.
    private static func javaScriptID(_ number: Int) -> String {
        wire.callbackIDs.javaScriptPrefix + "\(number)_0"
    }

    /// Prints both directions: a native call answered by JS, and a JS call answered by native.
    @MainActor
    static func run(_ runner: ConformanceRunner) async {
        let rawNative = rawNativeCallAnsweredByJS()
        let rawJS = rawJSCallAnsweredByNative()
        let bridgeNative = bridgeAloneNativeCall()
        let bridgeJS = bridgeAloneJSCall()
        let wholeNative = await perMessage(runner, nativeCalls(count)) - (await perMessage(runner, nativeCalls(0)))
        let wholeJS = await perMessage(runner, javaScriptCalls(count)) - (await perMessage(runner, javaScriptCalls(0)))
        report("a native call answered by JS", whole: wholeNative, bridge: bridgeNative, raw: rawNative)
        report("a JS call answered by native", whole: wholeJS, bridge: bridgeJS, raw: rawJS)
    }

    private static func report(_ label: String, whole: Double, bridge: Double, raw: Double) {
        let harness = whole - bridge
        let ratio = harness / raw
        print(
            String(
                format:
                    "  per message, %@: %.1f µs in all, of which the reference bridge's own work %.1f µs; harness %.1f µs against raw JavaScriptCore %.1f µs: %.2f×  (budget 3×: %@)",
                label, whole * 1e6, bridge * 1e6, harness * 1e6, raw * 1e6, ratio, ratio <= 3 ? "ok" : "OVER"))
    }

    /// Seconds per message of `conformanceCase` (best of five), its page start-up included.
    @MainActor
    private static func perMessage(_ runner: ConformanceRunner, _ conformanceCase: ConformanceCase) async -> Double {
        let seconds = await Benchmarks.best(of: 5) {
            let result = await runner.run(conformanceCase) { ReferenceBridgeAdapter() }
            precondition(result.verdict == .pass, result.report)
        }
        return seconds / Double(count)
    }

    /// `count` native calls to a JS handler that answers at once.
    private static func nativeCalls(_ count: Int) -> ConformanceCase {
        ConformanceCase(id: "benchmark.native-calls", clauses: [.ord1], summary: "native calls answered by JS") {
            context in
            context.loadPage(
                "\(wire.pageSetupCall)(function (bridge) { bridge.\(wire.registerHandlerFunction)('echo', function (data, respond) { respond(data); }); });"
            )
            try await context.runUntilIdle()
            for index in 0..<count {
                try context.callHandler("echo", data: .number(Double(index)), callback: "answer \(index)")
            }
            try await context.runUntilIdle()
        }
    }

    /// `count` JS calls to a native handler that answers at once.
    private static func javaScriptCalls(_ count: Int) -> ConformanceCase {
        ConformanceCase(id: "benchmark.js-calls", clauses: [.ord1], summary: "JS calls answered by native") {
            context in
            try context.registerHandler("echo", answer: .echo)
            context.loadPage(
                """
                \(wire.pageSetupCall)(function (bridge) {
                    for (var i = 0; i < \(count); i++) { bridge.\(wire.callHandlerFunction)('echo', i, function () {}); }
                });
                """)
            try await context.runUntilIdle()
        }
    }

    // MARK: The native side alone

    /// The reference core's own work for a native call answered by JS, without a page: serialize and
    /// escape the call, classify the signal's URL, parse the fetched answer and run the callback.
    private static func bridgeAloneNativeCall() -> Double {
        bestOfFive {
            let core = BridgeCore(evaluate: { _ in })
            core.injectJavascript("")
            for index in 0..<count {
                core.callHandler("echo", data: index) { _ in }
                _ = BridgeURLKind(URL(string: queueURL))
                core.flushMessageQueue(
                    "[{\"\(keys.responseData)\":\(index),\"\(keys.responseID)\":\"\(wire.callbackIDs.nativeID(index + 1))\"}]"
                )
            }
        }
    }

    /// The reference core's own work for a JS call answered by native, without a page: classify the
    /// signal's URL, parse the fetched call, run the handler, serialize and escape the answer.
    private static func bridgeAloneJSCall() -> Double {
        bestOfFive {
            let core = BridgeCore(evaluate: { _ in })
            core.injectJavascript("")
            core.registerHandler("echo") { data, respond in respond(data) }
            for index in 0..<count {
                _ = BridgeURLKind(URL(string: queueURL))
                core.flushMessageQueue(
                    "[{\"\(keys.callbackID)\":\"\(javaScriptID(index + 1))\",\"\(keys.data)\":\(index),\"\(keys.handlerName)\":\"echo\"}]"
                )
            }
        }
    }

    /// Seconds per message of `messages`, best of five.
    private static func bestOfFive(_ messages: () -> Void) -> Double {
        bestOfFive(setUp: {}, tearDown: { _ in }, messages)
    }

    /// Seconds per message of `messages` on what `setUp` prepares, untimed, for each of five rounds;
    /// the best round counts.
    private static func bestOfFive<Prepared>(
        setUp: () -> Prepared, tearDown: (Prepared) -> Void, _ messages: (Prepared) -> Void
    ) -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let prepared = setUp()
            defer { tearDown(prepared) }
            let start = DispatchTime.now()
            messages(prepared)
            best = min(best, Benchmarks.seconds(since: start))
        }
        return best / Double(count)
    }

    // MARK: Raw JavaScriptCore

    /// A bare context with the reference JS side and the little of a page it needs.
    private static func rawContext() -> JSGlobalContextRef {
        let context = JSGlobalContextCreate(nil)!
        evaluate(
            context,
            """
            var window = this;
            var document = { createElement: function () { return { style: {} }; }, documentElement: { appendChild: function () {}, removeChild: function () {} } };
            var pending = [];
            function setTimeout(callback) { pending.push(callback); }
            function runTimers() { while (pending.length) { pending.shift()(); } }
            """)
        evaluate(context, (try? ConformanceRunner.referenceJavaScriptSide()) ?? "")
        evaluate(
            context,
            "\(wire.javaScriptGlobal).\(wire.registerHandlerFunction)('echo', function (data, respond) { respond(data); }); runTimers();"
        )
        return context
    }

    /// Per message: the native command that calls `echo`, the timer turn that runs it, and the fetch of
    /// the answer: the three evaluations a native call answered by JS takes.
    private static func rawNativeCallAnsweredByJS() -> Double {
        bestRaw { context in
            for index in 0..<count {
                evaluate(
                    context,
                    wire.deliveryCommand(
                        literal:
                            "{\"\(keys.handlerName)\":\"echo\",\"\(keys.data)\":\(index),\"\(keys.callbackID)\":\"\(wire.callbackIDs.nativeID(index))\"}"
                    ))
                evaluate(context, "runTimers();")
                evaluate(context, wire.fetchCommand)
            }
        }
    }

    /// Per message: the JS call, the fetch, and the native answer's command with its timer turn.
    private static func rawJSCallAnsweredByNative() -> Double {
        bestRaw { context in
            for index in 0..<count {
                evaluate(
                    context, "\(wire.javaScriptGlobal).\(wire.callHandlerFunction)('echo', \(index), function () {});")
                evaluate(context, wire.fetchCommand)
                evaluate(
                    context,
                    wire.deliveryCommand(
                        literal:
                            "{\"\(keys.responseID)\":\"\(javaScriptID(index + 1))\",\"\(keys.responseData)\":\(index)}")
                        + " runTimers();")
            }
        }
    }

    /// Seconds per message of `messages` in a fresh raw context, best of five, as for the harness.
    private static func bestRaw(_ messages: (JSGlobalContextRef) -> Void) -> Double {
        bestOfFive(setUp: rawContext, tearDown: JSGlobalContextRelease, messages)
    }

    @discardableResult
    private static func evaluate(_ context: JSGlobalContextRef, _ script: String) -> JSValueRef? {
        let source = JSStringCreateWithUTF8CString(script)
        defer { JSStringRelease(source) }
        return JSEvaluateScript(context, source, nil, nil, 0, nil)
    }
}

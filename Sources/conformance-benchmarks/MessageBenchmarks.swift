import CJavaScriptCore
import ConformanceKit
import Foundation
import ReferenceBridge

/// The harness's cost per bridged message against the raw JavaScriptCore cost of the evaluations the
/// message involves, measured in the same run.
enum MessageBenchmarks {
    /// Messages per measurement.
    static let count = 2000

    /// Prints both directions: a native call answered by JS, and a JS call answered by native.
    @MainActor
    static func run(_ runner: ConformanceRunner) async {
        let rawNative = rawNativeCallAnsweredByJS()
        let rawJS = rawJSCallAnsweredByNative()
        let harnessNative = await perMessage(runner, nativeCalls(count)) - (await perMessage(runner, nativeCalls(0)))
        let harnessJS = await perMessage(runner, javaScriptCalls(count)) - (await perMessage(runner, javaScriptCalls(0)))
        report("a native call answered by JS", harness: harnessNative, raw: rawNative)
        report("a JS call answered by native", harness: harnessJS, raw: rawJS)
    }

    private static func report(_ label: String, harness: Double, raw: Double) {
        let ratio = harness / raw
        print(String(format: "  per message, %@: harness %.1f µs, raw JavaScriptCore %.1f µs: %.1f× (budget 3×: %@)",
                     label, harness * 1e6, raw * 1e6, ratio, ratio <= 3 ? "ok" : "OVER"))
    }

    /// Seconds per message of `conformanceCase` (best of three), its page start-up included.
    @MainActor
    private static func perMessage(_ runner: ConformanceRunner, _ conformanceCase: ConformanceCase) async -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now()
            let result = await runner.run(conformanceCase) { ReferenceBridgeAdapter() }
            precondition(result.verdict == .pass, result.report)
            best = min(best, Benchmarks.seconds(since: start))
        }
        return best / Double(count)
    }

    /// `count` native calls to a JS handler that answers at once.
    private static func nativeCalls(_ count: Int) -> ConformanceCase {
        ConformanceCase(id: "benchmark.native-calls", clauses: ["ORD-1"], summary: "native calls answered by JS") { context in
            context.loadPage("setupWebViewJavascriptBridge(function (bridge) { bridge.registerHandler('echo', function (data, respond) { respond(data); }); });")
            try await context.runUntilIdle()
            for index in 0..<count { try context.callHandler("echo", data: .number(Double(index)), callback: "answer \(index)") }
            try await context.runUntilIdle()
        }
    }

    /// `count` JS calls to a native handler that answers at once.
    private static func javaScriptCalls(_ count: Int) -> ConformanceCase {
        ConformanceCase(id: "benchmark.js-calls", clauses: ["ORD-1"], summary: "JS calls answered by native") { context in
            try context.registerHandler("echo", answer: .echo)
            context.loadPage("""
                setupWebViewJavascriptBridge(function (bridge) {
                    for (var i = 0; i < \(count); i++) { bridge.callHandler('echo', i, function () {}); }
                });
                """)
            try await context.runUntilIdle()
        }
    }

    // MARK: Raw JavaScriptCore

    /// A bare context with the reference JS side and the little of a page it needs.
    private static func rawContext() -> JSGlobalContextRef {
        let context = JSGlobalContextCreate(nil)!
        evaluate(context, """
            var window = this;
            var document = { createElement: function () { return { style: {} }; }, documentElement: { appendChild: function () {}, removeChild: function () {} } };
            var pending = [];
            function setTimeout(callback) { pending.push(callback); }
            function runTimers() { while (pending.length) { pending.shift()(); } }
            """)
        evaluate(context, (try? ConformanceRunner.referenceJavaScriptSide()) ?? "")
        evaluate(context, "WebViewJavascriptBridge.registerHandler('echo', function (data, respond) { respond(data); }); runTimers();")
        return context
    }

    /// Per message: the native command that calls `echo`, the timer turn that runs it, and the fetch of
    /// the answer: the three evaluations a native call answered by JS takes.
    private static func rawNativeCallAnsweredByJS() -> Double {
        let context = rawContext()
        defer { JSGlobalContextRelease(context) }
        let start = DispatchTime.now()
        for index in 0..<count {
            evaluate(context, "WebViewJavascriptBridge._handleMessageFromObjC('{\"handlerName\":\"echo\",\"data\":\(index),\"callbackId\":\"objc_cb_\(index)\"}');")
            evaluate(context, "runTimers();")
            evaluate(context, "WebViewJavascriptBridge._fetchQueue();")
        }
        return Benchmarks.seconds(since: start) / Double(count)
    }

    /// Per message: the JS call, the fetch, and the native answer's command with its timer turn.
    private static func rawJSCallAnsweredByNative() -> Double {
        let context = rawContext()
        defer { JSGlobalContextRelease(context) }
        let start = DispatchTime.now()
        for index in 0..<count {
            evaluate(context, "WebViewJavascriptBridge.callHandler('echo', \(index), function () {});")
            evaluate(context, "WebViewJavascriptBridge._fetchQueue();")
            evaluate(context, "WebViewJavascriptBridge._handleMessageFromObjC('{\"responseId\":\"cb_\(index + 1)_0\",\"responseData\":\(index)}'); runTimers();")
        }
        return Benchmarks.seconds(since: start) / Double(count)
    }

    @discardableResult
    private static func evaluate(_ context: JSGlobalContextRef, _ script: String) -> JSValueRef? {
        let source = JSStringCreateWithUTF8CString(script)
        defer { JSStringRelease(source) }
        return JSEvaluateScript(context, source, nil, nil, 0, nil)
    }
}

/// A handful of trivial steps that tell "the adapter is wired wrong" from "the implementation is wrong",
/// in the manner of Bowtie's smoke check. Not part of the catalogue; run with `conformance smoke`.
package enum SmokeCases {
    /// One smoke step and the hint printed when it fails.
    package struct Step: Sendable {
        /// The case that checks the step.
        package let check: ConformanceCase
        /// What to look at in the adapter when the step fails.
        package let hint: String
    }

    /// The steps, in the order they build on each other.
    package static let steps: [Step] = [
        Step(check: ConformanceCase(id: "smoke.attach", clauses: ["BOOT-2"], summary: "the adapter attaches and the page loads") { context in
            context.loadPage("conformance.note(\"loaded\", true);")
            try await context.runUntilIdle()
            context.expectEqual(context.transcript.pageNotes("loaded"), [true], clause: "BOOT-2.a", "whether the page loaded")
        }, hint: "attach(to:) must create the bridge and make it (or a proxy) webView.navigationDelegate, allowing non-bridge URLs"),
        Step(check: ConformanceCase(id: "smoke.injection", clauses: ["BOOT-3"], summary: "the bridge injects the JS side on __bridge_loaded__") { context in
            try await CasePages.start(context)
            context.runInPage("conformance.note(\"bridge\", typeof window.WebViewJavascriptBridge);")
            try await context.runUntilIdle()
            context.expectEqual(context.transcript.pageNotes("bridge"), ["object"], clause: "BOOT-3.a", "typeof window.WebViewJavascriptBridge")
        }, hint: "on https://__bridge_loaded__ the bridge must cancel and evaluate webView.bridgeJavaScriptSource (or its own JS side)"),
        Step(check: ConformanceCase(id: "smoke.native-to-js", clauses: ["ORD-1"], summary: "one native call reaches a JS handler") { context in
            try await CasePages.start(context)
            try context.callHandler("sink", data: "hello")
            try await context.runUntilIdle()
            context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), ["hello"], clause: "ORD-1.a", "data the JS handler got")
        }, hint: "callHandler(_:data:responseCallback:) must forward to the bridge, which evaluates through webView.evaluateJavaScript"),
        Step(check: ConformanceCase(id: "smoke.js-to-native", clauses: ["FLUSH-7"], summary: "one JS call reaches a native handler") { context in
            try context.registerHandler("sink", answer: .none)
            try await CasePages.start(context, page: "setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler(\"sink\", \"hello\"); });")
            context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["hello"], clause: "FLUSH-7.a", "data the native handler got")
        }, hint: "registerHandler must forward to the bridge, and the bridge must fetch the queue on https://__wvjb_queue_message__"),
    ]
}

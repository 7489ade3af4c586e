/// Cases on reload, navigation and re-injection.
enum LifecycleCases {
    static let all = [reinjectedOnEveryLoad, handlersPersist, oldPageCallbacksSilent, sendsDuringNavigation]

    /// A page whose setup callback registers the recording JS handler `sink` and the echoing JS handler `echo`.
    static let sinkAndEcho = """
        setupWebViewJavascriptBridge(function (bridge) {
            bridge.registerHandler("sink", conformance.recordingHandler("sink"));
            bridge.registerHandler("echo", conformance.echoHandler("echo"));
        });
        """

    static let reinjectedOnEveryLoad = ConformanceCase(
        id: "lifecycle.reinjected-on-every-load",
        clauses: ["BOOT-4", "BOOT-3"],
        summary: "the JS side is injected again for a reloaded page and for a new page, and native calls reach each of them"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("sink", data: "first page")
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after reload")
        try await context.runUntilIdle()
        context.loadPage(CasePages.sink, url: "https://app.example/other.html")
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after navigation")
        try await context.runUntilIdle()
        context.runInPage(#"conformance.note("bridge present", typeof window.WebViewJavascriptBridge === "object");"#)
        context.expectEqual(context.transcript.pageNotes("bridge present"), [true], clause: "BOOT-4.b", "whether the page navigated to has the JS side")
        let got = context.transcript.jsHandlerInvocations("sink").map(\.data)
        context.expectEqual(got.filter { $0 == "first page" }, ["first page"], clause: "BOOT-3.a", "data the JS handler of the first page got")
        context.expectEqual(got.filter { $0 == "after reload" }, ["after reload"], clause: "BOOT-4.a", "data the JS handler of the reloaded page got")
        context.expectEqual(got.filter { $0 == "after navigation" }, ["after navigation"], clause: "BOOT-4.b",
                            "data the JS handler of the page navigated to got")
        context.expectEqual(got.filter { $0 != "first page" && $0 != "after reload" && $0 != "after navigation" }, [], clause: "BOOT-4.a",
                            "other data the JS handlers of the three pages got")
    }

    static let handlersPersist = ConformanceCase(
        id: "lifecycle.handlers-persist",
        clauses: ["LIFE-1"],
        summary: "native handlers registered once keep answering after a reload and after navigating to another page"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        let page = { (label: String) in
            """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("echo", "\(label)", conformance.callback("echoed"));
            });
            """
        }
        context.loadPage(page("first"))
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        context.loadPage(page("second"), url: "https://app.example/other.html")
        try await context.runUntilIdle()
        let calls = context.transcript.nativeHandlerInvocations("echo"), answers = context.transcript.jsCallbackInvocations("echoed")
        context.expectEqual(Array(calls.prefix(2)), ["first", "first"], clause: "LIFE-1.a", "data the native handler got from the first page and its reload")
        context.expectEqual(Array(calls.dropFirst(2)), ["second"], clause: "LIFE-1.b", "data the native handler got from the page navigated to")
        context.expectEqual(Array(answers.prefix(2)), ["first", "first"], clause: "LIFE-1.a", "answers the first page and its reload got")
        context.expectEqual(Array(answers.dropFirst(2)), ["second"], clause: "LIFE-1.b", "answers the page navigated to got")
    }

    static let oldPageCallbacksSilent = ConformanceCase(
        id: "lifecycle.old-page-callbacks-silent",
        clauses: ["LIFE-3", "CB-1"],
        accepts: .unansweredNativeCallbacks,
        summary: "after a reload the callback of a call the old page never answered is not invoked, while calls to the new page are answered"
    ) { context in
        try await CasePages.start(context, page: sinkAndEcho)
        try context.callHandler("sink", data: "never answered", callback: "old page")
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("echo", data: "new page", callback: "new page", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeCallbackInvocations("old page").count, 0, clause: "LIFE-3.a",
                            "invocations of the callback of a call sent to the old page")
        context.expectEqual(context.transcript.nativeCallbackInvocations("new page"), ["new page"], clause: "CB-1.b",
                            "answers the callback of a call to the new page got (from the response that names it)")
    }

    static let sendsDuringNavigation = ConformanceCase(
        id: "lifecycle.sends-during-navigation",
        clauses: ["LIFE-2", "START-2", "START-1"],
        summary: "a call made while a reload is under way is lost or delivered once to the new page, never twice, and calls after the load arrive"
    ) { context in
        try await CasePages.start(context)
        context.reload()
        try context.callHandler("sink", data: "during the reload")
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after the reload")
        try await context.runUntilIdle()
        let received = context.transcript.jsHandlerInvocations("sink").map(\.data)
        let during = received.filter { $0 == "during the reload" }.count
        // LIFE-2 lets the call be lost or held; held, it is delivered as START-1 says: in one evaluation, once.
        context.expect(during <= 1, clause: "START-1.d", "the call made during the reload was delivered \(during) times (at most once allowed)")
        context.expectEqual(received.filter { $0 == "after the reload" }.count, 1, clause: "START-2.a", "deliveries of the call made after the new page loaded")
    }
}

/// Cases on calls to handlers that do not exist, on either side.
enum MissingHandlerCases {
    static let all = [nativeBatchContinues, removedHandler, messageWithoutHandlerName, jsMissingHandler]

    static let nativeBatchContinues = ConformanceCase(
        id: "missing-handler.native.batch-continues",
        clauses: ["MISS-1", "MISS-5", "MISS-4"],
        summary: "a JS call to a missing native handler gets no answer by default (error answers are an opt-in extension) and the rest of its batch still runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("nobodyHome", 1, conformance.callback("missing"));
                // Names no handler is registered under, though they differ from "sink" only in case or spaces.
                bridge.callHandler("Sink", 1);
                bridge.callHandler("SINK", 1);
                bridge.callHandler("sink ", 1);
                bridge.callHandler(" sink", 1);
                bridge.callHandler("sink", 2);
            });
            """)
        let got = context.transcript.nativeHandlerInvocations("sink")
        context.expectEqual(got.filter { $0 == 1 }, [], clause: "MISS-1.a",
                            "data of the calls to missing handlers (nobodyHome, Sink, SINK, \"sink \", \" sink\") that the native handler sink got")
        context.expectEqual(got.filter { $0 != 1 }, [2], clause: "MISS-1.d", "calls the native handler got after the missing one")
        context.expectEqual(context.transcript.jsCallbackInvocations("missing").count, 0, clause: "MISS-1.c", "answers to the call to a missing handler")
    }

    static let removedHandler = ConformanceCase(
        id: "missing-handler.native.removed-handler",
        clauses: ["MISS-2"],
        requires: .removeHandler,
        summary: "after removeHandler, calls to it behave as missing while other handlers still work"
    ) { context in
        try context.registerHandler("gone", answer: .echo)
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        try context.removeHandler("gone")
        context.runInPage("""
            WebViewJavascriptBridge.callHandler("gone", 1, conformance.callback("gone"));
            WebViewJavascriptBridge.callHandler("sink", 2);
            """)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("gone").count, 0, clause: "MISS-2.a", "calls the removed handler got")
        context.expectEqual(context.transcript.jsCallbackInvocations("gone").count, 0, clause: "MISS-2.a", "answers from the removed handler")
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [2], clause: "MISS-2.b", "calls the remaining handler got")
    }

    static let messageWithoutHandlerName = ConformanceCase(
        id: "missing-handler.native.no-handler-name",
        clauses: ["MISS-1"],
        summary: "a JS message without handlerName counts as missing and does not stop the batch"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler(undefined, "no name");
                bridge.callHandler("sink", "named");
            });
            """)
        let got = context.transcript.nativeHandlerInvocations("sink")
        context.expectEqual(got.filter { $0 == "no name" }, [], clause: "MISS-1.b", "data of the call without handlerName that a native handler got")
        context.expectEqual(got.filter { $0 != "no name" }, ["named"], clause: "MISS-1.d", "calls the native handler got after the one without handlerName")
    }

    static let jsMissingHandler = ConformanceCase(
        id: "missing-handler.js.no-answer-next-works",
        clauses: ["MISS-3", "CB-1"],
        accepts: .unansweredNativeCallbacks,
        summary: "a native call to a missing JS handler gets no answer, and the next call's answer still reaches its own callback"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("echo", conformance.echoHandler("echo"));
            });
            """)
        try context.callHandler("nobodyHome", data: 1, callback: "missing")
        try context.callHandler("echo", data: 2, callback: "echoed", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeCallbackInvocations("missing").count, 0, clause: "MISS-3.a", "answers to the call to a missing JS handler")
        context.expectEqual(context.transcript.nativeCallbackInvocations("echoed"), [2], clause: "MISS-3.b", "answers the next call's callback got")
    }
}

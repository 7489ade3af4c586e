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
                bridge.callHandler("sink", 2);
            });
            """)
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [2], clause: "MISS-1", "calls the native handler got after the missing one")
        context.expectEqual(context.transcript.jsCallbackInvocations("missing").count, 0, clause: "MISS-1", "answers to the call to a missing handler")
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
        context.expectEqual(context.transcript.nativeHandlerInvocations("gone").count, 0, clause: "MISS-2", "calls the removed handler got")
        context.expectEqual(context.transcript.jsCallbackInvocations("gone").count, 0, clause: "MISS-2", "answers from the removed handler")
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [2], clause: "MISS-2", "calls the remaining handler got")
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
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["named"], clause: "MISS-1", "calls the native handler got")
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
        context.expectEqual(context.transcript.nativeCallbackInvocations("missing").count, 0, clause: "MISS-3", "answers to the call to a missing JS handler")
        context.expectEqual(context.transcript.nativeCallbackInvocations("echoed"), [2], clause: "MISS-3", "answers the next call's callback got")
    }
}

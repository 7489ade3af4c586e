/// Cases on ordering: FIFO in both directions and inside batches.
enum OrderingCases {
    static let all = [nativeToJSFIFO, jsToNativeBatchFIFO, mixedBatchInOrder, responsesDuringBatch]

    static let nativeToJSFIFO = ConformanceCase(
        id: "ordering.native-to-js.fifo",
        clauses: ["ORD-1"],
        summary: "native calls reach the JS handler in the order they were made"
    ) { context in
        try await CasePages.start(context)
        for number in 1...5 { try context.callHandler("sink", data: .number(Double(number))) }
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), [1, 2, 3, 4, 5],
                            clause: "ORD-1", "data the JS handler got, in order")
    }

    static let jsToNativeBatchFIFO = ConformanceCase(
        id: "ordering.js-to-native.batch-fifo",
        clauses: ["ORD-2"],
        summary: "calls JS makes in one turn arrive as one batch and run in array order"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                for (var i = 1; i <= 5; i++) { bridge.callHandler("sink", i); }
            });
            """)
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [1, 2, 3, 4, 5],
                            clause: "ORD-2", "data the native handler got, in order")
    }

    static let mixedBatchInOrder = ConformanceCase(
        id: "ordering.js-to-native.mixed-batch-in-order",
        clauses: ["ORD-2"],
        summary: "a batch that mixes calls and a response runs in array order, the response's callback between the calls"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("ask", function (data, respond) {
                    bridge.callHandler("sink", "before the answer");
                    respond("the answer");
                    bridge.callHandler("sink", "after the answer");
                });
            });
            """)
        try context.callHandler("ask", callback: "answer", expectsResponse: true)
        try await context.runUntilIdle()
        let order = context.transcript.events.compactMap { event -> String? in
            switch event {
            case let .nativeHandlerInvoked(name, data): "handler \(name) got \(data?.canonicalText ?? "nil")"
            case let .nativeCallbackInvoked(label, data): "callback \(label) got \(data?.canonicalText ?? "nil")"
            default: nil
            }
        }
        context.expectEqual(order, [#"handler sink got "before the answer""#, #"callback answer got "the answer""#,
                                    #"handler sink got "after the answer""#],
                            clause: "ORD-2", "native invocations for the batch [call, response, call], in order")
    }

    static let responsesDuringBatch = ConformanceCase(
        id: "ordering.round-trip.responses-in-call-order",
        clauses: ["ORD-1", "ORD-2", "MSG-2"],
        summary: "answers a native handler gives while a batch runs reach the JS callbacks in call order with the right data"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                ["a", "b", "c"].forEach(function (value) {
                    bridge.callHandler("echo", value, conformance.callback("answer"));
                });
            });
            """)
        context.expectEqual(context.transcript.jsCallbackInvocations("answer"), ["a", "b", "c"],
                            clause: "ORD-1", "answers the JS callbacks got, in order")
    }
}

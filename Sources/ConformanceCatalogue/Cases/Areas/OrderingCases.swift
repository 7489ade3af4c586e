import ConformanceObligations
import StrictJSON
import WireDialects

/// Cases on ordering: FIFO in both directions and inside batches.
enum OrderingCases {
    static let all = [
        nativeToJSFIFO, acrossStartupQueue, jsToNativeBatchFIFO, mixedBatchInOrder, eachMessageDoneBeforeNext,
        responsesDuringBatch,
    ]

    static let nativeToJSFIFO = ConformanceCase(
        id: "ordering.native-to-js.fifo",
        clauses: [.ord1],
        dialects: WireDialect.shipped,
        summary:
            "native calls reach the JS handler in the order they were made, a large message and a small one after it included"
    ) { context in
        try await CasePages.start(context)
        for number in 1...5 { try context.callHandler("sink", data: .number(Double(number))) }
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), [1, 2, 3, 4, 5],
            clause: .ord1a, "data the JS handler got, in order")
        // A port may take a main-thread hop for some messages only (large ones serialized on another queue,
        // say); the order holds across it.
        let large = JSONValue.string(String(repeating: "a large message ", count: 8_192))
        try context.callHandler("sink", data: large)
        try context.callHandler("sink", data: "a small message")
        try await context.runUntilIdle()
        let strings = context.transcript.jsHandlerInvocations("sink").compactMap { invocation -> String? in
            guard case .string(let text)? = invocation.data else { return nil }
            return invocation.data == large ? "the large message (\(text.utf16.count) UTF-16 units)" : text
        }
        context.expectEqual(
            strings, ["the large message (131072 UTF-16 units)", "a small message"], clause: .ord1c,
            "messages the JS handler got from a large call and a small call made right after it, in order")
    }

    static let acrossStartupQueue = ConformanceCase(
        id: "ordering.native-to-js.startup-queue-first",
        clauses: [.ord1, .start1],
        summary:
            "native calls held before the page loads reach JS before the answer to the page's first call, sent after them"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        for number in 1...2 { try context.callHandler("sink", data: .number(Double(number))) }
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                    bridge.callHandler("echo", "first call", conformance.callback("answer"));
                });
                """)
        let order = context.transcript.events.compactMap { event -> String? in
            switch event {
            case let .jsHandlerInvoked(name, data, _, _): "handler \(name) got \(data?.displayText ?? "undefined")"
            case let .jsCallbackInvoked(label, data): "callback \(label) got \(data?.displayText ?? "undefined")"
            default: nil
            }
        }
        // The held calls' own order is the startup queue's (START-1.c); the answer after them, whatever that
        // order, is the order across the queue (ORD-1.b).
        let isHeldCall = { (invocation: String) in invocation.hasPrefix("handler sink got ") }
        context.expectEqual(
            order.filter(isHeldCall), ["handler sink got 1", "handler sink got 2"], clause: .start1c,
            "JS invocations of the two calls held in the startup queue, in the order the native side sent them")
        context.expectEqual(
            order.map { isHeldCall($0) ? "a held call" : $0 },
            ["a held call", "a held call", #"callback answer got "first call""#], clause: .ord1b,
            "JS invocations: the two calls held in the startup queue, then the answer the native side sent after them")
    }

    static let jsToNativeBatchFIFO = ConformanceCase(
        id: "ordering.js-to-native.batch-fifo",
        clauses: [.ord2],
        summary: "calls JS makes in one turn arrive as one batch and run in array order"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    for (var i = 1; i <= 5; i++) { bridge.callHandler("sink", i); }
                });
                """)
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), [1, 2, 3, 4, 5],
            clause: .ord2a, "data the native handler got, in order")
    }

    static let mixedBatchInOrder = ConformanceCase(
        id: "ordering.js-to-native.mixed-batch-in-order",
        clauses: [.ord2],
        summary:
            "a batch that mixes calls and a response runs in array order, the response's callback between the calls"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
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
        let order = context.transcript.nativeInvocationOrder
        context.expectEqual(
            order,
            [
                #"handler sink got "before the answer""#, #"callback answer got "the answer""#,
                #"handler sink got "after the answer""#,
            ],
            clause: .ord2c, "native invocations for the batch [call, response, call], in order")
    }

    static let eachMessageDoneBeforeNext = ConformanceCase(
        id: "ordering.js-to-native.each-message-done-before-next",
        clauses: [.ord2],
        summary:
            "each message of a batch is handled to the end before the next is examined: a repeated answer finds its callback already gone"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("answerTwice", function (data, respond) {
                        respond("first answer");
                        respond("repeated answer");
                        bridge.callHandler("sink", "after the answers");
                    });
                });
                """)
        try context.callHandler("answerTwice", callback: "answer", expectsResponse: true)
        try await context.runUntilIdle()
        let order = context.transcript.nativeInvocationOrder
        context.expectEqual(
            order, [#"callback answer got "first answer""#, #"handler sink got "after the answers""#],
            clause: .ord2b,
            "native invocations for the batch [response, same response again, call]: the first response's callback is removed before the second is examined"
        )
    }

    static let responsesDuringBatch = ConformanceCase(
        id: "ordering.round-trip.responses-in-call-order",
        clauses: [.ord1, .ord2, .msg2],
        summary:
            "answers a native handler gives while a batch runs reach the JS callbacks in call order with the right data"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    ["a", "b", "c"].forEach(function (value) {
                        bridge.callHandler("echo", value, conformance.callback("answer"));
                    });
                });
                """)
        // The batch runs in array order (ORD-2.a); the answers given while it runs arrive in the order given (ORD-1.d).
        let handled = context.transcript.nativeHandlerInvocations("echo")
        context.expectEqual(
            handled, ["a", "b", "c"], clause: .ord2a,
            "data the native handler got from the batch of three calls, in order")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("answer"), handled,
            clause: .ord1d, "answers the JS callbacks got, in the order the native handler gave them")
    }
}

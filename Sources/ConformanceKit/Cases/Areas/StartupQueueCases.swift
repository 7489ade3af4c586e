/// Cases on the native startup queue: held before injection, flushed in order after the JS side, then off.
enum StartupQueueCases {
    static let all = [callsBeforeLoadDelivered, javascriptFirst, queueOffAfterInjection, resetRearms]

    static let callsBeforeLoadDelivered = ConformanceCase(
        id: "startup.calls-before-load.delivered-in-order",
        clauses: ["START-1", "ORD-1"],
        summary: "native calls made before the page loads are held and delivered in order to a handler registered in the setup callback"
    ) { context in
        for number in 1...3 { try context.callHandler("sink", data: .number(Double(number))) }
        context.loadPage(CasePages.sink)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), [1, 2, 3],
                            clause: "START-1", "data the JS handler got from calls made before the page loaded")
    }

    static let javascriptFirst = ConformanceCase(
        id: "startup.js-side-before-queued-messages",
        clauses: ["START-1", "BOOT-3"],
        summary: "on __bridge_loaded__ the JS side is evaluated before any queued message"
    ) { context in
        try context.callHandler("sink", data: "queued")
        context.loadPage(CasePages.sink)
        try await context.runUntilIdle()
        let scripts = context.transcript.nativeEvaluations.map(\.script)
        let jsSide = context.webView.bridgeJavaScriptSource
        guard let injection = scripts.firstIndex(of: jsSide) else {
            context.fail(clause: "BOOT-3", "the JS side was never evaluated")
            return
        }
        let firstMessage = scripts.firstIndex { $0.hasPrefix(WireInspector.commandPrefix) }
        context.expect(firstMessage.map { $0 > injection } ?? false, clause: "START-1",
                       "the first queued message must be evaluated after the JS side (JS side at #\(injection + 1), first message at \(firstMessage.map { "#\($0 + 1)" } ?? "never"))")
    }

    static let queueOffAfterInjection = ConformanceCase(
        id: "startup.queue-off-after-injection",
        clauses: ["START-2"],
        summary: "after injection, native calls are evaluated at once instead of being held"
    ) { context in
        try await CasePages.start(context)
        let before = context.transcript.nativeEvaluations.count
        try context.callHandler("sink", data: "live")
        try await context.runUntilIdle()
        let sent = context.transcript.nativeEvaluations.dropFirst(before).filter { $0.script.hasPrefix(WireInspector.commandPrefix) }
        context.expectEqual(sent.count, 1, clause: "START-2", "message commands evaluated after a call made once the page was up")
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), ["live"],
                            clause: "START-2", "data the JS handler got")
    }

    static let resetRearms = ConformanceCase(
        id: "startup.reset-rearms-queue",
        clauses: ["START-3"],
        requires: .reset,
        summary: "after reset() calls are held until the next __bridge_loaded__, then delivered to the new page"
    ) { context in
        try await CasePages.start(context)
        try context.reset()
        try context.callHandler("sink", data: "held")
        try await context.runUntilIdle()
        let early = context.transcript.jsHandlerInvocations("sink").count
        context.expectEqual(early, 0, clause: "START-3", "JS handler invocations between reset() and the reload")
        context.reload()
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), ["held"],
                            clause: "START-3", "data the new page's JS handler got")
    }
}

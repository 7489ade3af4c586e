import ConformanceBrowser
import ConformanceObligations
import StrictJSON

/// Cases on the native startup queue: held before injection, flushed in order after the JS side, then off.
enum StartupQueueCases {
    static let all = [
        callsBeforeLoadDelivered, javascriptFirst, queueOffAfterInjection, resetRearms, resetState, resetHoldsResponses,
        heldCallsCallbackIDs,
    ]

    static let callsBeforeLoadDelivered = ConformanceCase(
        id: "startup.calls-before-load.delivered-in-order",
        clauses: [.start1, .ord1],
        summary:
            "native calls made before the page loads are held and delivered in order to a handler registered in the setup callback, once: a reload brings none of them again"
    ) { context in
        for number in 1...3 { try context.callHandler("sink", data: .number(Double(number))) }
        context.loadPage(CasePages.sink(in: context.dialect))
        try await context.runUntilIdle()
        let got = context.transcript.jsHandlerInvocations("sink").map(\.data), sent: [JSONValue?] = [1, 2, 3]
        context.expectEqual(
            CheckParts.sorted(got), CheckParts.sorted(sent), clause: .start1a,
            "data the JS handler got from calls made before the page loaded, whatever the order: each held and delivered"
        )
        context.expectEqual(
            CheckParts.ofSent(got, sent: sent), CheckParts.inSendOrder(got, sent: sent), clause: .start1c,
            "data the JS handler got from calls made before the page loaded, in the order they were made")
        let commands = context.transcript.nativeEvaluations.filter {
            $0.command.deliveredMessage != nil
        }
        context.expectEqual(
            commands.count, 3, clause: .start1d,
            "message commands evaluated for three held calls (one evaluation each)")
        // Once delivered, held messages are gone: the next page's load URL must not bring them again.
        context.reload()
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").count, 3, clause: .start1d,
            "JS handler calls for three held calls, after the page was reloaded (delivered once each)")
    }

    static let javascriptFirst = ConformanceCase(
        id: "startup.js-side-before-queued-messages",
        clauses: [.start1, .boot3],
        summary: "on __bridge_loaded__ the JS side is evaluated before any queued message"
    ) { context in
        try context.callHandler("sink", data: "queued")
        context.loadPage(CasePages.sink(in: context.dialect))
        try await context.runUntilIdle()
        let evaluations = context.transcript.nativeEvaluations
        let jsSide = context.transcript.javaScriptSideEvaluationIDs
        let injection = evaluations.firstIndex { jsSide.contains($0.id) }
        let firstMessage = evaluations.firstIndex {
            $0.command.deliveredMessage != nil
        }
        context.expect(
            injection != nil, clause: .boot3a,
            "the JS side was evaluated on the load URL (a native evaluation made window.\(context.dialect.javaScriptGlobal) appear)"
        )
        context.expect(
            firstMessage != nil, clause: .start1a, "the message queued before the page loaded was evaluated")
        if let injection, let firstMessage {
            // The order is BOOT-3's own obligation: the whole JS side before any held message.
            context.expect(
                firstMessage > injection, clause: .boot3b,
                "the first queued message must be evaluated after the JS side (JS side at #\(injection + 1), first message at #\(firstMessage + 1))"
            )
        }
    }

    static let queueOffAfterInjection = ConformanceCase(
        id: "startup.queue-off-after-injection",
        clauses: [.start2],
        summary: "after injection, native calls are evaluated at once instead of being held"
    ) { context in
        try await CasePages.start(context)
        let before = context.transcript.nativeEvaluations.count
        try context.callHandler("sink", data: "live")
        try await context.runUntilIdle()
        let sent = context.transcript.nativeEvaluations.dropFirst(before).filter {
            $0.command.deliveredMessage != nil
        }
        context.expectEqual(
            sent.count, 1, clause: .start2a, "message commands evaluated after a call made once the page was up")
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), ["live"],
            clause: .start2a, "data the JS handler got")
    }

    static let resetRearms = ConformanceCase(
        id: "startup.reset-rearms-queue",
        clauses: [.start3],
        requires: .reset,
        summary: "after reset() calls are held until the next __bridge_loaded__, then delivered to the new page"
    ) { context in
        try await CasePages.start(context)
        try context.reset()
        try context.callHandler("sink", data: "held")
        try await context.runUntilIdle()
        let early = context.transcript.jsHandlerInvocations("sink").count
        context.expectEqual(early, 0, clause: .start3a, "JS handler invocations between reset() and the reload")
        context.reload()
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), ["held"],
            clause: .start3a, "data the new page's JS handler got (held until its load URL)")
    }

    static let resetState = ConformanceCase(
        id: "startup.reset.callbacks-ids-handlers",
        clauses: [.start3],
        requires: .reset,
        accepts: .unansweredNativeCallbacks,
        summary:
            "reset() drops outstanding callbacks without calling them, restarts callback numbering and keeps native handlers"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    window.bridge = bridge;
                    bridge.registerHandler("later", function (data, respond) {
                        __conformance.handlerInvoked("later", data, typeof respond === "function");
                        window.heldResponder = respond;
                    });
                    bridge.registerHandler("echo", conformance.echoHandler("echo"));
                });
                """)
        try context.callHandler("later", data: "answered after the reset", callback: "dropped")
        try context.callHandler("echo", data: "before", callback: "answered", expectsResponse: true)
        try await context.runUntilIdle()
        let firstID = context.transcript.decodedNativeMessages.lazy.compactMap { $0.member("callbackId") }.first

        try context.reset()
        context.runInPage(
            """
            if (window.heldResponder) { window.heldResponder("late"); }
            window.bridge.callHandler("sink", "after the reset");
            """)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("dropped").count, 0, clause: .start3b,
            "invocations of a callback outstanding at reset(), answered after it")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["after the reset"], clause: .start3d,
            "data the native handler registered before reset() got after it")

        try context.callHandler("echo", data: "after", callback: "after the reset", expectsResponse: true)
        context.loadPage(CasePages.echo(in: context.dialect))
        try await context.runUntilIdle()
        let afterReset = context.transcript.decodedNativeMessages.last { $0.member("data") == "after" }
        context.expectEqual(
            afterReset?.member("callbackId"), firstID, clause: .start3c,
            "callback id of the first call after reset() (numbering restarts: the first id issued)")
    }

    static let resetHoldsResponses = ConformanceCase(
        id: "startup.reset.holds-responses",
        clauses: [.start1, .start3, .flush7],
        requires: .reset,
        summary:
            "an answer a native handler gives after reset() is held with calls and evaluated after the next page's JS side"
    ) { context in
        try context.registerHandler("slow", answer: .later)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.callHandler("slow", "question", conformance.callback("answer"));
                });
                """)
        let callbackID = context.transcript.fetchedMessages.lazy.compactMap { $0.member("callbackId") }.first
        try context.reset()
        let answered = try context.answerHeld("slow", with: "held answer")
        context.expect(
            answered, clause: .flush7a, "the native handler slow was never invoked, so there was nothing to answer")
        try await context.runUntilIdle()
        context.loadPage(CasePages.sink(in: context.dialect))
        try await context.runUntilIdle()
        // Where the answer went, not only that it went: held, it reaches the next page after its JS side, and
        // never the page still up between reset() and the next load URL (whose callback would take it).
        let pages = context.transcript.pages
        guard pages.count == 2, let old = pages.first, let next = pages.last else {
            return context.fail(
                clause: .start1b,
                "the case expected two pages (the page whose call was answered, the next one), the transcript has \(pages.count)"
            )
        }
        @MainActor func answers(in page: Transcript, afterJavaScriptSide: Bool) -> [JSONValue?] {
            let evaluations = page.nativeEvaluations, jsSide = page.javaScriptSideEvaluationIDs
            let start = afterJavaScriptSide ? (evaluations.firstIndex { jsSide.contains($0.id) } ?? 0) : 0
            return evaluations.dropFirst(start).compactMap {
                $0.command.deliveredMessage
            }
            .filter { $0.member("responseId") == callbackID && callbackID != nil }.map { $0.member("responseData") }
        }
        context.expectEqual(
            answers(in: old, afterJavaScriptSide: false), [], clause: .start1b,
            "responses to the old page's call evaluated into that page after reset() (held until the next load URL)")
        context.expectEqual(
            old.jsCallbackInvocations("answer"), [], clause: .start1b,
            "answers the old page's callback got after reset() (the answer is held for the next page)")
        context.expectEqual(
            answers(in: next, afterJavaScriptSide: true), ["held answer"], clause: .start1b,
            "responses to the old page's call evaluated into the next page once its JS side was in")
    }

    static let heldCallsCallbackIDs = ConformanceCase(
        id: "startup.held-calls.callback-ids",
        clauses: [.id2],
        level: .should,
        summary:
            "native callback ids count objc_cb_1, objc_cb_2, ... from calls held before the page loads on through calls after it, skipping calls without a callback and reusing no answered id"
    ) { context in
        try context.callHandler("echo", data: "held, no callback")
        try context.callHandler("echo", data: "held 1", callback: "held 1")
        try context.callHandler("echo", data: "held, no callback either")
        try context.callHandler("echo", data: "held 2", callback: "held 2")
        context.loadPage(CasePages.echo(in: context.dialect))
        try await context.runUntilIdle()
        // Each later call is made once the previous one is answered, so that no callback is outstanding.
        let live = (3...11).map { "live \($0)" }
        for label in live {
            try context.callHandler("echo", data: .string("\(label), no callback"))
            try context.callHandler("echo", data: .string(label), callback: label)
            try await context.runUntilIdle()
        }
        let messages = context.transcript.decodedNativeMessages.filter { $0.member("handlerName") == "echo" }
        let ids = messages.compactMap { $0.member("callbackId") }
        let malformed = ids.filter { id in
            guard case .string(let text) = id else { return true }
            let forms = context.runDialect.callbackIDs
            return forms.nativeNumber(of: text).map { forms.nativeID($0) != text || $0 < 1 } ?? true
        }
        context.expectEqual(
            malformed, [], clause: .id2a,
            "callback ids not of the form \(context.runDialect.callbackIDs.nativePrefix)<n> among \(ids.count), held and live"
        )
        func callbackID(ofCallWith data: String) -> JSONValue? {
            messages.first { $0.member("data") == .string(data) }?.member("callbackId")
        }
        context.expectEqual(
            callbackID(ofCallWith: "held 1"), .string(context.runDialect.callbackIDs.nativeID(1)), clause: .id2b,
            "callback id of the bridge's first call with a callback, held in the startup queue after a call without one"
        )
        let labels = ["held 1", "held 2"] + live
        context.expectEqual(
            labels.map { callbackID(ofCallWith: $0) },
            (1...11).map { .string(context.runDialect.callbackIDs.nativeID($0)) }, clause: .id2c,
            "callback ids of eleven calls with a callback, two held and nine made one at a time after the answers, calls without a callback between them"
        )
    }
}

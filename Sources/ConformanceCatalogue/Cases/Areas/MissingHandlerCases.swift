import ConformanceObligations
import StrictJSON

/// Cases on calls to handlers that do not exist, on either side.
enum MissingHandlerCases {
    static let all = [
        nativeBatchContinues, removedHandler, removedBeforeLoadAcrossReload, messageWithoutHandlerName,
        jsMissingHandler, jsMissingAmongLateAnswers,
    ]

    static let nativeBatchContinues = ConformanceCase(
        id: "missing-handler.native.batch-continues",
        clauses: [.miss1, .miss5, .miss4],
        summary:
            "a JS call to a missing native handler gets no answer by default (error answers are an opt-in extension) and the rest of its batch still runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
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
        context.expectEqual(
            got.filter { $0 == 1 }, [], clause: .miss1a,
            "data of the calls to missing handlers (nobodyHome, Sink, SINK, \"sink \", \" sink\") that the native handler sink got"
        )
        context.expectEqual(
            got.filter { $0 != 1 }, [2], clause: .miss1d, "calls the native handler got after the missing one")
        expectNoResponsesToMissingHandlers(context, registered: ["sink"], clause: .miss1c)
    }

    static let removedHandler = ConformanceCase(
        id: "missing-handler.native.removed-handler",
        clauses: [.miss2, .miss5],
        requires: .removeHandler,
        summary: "after removeHandler, calls to it behave as missing while other handlers still work"
    ) { context in
        try context.registerHandler("gone", answer: .echo)
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        try context.removeHandler("gone")
        context.runInPage(
            """
            WebViewJavascriptBridge.callHandler("gone", 1, conformance.callback("gone"));
            WebViewJavascriptBridge.callHandler("gone", "without a callback");
            WebViewJavascriptBridge.callHandler("sink", 2);
            """)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("gone").count, 0, clause: .miss2a,
            "calls the removed handler got")
        expectNoResponsesToMissingHandlers(context, registered: ["sink"], clause: .miss2a)
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), [2], clause: .miss2b,
            "calls the remaining handler got")
    }

    static let removedBeforeLoadAcrossReload = ConformanceCase(
        id: "missing-handler.native.removed-before-load",
        clauses: [.miss2, .miss5],
        requires: .removeHandler,
        summary:
            "a handler removed before the page loads stays missing for the calls of the setup callback and after a reload, in batches with calls to handlers of similar names, which still answer"
    ) { context in
        for name in ["gone", "gone too", "Gone", "echo"] { try context.registerHandler(name, answer: .echo) }
        try context.registerHandler("sink", answer: .none)
        try context.removeHandler("gone")
        try context.removeHandler("never registered")
        let page = """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("gone", "removed", conformance.callback("gone"));
                bridge.callHandler("gone too", "similar name", conformance.callback("gone too"));
                bridge.callHandler("Gone", "other case", conformance.callback("Gone"));
                bridge.callHandler("sink", "after the removed one");
            });
            """
        context.loadPage(page)
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        context.runInPage(
            #"WebViewJavascriptBridge.callHandler("gone", null, conformance.callback("gone")); WebViewJavascriptBridge.callHandler("echo", "last", conformance.callback("echo"));"#
        )
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("gone"), [], clause: .miss2a,
            "calls the handler removed before the page loaded got, from two pages (one after a reload)")
        expectNoResponsesToMissingHandlers(
            context, registered: ["gone too", "Gone", "echo", "sink"], clause: .miss2a)
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["after the removed one", "after the removed one"],
            clause: .miss2a,
            "calls the native handler sink got after a call to the removed handler, in the same batch, on each page")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("gone too"), ["similar name", "similar name"], clause: .miss2b,
            "answers from the handler \"gone too\" on each page, \"gone\" and a never-registered name being removed")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("Gone"), ["other case", "other case"], clause: .miss2b,
            "answers from the handler \"Gone\" on each page, \"gone\" being removed")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("echo"), ["last"], clause: .miss2b,
            "answers from the handler echo, called after the removed one on the reloaded page")
    }

    static let messageWithoutHandlerName = ConformanceCase(
        id: "missing-handler.native.no-handler-name",
        clauses: [.miss1, .miss5],
        summary: "a JS message without handlerName counts as missing and does not stop the batch"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.callHandler(undefined, "no name");
                    bridge.callHandler("sink", "named");
                });
                """)
        let got = context.transcript.nativeHandlerInvocations("sink")
        context.expectEqual(
            got.filter { $0 == "no name" }, [], clause: .miss1b,
            "data of the call without handlerName that a native handler got")
        context.expectEqual(
            got.filter { $0 != "no name" }, ["named"], clause: .miss1d,
            "calls the native handler got after the one without handlerName")
        expectNoResponsesToMissingHandlers(context, registered: ["sink"], clause: .miss1c)
    }

    static let jsMissingHandler = ConformanceCase(
        id: "missing-handler.js.no-answer-next-works",
        clauses: [.miss3, .cb1, .disp6],
        accepts: .unansweredNativeCallbacks,
        summary:
            "a native call to a missing JS handler gets no answer, and the next call's answer still reaches its own callback"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("echo", conformance.echoHandler("echo"));
                });
                """)
        try context.callHandler("nobodyHome", data: 1, callback: "missing")
        try context.callHandler("echo", data: 2, callback: "echoed", expectsResponse: true)
        try await context.runUntilIdle()
        expectNoAnswerToMissingJSHandler(
            "nobodyHome", data: 1, callback: "missing", in: context, "answers to the call to a missing JS handler")
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("echoed"), [2], clause: .miss3b,
            "answers the next call's callback got")
    }

    static let jsMissingAmongLateAnswers = ConformanceCase(
        id: "missing-handler.js.missing-among-late-answers",
        clauses: [.miss3, .disp6],
        accepts: .unansweredNativeCallbacks,
        summary:
            "on a page navigated to, native calls to JS handlers it does not register (one the previous page had) get no answer, while the calls around them, answered later and in reverse order, get theirs"
    ) { context in
        context.loadPage(
            """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("firstPageOnly", conformance.echoHandler("firstPageOnly"));
            });
            """)
        try await context.runUntilIdle()
        try context.callHandler(
            "firstPageOnly", data: "on the first page", callback: "first page", expectsResponse: true)
        try await context.runUntilIdle()
        context.loadPage(
            """
            setupWebViewJavascriptBridge(function (bridge) {
                var pending = [];
                bridge.registerHandler("late", function (data, respond) {
                    __conformance.handlerInvoked("late", data, true);
                    pending.push(function () { respond(data); });
                    if (pending.length === 2) { setTimeout(function () { while (pending.length) { pending.pop()(); } }, 0); }
                });
                bridge.registerHandler("echo", conformance.echoHandler("echo"));
            });
            """, url: "https://app.example/other.html")
        try await context.runUntilIdle()
        try context.callHandler("firstPageOnly", data: "on the second page", callback: "missing: first page only")
        try context.callHandler("late", data: "late 1", callback: "late 1", expectsResponse: true)
        try context.callHandler("nöbody 😀", data: .null, callback: "missing: unicode name")
        try context.callHandler("late", data: "late 2", callback: "late 2", expectsResponse: true)
        try context.callHandler("missing without callback", data: "nothing")
        try context.callHandler("echo", data: "echo", callback: "echo", expectsResponse: true)
        try await context.runUntilIdle()
        for (handler, data, label): (String, JSONValue, String) in [
            ("firstPageOnly", "on the second page", "missing: first page only"),
            ("nöbody 😀", .null, "missing: unicode name"),
        ] {
            expectNoAnswerToMissingJSHandler(
                handler, data: data, callback: label, in: context,
                "answers callback '\(label)' got, calls around it being answered later and in reverse order")
        }
        for label in ["late 1", "late 2", "echo"] {
            context.expectEqual(
                context.transcript.nativeCallbackInvocations(label), [.string(label)], clause: .miss3b,
                "answers callback '\(label)' got, its call sent among calls to missing JS handlers")
        }
    }

    /// Judges a native call to a JS handler the page does not register, by the component at fault: a
    /// response the JS side sent to it (read on the wire) is the JS side's defect (DISP-6.a), and the native
    /// side invoking the callback it names is then right; a callback invoked without one is the native
    /// side's (MISS-3.a).
    /// - Parameters:
    ///   - handler: The JS handler the native side called.
    ///   - data: The call's data, which tells it from other calls to `handler`.
    ///   - label: The label of the call's native callback.
    ///   - description: What the MISS-3.a check reads, for its failure.
    @MainActor
    static func expectNoAnswerToMissingJSHandler(
        _ handler: String, data: JSONValue, callback label: String, in context: CaseContext, _ description: String
    ) {
        let delivered = context.transcript.decodedNativeMessages
        let callbackID = delivered.first {
            $0.member("handlerName") == .string(handler) && $0.member("data") == data
        }?.member("callbackId")
        // A response names this call only when no other call was given its callbackId (a native side that
        // reuses ids makes the answer to another call look like one to this).
        let ownID = callbackID.flatMap { id in
            delivered.filter { $0.member("callbackId") == id }.count == 1 ? id : nil
        }
        let responses = context.transcript.fetchedMessages.filter { ownID != nil && $0.member("responseId") == ownID }
        context.expectEqual(
            responses.map { $0.member("responseData") ?? "<no responseData>" }, [], clause: .disp6a,
            "responseData of the responses the JS side sent to the native call to the missing JS handler \(JSONValue.string(handler).canonicalText)"
        )
        if responses.isEmpty {
            context.expectEqual(
                context.transcript.nativeCallbackInvocations(label), [], clause: .miss3a, description)
        }
    }

    /// Checks the responses the native side sent to the calls each page made to handlers not in
    /// `registered`, read on the wire so that a response the JS side ignores still counts: a call with a
    /// `callbackId` gets none by default (MISS-5.a) and never more than the one error response MISS-4
    /// allows; a call without one gets none, so no response names no call (`clause`: MISS-1.c, or
    /// MISS-2.a for removed handlers).
    @MainActor
    static func expectNoResponsesToMissingHandlers(_ context: CaseContext, registered: Set<String>, clause: Obligation)
    {
        var unanswerable: [String] = [], tooMany: [String] = [], stray: [String] = []
        for (index, page) in context.transcript.pages.enumerated() {
            let calls = page.fetchedMessages.filter { $0.member("responseId") == nil }
            let responses = page.decodedNativeMessages.compactMap { $0.member("responseId") }
            var issued: Set<JSONValue> = []
            for call in calls {
                guard case .string(let id)? = call.member("callbackId"), !id.isEmpty else { continue }
                issued.insert(.string(id))
                if case .string(let name)? = call.member("handlerName"), registered.contains(name) { continue }
                let answers = responses.filter { $0 == .string(id) }.count
                let described =
                    "page \(index + 1): \(call.member("handlerName")?.canonicalText ?? "(no handlerName)") with callbackId \(id)"
                if answers > 0 { unanswerable.append(described) }
                if answers > 1 { tooMany.append("\(described): \(answers) responses") }
            }
            stray += responses.filter { !issued.contains($0) }.map {
                "page \(index + 1): responseId \($0.canonicalText)"
            }
        }
        context.expectEqual(
            unanswerable, [], clause: .miss5a,
            "calls to missing handlers answered by a response, though the MISS-4 error response is off by default")
        context.expectEqual(
            tooMany, [], clause: clause,
            "calls to missing handlers answered more than once (MISS-4 allows one error response)")
        context.expectEqual(
            stray, [], clause: clause,
            "responses naming no call with a callbackId on their page (a call to a missing handler without a callbackId gets no response)"
        )
    }
}

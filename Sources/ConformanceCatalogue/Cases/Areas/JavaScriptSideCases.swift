import ConformanceObligations
import StrictJSON

/// Cases on the JS side under test: sending, dispatch, API surface, idempotent injection, source form, the
/// safety switch and its logging.
///
/// The native side is only the courier here. What the JS side sent is read from the results of the
/// native `_fetchQueue();` evaluations; page code simulates native messages with `_handleMessageFromObjC`
/// where a case needs a message no conforming native side would send.
enum JavaScriptSideCases {
    static let all: [ConformanceCase] = [
        signalsEverySend, fetchDrainsQueue, dispatchInArrivalOrder, responsesOneShot, handlerArgumentsAndResponses,
        responsesKeepNativeIDs, missingHandlerNoResponse, registerReplaces, injectionIdempotent, pageOnErrorKept,
        apiMembers,
        oneLineCollapse, browserFacilities, callShapes, queueOrder, callbackIDFormat, disableSwitchesDispatch,
        missingHandlerWarning, onErrorHook,
    ]

    // MARK: Sending

    static let signalsEverySend = ConformanceCase(
        id: "js-side.send.queue-then-signal",
        clauses: [.disp1],
        needsPage: .requestPerSourceAssignment,
        summary:
            "every send queues its message first and then signals the queue URL, even with earlier signals not yet fetched"
    ) { context in
        try await CasePages.start(context)
        let before = context.transcript.queueSignals
        context.runInPage(
            """
            WebViewJavascriptBridge.callHandler("a", 1);
            WebViewJavascriptBridge.callHandler("b", 2);
            WebViewJavascriptBridge.callHandler("c", 3);
            """)
        context.expectEqual(
            context.transcript.queueSignals - before, 3, clause: .disp1b,
            "queue URL signals for three sends in one turn, none fetched in between")
        try await context.runUntilIdle()
        // Peek at the queue each time the messaging iframe is signalled (the peek drains it, as native would).
        context.runInPage(
            CasePages.peekQueueAtEachSignal(
                noting: "queued when signalled", describe: "function (message) { return message.handlerName; }",
                in: context.dialect) + """
                    WebViewJavascriptBridge.callHandler("d", 4);
                    WebViewJavascriptBridge.callHandler("e", 5);
                    """)
        context.expectEqual(
            context.transcript.pageNotes("queued when signalled"), [["d"], ["e"]],
            clause: .disp1a, "handler names in the queue at each signal (each message queued before its signal)")
        expectQueueURLWrittenExactly(since: before, in: context, for: "five sends")
    }

    /// Checks that every queue signal the page gave from signal number `start` on was written exactly as
    /// DISP-1 names the URL: a query or a trailing slash makes another URL, which a native side that
    /// classifies by host accepts and a port that compares the URL does not.
    @MainActor
    static func expectQueueURLWrittenExactly(since start: Int, in context: CaseContext, for what: String) {
        guard let queueURL = context.dialect.queueSignal.navigation?.url else { return }
        let written = context.transcript.queueSignalURLs.dropFirst(start)
        context.expectEqual(
            written.filter { $0 != queueURL }, [], clause: .disp1a,
            "queue signals of \(what) (of \(written.count)) not written exactly \(queueURL)")
    }

    static let fetchDrainsQueue = ConformanceCase(
        id: "js-side.fetch-queue.drains-whole-queue",
        clauses: [.disp2, .disp1],
        needsPage: .requestPerSourceAssignment,
        summary:
            "_fetchQueue() returns the whole queue as a JSON array string (\"[]\" when empty) and then empties it; responder calls and calls with a callback each queue, then signal"
    ) { context in
        try await CasePages.start(context)
        context.runInPage(
            """
            conformance.note("fetch", WebViewJavascriptBridge._fetchQueue());
            WebViewJavascriptBridge.callHandler("a", 1);
            WebViewJavascriptBridge.callHandler("b", [2]);
            WebViewJavascriptBridge.callHandler("c");
            conformance.note("fetch", WebViewJavascriptBridge._fetchQueue());
            conformance.note("fetch", WebViewJavascriptBridge._fetchQueue());
            """)
        // DISP-2 asks for JSON text: an array handed back as it is, however right its contents, is not it. Whether
        // each result is text is checked on its own; the contents are read from the text, or the value itself.
        let notes = context.transcript.pageNotes("fetch")
        context.expectEqual(
            notes.map { if case .string? = $0 { true } else { false } }, [true, true, true], clause: .disp2a,
            "whether each of three direct _fetchQueue() calls returned a string")
        let fetched = notes.map { note -> JSONValue? in
            guard case .string(let text)? = note else { return note }
            return (try? JSONParser.parse(text)) ?? .string("<not JSON: \(text)>")
        }
        context.expectEqual(
            CheckParts.element(fetched, 0), [[]], clause: .disp2b, "what _fetchQueue() returned with the queue empty"
        )
        context.expectEqual(
            CheckParts.element(fetched, 1),
            [[["handlerName": "a", "data": 1], ["handlerName": "b", "data": [2]], ["handlerName": "c"]]],
            clause: .disp2a, "what _fetchQueue() returned after three sends: JSON text of the whole queue")
        context.expectEqual(
            CheckParts.element(fetched, 2), [[]], clause: .disp2c,
            "what _fetchQueue() returned right after that fetch (the queue emptied)")

        // DISP-1 for the sends js-side.send.queue-then-signal does not make: responder calls and a call with a
        // callback, made in one dispatched handler turn. First counted as native sees them, then peeked at.
        try context.registerHandler("nativeSink", answer: .none)
        context.runInPage(
            """
            WebViewJavascriptBridge.registerHandler("answerTwice", function (data, respond) {
                respond("one");
                WebViewJavascriptBridge.callHandler("nativeSink", "between the answers", function () {});
                respond("two");
            });
            """)
        let signals = context.transcript.queueSignals
        try context.callHandler("answerTwice", data: "counted", callback: "answerTwice", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.queueSignals - signals, 3, clause: .disp1b,
            "queue URL signals for a response, a call with a callback and a second response sent in one handler turn, none fetched in between"
        )
        // Peek at the queue each time the messaging iframe is signalled (the peek drains it, as native would).
        context.runInPage(
            CasePages.peekQueueAtEachSignal(
                noting: "queued at each signal",
                describe: """
                    function (message) {
                        if (message.responseId) { return "response " + JSON.stringify(message.responseData); }
                        return "call " + message.handlerName + (message.callbackId ? " with a callback" : "");
                    }
                    """, in: context.dialect) + """
                    WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "answerTwice", data: "peeked", callbackId: "page_cb_1" }));
                    """)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.pageNotes("queued at each signal"),
            [["response \"one\""], ["call nativeSink with a callback"], ["response \"two\""]], clause: .disp1a,
            "messages in the queue at each signal of a response, a call with a callback and a second response (each queued before its signal)"
        )
        expectQueueURLWrittenExactly(
            since: signals, in: context, for: "responses and a call with a callback sent from a handler")
    }

    // MARK: Dispatch

    static let dispatchInArrivalOrder = ConformanceCase(
        id: "js-side.dispatch.arrival-order",
        clauses: [.disp3],
        summary: "each _handleMessageFromObjC call dispatches its one message, in the order the messages arrived"
    ) { context in
        try await CasePages.start(context)
        context.runInPage(
            """
            [1, 2, 3, 4].forEach(function (number) {
                WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "sink", data: number }));
            });
            """)
        try await context.runUntilIdle()
        let got = context.transcript.jsHandlerInvocations("sink").map(\.data)
        let sent: [JSONValue?] = [1, 2, 3, 4]
        context.expectEqual(
            CheckParts.sorted(got), CheckParts.sorted(sent), clause: .disp3a,
            "data the JS handler got, whatever the order: each message dispatched once")
        context.expectEqual(
            CheckParts.ofSent(got, sent: sent), CheckParts.inSendOrder(got, sent: sent), clause: .disp3b,
            "data the JS handler got, in the order the messages arrived")
    }

    static let responsesOneShot = ConformanceCase(
        id: "js-side.dispatch.response-callback-one-shot",
        clauses: [.disp4],
        summary:
            "a response runs its JS callback once; repeated and unknown responseIds are ignored; a falsy responseId is a call"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                    bridge.callHandler("nobodyHome", "question", conformance.callback("answer"));
                    var id = JSON.parse(WebViewJavascriptBridge._fetchQueue())[0].callbackId;
                    [
                        { responseId: id, responseData: "first" },
                        { responseId: id, responseData: "again" },
                        { responseId: "cb_999_0", responseData: "unknown" },
                        { responseId: null, handlerName: "sink", data: "null responseId" },
                        { responseId: 0, handlerName: "sink", data: "zero responseId" },
                        { responseId: "", handlerName: "sink", data: "empty responseId" }
                    ].forEach(function (message) {
                        WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify(message));
                    });
                });
                """)
        let answers = context.transcript.jsCallbackInvocations("answer")
        context.expectEqual(
            Array(answers.prefix(1)), ["first"], clause: .disp4a,
            "the first answer the JS callback got: its response's responseData")
        context.expectEqual(
            Array(answers.dropFirst()), [], clause: .disp4b,
            "answers the JS callback got after its first (a repeated responseId must find it deleted)")
        context.expectEqual(
            context.transcript.uncaughtErrors, [], clause: .disp4c,
            "uncaught errors after a repeated and an unknown responseId")
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data),
            ["null responseId", "zero responseId", "empty responseId"],
            clause: .disp4d, "calls with a falsy responseId dispatched to the handler")
    }

    static let handlerArgumentsAndResponses = ConformanceCase(
        id: "js-side.dispatch.handler-arguments-and-responses",
        clauses: [.disp5, .msg6, .msg1],
        summary:
            "a handler gets data and a responder only for a truthy callbackId; each responder call sends one well-formed response"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("probe", function (data, respond) {
                        conformance.note("arguments", { data: data, responder: typeof respond });
                        if (typeof respond === "function") { respond(data); respond(); }
                    });
                });
                """)
        try context.callHandler("probe", data: "plain")
        try context.callHandler("probe", data: "answer me", callback: "probe", expectsResponse: true)
        try await context.runUntilIdle()
        // The responses judged are those sent before the calls below, which have no truthy callbackId: a
        // responder they wrongly get answers too, which is DISP-5.c's finding, not a response's wrong part.
        let fetchedBefore = context.transcript.fetchedMessages.count
        context.runInPage(
            """
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe", data: "null id", callbackId: null }));
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe", data: "empty id", callbackId: "" }));
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe" }));
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe", data: null }));
            """)
        try await context.runUntilIdle()
        // The data is the message's `data` as it is: absent stays undefined (the note has no data key), null stays
        // null.
        // Calls: "plain" without callbackId, "answer me" with one, then callbackId null, callbackId "", no data, data
        // null.
        let notes = context.transcript.pageNotes("arguments")
        context.expectEqual(
            notes.map { $0?.member("data") }, ["plain", "answer me", "null id", "empty id", nil, .null],
            clause: .disp5a,
            "data each handler invocation got (the fifth call has none: undefined, the sixth null)")
        let responders = notes.map { $0?.member("responder") }
        context.expectEqual(
            CheckParts.element(responders, 1), ["function"], clause: .disp5b,
            "type of the second argument for the call with a callbackId")
        context.expectEqual(
            [0, 2, 3, 4, 5].map { CheckParts.element(responders, $0).first ?? nil },
            Array(repeating: "undefined", count: 5),
            clause: .disp5c,
            "type of the second argument for the five calls without a truthy callbackId (none, null, \"\", none, none)")
        let callbackID =
            context.transcript.decodedNativeMessages.first { $0.member("data") == "answer me" }?.member("callbackId")
            ?? "<none>"
        let responses = context.transcript.fetchedMessages.prefix(fetchedBefore).filter {
            $0.member("responseId") != nil
        }
        context.expectEqual(responses.count, 2, clause: .disp5b, "responses sent by two calls of the responder")
        // Each response's parts, however many were sent (a lost one is DISP-5.b's finding above).
        context.expectEqual(
            responses.map { $0.member("handlerName") }, responses.map { _ in "probe" }, clause: .msg6a,
            "handlerName of the responses sent for respond(data) and respond()")
        context.expectEqual(
            responses.map { $0.member("responseId") }, responses.map { _ in callbackID }, clause: .msg6b,
            "responseId of the responses sent for respond(data) and respond(): the native callbackId")
        if responses.count == 2 {
            context.expectEqual(
                responses.map { $0.member("responseData") }, ["answer me", nil], clause: .msg6c,
                "responseData of the responses sent for respond(data) and respond() (left out for undefined)")
        }
        let keys = responses.map { response -> [String] in
            guard case .object(let members) = response else { return ["<not an object>"] }
            return members.keys.sorted()
        }
        context.expectEqual(
            keys.flatMap { $0.filter { ["callbackId", "data"].contains($0) } }, [], clause: .msg6d,
            "callbackId or data keys in the responses sent for respond(data) and respond()")
        let five = ["handlerName", "data", "callbackId", "responseId", "responseData"]
        context.expectEqual(
            keys.flatMap { $0.filter { !five.contains($0) } }, [], clause: .msg1a,
            "keys outside the five in the responses sent for respond(data) and respond()")
    }

    static let responsesKeepNativeIDs = ConformanceCase(
        id: "js-side.dispatch.responses-keep-native-ids",
        clauses: [.msg6, .id3, .disp2],
        summary:
            "each JS response, even one given late and out of order, carries its own call's callbackId as responseId, unchanged whatever its form; one native fetch drains a turn's responses"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    var held = [];
                    bridge.registerHandler("later", function (data, respond) { held.push({ data: data, respond: respond }); });
                    bridge.registerHandler("answerHeld", function () {
                        var answering = held.reverse();
                        held = [];
                        answering.forEach(function (call) { call.respond(call.data); });
                    });
                });
                """)
        // Two native calls held by the JS handler, then answered last-first, after both were dispatched.
        try context.callHandler("later", data: "first", callback: "first", expectsResponse: true)
        try context.callHandler("later", data: "second", callback: "second", expectsResponse: true)
        try await context.runUntilIdle()
        try context.callHandler("answerHeld")
        try await context.runUntilIdle()
        @MainActor func responseIDs(answering data: JSONValue) -> [JSONValue?] {
            context.transcript.fetchedMessages.filter { $0.member("responseId") != nil }.filter {
                $0.member("responseData") == data
            }.map { $0.member("responseId") }
        }
        let native: [JSONValue] = ["first", "second"]
        let nativeIDs = native.map { data in
            context.transcript.decodedNativeMessages.filter { $0.member("data") == data }.map {
                $0.member("callbackId")
            }
        }
        context.expectEqual(
            native.map { responseIDs(answering: $0) }, nativeIDs, clause: .msg6b,
            "responseId of the responses to the native calls \"first\" and \"second\", answered last-first: each its call's callbackId"
        )
        // Calls with callback ids of other forms, as another native side may form them; the data is the id itself.
        let foreignIDs: [JSONValue] = [
            "abc", "12", "objc_cb_07", "cb_1_1700000000000", "id with spaces", " padded ", "ünïcødé ☃ \u{1F600}",
            "quote\"and\\backslash", "objc_cb_1_extra", "-1", "1e3",
        ]
        context.runInPage(
            """
            \(JSONValue.array(foreignIDs).canonicalText).forEach(function (id) {
                WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "later", data: id, callbackId: id }));
            });
            """)
        try await context.runUntilIdle()
        let batchesBefore = context.transcript.fetchedBatches.count
        context.runInPage(
            "WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: \"answerHeld\" }));")
        try await context.runUntilIdle()
        // An id returned unchanged on the response to another of these calls is the responders' pairing of
        // responses with calls (MSG-6.b); an id that is none of them had its form changed (ID-3.b).
        let answered = foreignIDs.map { responseIDs(answering: $0) }
        let onlyPairedWrongly = answered.allSatisfy { ids in
            ids.count == 1 && ids.allSatisfy { id in id.map(foreignIDs.contains) ?? false }
        }
        context.expectEqual(
            answered, foreignIDs.map { [$0] }, clause: onlyPairedWrongly ? .msg6b : .id3b,
            "responseId of the responses to calls whose callbackId (and data) is each of \(foreignIDs.map(\.canonicalText).joined(separator: ", "))"
                + (onlyPairedWrongly ? " (each response carries one of these ids unchanged: another call's)" : "")
        )
        // DISP-2 as the native side fetches: the responses just sent, all in one turn, one signal each, are read
        // from what each native `_fetchQueue();` returned, apart from the other sends of the case.
        let batches = Array(context.transcript.fetchedBatches.dropFirst(batchesBefore))
        func answers(_ batch: JSONValue) -> [JSONValue?] {
            guard case .array(let messages) = batch else { return [] }
            return messages.map { $0.member("responseData") }
        }
        let sentAnswers = CheckParts.sorted(foreignIDs.map { $0 })
        context.expectEqual(
            CheckParts.element(batches, 0).map { CheckParts.sorted(answers($0)) }, [sentAnswers], clause: .disp2a,
            "data of the responses in the first native fetch after \(foreignIDs.count) responder calls in one turn, sorted: JSON text of the whole queue"
        )
        context.expectEqual(
            batches.dropFirst().filter { $0 != [] }, [], clause: .disp2b,
            "what the later native fetches of that turn's signals returned, other than [] (nothing was queued any more)"
        )
        context.expectEqual(
            CheckParts.sorted(batches.flatMap(answers)), sentAnswers, clause: .disp2c,
            "data of every response those native fetches returned, sorted: each fetched once, none left behind or fetched again"
        )
    }

    static let missingHandlerNoResponse = ConformanceCase(
        id: "js-side.dispatch.missing-handler-no-response",
        clauses: [.disp6, .disp3],
        accepts: .unansweredNativeCallbacks,
        summary:
            "a native call with a callback to a JS handler that is not registered makes the JS side send no response"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("nobodyHome", data: 1, callback: "missing")
        try context.callHandler("sink", data: 2)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.fetchedMessages.filter { $0.member("responseId") != nil }, [],
            clause: .disp6a, "responses the JS side sent")
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), [2], clause: .disp3a,
            "data the next handler got (dispatch goes on after a call to a missing handler)")
    }

    static let registerReplaces = ConformanceCase(
        id: "js-side.register-handler.replaces",
        clauses: [.disp7],
        summary: "registering a JS handler under a name already taken replaces the earlier handler"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("greet", conformance.recordingHandler("old"));
                    bridge.registerHandler("greet", conformance.recordingHandler("new"));
                });
                """)
        try context.callHandler("greet", data: "hello")
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.jsHandlerInvocations("old").count, 0, clause: .disp7a,
            "invocations of the replaced handler")
        context.expectEqual(
            context.transcript.jsHandlerInvocations("new").map(\.data), ["hello"], clause: .disp7a,
            "data the replacing handler got")
    }

    // MARK: Injection and API surface

    static let injectionIdempotent = ConformanceCase(
        id: "js-side.injection.idempotent",
        clauses: [.disp8],
        summary: "evaluating the JS side again changes nothing: same bridge, handlers and queue kept, no new signal"
    ) { context in
        try context.registerHandler("native", answer: .none)
        try await CasePages.start(context)
        context.runInPage(
            """
            var bridgeBefore = WebViewJavascriptBridge;
            WebViewJavascriptBridge.callHandler("native", "queued before re-injection");
            """)
        let signals = context.transcript.queueSignals
        context.runInPage(context.inCaseWords(context.webView.bridgeJavaScriptSource))
        context.expectEqual(
            context.transcript.queueSignals - signals, 0, clause: .disp8a,
            "queue URL signals during the second evaluation")
        context.runInPage("conformance.note(\"same bridge\", WebViewJavascriptBridge === bridgeBefore);")
        try context.callHandler("sink", data: "after re-injection")
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.pageNotes("same bridge"), [true], clause: .disp8a,
            "whether the bridge object is unchanged")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("native"), ["queued before re-injection"],
            clause: .disp8a, "a call queued before re-injection reaches native")
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), ["after re-injection"],
            clause: .disp8a, "data the handler registered before re-injection got")
    }

    static let pageOnErrorKept = ConformanceCase(
        id: "js-side.injection.page-onerror-kept",
        clauses: [.disp9],
        summary: "a window.onerror the page set before injection stays in place and still gets the page's errors"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                var pageOnError = function (message) { conformance.note("page onerror", String(message)); };
                window.onerror = pageOnError;
                setupWebViewJavascriptBridge(function (bridge) {
                    conformance.note("onerror kept", window.onerror === pageOnError);
                    setTimeout(function () { throw new Error("from the page"); });
                });
                """)
        context.expectEqual(
            context.transcript.pageNotes("onerror kept"), [true], clause: .disp9a,
            "whether window.onerror is the page's after injection")
        context.expectEqual(
            context.transcript.pageNotes("page onerror").count, 1, clause: .disp9a, "errors the page's onerror got")
    }

    static let apiMembers = ConformanceCase(
        id: "js-side.api.exact-members",
        clauses: [.disp10],
        summary: "window.WebViewJavascriptBridge has exactly the five functions of the protocol, and no removeHandler"
    ) { context in
        try await CasePages.start(context)
        context.runInPage(noteMembers("members"))
        let expected = JSONValue.array(bridgeMembers(in: context))
        let members = notedMembers("members", in: context)
        guard case .array(let five) = expected else { return }
        context.expectEqual(
            members.filter { five.contains($0) }, five, clause: .disp10a,
            "the \(five.count) members of window.WebViewJavascriptBridge found, as functions (sorted)")
        context.expectEqual(
            members.filter { !five.contains($0) }, [], clause: .disp10b,
            "other members of window.WebViewJavascriptBridge")
    }

    static let oneLineCollapse = ConformanceCase(
        id: "js-side.source.survives-one-line-collapse",
        clauses: [.disp11],
        summary: "the JS side with all whitespace collapsed to one line still evaluates and carries calls both ways"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let collapsed = context.inCaseWords(context.webView.bridgeJavaScriptSource).split(
            whereSeparator: \.isWhitespace
        ).joined(
            separator: " ")
        context.runInPage(
            """
            delete window.WebViewJavascriptBridge;
            window.WVJBCallbacks = [];
            try {
                (0, eval)(\(CanonicalJSON.quote(collapsed)));
            } catch (error) {
                conformance.note("collapsed JS side threw", String(error));
            }
            conformance.note("collapsed JS side defines the bridge", typeof window.WebViewJavascriptBridge === "object");
            WebViewJavascriptBridge.registerHandler("sink", conformance.recordingHandler("sink"));
            WebViewJavascriptBridge.callHandler("echo", "one line", conformance.callback("echoed"));
            """)
        try context.callHandler("sink", data: "to the one-line JS side")
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.pageNotes("collapsed JS side threw"), [], clause: .disp11a,
            "errors evaluating the collapsed JS side")
        context.expectEqual(
            context.transcript.pageNotes("collapsed JS side defines the bridge"), [true],
            clause: .disp11a, "whether the collapsed JS side defines window.WebViewJavascriptBridge")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("echoed"), ["one line"], clause: .disp11a,
            "answer to a JS call through the collapsed JS side")
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), ["to the one-line JS side"],
            clause: .disp11a, "data a handler registered on the collapsed JS side got")
    }

    static let browserFacilities = ConformanceCase(
        id: "js-side.source.browser-facilities",
        clauses: [.disp12, .disp10],
        summary:
            "injection and traffic both ways use only the allowed browser facilities (of an iframe, its style and src alone) and add no global but the bridge and onerror, nor bridge members"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(
            context,
            page: facilityWatchers + """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("echo", conformance.echoHandler("echo"));
                    bridge.callHandler("echo", "from JS", conformance.callback("echoed"));
                });
                """)
        try context.callHandler("echo", data: "from native", callback: "native echo", expectsResponse: true)
        try context.callHandler("nobodyHome", data: 1)
        try await context.runUntilIdle()
        context.runInPage(globalsAddedNote)
        // Timers (setTimeout with other arguments, setInterval and clearing), the iframe beyond style and src,
        // and every other facility are checked apart.
        let used = context.transcript.pageNotes("facility used")
        context.expectEqual(
            used.filter { !isTimerFacility($0) && !isIframeFacility($0) }, [], clause: .disp12a,
            "browser facilities used beyond those allowed (timers and iframe members aside)")
        context.expectEqual(
            used.filter(isIframeFacility), [], clause: .disp12b, "iframe members used besides style and src")
        context.expectEqual(
            used.filter(isTimerFacility), [], clause: .disp12c,
            "timers set other than setTimeout(fn) and setTimeout(fn, 0), or cleared")
        context.expectEqual(
            context.transcript.pageNotes("globals added"), [[]], clause: .disp12d,
            "globals added besides WebViewJavascriptBridge and onerror")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("echoed"), ["from JS"], clause: .disp12a,
            "answer to a JS call (traffic still works with the facilities watched)")
        // DISP-10 once the bridge has carried traffic both ways, a JS callback, a response and a call to a missing
        // handler among it (js-side.api.exact-members looks right after startup): no member is added on first use.
        context.runInPage(noteMembers("members after traffic"))
        let members = notedMembers("members after traffic", in: context)
        let allowed = bridgeMembers(in: context)
        context.expectEqual(
            members.filter { allowed.contains($0) }, allowed, clause: .disp10a,
            "the \(allowed.count) members of window.WebViewJavascriptBridge found after traffic both ways, as functions (sorted)"
        )
        context.expectEqual(
            members.filter { !allowed.contains($0) }, [], clause: .disp10b,
            "other members of window.WebViewJavascriptBridge after traffic both ways")
    }

    /// Page JavaScript to run before the setup snippet: it notes under "facility used" each browser facility the
    /// JS side uses beyond those DISP-12 allows, and keeps the page's globals in `globalsBeforeInjection`.
    static let facilityWatchers = """
        var globalsBeforeInjection;
        (function () {
            function report(what) { conformance.note("facility used", what); }
            function watchValue(object, name, label) {
                var value = object[name];
                /* A real browser's location and document cannot be redefined: those stay unwatched there. */
                try {
                    Object.defineProperty(object, name, {
                        configurable: true,
                        get: function () { report(label); return value; },
                        set: function (replacement) { value = replacement; }
                    });
                } catch (unforgeable) {
                    return;
                }
            }
            function watchFunction(object, name, label) {
                var original = object[name];
                object[name] = function () { report(label); return original.apply(this, arguments); };
            }
            /* Of document only createElement and documentElement are allowed: any other member read is reported. */
            var allowedDocumentMembers = ["createElement", "documentElement"];
            function documentMember(name) {
                if (typeof name === "string" && allowedDocumentMembers.indexOf(name) < 0) { report("document." + name); }
            }
            window.document = new Proxy(document, {
                get: function (target, name) { documentMember(name); return target[name]; },
                has: function (target, name) { documentMember(name); return name in target; }
            });
            ["location", "navigator", "history", "screen", "performance", "localStorage", "sessionStorage", "XMLHttpRequest", "fetch",
             "requestAnimationFrame", "postMessage", "MutationObserver", "getComputedStyle", "open", "queueMicrotask"].forEach(function (name) {
                watchValue(window, name, name);
            });
            ["setInterval", "clearTimeout", "clearInterval", "addEventListener", "removeEventListener", "alert", "confirm", "prompt"].forEach(function (name) {
                watchFunction(window, name, name);
            });
            ["info", "warn", "error", "debug"].forEach(function (name) { watchFunction(console, name, "console." + name); });
            var createElement = document.createElement;
            document.createElement = function (tagName) {
                if (String(tagName).toLowerCase() !== "iframe") { report("document.createElement(" + tagName + ")"); }
                var element = createElement.apply(this, arguments);
                ["setAttribute", "getAttribute", "removeAttribute", "addEventListener", "appendChild"].forEach(function (name) {
                    if (typeof element[name] === "function") { watchFunction(element, name, "iframe." + name); }
                });
                return element;
            };
            var originalSetTimeout = window.setTimeout;
            window.setTimeout = function (callback, delay) {
                if (typeof callback !== "function" || arguments.length > 2 || (delay !== undefined && delay !== 0)) {
                    report("setTimeout(" + typeof callback + ", " + delay + ")");
                }
                return originalSetTimeout.apply(window, arguments);
            };
        })();
        globalsBeforeInjection = Object.getOwnPropertyNames(window);

        """

    /// Harness JavaScript noting under "globals added" the globals defined since `facilityWatchers` ran, besides the
    /// bridge, the onerror hook and the setup snippet's `WVJBCallbacks`.
    static let globalsAddedNote = """
        conformance.note("globals added", Object.getOwnPropertyNames(window).filter(function (name) {
            /* A real browser shows each child frame as window[index]: the messaging iframe's, not a global. */
            return globalsBeforeInjection.indexOf(name) < 0 && ["WebViewJavascriptBridge", "onerror", "WVJBCallbacks"].indexOf(name) < 0
                && !/^[0-9]+$/.test(name);
        }));
        """

    /// Whether a "facility used" note is about timers (DISP-12.c).
    static func isTimerFacility(_ note: JSONValue?) -> Bool {
        guard case .string(let what)? = note else { return false }
        return ["setTimeout(", "setInterval", "clearTimeout", "clearInterval"].contains { what.hasPrefix($0) }
    }

    /// Whether a "facility used" note is about the iframe's members (DISP-12.b).
    static func isIframeFacility(_ note: JSONValue?) -> Bool {
        guard case .string(let what)? = note else { return false }
        return what.hasPrefix("iframe.")
    }

    /// The members DISP-10 allows, as `noteMembers` notes them (sorted), in the case's words: without the
    /// safety switch in a dialect that has none (spec, "Dialects").
    @MainActor
    static func bridgeMembers(in context: CaseContext) -> [JSONValue] {
        let hasSwitch = context.runDialect.disableSafetyTimeoutHandler != nil
        return [
            "_fetchQueue: function", "_handleMessageFromObjC: function", "callHandler: function",
            hasSwitch ? "disableJavscriptAlertBoxSafetyTimeout: function" : nil, "registerHandler: function",
        ].compactMap { $0 }
    }

    /// Each JS callback id split into its counter and the rest (`cb_<n>` then `_<time>`), by the run's JS id
    /// prefix: ids are read as the JS side made them, and a prefix is no word a renaming reads back.
    @MainActor static func callbackIDParts(_ ids: [JSONValue], in context: CaseContext) -> [(n: String, rest: String)] {
        let prefix = context.runDialect.callbackIDs.javaScriptPrefix
        return ids.map { id in
            guard case .string(let text) = id, text.hasPrefix(prefix) else { return ("<no cb_<n>>", id.canonicalText) }
            let afterPrefix = text.dropFirst(prefix.count)
            let counter = afterPrefix.prefix { $0.isASCII && $0.isNumber }
            guard !counter.isEmpty else { return ("<no cb_<n>>", id.canonicalText) }
            return (String(counter), String(afterPrefix.dropFirst(counter.count)))
        }
    }

    /// The members `noteMembers(label)` noted, sorted here, in the case's words (a case run renamed reads them
    /// renamed back, which can change their order); one string saying how often they were noted otherwise.
    @MainActor static func notedMembers(_ label: String, in context: CaseContext) -> [JSONValue] {
        let notes = context.transcript.pageNotes(label)
        guard notes.count == 1, case .array(let names)?? = notes.first else {
            return [.string("<noted \(notes.count) times>")]
        }
        return names.sorted { $0.canonicalText < $1.canonicalText }
    }

    /// Harness JavaScript noting under `label` every member of `window.WebViewJavascriptBridge`, own or inherited
    /// (Object.prototype's aside), sorted, each as `name: typeof`.
    static func noteMembers(_ label: String) -> String {
        """
        (function () {
            var names = [];
            for (var object = WebViewJavascriptBridge; object && object !== Object.prototype; object = Object.getPrototypeOf(object)) {
                Object.getOwnPropertyNames(object).forEach(function (name) {
                    if (name !== "constructor" && names.indexOf(name) < 0) { names.push(name); }
                });
            }
            names.sort();
            conformance.note(\(CanonicalJSON.quote(label)), names.map(function (name) { return name + ": " + typeof WebViewJavascriptBridge[name]; }));
        })();
        """
    }

    // MARK: Message shapes, ordering, callback ids

    static let callShapes = ConformanceCase(
        id: "js-side.messages.call-shapes",
        clauses: [.msg5, .msg8, .msg1],
        summary:
            "JS calls carry data unless undefined and callbackId only with a callback; (name, fn) sends data null with a callback"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    var callback = conformance.callback("unanswered");
                    /* Each call on its own, so that one that throws does not hide the others. */
                    function attempt(name, call) {
                        try { call(); } catch (error) { conformance.note("threw", name + ": " + error); }
                    }
                    attempt("nameOnly", function () { bridge.callHandler("nameOnly"); });
                    attempt("withData", function () { bridge.callHandler("withData", { k: 1 }); });
                    attempt("withNull", function () { bridge.callHandler("withNull", null); });
                    attempt("withCallback", function () { bridge.callHandler("withCallback", 3, callback); });
                    attempt("undefinedData", function () { bridge.callHandler("undefinedData", undefined, callback); });
                    attempt("twoArguments", function () { bridge.callHandler("twoArguments", callback); });
                    attempt("threeArguments", function () { bridge.callHandler("threeArguments", callback, undefined); });
                    attempt("withUndefined", function () { bridge.callHandler("withUndefined", undefined); });
                    attempt("withFalse", function () { bridge.callHandler("withFalse", false); });
                    attempt("nullWithCallback", function () { bridge.callHandler("nullWithCallback", null, callback); });
                    attempt("zeroWithCallback", function () { bridge.callHandler("zeroWithCallback", 0, callback); });
                    attempt("emptyWithCallback", function () { bridge.callHandler("emptyWithCallback", "", callback); });
                    attempt("(empty name)", function () { bridge.callHandler("", "empty name"); });
                });
                """)
        let sent = Dictionary(
            context.transcript.fetchedMessages.compactMap { message -> (String, JSONValue)? in
                guard case .string(let name)? = message.member("handlerName") else { return nil }
                return (name, message.withOpaqueCallbackID(in: context.dialect))
            }, uniquingKeysWith: { first, _ in first })
        // Each part of each message is checked once, under the obligation it is about (callback ids shown as <id>).
        func part(_ name: String, _ key: String) -> JSONValue? { sent[name]?.member(key) }
        let oneOrTwoArguments = ["nameOnly", "withData", "withNull", "withUndefined", "withFalse"]
        context.expectEqual(
            oneOrTwoArguments.map { sent[$0] != nil }, oneOrTwoArguments.map { _ in true }, clause: .msg8a,
            "whether callHandler(name) and callHandler(name, data) each sent a call, for data {k: 1}, null, undefined and false"
        )
        let threeArguments = [
            "withCallback", "undefinedData", "nullWithCallback", "zeroWithCallback", "emptyWithCallback",
        ]
        context.expectEqual(
            threeArguments.map { part($0, "callbackId") }, threeArguments.map { _ in "<id>" }, clause: .msg8b,
            "callbackId sent for callHandler(name, data, callback), for data 3, undefined, null, 0 and \"\"")
        // A call that threw is reported under the obligation of its form, and left out of the checks of what
        // the calls sent (MSG-5).
        let thrown = CheckParts.ThrownSends(in: context.transcript)
        thrown.expectNone(
            of: [
                (Obligation.msg8a, oneOrTwoArguments), (Obligation.msg8b, threeArguments),
                (Obligation.msg8c, ["twoArguments"]),
                (Obligation.msg8d, ["threeArguments"]), (Obligation.msg5a, ["(empty name)"]),
            ], what: "the callHandler calls", in: context)
        let leftOut = thrown.leftOut("calls")
        let sending = thrown.sent
        // Every call carries handlerName, the empty name included; compared whatever the order (ORD-3 is checked
        // apart).
        let names = context.transcript.fetchedMessages.map {
            $0.member("handlerName")?.canonicalText ?? "<no handlerName>"
        }
        let calledNames = sending([
            "nameOnly", "withData", "withNull", "withCallback", "undefinedData", "twoArguments", "threeArguments",
            "withUndefined", "withFalse", "nullWithCallback", "zeroWithCallback", "emptyWithCallback", "(empty name)",
        ]).map { $0 == "(empty name)" ? "" : $0 }
        context.expectEqual(
            names.sorted(), calledNames.map { JSONValue.string($0).canonicalText }.sorted(), clause: .msg5a,
            "handlerName of every message the calls sent, sorted (one of them the empty name)\(leftOut)")
        let others = sending(["withNull", "withCallback", "undefinedData", "twoArguments", "threeArguments"])
        context.expectEqual(
            others.map { part($0, "handlerName") }, others.map { .string($0) }, clause: .msg5a,
            "handlerName of the messages sent by the other five calls\(leftOut)")
        let expectedData: [String: JSONValue?] = [
            "nameOnly": nil, "withData": ["k": 1], "withNull": .null, "withCallback": 3, "undefinedData": nil,
        ]
        let dataCalls = sending(["nameOnly", "withData", "withNull", "withCallback", "undefinedData"])
        context.expectEqual(
            dataCalls.map { part($0, "data") }, dataCalls.map { expectedData[$0]! }, clause: .msg5b,
            "data sent for no data, {k: 1}, null, 3 with a callback, and undefined with a callback\(leftOut)")
        // Only calls without a callback: a call with one is judged under the obligation of its form (MSG-8.b,
        // MSG-8.c), each part of each message once.
        let uncalledBack = sending(["nameOnly", "withData", "withNull"])
        context.expectEqual(
            uncalledBack.map { part($0, "callbackId") }, uncalledBack.map { _ in nil }, clause: .msg5c,
            "callbackId sent by three calls without a callback\(leftOut)")
        context.expectEqual(
            [part("twoArguments", "data"), part("twoArguments", "callbackId")], [.null, "<id>"], clause: .msg8c,
            "data and callbackId sent for callHandler(name, fn): null, and the callback")
        context.expectEqual(
            [part("threeArguments", "data"), part("threeArguments", "callbackId")], [nil, nil], clause: .msg8d,
            "data and callbackId sent for callHandler(name, fn, undefined): no swap, so no null data and no callbackId")
        let otherKeys = (["nameOnly", "withData"] + others).flatMap { name -> [String] in
            guard case .object(let members)? = sent[name] else { return [] }
            return members.keys.filter { !["handlerName", "data", "callbackId"].contains($0) }.sorted().map {
                "\(name): \($0)"
            }
        }
        context.expectEqual(
            otherKeys, [], clause: .msg1a,
            "keys besides handlerName, data and callbackId in the messages sent by the seven calls")
    }

    static let queueOrder = ConformanceCase(
        id: "js-side.ordering.queue-in-send-order",
        clauses: [.ord3],
        summary: "calls and responder calls made in one handler are queued in the order they were made"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("relay", function (data, respond) {
                        bridge.callHandler("sink", "before the answer");
                        respond("the answer");
                        bridge.callHandler("sink", "after the answer");
                    });
                });
                """)
        try context.callHandler("relay", data: 1, callback: "relay", expectsResponse: true)
        try await context.runUntilIdle()
        let fetched = context.transcript.fetchedMessages
        let calls = fetched.filter { $0.member("responseId") == nil }.map { $0.member("data") ?? "<no data>" }
        context.expectEqual(
            calls, ["before the answer", "after the answer"], clause: .ord3a,
            "data of the calls JS sent, in queue order")
        let kinds = fetched.map { message -> JSONValue in
            message.member("responseId") == nil ? "a call" : message.member("responseData") ?? "<no data>"
        }
        context.expectEqual(
            kinds, ["a call", "the answer", "a call"], clause: .ord3b,
            "the messages JS sent, in queue order: where the response (shown by its data) stands among the calls")
    }

    static let callbackIDFormat = ConformanceCase(
        id: "js-side.callback-ids.format",
        clauses: [.id1],
        level: .should,
        summary: "JS callback ids are cb_<n>_<Date.now()>, n counting from 1 only the sends that carry a callback"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("echo", conformance.echoHandler("echo"));
                    conformance.note("now", Date.now());
                    bridge.callHandler("first", 1, conformance.callback("first"));
                    bridge.callHandler("noCallback", 2);
                    bridge.callHandler("second", 3, conformance.callback("second"));
                });
                """)
        try context.callHandler(
            "echo", data: "a response is a send without a callback", callback: "echo", expectsResponse: true)
        try await context.runUntilIdle()
        context.runInPage(
            """
            conformance.note("now", Date.now());
            WebViewJavascriptBridge.callHandler("third", 4, conformance.callback("third"));
            """)
        try await context.runUntilIdle()
        let times = context.transcript.pageNotes("now").map { note -> Int in
            if case .number(let time)? = note { return Int(time) }
            return -1
        }
        let ids = context.transcript.fetchedMessages.compactMap { $0.member("callbackId") }
        guard times.count == 2 else { return context.fail(clause: .id1a, "the page did not note the time twice") }
        let parts = callbackIDParts(ids, in: context)
        context.expectEqual(
            parts.map { "cb_<n>" + $0.rest }, ["cb_<n>_\(times[0])", "cb_<n>_\(times[0])", "cb_<n>_\(times[1])"],
            clause: .id1a,
            "callback ids of the three calls with a callback, counter left out: cb_<n>_<Date.now()>")
        context.expectEqual(
            Array(parts.prefix(1).map(\.n)), ["1"], clause: .id1b, "counter of the page's first callback id")
        context.expectEqual(
            parts.dropFirst().map(\.n), ["2", "3"], clause: .id1c,
            "counters of the next two callback ids (after a call without a callback and a response)")
    }

    // MARK: Alert safety switch

    static let disableSwitchesDispatch = ConformanceCase(
        id: "js-side.alert-safety.disable-switches-dispatch",
        clauses: [.safe4, .disp12],
        summary:
            "after the _disableJavascriptAlertBoxSafetyTimeout message, or the page's own call, JS handlers run inside the delivering evaluation, still with the allowed browser facilities only"
    ) { context in
        // Both pages watch the browser facilities the JS side uses (DISP-12), here on its synchronous dispatch path.
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(
            context,
            page: facilityWatchers + """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                    WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "_disableJavascriptAlertBoxSafetyTimeout" }));
                });
                """)
        try context.callHandler("sink", data: "after the disabling message")
        try await context.runUntilIdle()
        try context.callHandler("nobodyHome", data: "on the first page")
        context.runInPage(
            "WebViewJavascriptBridge.callHandler(\"echo\", \"safety off on the first page\", conformance.callback(\"echoed\"));"
        )
        try await context.runUntilIdle()
        context.runInPage(globalsAddedNote)
        context.loadPage(
            facilityWatchers + """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                    bridge.disableJavscriptAlertBoxSafetyTimeout();
                });
                """, url: "https://app.example/second.html")
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after the page's call")
        try await context.runUntilIdle()
        try context.callHandler("nobodyHome", data: "on the second page")
        context.runInPage(
            "WebViewJavascriptBridge.callHandler(\"echo\", \"safety off on the second page\", conformance.callback(\"echoed\"));"
        )
        try await context.runUntilIdle()
        context.runInPage(globalsAddedNote)
        let invocations = context.transcript.jsHandlerInvocations("sink")
        context.expectEqual(
            invocations.filter { $0.data == "after the disabling message" }.map(\.duringNativeEvaluation), [true],
            clause: .safe4a,
            "whether the call after the _disableJavascriptAlertBoxSafetyTimeout message ran inside the native evaluation"
        )
        context.expectEqual(
            invocations.filter { $0.data == "after the page's call" }.map(\.duringNativeEvaluation), [true],
            clause: .safe4b,
            "whether the call after the page's disableJavscriptAlertBoxSafetyTimeout() ran inside the native evaluation"
        )
        context.expectEqual(
            invocations.filter { $0.data != "after the disabling message" && $0.data != "after the page's call" }.map(
                \.data), [],
            clause: .safe4a, "data of other JS handler invocations")
        // DISP-12 where js-side.source.browser-facilities does not look: both ways of switching the safety off, then
        // handlers, JS callbacks and missing-handler warnings dispatched synchronously, on two pages.
        let used = context.transcript.pageNotes("facility used")
        context.expectEqual(
            used.filter { !isTimerFacility($0) && !isIframeFacility($0) }, [], clause: .disp12a,
            "browser facilities used beyond those allowed with the safety switched off, on two pages (timers and iframe members aside)"
        )
        context.expectEqual(
            used.filter(isIframeFacility), [], clause: .disp12b,
            "iframe members used besides style and src, on two pages")
        context.expectEqual(
            used.filter(isTimerFacility), [], clause: .disp12c,
            "timers set other than setTimeout(fn) and setTimeout(fn, 0), or cleared, with the safety on and then off, on two pages"
        )
        context.expectEqual(
            context.transcript.pageNotes("globals added"), [[], []], clause: .disp12d,
            "globals added besides WebViewJavascriptBridge and onerror, on each of the two pages")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("echoed"),
            ["safety off on the first page", "safety off on the second page"],
            clause: .disp12a, "answers to a JS call on each page (traffic still works with the facilities watched)")
    }

    // MARK: Logging (SHOULD)

    static let missingHandlerWarning = ConformanceCase(
        id: "js-side.logging.missing-handler-warning",
        clauses: [.log5],
        level: .should,
        summary:
            "a native call to a missing JS handler logs the canonical warning with the message as a second argument"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("nobodyHome", data: ["x"])
        try await context.runUntilIdle()
        // Read from the console call's arguments apart: a line joined from one argument reads the same.
        let logged = context.transcript.consoleArguments.filter {
            if case .string(let first)? = $0.first {
                first.hasPrefix("WebViewJavascriptBridge: WARNING: no handler")
            } else {
                false
            }
        }
        let sent = context.transcript.decodedNativeMessages.filter { $0.member("handlerName") == "nobodyHome" }
        context.expectEqual(
            logged, sent.map { ["WebViewJavascriptBridge: WARNING: no handler for message from ObjC:", $0] },
            clause: .log5a,
            "arguments of the console.log warnings for a call to a missing JS handler: the text, then the message object"
        )
    }

    static let onErrorHook = ConformanceCase(
        id: "js-side.logging.onerror-hook",
        clauses: [.log6],
        level: .should,
        summary:
            "without a page onerror, the JS side installs one logging \"WebViewJavascriptBridge: ERROR:\" + msg + \"@\" + url + \":\" + line"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    setTimeout(function () { throw new Error("boom"); });
                });
                """)
        let prefix = "WebViewJavascriptBridge: ERROR:Error: boom@"
        let logged = context.transcript.consoleMessages.filter { $0.hasPrefix("WebViewJavascriptBridge: ERROR") }
        let wellFormed = logged.filter { line in
            guard line.hasPrefix(prefix) else { return false }
            let location = line.dropFirst(prefix.count)
            guard let colon = location.lastIndex(of: ":") else { return false }
            return colon > location.startIndex && Int(location[location.index(after: colon)...]) != nil
        }
        context.expectEqual(logged.count, 1, clause: .log6a, "error lines logged for one uncaught error")
        context.expectEqual(
            wellFormed.count, logged.count, clause: .log6b, "lines of the form \(prefix)<url>:<line> among \(logged)"
        )
    }
}

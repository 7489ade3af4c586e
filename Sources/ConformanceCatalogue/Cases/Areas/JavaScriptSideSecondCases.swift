import ConformanceObligations
import StrictJSON

/// More cases on the JS side under test, each checking clauses of `JavaScriptSideCases` again in another
/// scenario (a reloaded or navigated page, sends made inside a dispatched handler, other data), so that no
/// clause rests on one case whose setup may miss a defect.
enum JavaScriptSideSecondCases {
    static let all: [ConformanceCase] = [sendsFromHandler, callbackIDsPerPage, onErrorHookOnNavigatedPage]

    /// What `sendsFromHandler`'s handler `mixed` sends, in order: calls by name, responses as `response <data>`.
    private static let mixedSends = [
        "nameOnly", "response false", "zero", "twoArguments", "response 0", "empty", "threeArguments", "response \"\"",
        "falseData", "nested", "response null", "undefinedData", "response <absent>", "nullData",
    ]

    static let sendsFromHandler = ConformanceCase(
        id: "js-side.messages.sends-from-handler-after-reload",
        clauses: [.msg5, .msg8, .ord3, .disp5, .msg6],
        summary:
            "on a reloaded page, a JS handler called from native gets its arguments, sends calls of every callHandler form with falsy and nested data, and answers five times in between, all queued as sent"
    ) { context in
        let called = mixedSends.filter { !$0.hasPrefix("response ") }
        for name in called { try context.registerHandler(name, answer: .echo) }
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("plain", function (data, respond) {
                        conformance.note("arguments", { handler: "plain", data: data, responder: typeof respond });
                    });
                    bridge.registerHandler("mixed", function (data, respond) {
                        conformance.note("arguments", { handler: "mixed", data: data, responder: typeof respond });
                        function answered(label) {
                            return function (answer) { conformance.note("answered", { call: label, answer: answer }); };
                        }
                        /* Each send on its own, so that one that throws does not hide the others. */
                        function attempt(name, send) {
                            try { send(); } catch (error) { conformance.note("threw", name + ": " + error); }
                        }
                        attempt("nameOnly", function () { bridge.callHandler("nameOnly"); });
                        attempt("response false", function () { respond(false); });
                        attempt("zero", function () { bridge.callHandler("zero", 0); });
                        attempt("twoArguments", function () { bridge.callHandler("twoArguments", answered("twoArguments")); });
                        attempt("response 0", function () { respond(0); });
                        attempt("empty", function () { bridge.callHandler("empty", "", answered("empty")); });
                        attempt("threeArguments", function () {
                            bridge.callHandler("threeArguments", answered("threeArguments"), undefined);
                        });
                        attempt('response ""', function () { respond(""); });
                        attempt("falseData", function () { bridge.callHandler("falseData", false); });
                        attempt("nested", function () { bridge.callHandler("nested", data, answered("nested")); });
                        attempt("response null", function () { respond(null); });
                        attempt("undefinedData", function () {
                            bridge.callHandler("undefinedData", undefined, answered("undefinedData"));
                        });
                        attempt("response <absent>", function () { respond(); });
                        attempt("nullData", function () { bridge.callHandler("nullData", null); });
                    });
                });
                """)
        context.reload()
        try await context.runUntilIdle()
        let nested: JSONValue = [
            "ünïcødé ☃ \u{1F600}": ["line\nbreak", 1.5, .null, ["deep": [true, false]]], "quote'\"\\": "",
        ]
        let fetchedBefore = context.transcript.fetchedMessages.count
        try context.callHandler("plain")
        try context.callHandler("mixed", data: nested, callback: "mixed", expectsResponse: true)
        try await context.runUntilIdle()
        let sent = Array(context.transcript.fetchedMessages.dropFirst(fetchedBefore))
        let calls = sent.filter { $0.member("responseId") == nil }
        let responses = sent.filter { $0.member("responseId") != nil }

        // DISP-5: the arguments each handler got.
        let arguments = Dictionary(
            context.transcript.pageNotes("arguments").compactMap { note -> (String, JSONValue)? in
                guard case .string(let handler)? = note?.member("handler"), let note else { return nil }
                return (handler, note)
            }, uniquingKeysWith: { first, _ in first })
        context.expectEqual(
            [arguments["plain"]?.member("data"), arguments["mixed"]?.member("data")], [nil, nested], clause: .disp5a,
            "data the handlers got for a native call without data (undefined) and one with nested unicode data")
        context.expectEqual(
            arguments["mixed"]?.member("responder"), "function", clause: .disp5b,
            "type of the second argument for the call with a callbackId")
        context.expectEqual(
            responses.count, 5, clause: .disp5b, "responses sent by five calls of the responder in one turn")
        context.expectEqual(
            arguments["plain"]?.member("responder"), "undefined", clause: .disp5c,
            "type of the second argument for the native call without a callback")

        // MSG-6: the five responses, for false, 0, "", null and undefined.
        let callbackID =
            context.transcript.decodedNativeMessages.first { $0.member("handlerName") == "mixed" }?.member("callbackId")
            ?? "<none>"
        context.expectEqual(
            responses.map { $0.member("handlerName") }, Array(repeating: "mixed", count: responses.count),
            clause: .msg6a,
            "handlerName of the responses sent for respond(false), respond(0), respond(\"\"), respond(null) and respond()"
        )
        context.expectEqual(
            responses.map { $0.member("responseId") }, Array(repeating: callbackID, count: responses.count),
            clause: .msg6b,
            "responseId of those responses: the native call's callbackId")
        // Paired with the answers only when all five were sent: a lost one is DISP-5.b's finding above.
        if responses.count == 5 {
            context.expectEqual(
                CheckParts.sorted(responses.map { $0.member("responseData") }),
                CheckParts.sorted([false, 0, "", .null, nil]), clause: .msg6c,
                "responseData of those responses, sorted (left out only for undefined)")
        }
        let responseKeys = responses.flatMap { response -> [String] in
            guard case .object(let members) = response else { return ["<not an object>"] }
            return members.keys.filter { ["callbackId", "data"].contains($0) }.sorted()
        }
        context.expectEqual(responseKeys, [], clause: .msg6d, "callbackId or data keys in those responses")

        // A send that threw sent nothing: the obligation of its form reports it, and the checks of what was sent
        // (MSG-5, ORD-3) leave it out rather than blame its missing message on the parts or order of the rest.
        let thrown = CheckParts.ThrownSends(in: context.transcript)
        thrown.expectNone(
            of: [
                (Obligation.msg8a, ["nameOnly", "zero", "falseData", "nullData"]),
                (Obligation.msg8b, ["empty", "nested", "undefinedData"]),
                (Obligation.msg8c, ["twoArguments"]), (Obligation.msg8d, ["threeArguments"]),
                (Obligation.disp5b, mixedSends.filter { $0.hasPrefix("response ") }),
            ], what: "the sends", in: context)
        let leftOut = thrown.leftOut("sends")
        let sending = thrown.sent

        // MSG-5 and MSG-8: each call's parts, by handler name (callback ids shown as <id>).
        let byName = Dictionary(
            calls.compactMap { message -> (String, JSONValue)? in
                guard case .string(let name)? = message.member("handlerName") else { return nil }
                return (name, message.withOpaqueCallbackID(in: context.dialect))
            }, uniquingKeysWith: { first, _ in first })
        func part(_ name: String, _ key: String) -> JSONValue? { byName[name]?.member(key) }
        context.expectEqual(
            CheckParts.sorted(calls.map { $0.member("handlerName") }),
            CheckParts.sorted(sending(called).map { .string($0) }), clause: .msg5a,
            "handlerName of every call the handler sent, sorted\(leftOut)")
        let expectedData: [String: JSONValue?] = [
            "nameOnly": nil, "zero": 0, "empty": "", "falseData": false, "nested": nested, "undefinedData": nil,
            "nullData": .null,
        ]
        let shaped = sending(["nameOnly", "zero", "empty", "falseData", "nested", "undefinedData", "nullData"])
        context.expectEqual(
            shaped.map { part($0, "data") }, shaped.map { expectedData[$0]! }, clause: .msg5b,
            "data sent for no data, 0, \"\", false, the nested data, undefined and null\(leftOut)")
        // Only calls without a callback: a call with one is judged under the obligation of its form (MSG-8.b,
        // MSG-8.c), each part of each message once.
        let uncalledBack = sending(["nameOnly", "zero", "falseData", "nullData"])
        context.expectEqual(
            uncalledBack.map { part($0, "callbackId") }, uncalledBack.map { _ in nil }, clause: .msg5c,
            "callbackId sent by the calls without a callback, for no data, 0, false and null\(leftOut)")
        let shortForms = ["nameOnly", "zero", "falseData", "nullData"]
        context.expectEqual(
            shortForms.map { byName[$0] != nil }, shortForms.map { _ in true }, clause: .msg8a,
            "whether callHandler(name) and callHandler(name, data) sent a call, for data 0, false and null")
        let withCallback = ["empty", "nested", "undefinedData"]
        context.expectEqual(
            withCallback.map { part($0, "callbackId") }, withCallback.map { _ in "<id>" }, clause: .msg8b,
            "callbackId sent for callHandler(name, data, callback), for data \"\", the nested data and undefined")
        let answered = context.transcript.pageNotes("answered")
        func answers(_ call: String) -> [JSONValue?] {
            answered.filter { $0?.member("call") == .string(call) }.map { $0?.member("answer") }
        }
        context.expectEqual(
            withCallback.map(answers), [[""], [nested], [.null]], clause: .msg8b,
            "answers each of those callbacks got from the native echo handlers")
        context.expectEqual(
            [part("twoArguments", "data"), part("twoArguments", "callbackId")], [.null, "<id>"], clause: .msg8c,
            "data and callbackId sent for callHandler(name, fn): null, and the callback")
        context.expectEqual(
            answers("twoArguments"), [.null], clause: .msg8c,
            "answers fn got as the callback of callHandler(name, fn)")
        context.expectEqual(
            [part("threeArguments", "data"), part("threeArguments", "callbackId")], [nil, nil], clause: .msg8d,
            "data and callbackId sent for callHandler(name, fn, undefined): no swap, so no null data and no callbackId")

        // ORD-3: the queue order of the calls, and of the responses among them.
        // Order only: a send that was lost (or threw) is the finding of its own obligation above.
        let callNames = calls.map { $0.member("handlerName") }, calledNames = called.map { JSONValue.string($0) }
        context.expectEqual(
            CheckParts.ofSent(callNames, sent: calledNames), CheckParts.inSendOrder(callNames, sent: calledNames),
            clause: .ord3a, "handlerName of the calls, in queue order")
        let kinds = sent.map { message -> String in
            guard message.member("responseId") != nil else {
                if case .string(let name)? = message.member("handlerName") { return name }
                return "<call without a handlerName>"
            }
            return "response " + (message.member("responseData")?.canonicalText ?? "<absent>")
        }
        let sentKinds = kinds.map { JSONValue.string($0) }, madeSends = mixedSends.map { JSONValue.string($0) }
        context.expectEqual(
            CheckParts.ofSent(sentKinds, sent: madeSends), CheckParts.inSendOrder(sentKinds, sent: madeSends),
            clause: .ord3b,
            "the messages the handler sent, in queue order: where each response stands among the calls")
    }

    static let callbackIDsPerPage = ConformanceCase(
        id: "js-side.callback-ids.restart-on-each-page",
        clauses: [.id1],
        level: .should,
        summary:
            "on a reloaded page JS callback ids start again at cb_1_<Date.now()> and count only the sends with a callback, the (name, fn) form included"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("echo", conformance.echoHandler("echo"));
                    conformance.note("now", Date.now());
                    bridge.callHandler("sink", "first", conformance.callback("first"));
                    bridge.callHandler("sink", "second", conformance.callback("second"));
                });
                """)
        let firstPage = context.transcript.fetchedMessages.compactMap { $0.member("callbackId") }.count
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler(
            "echo", data: "a response is a send without a callback", callback: "echo", expectsResponse: true)
        try await context.runUntilIdle()
        context.runInPage(
            """
            conformance.note("now", Date.now());
            WebViewJavascriptBridge.callHandler("sink", "no callback");
            WebViewJavascriptBridge.callHandler("sink", conformance.callback("two arguments"));
            WebViewJavascriptBridge.callHandler("sink", conformance.callback("not a callback"), undefined);
            WebViewJavascriptBridge.callHandler("sink", "third", conformance.callback("third"));
            """)
        try await context.runUntilIdle()
        let times = context.transcript.pageNotes("now").map { note -> Int in
            if case .number(let time)? = note { return Int(time) }
            return -1
        }
        guard times.count == 3 else {
            return context.fail(clause: .id1a, "the pages did not note the time three times")
        }
        let parts = JavaScriptSideCases.callbackIDParts(
            context.transcript.fetchedMessages.compactMap { $0.member("callbackId") }, in: context)
        let expectedForms = [times[0], times[0], times[1], times[1], times[2], times[2]].map { "cb_<n>_\($0)" }
        context.expectEqual(
            parts.map { "cb_<n>" + $0.rest }, expectedForms, clause: .id1a,
            "callback ids of the six calls with a callback on two pages, counter left out: cb_<n>_<Date.now()>")
        context.expectEqual(
            [CheckParts.element(parts, 0).map(\.n), CheckParts.element(parts, firstPage).map(\.n)], [["1"], ["1"]],
            clause: .id1b,
            "counter of the first callback id of the page and of the reloaded page")
        context.expectEqual(
            parts.dropFirst(firstPage + 1).map(\.n), ["2", "3", "4"], clause: .id1c,
            "counters of the reloaded page's next callback ids (after a response, a call without a callback, and callHandler(name, fn, undefined))"
        )
    }

    static let onErrorHookOnNavigatedPage = ConformanceCase(
        id: "js-side.logging.onerror-hook-on-navigated-page",
        clauses: [.log6],
        level: .should,
        summary:
            "on a page navigated to, errors thrown by a JS handler and a JS callback the bridge runs are each logged as \"WebViewJavascriptBridge: ERROR:\" + msg + \"@\" + url + \":\" + line"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let url = "https://app.example/second.html"
        context.loadPage(
            """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("fail", function (data) { throw new Error(data); });
                bridge.callHandler("echo", "the answer", function (answer) { throw new TypeError("callback got " + answer); });
            });
            """, url: url)
        try await context.runUntilIdle()
        try context.callHandler("fail", data: "handler failed: ünïcødé ☃ @ x:1")
        try await context.runUntilIdle()
        let errors = context.transcript.events.compactMap { event -> String? in
            guard case let .uncaughtError(message, line) = event else { return nil }
            return "WebViewJavascriptBridge: ERROR:" + message + "@" + url + ":"
                + (line.map(String.init) ?? "undefined")
        }
        let logged = context.transcript.consoleMessages.filter { $0.hasPrefix("WebViewJavascriptBridge: ERROR") }
        context.expectEqual(
            logged.count, 2, clause: .log6a,
            "error lines logged on the page navigated to, for errors thrown by a JS handler and a JS callback")
        context.expectEqual(
            logged, errors, clause: .log6b,
            "the lines logged, against \"WebViewJavascriptBridge: ERROR:\" + msg + \"@\" + url + \":\" + line of each uncaught error"
        )
    }
}

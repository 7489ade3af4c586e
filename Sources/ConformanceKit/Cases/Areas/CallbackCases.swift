import StrictJSON

/// Cases on callbacks: one-shot removal, unique ids, unknown response ids.
enum CallbackCases {
    static let all = [
        nativeOneShot, idsUniqueAmongOutstanding, unknownResponseIDIgnored, responseAfterResetIgnored, responseDataForms, callsNameNoCallback,
        nativeIdFormat,
    ]

    static let nativeOneShot = ConformanceCase(
        id: "callbacks.native.one-shot",
        clauses: ["CB-2"],
        summary: "a native callback runs once even when the JS handler answers twice; the second answer is ignored and the batch goes on past it"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("answerTwice", function (data, respond) {
                    __conformance.handlerInvoked("answerTwice", data, true);
                    respond(data);
                    respond(data);
                    bridge.callHandler("sink", data);
                });
            });
            """)
        try context.callHandler("answerTwice", data: 7, callback: "first", expectsResponse: true)
        try await context.runUntilIdle()
        try context.callHandler("answerTwice", data: 8, callback: "second", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeCallbackInvocations("first"), [7], clause: "CB-2.a",
                            "answers callback 'first' got, its JS handler answering twice")
        context.expectEqual(context.transcript.nativeCallbackInvocations("second"), [8], clause: "CB-2.b",
                            "answers callback 'second' got, called after the repeated response was ignored")
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [7, 8], clause: "CB-2.b",
                            "data the native handler got from the call right after each repeated response, in the same batch")
    }

    static let idsUniqueAmongOutstanding = ConformanceCase(
        id: "callbacks.native.ids-unique-among-outstanding",
        clauses: ["CB-1"],
        summary: "three calls outstanding at once get distinct callback ids; answers given in reverse order reach the right callbacks"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                var pending = [];
                bridge.registerHandler("deferred", function (data, respond) {
                    __conformance.handlerInvoked("deferred", data, true);
                    pending.push({ data: data, respond: respond });
                    if (pending.length === 3) {
                        setTimeout(function () {
                            while (pending.length) { var entry = pending.pop(); entry.respond(entry.data); }
                        }, 10);
                    }
                });
            });
            """)
        for label in ["one", "two", "three"] {
            try context.callHandler("deferred", data: .string(label), callback: label, expectsResponse: true)
        }
        try await context.runUntilIdle()
        for label in ["one", "two", "three"] {
            context.expectEqual(context.transcript.nativeCallbackInvocations(label), [.string(label)],
                                clause: "CB-1.b", "answers callback '\(label)' got, the answers coming in reverse order")
        }
        let ids = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
            if case .object(let members) = message { return members["callbackId"] }
            return nil
        }
        context.expectEqual(Set(ids).count, ids.count, clause: "CB-1.a", "distinct callback ids among \(ids.count) outstanding calls")
    }

    static let unknownResponseIDIgnored = ConformanceCase(
        id: "callbacks.native.unknown-response-id-ignored",
        clauses: ["CB-3"],
        summary: "responses naming no outstanding callback (never issued, look-alikes of an outstanding id, already answered) run no callback, and the rest of their batch still runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("forge", function (data, respond) {
                    respond("for nobody");
                    bridge.callHandler("sink", "after the unknown response");
                });
                bridge.registerHandler("hold", function (data, respond) { window.heldRespond = respond; });
                bridge.registerHandler("answerLookAlike", function (data, respond) { respond("look-alike " + data); });
                bridge.registerHandler("answerRepeatedly", function (data, respond) {
                    respond(data);
                    respond(data);
                    setTimeout(function () { respond(data); }, 0);
                });
                WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "forge", callbackId: "objc_cb_999" }));
            });
            """)
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["after the unknown response"],
                            clause: "CB-3.d", "calls the native handler got after an unknown responseId in the same batch")

        // Already answered: repeats in the answer's own batch and in a later one, while another callback waits.
        try context.callHandler("hold", data: "question", callback: "held", expectsResponse: true)
        try context.callHandler("answerRepeatedly", data: "once", callback: "repeated", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeCallbackInvocations("repeated"), ["once"], clause: "CB-3.b",
                            "answers callback 'repeated' got, its JS handler answering three times (twice in one batch, once in a later one)")
        context.expectEqual(context.transcript.nativeCallbackInvocations("held"), [], clause: "CB-3.b",
                            "invocations of the outstanding callback 'held' by the repeated responses to another call")

        // Never issued: ids that look like the outstanding one but are not it, then its real answer.
        let heldID = context.transcript.decodedNativeMessages.lazy.compactMap { $0.member("handlerName") == "hold" ? $0.member("callbackId") : nil }.first
        guard case .string(let id)? = heldID else {
            context.expect(false, clause: "CB-3.a", "the call to the JS handler hold carried no callbackId, so no look-alike could be formed")
            return
        }
        let lookAlikes = lookAlikeIDs(of: id)
        context.runInPage("""
            (function () {
                var ids = \(JSONValue.array(lookAlikes.map(JSONValue.string)).canonicalText);
                for (var i = 0; i < ids.length; i++) {
                    WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "answerLookAlike", callbackId: ids[i], data: ids[i] }));
                }
                setTimeout(function () { window.heldRespond("the real answer"); }, 0);
            })();
            """)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeCallbackInvocations("held"), ["the real answer"], clause: "CB-3.a",
                            "answers callback 'held' (id \(id)) got, responses to the never-issued ids \(lookAlikes) coming first")
    }

    /// Ids that are not `id` but that a careless lookup takes for it: other case, spaces, a leading zero
    /// or only the number, another prefix.
    static func lookAlikeIDs(of id: String) -> [String] {
        var ids = [id.uppercased(), id + " ", " " + id, "x" + id]
        let digits = String(id.reversed().prefix { $0.isASCII && $0.isNumber }.reversed())
        if !digits.isEmpty {
            let stem = id.dropLast(digits.count)
            ids += [stem + "0" + digits, digits, "cb_" + digits, stem + digits + "_"]
        }
        var seen: Set<String> = [id]
        return ids.filter { seen.insert($0).inserted }
    }

    static let responseAfterResetIgnored = ConformanceCase(
        id: "callbacks.native.response-after-reset-ignored",
        clauses: ["CB-3"],
        requires: .reset,
        accepts: .unansweredNativeCallbacks,
        summary: "answers that arrive after reset() for callbacks it dropped run no callback, and the rest of their batch still runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                window.heldResponders = [];
                bridge.registerHandler("hold", function (data, respond) { window.heldResponders.push(respond); });
            });
            """)
        try context.callHandler("hold", data: "first", callback: "dropped first")
        try context.callHandler("hold", data: "second", callback: "dropped second")
        try await context.runUntilIdle()
        try context.reset()
        // No call is made after the reset, so no id is issued again: the answers name dropped callbacks only.
        context.runInPage("""
            window.heldResponders[1]("late answer to the second");
            window.heldResponders[0]("late answer to the first");
            WebViewJavascriptBridge.callHandler("sink", "after the late answers");
            """)
        try await context.runUntilIdle()
        for label in ["dropped first", "dropped second"] {
            context.expectEqual(context.transcript.nativeCallbackInvocations(label).count, 0, clause: "CB-3.c",
                                "invocations of callback '\(label)', outstanding at reset() and answered after it")
        }
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["after the late answers"], clause: "CB-3.d",
                            "calls the native handler got after the answers to dropped callbacks, in the same batch")
    }

    static let responseDataForms = ConformanceCase(
        id: "callbacks.native.response-data-forms",
        clauses: ["FLUSH-6", "CB-4"],
        accepts: .unansweredNativeCallbacks,
        summary: "native callbacks get responseData parsed: nil when absent, JSON null for null, other values unchanged; unanswered ones stay silent"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("answer", function (data, respond) {
                    if (data === "absent") { respond(); } else if (data === "null") { respond(null); } else { respond(data); }
                });
                bridge.registerHandler("silent", conformance.recordingHandler("silent"));
            });
            """)
        let sent: [(label: String, data: JSONValue, expected: JSONValue?, obligation: String)] = [
            ("absent", "absent", nil, "CB-4.b"), ("null", "null", .null, "CB-4.c"), ("zero", 0, 0, "CB-4.a"), ("false", false, false, "CB-4.a"),
            ("object", ["k": [1, "two", .null]], ["k": [1, "two", .null]], "CB-4.a"),
            // Strings stay strings, also when their text is JSON; numbers, booleans and nesting stay as they are.
            ("string of JSON", #"[1,{"a":true}]"#, #"[1,{"a":true}]"#, "CB-4.a"), ("string of a number", "42", "42", "CB-4.a"),
            ("string of true", "true", "true", "CB-4.a"), ("string of a quoted string", #""quoted""#, #""quoted""#, "CB-4.a"),
            ("empty string", "", "", "CB-4.a"), ("text", "plain text", "plain text", "CB-4.a"), ("fraction", -2.5, -2.5, "CB-4.a"),
            ("true", true, true, "CB-4.a"), ("large integer", 9_007_199_254_740_991, 9_007_199_254_740_991, "CB-4.a"),
            ("nesting", [[], [:], ["deep": [[1, [false]]]]], [[], [:], ["deep": [[1, [false]]]]], "CB-4.a"),
        ]
        try context.callHandler("silent", data: "no answer", callback: "unanswered")
        for entry in sent { try context.callHandler("answer", data: entry.data, callback: entry.label, expectsResponse: true) }
        try await context.runUntilIdle()
        for entry in sent {
            context.expectEqual(context.transcript.nativeCallbackInvocations(entry.label), [entry.expected],
                                clause: entry.obligation, "answers native callback '\(entry.label)' got")
        }
        context.expectEqual(context.transcript.nativeCallbackInvocations("unanswered").count, 0, clause: "CB-4.d", "invocations of a callback no response named")
    }

    static let callsNameNoCallback = ConformanceCase(
        id: "callbacks.native.calls-name-no-callback",
        clauses: ["CB-4", "MSG-4"],
        summary: "a JS call whose callbackId equals an outstanding native callback's id runs its handler and not that callback, which still gets its own answer"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("hold", function (data, respond) { window.heldRespond = respond; });
            });
            """)
        try context.callHandler("hold", data: "question", callback: "outstanding", expectsResponse: true)
        try await context.runUntilIdle()
        let heldID = context.transcript.decodedNativeMessages.lazy.compactMap { $0.member("handlerName") == "hold" ? $0.member("callbackId") : nil }.first
        guard let heldID else {
            context.expect(false, clause: "CB-4.d", "the call to the JS handler hold carried no callbackId, so no call could carry it")
            return
        }
        // A call (no responseId) carrying the native callback's id as its own callbackId.
        let call: JSONValue = ["handlerName": "sink", "data": "a call carrying the native id", "callbackId": heldID]
        CraftedFetch.serve([CraftedFetch.text(JSONValue.array([call]).canonicalText)], in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeCallbackInvocations("outstanding"), [], clause: "CB-4.d",
                            "invocations of callback 'outstanding' by a JS call whose callbackId is its id \(heldID.canonicalText)")
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["a call carrying the native id"], clause: "MSG-4.b",
                            "data the native handler got from that call (a message without responseId is a call)")
        context.runInPage(#"window.heldRespond("the real answer");"#)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeCallbackInvocations("outstanding"), ["the real answer"], clause: "CB-4.d",
                            "answers callback 'outstanding' got once its own response came")
    }

    static let nativeIdFormat = ConformanceCase(
        id: "callbacks.native.id-format",
        clauses: ["ID-2", "MSG-7"],
        level: .should,
        accepts: .unansweredNativeCallbacks,
        summary: "native callback ids are objc_cb_1, objc_cb_2, ... counting only calls that carry a callback"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("sink", data: 1, callback: "one")
        try context.callHandler("sink", data: 2)
        try context.callHandler("sink", data: 3, callback: "three")
        try await context.runUntilIdle()
        let ids = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
            guard case .object(let members) = message else { return nil }
            return members["callbackId"]
        }
        let malformed = ids.filter { id in
            guard case .string(let text) = id else { return true }
            return text.wholeMatch(of: /objc_cb_[1-9][0-9]*/) == nil
        }
        context.expectEqual(malformed, [], clause: "ID-2.a", "callback ids not of the form objc_cb_<n> among \(ids.count)")
        let messages = context.transcript.decodedNativeMessages
        func callbackID(ofCallWith data: JSONValue) -> JSONValue? {
            messages.first { $0.member("data") == data }?.member("callbackId")
        }
        context.expectEqual(callbackID(ofCallWith: 1), "objc_cb_1", clause: "ID-2.b", "callback id of the bridge's first call with a callback")
        context.expectEqual(callbackID(ofCallWith: 3), "objc_cb_2", clause: "ID-2.c",
                            "callback id of its second call with a callback, made after a call without one")
        context.expectEqual(callbackID(ofCallWith: 2), nil, clause: "MSG-7.c", "callback id of the call without a callback")
        context.expectEqual(ids.count, 2, clause: "MSG-7.c", "callback ids sent for three calls, two of them with a callback")
    }
}

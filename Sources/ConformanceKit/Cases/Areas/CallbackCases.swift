import StrictJSON

/// Cases on callbacks: one-shot removal, unique ids, unknown response ids.
enum CallbackCases {
    static let all = [nativeOneShot, idsUniqueAmongOutstanding, unknownResponseIDIgnored, responseDataForms, nativeIdFormat]

    static let nativeOneShot = ConformanceCase(
        id: "callbacks.native.one-shot",
        clauses: ["CB-2"],
        summary: "a native callback runs once even when the JS handler answers twice; the second answer is ignored"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("answerTwice", function (data, respond) {
                    __conformance.handlerInvoked("answerTwice", data, true);
                    respond(data);
                    respond(data);
                });
            });
            """)
        try context.callHandler("answerTwice", data: 7, callback: "first", expectsResponse: true)
        try await context.runUntilIdle()
        try context.callHandler("answerTwice", data: 8, callback: "second", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeCallbackInvocations("first"), [7], clause: "CB-2", "answers callback 'first' got")
        context.expectEqual(context.transcript.nativeCallbackInvocations("second"), [8], clause: "CB-2", "answers callback 'second' got")
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
                                clause: "CB-1", "answers callback '\(label)' got")
        }
        let ids = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
            if case .object(let members) = message { return members["callbackId"] }
            return nil
        }
        context.expectEqual(Set(ids).count, ids.count, clause: "CB-1", "distinct callback ids among \(ids.count) outstanding calls")
    }

    static let unknownResponseIDIgnored = ConformanceCase(
        id: "callbacks.native.unknown-response-id-ignored",
        clauses: ["CB-3"],
        summary: "a response with an unknown responseId is ignored without harm and the rest of its batch still runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("forge", function (data, respond) {
                    respond("for nobody");
                    bridge.callHandler("sink", "after the unknown response");
                });
                WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "forge", callbackId: "objc_cb_999" }));
            });
            """)
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["after the unknown response"],
                            clause: "CB-3", "calls the native handler got after an unknown responseId in the same batch")
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
        let sent: [(label: String, data: JSONValue, expected: JSONValue?)] = [
            ("absent", "absent", nil), ("null", "null", .null), ("zero", 0, 0), ("false", false, false),
            ("object", ["k": [1, "two", .null]], ["k": [1, "two", .null]]),
        ]
        try context.callHandler("silent", data: "no answer", callback: "unanswered")
        for entry in sent { try context.callHandler("answer", data: entry.data, callback: entry.label, expectsResponse: true) }
        try await context.runUntilIdle()
        for entry in sent {
            context.expectEqual(context.transcript.nativeCallbackInvocations(entry.label), [entry.expected],
                                clause: "CB-4", "answers native callback '\(entry.label)' got")
        }
        context.expectEqual(context.transcript.nativeCallbackInvocations("unanswered").count, 0, clause: "CB-4", "invocations of a callback no response named")
    }

    static let nativeIdFormat = ConformanceCase(
        id: "callbacks.native.id-format",
        clauses: ["ID-2"],
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
        context.expectEqual(ids, ["objc_cb_1", "objc_cb_2"], clause: "ID-2", "callback ids of three calls, the second without a callback")
    }
}

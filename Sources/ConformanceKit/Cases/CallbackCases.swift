/// Cases on callbacks: one-shot removal, unique ids, unknown response ids.
enum CallbackCases {
    static let all = [nativeOneShot, idsUniqueAmongOutstanding, unknownResponseIDIgnored]

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
}

import StrictJSON

/// Cases on message shapes: data forms in both directions and the shape of responses.
enum MessageCases {
    static let all = [jsToNativeDataForms, nilAnswerIsNull, responseIdAnyValue, nativeMessageKeys, opaqueIdsAndJSONForms]

    static let jsToNativeDataForms = ConformanceCase(
        id: "messages.js-to-native.data-forms",
        clauses: ["MSG-3"],
        summary: "native handlers get absent, null and non-object data (string, number, array, boolean) exactly as JS sent them"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("sink");
                bridge.callHandler("sink", null);
                bridge.callHandler("sink", "text");
                bridge.callHandler("sink", 42.5);
                bridge.callHandler("sink", [1, "two"]);
                bridge.callHandler("sink", false);
                bridge.callHandler("sink", { "nested": { "k": [] } });
            });
            """)
        let expected: [JSONValue?] = [nil, .null, "text", 42.5, [1, "two"], false, ["nested": ["k": []]]]
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), expected,
                            clause: "MSG-3", "data the native handler got, call by call")
    }

    static let nilAnswerIsNull = ConformanceCase(
        id: "messages.native-to-js.nil-answer-is-null",
        clauses: ["MSG-2"],
        summary: "a native handler answering nil sends \"responseData\":null, so the JS callback gets null, not undefined"
    ) { context in
        try context.registerHandler("answerNil", answer: .value(nil))
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("answerNil", 1, function (answer) {
                    conformance.note("answer is null", answer === null);
                });
            });
            """)
        let notes = context.transcript.pageNotes("answer is null")
        context.expectEqual(notes, [true], clause: "MSG-2", "whether the JS callback got null")
    }

    static let responseIdAnyValue = ConformanceCase(
        id: "messages.js-to-native.response-id-any-value",
        clauses: ["MSG-4"],
        summary: "a message with a responseId key counts as a response whatever its value (null, \"\", 0), never as a call"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let batch = #"[{"responseId":null,"handlerName":"sink","data":"null id"},{"responseId":"","handlerName":"sink","data":"empty id"},"#
            + #"{"responseId":0,"handlerName":"sink","data":"zero id"},{"handlerName":"sink","data":"a call"}]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["a call"], clause: "MSG-4",
                            "data the native handler got from a batch of three responses and one call")
        try await CraftedFetch.expectBridgeStillWorks(context, clause: "MSG-4")
    }

    static let nativeMessageKeys = ConformanceCase(
        id: "messages.native-to-js.keys",
        clauses: ["MSG-1", "MSG-7", "MSG-2"],
        summary: "native calls carry handlerName, data only when non-nil and callbackId only with a callback; native responses carry exactly responseId and responseData; no native message has other keys"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try context.registerHandler("nothing", answer: .value(nil))
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                bridge.registerHandler("echo", conformance.echoHandler("echo"));
                bridge.callHandler("echo", "from JS", conformance.callback("echoed"));
                bridge.callHandler("nothing", 1, conformance.callback("nothing"));
            });
            """)
        try context.callHandler("sink")
        try context.callHandler("sink", data: "d")
        try context.callHandler("sink", data: .null)
        try context.callHandler("echo", data: 1, callback: "with data")
        try context.callHandler("echo", callback: "without data")
        try await context.runUntilIdle()
        let allowed: Set<String> = ["handlerName", "data", "callbackId", "responseId", "responseData"]
        var callKeys: [[String]] = []
        var responseKeys: [[String]] = []
        for message in context.transcript.decodedNativeMessages {
            guard case .object(let members) = message else { continue }
            let extra = Set(members.keys).subtracting(allowed)
            context.expect(extra.isEmpty, clause: "MSG-1", "native message \(message.canonicalText) has keys outside the five: \(extra.sorted())")
            // A response answers a JS call, so its responseId is that call's (string) callbackId.
            if case .string? = members["responseId"] {
                responseKeys.append(members.keys.sorted())
            } else {
                callKeys.append(members.keys.sorted())
            }
        }
        context.expectEqual(responseKeys.map { $0.joined(separator: ",") }, ["responseData,responseId", "responseData,responseId"],
                            clause: "MSG-2", "keys of the native responses (to \"echo\" and to \"nothing\", which answers nil)")
        let expected = [["handlerName"], ["data", "handlerName"], ["data", "handlerName"], ["callbackId", "data", "handlerName"], ["callbackId", "handlerName"]]
        context.expectEqual(callKeys.map { $0.joined(separator: ",") }, expected.map { $0.joined(separator: ",") },
                            clause: "MSG-7", "keys of the native calls (no data; \"d\"; null; data and callback; callback only)")
    }

    static let opaqueIdsAndJSONForms = ConformanceCase(
        id: "messages.js-to-native.opaque-ids-and-json-forms",
        clauses: ["ID-3", "MSG-9"],
        summary: "JS callback ids come back unchanged as responseId strings, and whitespace, key order and \\/ or \\u escapes in a batch change nothing"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let batch = #"[ {"callbackId" : "42", "data" : "a\/b", "handlerName" : "echo"},"# + "\n"
            + #"  {"data":"\u0041","callbackId":"cb_1_x' \" \\ \u00e9","handlerName":"echo"},"# + "\r\n"
            + #"  {"handlerName":"\u0065cho","callbackId":"  007  ","data":{"z":1,"a":[true,null]}} ]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("echo"), ["a/b", "A", ["a": [true, .null], "z": 1]],
                            clause: "MSG-9", "data the native handler got from a batch with whitespace, reordered keys and escapes")
        let responseIds = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
            guard case .object(let members) = message else { return nil }
            return members["responseId"]
        }
        context.expectEqual(responseIds, ["42", "cb_1_x' \" \\ \u{E9}", "  007  "], clause: "ID-3", "responseIds of the answers")
    }
}

import ConformanceObligations
import StrictJSON

/// Cases on message shapes: data forms in both directions and the shape of responses.
enum MessageCases {
    static let all = [
        jsToNativeDataForms, nilAnswerIsNull, responseIdAnyValue, nativeMessageKeys, nativeNumbersStayNumbers,
        opaqueIdsAndJSONForms, responseJSONForms, responseOrCallByKey,
    ]

    static let jsToNativeDataForms = ConformanceCase(
        id: "messages.js-to-native.data-forms",
        clauses: [.msg3],
        summary:
            "native handlers get absent, null and non-object data (string, number, array, boolean) exactly as JS sent them"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
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
        let got = context.transcript.nativeHandlerInvocations("sink")
        let expected: [CheckParts.Expected] = [
            .init(obligation: .msg3a, value: nil, what: "a call without data (nil)"),
            .init(obligation: .msg3b, value: .null, what: "data null (JSON null, not nil)"),
            .init(obligation: .msg3c, value: "text", what: "a string"),
            .init(obligation: .msg3d, value: 42.5, what: "a number"),
            .init(obligation: .msg3f, value: [1, "two"], what: "an array"),
            .init(obligation: .msg3e, value: false, what: "a boolean (not a number)"),
            .init(obligation: .msg3f, value: ["nested": ["k": []]], what: "a nested object"),
        ]
        CheckParts.expectElements(
            got, expected, countObligation: .msg3a,
            "native handler invocations for seven calls (none dropped, the one without data included)",
            of: "data the native handler got from call", in: context)
        if got.count == expected.count {
            context.expect(
                !got[1...5].contains(nil), clause: .msg3g,
                "non-object data (null, string, number, array, boolean) reached the native handler as a value, never as nil"
            )
        }
    }

    static let nilAnswerIsNull = ConformanceCase(
        id: "messages.native-to-js.nil-answer-is-null",
        clauses: [.msg2],
        summary:
            "a native handler answering nil sends \"responseData\":null, so the JS callback gets null, not undefined"
    ) { context in
        try context.registerHandler("answerNil", answer: .value(nil))
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.callHandler("answerNil", 1, function (answer) {
                        conformance.note("answer is null", answer === null);
                    });
                });
                """)
        let notes = context.transcript.pageNotes("answer is null")
        context.expectEqual(notes, [true], clause: .msg2c, "whether the JS callback of a call answered nil got null")
    }

    static let responseIdAnyValue = ConformanceCase(
        id: "messages.js-to-native.response-id-any-value",
        clauses: [.msg4],
        summary:
            "a message with a responseId key counts as a response whatever its value (null, \"\", 0), never as a call"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let batch =
            #"[{"responseId":null,"handlerName":"sink","data":"null id"},{"responseId":"","handlerName":"sink","data":"empty id"},"#
            + #"{"responseId":0,"handlerName":"sink","data":"zero id"},{"handlerName":"sink","data":"a call"}]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        let got = context.transcript.nativeHandlerInvocations("sink")
        context.expectEqual(
            got.filter { $0 != "a call" }, [], clause: .msg4a,
            "data the native handler got from the three responses (responseId null, \"\" and 0) of a batch, run as calls"
        )
        context.expectEqual(
            got.filter { $0 == "a call" }, ["a call"], clause: .msg4b,
            "data the native handler got from the one message without responseId in that batch, a call")
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: .msg4b)
    }

    /// Foundation hands numbers and booleans alike as `NSNumber`, and `as? Bool` accepts an `NSNumber` 0 or 1: a
    /// port that converts data on its way out by asking for `Bool` first sends `true` for 1. The literals are
    /// read where they leave the native side, so the native side is blamed, not what JS made of them.
    static let nativeNumbersStayNumbers = ConformanceCase(
        id: "messages.native-to-js.numbers-stay-numbers",
        clauses: [.esc3, .msg7, .flush7],
        summary:
            "the numbers 0 and 1 in a native call's data and in a native handler's answer leave the native side as numbers, true and false as booleans (Foundation hands both as NSNumber)"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        let data: JSONValue = [0, 1, true, false, 2, -1, 0.5, ["one": 1, "zero": 0, "yes": true, "no": false]]
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                    bridge.callHandler("echo", \(data.canonicalText), conformance.callback("echoed"));
                });
                """)
        try context.callHandler("sink", data: data)
        try await context.runUntilIdle()
        let keys = context.dialect.keys
        let sent = context.transcript.decodedNativeMessages
        let call = sent.first { $0.member(keys.handlerName) == "sink" }
        let answer = sent.first { $0.member(keys.responseID) != nil }
        // The answer is whatever the handler got, handed back: what it got is MSG-3's, checked elsewhere.
        let got = context.transcript.nativeHandlerInvocations("echo").first
        context.expect(call != nil, clause: .msg7b, "the native call to the JS handler sink was delivered")
        context.expect(
            got != nil && answer != nil, clause: .flush7a, "the native handler echo was invoked and its answer sent")
        if let call {
            context.expectEqual(
                call.member(keys.data), data, clause: .esc3a,
                "the data of the native call, as its command's literal carried it")
        }
        if let answer, let got {
            context.expectEqual(
                answer.member(keys.responseData), got, clause: .esc3a,
                "the native handler's answer (the data it got, handed back), as its command's literal carried it")
        }
    }

    static let nativeMessageKeys = ConformanceCase(
        id: "messages.native-to-js.keys",
        clauses: [.msg1, .msg7, .msg2, .flush7],
        summary:
            "native calls carry handlerName, data only when non-nil and callbackId only with a callback; native responses carry exactly responseId and responseData; no native message has other keys"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try context.registerHandler("nothing", answer: .value(nil))
        try await CasePages.start(
            context,
            page: """
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
        var responses: [JSONValue] = []
        for message in context.transcript.decodedNativeMessages {
            guard case .object(let members) = message else { continue }
            let extra = Set(members.keys).subtracting(allowed)
            context.expect(
                extra.isEmpty, clause: .msg1b,
                "native message \(message.canonicalText) has keys outside the five: \(extra.sorted())")
            // A response answers a JS call, so its responseId is that call's (string) callbackId.
            if case .string? = members["responseId"] {
                responses.append(message)
            } else {
                callKeys.append(members.keys.sorted())
            }
        }
        // The responses, told apart by the JS call each answers (MSG-2.b: its callbackId comes back as responseId).
        let jsCallbackIDs = ["echo", "nothing"].map { name in
            context.transcript.fetchedMessages.first {
                $0.member("handlerName") == .string(name) && $0.member("callbackId") != nil
            }?.member("callbackId")
        }
        context.expectEqual(
            CheckParts.sorted(responses.map { $0.member("responseId") }), CheckParts.sorted(jsCallbackIDs),
            clause: .msg2b,
            "responseIds of the native responses: the callbackIds of the JS calls to \"echo\" and \"nothing\", unchanged"
        )
        context.expectEqual(
            responses.count, 2, clause: .flush7b, "native responses for two JS calls whose handlers answer once each"
        )
        let echoResponse = responses.first { $0.member("responseId") == jsCallbackIDs[0] && jsCallbackIDs[0] != nil }
        let nothingResponse = responses.first { $0.member("responseId") == jsCallbackIDs[1] && jsCallbackIDs[1] != nil }
        func keys(_ message: JSONValue?, besides skipped: String? = nil) -> String {
            guard case .object(let members)? = message else { return "<no such response>" }
            return members.keys.filter { $0 != skipped }.sorted().joined(separator: ",")
        }
        context.expectEqual(
            keys(echoResponse), "responseData,responseId", clause: .msg2a, "keys of the native response to \"echo\"")
        context.expectEqual(
            keys(nothingResponse, besides: "responseData"), "responseId", clause: .msg2a,
            "keys besides responseData of the native response to \"nothing\", which answers nil")
        context.expectEqual(
            nothingResponse?.member("responseData"), JSONValue.null, clause: .msg2c,
            "responseData of the native response to \"nothing\", which answers nil (null, not left out)")
        // The calls: no data; "d"; null; data and callback; callback only.
        context.expectEqual(
            callKeys.map { $0.contains("handlerName") }, [true, true, true, true, true], clause: .msg7a,
            "whether each of the five native calls carries handlerName")
        context.expectEqual(
            callKeys.map { $0.contains("data") }, [false, true, true, true, false], clause: .msg7b,
            "whether each native call carries data (no data; \"d\"; null; 1; no data)")
        context.expectEqual(
            callKeys.map { $0.contains("callbackId") }, [false, false, false, true, true], clause: .msg7c,
            "whether each native call carries callbackId (no callback for the first three, one for the last two)")
    }

    static let opaqueIdsAndJSONForms = ConformanceCase(
        id: "messages.js-to-native.opaque-ids-and-json-forms",
        clauses: [.id3, .msg9],
        summary:
            "JS callback ids come back unchanged as responseId strings, and whitespace, key order and \\/ or \\u escapes in a batch change nothing"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let batch =
            #"[ {"callbackId" : "42", "data" : "a\/b", "handlerName" : "echo"},"# + "\n"
            + #"  {"data":"\u0041","callbackId":"cb_1_x' \" \\ \u00e9","handlerName":"echo"},"# + "\r\n"
            + #"  {"handlerName":"\u0065cho","callbackId":"  007  ","data":{"z":1,"a":[true,null]}} ]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        let got = context.transcript.nativeHandlerInvocations("echo")
        context.expectEqual(
            got.count, 3, clause: .msg9b,
            "native handler invocations for three calls in a batch with spaces, LF and CR LF around and inside its messages"
        )
        context.expectEqual(
            Array(got.prefix(2)), ["a/b", "A"], clause: .msg9c,
            "data of the first two calls, written \"a\\/b\" and \"\\u0041\"")
        context.expectEqual(
            CheckParts.element(got, 2), [["a": [true, .null], "z": 1]], clause: .msg9a,
            "data of the third call, whose members and data members come in another order (it also names its handler \"\\u0065cho\")"
        )
        let responseIds = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
            guard case .object(let members) = message else { return nil }
            return members["responseId"]
        }
        context.expectEqual(
            responseIds, ["42", "cb_1_x' \" \\ \u{E9}", "  007  "], clause: .id3a,
            "responseIds of the answers: the JS callback ids, unchanged whatever their form")
    }

    static let responseJSONForms = ConformanceCase(
        id: "messages.js-to-native.response-json-forms",
        clauses: [.msg9],
        summary:
            "responses in a batch reach their native callbacks whatever their key order, whitespace, and escapes, those in the responseId included"
    ) { context in
        try await CasePages.start(context)
        guard
            let ids = try await CraftedFetch.outstandingCallbacks(
                ["reordered", "spaced", "escaped"], in: context)
        else { return }
        // The third id written with a \u escape for every character, as a hand-written or other encoder may.
        let escapedID: String
        if case .string(let id) = ids[2] {
            escapedID =
                "\""
                + id.utf16.map {
                    "\\u" + String(repeating: "0", count: 4 - String($0, radix: 16).count) + String($0, radix: 16)
                }.joined() + "\""
        } else {
            escapedID = ids[2].canonicalText
        }
        let batch =
            "\n\t[\n  " + #"{"responseData":{"b":[1,{"y":2,"x":1}],"a":"first"},"handlerName":"sink","responseId":"#
            + ids[0].canonicalText + "},\r\n"
            + "  { \"responseId\" :\t" + ids[1].canonicalText + " ,\n    \"responseData\" : [ 1 , 2 ,\r\n 3 ] } ,"
            + #"{"responseId":"# + escapedID + #","responseData":"a\/b \u00e9 \ud83d\ude00 \"q\""}"# + "\n]\n"
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("reordered"), [["a": "first", "b": [1, ["x": 1, "y": 2]]]],
            clause: .msg9a,
            "answers the callback got from a response whose keys, and its data's keys, come in another order than JSON.stringify's"
        )
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("spaced"), [[1, 2, 3]], clause: .msg9b,
            "answers the callback got from a response with spaces, tabs, LF and CR LF around and inside it, in a batch that starts with white space"
        )
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("escaped"), ["a/b \u{E9} \u{1F600} \"q\""], clause: .msg9c,
            "answers the callback got from a response whose responseId is written all in \\u escapes and whose data uses \\/, \\u00e9 and a surrogate pair"
        )
    }

    static let responseOrCallByKey = ConformanceCase(
        id: "messages.js-to-native.response-or-call-by-key",
        clauses: [.msg4, .id3],
        summary:
            "only the responseId key makes a message a response (false or {} as its value, a handlerName, data or callbackId beside it), a call carrying responseData is a call, and callback ids shaped like numbers or native ids come back unchanged both ways"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                    bridge.registerHandler("jsEcho", conformance.echoHandler("jsEcho"));
                });
                """)
        guard let ids = try await CraftedFetch.outstandingCallbacks(["answered"], in: context)
        else { return }
        let batch =
            #"[{"responseId":false,"handlerName":"sink","data":"responseId false"},"#
            + #"{"handlerName":"echo","callbackId":"cb_7_1","data":"responseId {}","responseId":{}},"#
            + #"{"responseId":"# + ids[0].canonicalText
            + #","handlerName":"sink","data":"named response","responseData":"the answer"},"#
            + #"{"handlerName":"sink","responseData":"a call, not a response"},"#
            + #"{"callbackId":"0042","handlerName":"echo","data":"id like a number"},"#
            + #"{"callbackId":"objc_cb_1","handlerName":"echo","data":"id like a native one"}]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        let sink = context.transcript.nativeHandlerInvocations("sink"),
            echo = context.transcript.nativeHandlerInvocations("echo")
        context.expectEqual(
            sink.filter { $0 != nil }, [], clause: .msg4a,
            "data the native handler sink got from responses naming it (responseId false; a live responseId with handlerName and data), run as calls"
        )
        context.expectEqual(
            echo.filter { $0 == "responseId {}" }, [], clause: .msg4a,
            "data the native handler echo got from a response naming it with a callbackId (responseId {}), run as a call"
        )
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("answered"), ["the answer"], clause: .msg4a,
            "answers the callback got from its response, which also carries handlerName and data")
        context.expectEqual(
            sink.filter { $0 == nil }.count, 1, clause: .msg4b,
            "invocations of the native handler sink for a call without data that carries responseData but no responseId"
        )
        context.expectEqual(
            echo.filter { $0 != "responseId {}" }, ["id like a number", "id like a native one"], clause: .msg4b,
            "data the native handler echo got from the two calls of the batch")
        let responseIds = context.transcript.decodedNativeMessages.compactMap { $0.member("responseId") }
        context.expectEqual(
            responseIds, ["0042", "objc_cb_1"], clause: .id3a,
            "responseIds of the native answers to JS callback ids \"0042\" and \"objc_cb_1\": unchanged strings, and none for the response carrying callbackId cb_7_1"
        )
        // The other way: the JS side answers a native call whose id has no objc_cb_<n> shape with that id unchanged.
        let nativeID = "objc_cb_07.5 \u{FC}"
        let call: JSONValue = ["handlerName": "jsEcho", "callbackId": .string(nativeID), "data": "odd native id"]
        context.runInPage("WebViewJavascriptBridge._handleMessageFromObjC(\(CanonicalJSON.quote(call.canonicalText)));")
        try await context.runUntilIdle()
        let jsResponses = context.transcript.fetchedMessages.filter { $0.member("handlerName") == "jsEcho" }
        context.expectEqual(
            jsResponses.map { $0.member("responseId") }, [.string(nativeID)], clause: .id3b,
            "responseId of the JS answer to a native call with callback id \"objc_cb_07.5 \\u00fc\" (unchanged, not rebuilt)"
        )
    }
}

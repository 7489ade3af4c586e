/// Cases on the native handling of `_fetchQueue` results and on message shapes.
///
/// Most cases feed the native side crafted `_fetchQueue` results (see `CraftedFetch`), then check that
/// what had to run ran, that nothing else did, and that the bridge still works afterwards.
enum FlushCases {
    static let all = [
        fetchCommandExact, nilResultProcessesNothing, invalidJSONDropped, lenientParserJSONDropped, nonArrayIgnored, nonObjectElementsSkipped,
        handlersAndResponders, responseDataForms, responseIdAnyValue, nativeMessageKeys, opaqueIdsAndJSONForms,
        unserializableData, nativeIdFormat,
    ]

    static let fetchCommandExact = ConformanceCase(
        id: "flush.fetch-command.exact-per-queue-url",
        clauses: ["FLUSH-1"],
        summary: "every cancelled queue URL is followed by exactly one evaluation of WebViewJavascriptBridge._fetchQueue(); and the batch runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("sink", 1);
                bridge.callHandler("sink", 2);
                bridge.callHandler("sink", 3);
            });
            """)
        let queueURLs = context.transcript.navigationDecisions.filter {
            $0.policy == .cancel && $0.url.lowercased().contains("__wvjb_queue_message__")
        }
        let jsSide = context.webView.bridgeJavaScriptSource
        let fetches = context.transcript.nativeEvaluations.map(\.script).filter { $0 != jsSide && $0.contains("_fetchQueue") }
        context.expectEqual(fetches, Array(repeating: "WebViewJavascriptBridge._fetchQueue();", count: queueURLs.count),
                            clause: "FLUSH-1", "fetch evaluations for \(queueURLs.count) cancelled queue URLs")
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [1, 2, 3], clause: "FLUSH-1", "data the native handler got")
    }

    static let nilResultProcessesNothing = ConformanceCase(
        id: "flush.nil-empty-or-error-result",
        clauses: ["FLUSH-2"],
        summary: "_fetchQueue returning undefined, null, \"\" or throwing runs nothing, and the bridge keeps answering afterwards"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        CraftedFetch.serve([CraftedFetch.undefined, "null", CraftedFetch.text(""), CraftedFetch.throwing], in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink").count, 0, clause: "FLUSH-2", "native handler calls from nil-like results")
        try await CraftedFetch.expectBridgeStillWorks(context, clause: "FLUSH-2")
    }

    static let invalidJSONDropped = ConformanceCase(
        id: "flush.invalid-json-dropped",
        clauses: ["FLUSH-3"],
        summary: "a _fetchQueue result that is not valid JSON (truncated, single quotes, bare keys, missing comma, text) runs none of its calls"
    ) { context in
        try await expectBatchesIgnored([
            #"[{"handlerName":"sink","data":"truncated"}"#, #"[{'handlerName':'sink','data':'single quotes'}]"#,
            #"[{handlerName:"sink",data:"bare keys"}]"#, #"[{"handlerName":"sink","data":"two"}{"handlerName":"sink"}]"#, "not json",
        ], clause: "FLUSH-3", what: "invalid batches", in: context)
    }

    static let lenientParserJSONDropped = ConformanceCase(
        id: "flush.lenient-parser-json-dropped",
        clauses: ["FLUSH-3"],
        summary: "a _fetchQueue result that only a lenient parser accepts (trailing commas, a leading zero, an unknown escape) runs none of its calls"
    ) { context in
        // swift-corelibs-foundation's JSONSerialization and JSONDecoder accept some of these on Linux.
        try await expectBatchesIgnored([
            #"[{"handlerName":"sink","data":"trailing comma in array"},]"#, #"[{"handlerName":"sink","data":"trailing comma in object",}]"#,
            #"[{"handlerName":"sink","data":01}]"#, #"[{"handlerName":"sink","data":"unknown escape \q"}]"#,
        ], clause: "FLUSH-3", what: "batches that are not JSON", in: context)
    }

    static let nonArrayIgnored = ConformanceCase(
        id: "flush.non-array-ignored",
        clauses: ["FLUSH-4"],
        summary: "a _fetchQueue result that is JSON but not an array ({...}, null, 1, \"text\", true) is ignored, a lone message object included"
    ) { context in
        try await expectBatchesIgnored([
            #"{"handlerName":"sink","data":"lone object"}"#, "{}", "null", "1", #""text""#, "true",
        ], clause: "FLUSH-4", what: "non-array batches", in: context)
    }

    /// Serves `results` as the page's next `_fetchQueue` results, then checks that the native handler
    /// `sink` ran for none of them and that the bridge still answers afterwards.
    @MainActor
    private static func expectBatchesIgnored(_ results: [String], clause: String, what: String, in context: CaseContext) async throws {
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        CraftedFetch.serve(results.map(CraftedFetch.text), in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [], clause: clause, "data the native handler got from \(what)")
        try await CraftedFetch.expectBridgeStillWorks(context, clause: clause)
    }

    static let nonObjectElementsSkipped = ConformanceCase(
        id: "flush.non-object-elements-skipped",
        clauses: ["FLUSH-5"],
        summary: "array elements that are not objects (number, string, null, array, boolean) are skipped and the calls around them still run"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let batch = #"[1,{"handlerName":"sink","data":"first"},"text",null,[],true,{"handlerName":"sink","data":"second"}]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["first", "second"],
                            clause: "FLUSH-5", "data the native handler got from a batch mixing non-objects and calls")
        try await CraftedFetch.expectBridgeStillWorks(context, clause: "FLUSH-5")
    }

    static let handlersAndResponders = ConformanceCase(
        id: "flush.handlers-and-responders",
        clauses: ["FLUSH-7", "FLUSH-8"],
        summary: "every handler of one batch runs once; a responder sends one answer per call, none without a callbackId (FLUSH-8 only as: the batch runs on past each handler)"
    ) { context in
        try context.registerHandler("twice", answer: .echoTwice)
        try context.registerHandler("echo", answer: .echo)
        try context.registerHandler("quiet", answer: .none)
        try context.registerHandler("fixed", answer: .value("fixed"))
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("twice", "a", conformance.callback("twice"));
                bridge.callHandler("echo", "no callback");
                bridge.callHandler("quiet", "q", conformance.callback("quiet"));
                bridge.callHandler("fixed", "f", conformance.callback("fixed"));
            });
            """)
        let expected: [(String, JSONValue)] = [("twice", "a"), ("echo", "no callback"), ("quiet", "q"), ("fixed", "f")]
        for (name, data) in expected {
            context.expectEqual(context.transcript.nativeHandlerInvocations(name), [data], clause: "FLUSH-7", "data native handler \(name) got")
        }
        let answers = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
            guard case .object(let members) = message, members["responseId"] != nil else { return nil }
            return members["responseData"] ?? .string("<absent>")
        }
        context.expectEqual(answers, ["a", "a", "fixed"], clause: "FLUSH-7",
                            "responseData of the responses sent (two from the responder called twice, none without a callbackId)")
        context.expectEqual(context.transcript.jsCallbackInvocations("twice"), ["a"], clause: "FLUSH-7", "answers JS callback 'twice' got")
        context.expectEqual(context.transcript.jsCallbackInvocations("fixed"), ["fixed"], clause: "FLUSH-7", "answers JS callback 'fixed' got")
    }

    static let responseDataForms = ConformanceCase(
        id: "callbacks.native.response-data-forms",
        clauses: ["FLUSH-6", "CB-4"],
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
        clauses: ["MSG-1", "MSG-7"],
        summary: "native calls carry handlerName, data only when non-nil and callbackId only with a callback; no native message has other keys"
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
        for message in context.transcript.decodedNativeMessages {
            guard case .object(let members) = message else { continue }
            let extra = Set(members.keys).subtracting(allowed)
            context.expect(extra.isEmpty, clause: "MSG-1", "native message \(message.canonicalText) has keys outside the five: \(extra.sorted())")
            if members["responseId"] == nil { callKeys.append(members.keys.sorted()) }
        }
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

    static let unserializableData = ConformanceCase(
        id: "escaping.unserializable-data.native-to-js",
        clauses: ["ESC-4"],
        summary: "data that is not JSON (NaN, Infinity) neither crashes the bridge nor yields a broken command; later messages still arrive"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("sink", data: ["bad": .number(.nan)])
        try context.callHandler("sink", data: .number(.infinity), callback: "infinite")
        try context.callHandler("sink", data: "after")
        try await context.runUntilIdle()
        for evaluation in context.transcript.nativeEvaluations {
            if case .malformed(let problems) = WireInspector.decodeCommand(evaluation.script) {
                context.fail(clause: "ESC-4", "a command evaluated for unserializable data breaks ESC-1 to ESC-3: \(problems.map(\.message))",
                             actual: TranscriptRenderer.abbreviate(evaluation.script, limit: 120))
            }
        }
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").last?.data, "after", clause: "ESC-4",
                            "the last data the JS handler got (a valid call after the unserializable ones)")
    }

    static let nativeIdFormat = ConformanceCase(
        id: "callbacks.native.id-format",
        clauses: ["ID-2"],
        level: .should,
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

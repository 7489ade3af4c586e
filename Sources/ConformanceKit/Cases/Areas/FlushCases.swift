import StrictJSON

/// Cases on the native handling of `_fetchQueue` results.
///
/// Most cases feed the native side crafted `_fetchQueue` results (see `CraftedFetch`), then check that
/// what had to run ran, that nothing else did, and that the bridge still works afterwards.
enum FlushCases {
    static let all = [
        fetchCommandExact, nilResultProcessesNothing, invalidJSONDropped, lenientParserJSONDropped, nonArrayIgnored, nonObjectElementsSkipped,
        handlersAndResponders,
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
        summary: "array elements that are not objects (number, string, a string holding a message's JSON, null, array, boolean) are skipped and the calls around them still run"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        // The string element holds a message's JSON text: it is still a string, not an object.
        let batch = #"[1,{"handlerName":"sink","data":"first"},"text",null,[],true,"{\"handlerName\":\"sink\",\"data\":\"in a string\"}",{"handlerName":"sink","data":"second"}]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), ["first", "second"],
                            clause: "FLUSH-5", "data the native handler got from a batch mixing non-objects and calls")
        try await CraftedFetch.expectBridgeStillWorks(context, clause: "FLUSH-5")
    }

    static let handlersAndResponders = ConformanceCase(
        id: "flush.handlers-and-responders",
        clauses: ["FLUSH-7", "FLUSH-8"],
        summary: "every handler of one batch runs once; a responder sends one answer per call, none without a callbackId, also after its handler returned (FLUSH-8 only as: the batch runs on past each handler)"
    ) { context in
        try context.registerHandler("twice", answer: .echoTwice)
        try context.registerHandler("echo", answer: .echo)
        try context.registerHandler("quiet", answer: .none)
        try context.registerHandler("fixed", answer: .value("fixed"))
        try context.registerHandler("later", answer: .later)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("later", "l", conformance.callback("later"));
                bridge.callHandler("twice", "a", conformance.callback("twice"));
                bridge.callHandler("echo", "no callback");
                bridge.callHandler("quiet", "q", conformance.callback("quiet"));
                bridge.callHandler("fixed", "f", conformance.callback("fixed"));
            });
            """)
        let expected: [(String, JSONValue)] = [("later", "l"), ("twice", "a"), ("echo", "no callback"), ("quiet", "q"), ("fixed", "f")]
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

        // The responder outlives its handler: an answer given after the handler returned is sent.
        let answered = try context.answerHeld("later", with: "late")
        try await context.runUntilIdle()
        context.expect(answered, clause: "FLUSH-7", "the native handler later was never invoked, so nothing could answer it")
        context.expectEqual(context.transcript.jsCallbackInvocations("later"), answered ? ["late"] : [], clause: "FLUSH-7",
                            "answers JS callback 'later' got from a responder called after its handler returned")
    }

}

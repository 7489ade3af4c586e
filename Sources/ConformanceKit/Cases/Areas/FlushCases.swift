import StrictJSON

/// Cases on the native handling of `_fetchQueue` results.
///
/// Most cases feed the native side crafted `_fetchQueue` results (see `CraftedFetch`), then check that
/// what had to run ran, that nothing else did, and that the bridge still works afterwards.
enum FlushCases {
    static let all = [
        fetchCommandExact, nilResultProcessesNothing, emptyStringResultProcessesNothing, evaluationErrorProcessesNothing, invalidJSONDropped,
        lenientParserJSONDropped, nonArrayIgnored, nonObjectElementsSkipped, handlersAndResponders,
    ]

    static let fetchCommandExact = ConformanceCase(
        id: "flush.fetch-command.exact-per-queue-url",
        clauses: ["FLUSH-1", "FLUSH-7"],
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
        let exact = "WebViewJavascriptBridge._fetchQueue();"
        context.expectEqual(fetches.filter { $0 != exact }, [], clause: "FLUSH-1.a", "fetch evaluations that are not exactly \(exact)")
        context.expectEqual(fetches.count, queueURLs.count, clause: "FLUSH-1.b", "fetch evaluations for \(queueURLs.count) cancelled queue URLs")
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [1, 2, 3], clause: "FLUSH-7.a",
                            "data the native handler got from the fetched calls")
    }

    // FLUSH-2: one case per form of "nothing", so that a bridge harmed by one form fails that form's
    // obligation alone (the harm shows in the calls after it, which a shared case would blame on all).
    static let nilResultProcessesNothing = ConformanceCase(
        id: "flush.nil-empty-or-error-result",
        clauses: ["FLUSH-2"],
        summary: "_fetchQueue returning undefined or null (a nil result) runs nothing, and the bridge keeps answering afterwards (\"\" and errors: the next two cases)"
    ) { context in
        try await expectNothingRun(for: [CraftedFetch.undefined, "null"], what: "undefined or null (nil)", obligation: "FLUSH-2.a", in: context)
    }

    static let emptyStringResultProcessesNothing = ConformanceCase(
        id: "flush.empty-string-result",
        clauses: ["FLUSH-2"],
        summary: "_fetchQueue returning \"\" runs nothing, and the bridge keeps answering afterwards"
    ) { context in
        try await expectNothingRun(for: [CraftedFetch.text("")], what: "\"\"", obligation: "FLUSH-2.b", in: context)
    }

    static let evaluationErrorProcessesNothing = ConformanceCase(
        id: "flush.evaluation-error-result",
        clauses: ["FLUSH-2"],
        summary: "a _fetchQueue evaluation that throws runs nothing, and the bridge keeps answering afterwards"
    ) { context in
        try await expectNothingRun(for: [CraftedFetch.throwing], what: "of an evaluation error", obligation: "FLUSH-2.c", in: context)
    }

    /// Serves `results` (JS expressions) as the page's next `_fetchQueue` results, then checks under
    /// `obligation` that no native handler ran for them and that calls both ways still work afterwards.
    @MainActor
    private static func expectNothingRun(for results: [String], what: String, obligation: String, in context: CaseContext) async throws {
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        CraftedFetch.serve(results, in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [], clause: obligation,
                            "data native handlers got from the _fetchQueue result \(what)")
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: obligation)
    }

    static let invalidJSONDropped = ConformanceCase(
        id: "flush.invalid-json-dropped",
        clauses: ["FLUSH-3"],
        summary: "a _fetchQueue result that is not valid JSON (truncated, single quotes, bare keys, missing comma, text) runs none of its calls"
    ) { context in
        try await expectBatchesIgnored([
            #"[{"handlerName":"sink","data":"truncated"}"#, #"[{'handlerName':'sink','data':'single quotes'}]"#,
            #"[{handlerName:"sink",data:"bare keys"}]"#, #"[{"handlerName":"sink","data":"two"}{"handlerName":"sink"}]"#, "not json",
        ], obligation: "FLUSH-3.a", stillWorks: "FLUSH-3.c", what: "invalid batches", in: context)
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
        ], obligation: "FLUSH-3.b", stillWorks: "FLUSH-3.c", what: "batches that are not JSON", in: context)
    }

    static let nonArrayIgnored = ConformanceCase(
        id: "flush.non-array-ignored",
        clauses: ["FLUSH-4"],
        summary: "a _fetchQueue result that is JSON but not an array ({...}, null, numbers, strings, booleans) is ignored, a lone message object and a string holding a batch's JSON included"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        // The string results hold a batch's and a message's JSON text: still strings, not arrays.
        let objects = [#"{"handlerName":"sink","data":"lone object"}"#, "{}"]
        let scalars = [
            "null", "1", "0", "-1.5e3", #""text""#, "true", "false", #""[{\"handlerName\":\"sink\",\"data\":\"batch in a string\"}]""#,
            #""{\"handlerName\":\"sink\",\"data\":\"message in a string\"}""#,
        ]
        CraftedFetch.serve((objects + scalars).map(CraftedFetch.text), in: context)
        try await context.runUntilIdle()
        let got = context.transcript.nativeHandlerInvocations("sink")
        context.expectEqual(got.filter { $0 == "lone object" }, [], clause: "FLUSH-4.a", "data the native handler got from top-level objects (a lone message among them)")
        context.expectEqual(got.filter { $0 != "lone object" }, [], clause: "FLUSH-4.b",
                            "data the native handler got from top-level null, numbers, booleans and strings (one holding a batch's JSON, one a message's)")
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: "FLUSH-4.b")
    }

    /// Serves `results` as the page's next `_fetchQueue` results, then checks that the native handler
    /// `sink` ran for none of them (under `obligation`) and that the bridge still answers afterwards (under
    /// `stillWorks`).
    @MainActor
    private static func expectBatchesIgnored(
        _ results: [String], obligation: String, stillWorks: String, what: String, in context: CaseContext
    ) async throws {
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        CraftedFetch.serve(results.map(CraftedFetch.text), in: context)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), [], clause: obligation, "data the native handler got from \(what)")
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: stillWorks)
    }

    static let nonObjectElementsSkipped = ConformanceCase(
        id: "flush.non-object-elements-skipped",
        clauses: ["FLUSH-5"],
        summary: "array elements that are not objects (number, string, a string holding a message's JSON, null, arrays, boolean) are skipped and the calls around them still run"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        // The string element holds a message's JSON text: it is still a string, not an object. The array
        // elements hold messages: still arrays, not objects (one key each, so that the reference's warning,
        // which describes the element, reads the same in every run).
        let batch = #"[1,{"handlerName":"sink","data":"first"},"text",null,[],true,"{\"handlerName\":\"sink\",\"data\":\"in a string\"}",[{"handlerName":"sink"}],[[{"handlerName":"sink"}]],{"handlerName":"sink","data":"second"}]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        let got = context.transcript.nativeHandlerInvocations("sink")
        let calls: [JSONValue?] = ["first", "second"]
        context.expectEqual(got.filter { $0 == "in a string" }, [], clause: "FLUSH-5.b",
                            "data the native handler got from a string element holding a message's JSON")
        context.expectEqual(got.filter { $0 != "in a string" && !calls.contains($0) }, [], clause: "FLUSH-5.a",
                            "data the native handler got from non-object elements (arrays holding messages among them)")
        context.expectEqual(got.filter { calls.contains($0) }, calls, clause: "FLUSH-5.c",
                            "data the native handler got from the calls around non-object elements (number, string, null, arrays, boolean)")
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: "FLUSH-5.a")
    }

    static let handlersAndResponders = ConformanceCase(
        id: "flush.handlers-and-responders",
        clauses: ["FLUSH-7", "FLUSH-8", "DISP-4", "ORD-1"],
        summary: "every handler of one batch runs once; a responder sends one answer per call, none without a callbackId, also after its handler returned (FLUSH-8 only as: the batch runs on past each handler)"
    ) { context in
        try context.registerHandler("twice", answer: .echoTwice)
        try context.registerHandler("echo", answer: .echo)
        try context.registerHandler("quiet", answer: .none)
        try context.registerHandler("fixed", answer: .value("fixed"))
        try context.registerHandler("later", answer: .later)
        try context.registerHandler("repeat", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("repeat", "same");
                bridge.callHandler("repeat", "same");
                bridge.callHandler("later", "l", conformance.callback("later"));
                bridge.callHandler("twice", "a", conformance.callback("twice"));
                bridge.callHandler("echo", "no callback");
                bridge.callHandler("quiet", "q", conformance.callback("quiet"));
                bridge.callHandler("fixed", "f", conformance.callback("fixed"));
            });
            """)
        let expected: [(String, JSONValue)] = [("later", "l"), ("twice", "a"), ("echo", "no callback"), ("quiet", "q"), ("fixed", "f")]
        for (name, data) in expected {
            context.expectEqual(context.transcript.nativeHandlerInvocations(name), [data], clause: "FLUSH-7.a", "data native handler \(name) got")
        }
        context.expectEqual(context.transcript.nativeHandlerInvocations("repeat"), ["same", "same"], clause: "FLUSH-7.a",
                            "data native handler repeat got from two identical calls in one batch: one invocation per call")
        // Each response is told apart by the JS call it answers: the callbackId of that call.
        let responses = context.transcript.decodedNativeMessages.filter { $0.member("responseId") != nil }
        var callbackIDs: [String: JSONValue] = [:]
        for message in context.transcript.fetchedMessages {
            guard case .string(let name)? = message.member("handlerName"), let id = message.member("callbackId") else { continue }
            callbackIDs[name] = callbackIDs[name] ?? id
        }
        func answers(to name: String) -> [JSONValue] {
            guard let id = callbackIDs[name] else { return [.string("<the call to \(name) had no callbackId>")] }
            return responses.filter { $0.member("responseId") == id }.map { $0.member("responseData") ?? .string("<absent>") }
        }
        for (name, expected, how) in [("twice", ["a", "a"], "called twice"), ("fixed", ["fixed"], "called once"),
                                      ("quiet", [], "never called"), ("later", [], "not called yet")] as [(String, [JSONValue], String)] {
            context.expectEqual(answers(to: name), expected, clause: "FLUSH-7.b",
                                "responseData of the responses to \"\(name)\", whose responder was \(how): one response per responder call")
        }
        let answeredIDs = Set(callbackIDs.values)
        context.expectEqual(responses.filter { !answeredIDs.contains($0.member("responseId") ?? .null) }, [], clause: "FLUSH-7.d",
                            "responses naming no JS callback, as the responder of the call without callbackId (to \"echo\") would send")
        let order = [callbackIDs["twice"], callbackIDs["fixed"]].compactMap { $0 }.map(Optional.some)
        let responseIDs = responses.map { $0.member("responseId") }
        context.expectEqual(CheckParts.ofSent(responseIDs, sent: order), CheckParts.inSendOrder(responseIDs, sent: order), clause: "ORD-1.d",
                            "responseIds of the responses to \"twice\" and \"fixed\", in the order the batch answered them")
        context.expectEqual(context.transcript.jsCallbackInvocations("twice"), ["a"], clause: "DISP-4.b",
                            "answers JS callback 'twice' got (its second response finds the callback deleted)")
        context.expectEqual(context.transcript.jsCallbackInvocations("fixed"), ["fixed"], clause: "FLUSH-7.b", "answers JS callback 'fixed' got")

        // The responder outlives its handler: an answer given after the handler returned is sent.
        let answered = try context.answerHeld("later", with: "late")
        try await context.runUntilIdle()
        context.expect(answered, clause: "FLUSH-7.a", "the native handler later was never invoked, so nothing could answer it")
        context.expectEqual(context.transcript.jsCallbackInvocations("later"), answered ? ["late"] : [], clause: "FLUSH-7.c",
                            "answers JS callback 'later' got from a responder called after its handler returned")
    }

}

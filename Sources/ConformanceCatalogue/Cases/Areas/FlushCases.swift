import ConformanceAdapter
import ConformanceObligations
import StrictJSON

/// Cases on the native handling of `_fetchQueue` results.
///
/// Most cases feed the native side crafted `_fetchQueue` results (see `CraftedFetch`), then check that
/// what had to run ran, that nothing else did, and that the bridge still works afterwards.
enum FlushCases {
    static let all = [
        fetchCommandExact, fetchPerSignalAcrossPages, fetchPerQueueURLWrittenOtherwise, nilResultProcessesNothing,
        emptyStringResultProcessesNothing,
        evaluationErrorProcessesNothing,
        nothingResultsKeepBridgeState, invalidJSONDropped, lenientParserJSONDropped, nonArrayIgnored,
        nonArrayResponsesIgnored, nonObjectElementsSkipped,
        nonObjectElementsAmongResponses, handlersAndResponders, throwingHandlerBatchContinues,
    ]

    static let fetchCommandExact = ConformanceCase(
        id: "flush.fetch-command.exact-per-queue-url",
        clauses: [.flush1, .flush7],
        summary:
            "every cancelled queue URL is followed by exactly one evaluation of WebViewJavascriptBridge._fetchQueue(); and the batch runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.callHandler("sink", 1);
                    bridge.callHandler("sink", 2);
                    bridge.callHandler("sink", 3);
                });
                """)
        let fetches = context.transcript.nativeEvaluationsBesidesTheJavaScriptSide.map(\.script).filter {
            $0.contains("_fetchQueue")
        }
        let exact = "WebViewJavascriptBridge._fetchQueue();"
        context.expectEqual(
            fetches.filter { $0 != exact }, [], clause: .flush1a, "fetch evaluations that are not exactly \(exact)")
        expectFetchPerQueueURL(fetches.count, in: context, "")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), [1, 2, 3], clause: .flush7a,
            "data the native handler got from the fetched calls")
    }

    /// A queue URL is told by scheme and host alone (BOOT-1), so one the page writes otherwise than the JS side does
    /// is a signal like the JS side's: a glue that classified the decision by host and the fetch by the URL's text
    /// cancelled these and fetched nothing, and every case passed (explore found it).
    static let fetchPerQueueURLWrittenOtherwise = ConformanceCase(
        id: "flush.fetch-command.queue-url-written-otherwise",
        clauses: [.flush1],
        summary:
            "a queue URL written otherwise than the JS side writes it (upper case, a port, a path, a query, a fragment) gets its fetch as the JS side's does"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        guard let queue = context.dialect.queueSignal.navigation else {
            throw CaseStop.notApplicable("the dialect signals its queue by script message, not by a queue URL")
        }
        let scheme = queue.schemes[0], host = queue.host
        let written = [
            scheme.uppercased() + "://" + host.uppercased(), "\(scheme)://\(host):443/", "\(scheme)://\(host)/?n=1",
            "\(scheme)://\(host)/#top",
        ]
        let fetchesBefore = context.transcript.fetchEvaluations
        let decisionsBefore = context.transcript.navigationDecisions.count
        context.runInPage(CasePages.iframeRequests(written))
        try await context.runUntilIdle()
        let decided = context.transcript.navigationDecisions.dropFirst(decisionsBefore).filter {
            written.contains($0.url)
        }
        expectFetchPerQueueURL(
            context.transcript.fetchEvaluations - fetchesBefore, decided: Array(decided), in: context,
            " written otherwise than the JS side writes them")
    }

    static let fetchPerSignalAcrossPages = ConformanceCase(
        id: "flush.fetch-command.per-signal-across-pages",
        clauses: [.flush1],
        summary:
            "queue URLs signalled by JS answers to native calls held before the page loaded, by a burst of calls from a timer, and by several signals in one turn on a reloaded page each get their own exact WebViewJavascriptBridge._fetchQueue();"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        // Sent before the page exists: held, delivered at injection, answered by JS in timer turns of their own.
        for index in 1...3 {
            try context.callHandler(
                "echo", data: .number(Double(index)), callback: "held \(index)", expectsResponse: true)
        }
        context.loadPage(
            LifecycleCases.sinkAndEcho + """
                setupWebViewJavascriptBridge(function (bridge) {
                    setTimeout(function () { for (var i = 0; i < 4; i++) { bridge.callHandler("sink", "burst " + i); } }, 0);
                });
                """)
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("echo", data: "after the reload", callback: "after the reload", expectsResponse: true)
        try await context.runUntilIdle()
        // Three signals in one turn from another iframe, each fetching the real queue (empty, then one call).
        context.runInPage(#"WebViewJavascriptBridge.callHandler("sink", "before the signals");"#)
        CraftedFetch.serve(["WebViewJavascriptBridge._fetchQueue.call(WebViewJavascriptBridge)"], in: context)
        CraftedFetch.serve([CraftedFetch.text("[]"), CraftedFetch.text("[]")], in: context)
        try await context.runUntilIdle()
        let fetches = context.transcript.nativeEvaluationsBesidesTheJavaScriptSide.map(\.script).filter {
            $0.contains("_fetchQueue")
        }
        let exact = "WebViewJavascriptBridge._fetchQueue();"
        context.expectEqual(
            fetches.filter { $0 != exact }, [], clause: .flush1a,
            "fetch evaluations that are not exactly \(exact), over two pages")
        expectFetchPerQueueURL(
            fetches.count, in: context,
            ", signalled by answers, a burst from a timer and several in one turn, over two pages")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink").count, 9, clause: .flush1b,
            "calls the native handler got from the fetched batches: a burst of four on each page and one before the crafted signals"
        )
    }

    /// Judges FLUSH-1.b on the number of fetches the native side evaluated: each cancelled queue URL gets
    /// its own fetch, so there are at least as many fetches as cancelled queue URLs and no more than the
    /// queue URLs the native side was asked about. One it allowed is BOOT-1.a's finding, whether or not it
    /// fetched for it: counting it here would blame the fetch for the URL's classification.
    /// - Parameter decided: The decisions of the queue URLs the fetches answer (all the run's, unless given).
    @MainActor
    private static func expectFetchPerQueueURL(
        _ fetchCount: Int, decided: [(url: String, policy: NavigationActionPolicy)]? = nil, in context: CaseContext,
        _ signalled: String
    ) {
        let decisions =
            decided ?? context.transcript.navigationDecisions.filter { context.transcript.isQueueURL($0.url) }
        let cancelled = decisions.filter { $0.policy == .cancel }.count
        let allowed = decisions.count - cancelled
        context.expectEqual(
            fetchCount, min(max(fetchCount, cancelled), decisions.count), clause: .flush1b,
            "fetch evaluations for \(cancelled) cancelled queue URLs\(signalled)"
                + (allowed > 0 ? " (and \(allowed) allowed ones, which may have one or none)" : ""))
    }

    // FLUSH-2: one case per form of "nothing", so that a bridge harmed by one form fails that form's
    // obligation alone (the harm shows in the calls after it, which a shared case would blame on all).
    static let nilResultProcessesNothing = ConformanceCase(
        id: "flush.nil-empty-or-error-result",
        clauses: [.flush2],
        summary:
            "_fetchQueue returning undefined or null (a nil result) runs nothing, and the bridge keeps answering afterwards (\"\" and errors: the next two cases)"
    ) { context in
        try await expectNothingRun(
            for: [CraftedFetch.undefined, "null"], what: "undefined or null (nil)", obligation: .flush2a, in: context
        )
    }

    static let emptyStringResultProcessesNothing = ConformanceCase(
        id: "flush.empty-string-result",
        clauses: [.flush2],
        summary: "_fetchQueue returning \"\" runs nothing, and the bridge keeps answering afterwards"
    ) { context in
        try await expectNothingRun(for: [CraftedFetch.text("")], what: "\"\"", obligation: .flush2b, in: context)
    }

    static let evaluationErrorProcessesNothing = ConformanceCase(
        id: "flush.evaluation-error-result",
        clauses: [.flush2],
        summary: "a _fetchQueue evaluation that throws runs nothing, and the bridge keeps answering afterwards"
    ) { context in
        try await expectNothingRun(
            for: [CraftedFetch.throwing(in: context.dialect)], what: "of an evaluation error", obligation: .flush2c,
            in: context)
    }

    static let nothingResultsKeepBridgeState = ConformanceCase(
        id: "flush.nothing-results-keep-bridge-state",
        clauses: [.flush2],
        summary:
            "on a fresh page each, a _fetchQueue result of null, \"\" and an evaluation error, served while a native callback waits, leaves the bridge as it was: the waiting callback gets its answer and calls both ways still go through"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        let page =
            LifecycleCases.sinkAndEcho + """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("hold", function (data, respond) { window.heldRespond = respond; });
                });
                """
        context.loadPage(page)
        try await context.runUntilIdle()
        let forms = [
            ("null", "null (a nil result)", Obligation.flush2a), (CraftedFetch.text(""), "\"\"", Obligation.flush2b),
            (CraftedFetch.throwing(in: context.dialect), "an evaluation error", Obligation.flush2c),
        ]
        for (index, (form, what, obligation)) in forms.enumerated() {
            // A page of its own for each form, so that harm done by one does not show under the next.
            if index > 0 {
                context.reload()
                try await context.runUntilIdle()
            }
            try context.callHandler(
                "hold", data: .string(what), callback: "waiting across \(what)", expectsResponse: true)
            try await context.runUntilIdle()
            CraftedFetch.serve([form, form], in: context)
            try await context.runUntilIdle()
            let (answer, jsCall) = (
                CanonicalJSON.quote("answer after \(what)"), CanonicalJSON.quote("JS call after \(what)")
            )
            context.runInPage(
                """
                window.heldRespond(\(answer));
                WebViewJavascriptBridge.callHandler("echo", \(jsCall), conformance.callback(\(jsCall)));
                """)
            try context.callHandler(
                "echo", data: .string("native call after \(what)"), callback: "native call after \(what)",
                expectsResponse: true)
            try await context.runUntilIdle()
            context.expectEqual(
                context.transcript.nativeCallbackInvocations("waiting across \(what)"),
                [.string("answer after \(what)")],
                clause: obligation, "answers a native callback waiting across two _fetchQueue results of \(what) got")
            context.expectEqual(
                context.transcript.jsCallbackInvocations("JS call after \(what)"), [.string("JS call after \(what)")],
                clause: obligation, "answers a JS call to the native handler echo made after results of \(what) got")
            context.expectEqual(
                context.transcript.nativeCallbackInvocations("native call after \(what)"),
                [.string("native call after \(what)")],
                clause: obligation, "answers a native call to the JS handler echo made after results of \(what) got")
        }
    }

    /// Serves `results` (JS expressions) as the page's next `_fetchQueue` results, then checks under
    /// `obligation` that no native handler ran for them and that calls both ways still work afterwards.
    @MainActor
    private static func expectNothingRun(
        for results: [String], what: String, obligation: Obligation, in context: CaseContext
    ) async throws {
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        CraftedFetch.serve(results, in: context)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), [], clause: obligation,
            "data native handlers got from the _fetchQueue result \(what)")
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: obligation)
    }

    static let invalidJSONDropped = ConformanceCase(
        id: "flush.invalid-json-dropped",
        clauses: [.flush3],
        summary:
            "a _fetchQueue result that is not valid JSON (truncated, single quotes, bare keys, missing comma, text) runs none of its calls"
    ) { context in
        try await expectBatchesIgnored(
            [
                #"[{"handlerName":"sink","data":"truncated"}"#, #"[{'handlerName':'sink','data':'single quotes'}]"#,
                #"[{handlerName:"sink",data:"bare keys"}]"#,
                #"[{"handlerName":"sink","data":"two"}{"handlerName":"sink"}]"#, "not json",
            ], obligation: .flush3a, stillWorks: .flush3c, what: "invalid batches", in: context)
    }

    static let lenientParserJSONDropped = ConformanceCase(
        id: "flush.lenient-parser-json-dropped",
        clauses: [.flush3],
        summary:
            "a _fetchQueue result that only a lenient parser accepts (trailing commas, a leading zero, an unknown escape) runs none of its calls"
    ) { context in
        // swift-corelibs-foundation's JSONSerialization and JSONDecoder accept some of these on Linux.
        try await expectBatchesIgnored(
            [
                #"[{"handlerName":"sink","data":"trailing comma in array"},]"#,
                #"[{"handlerName":"sink","data":"trailing comma in object",}]"#,
                #"[{"handlerName":"sink","data":01}]"#, #"[{"handlerName":"sink","data":"unknown escape \q"}]"#,
            ], obligation: .flush3b, stillWorks: .flush3c, what: "batches that are not JSON", in: context,
            likelyCause: { got in
                got.contains { $0 == "trailing comma in array" || $0 == "trailing comma in object" }
                    ? .foundationAcceptsTrailingCommas : nil
            })
    }

    static let nonArrayIgnored = ConformanceCase(
        id: "flush.non-array-ignored",
        clauses: [.flush4],
        summary:
            "a _fetchQueue result that is JSON but not an array ({...}, null, numbers, strings, booleans) is ignored, a lone message object and a string holding a batch's JSON included"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        // The string results hold a batch's and a message's JSON text: still strings, not arrays.
        let objects = [#"{"handlerName":"sink","data":"lone object"}"#, "{}"]
        let scalars = [
            "null", "1", "0", "-1.5e3", #""text""#, "true", "false",
            #""[{\"handlerName\":\"sink\",\"data\":\"batch in a string\"}]""#,
            #""{\"handlerName\":\"sink\",\"data\":\"message in a string\"}""#,
        ]
        CraftedFetch.serve((objects + scalars).map(CraftedFetch.text), in: context)
        try await context.runUntilIdle()
        let got = context.transcript.nativeHandlerInvocations("sink")
        context.expectEqual(
            got.filter { $0 == "lone object" }, [], clause: .flush4a,
            "data the native handler got from top-level objects (a lone message among them)")
        context.expectEqual(
            got.filter { $0 != "lone object" }, [], clause: .flush4b,
            "data the native handler got from top-level null, numbers, booleans and strings (one holding a batch's JSON, one a message's)"
        )
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: .flush4b)
    }

    static let nonArrayResponsesIgnored = ConformanceCase(
        id: "flush.non-array-responses-ignored",
        clauses: [.flush4],
        summary:
            "a _fetchQueue result that is a lone response object, or a string holding a batch or a response, answers no waiting native callback; the callbacks get their real answers afterwards"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        let labels = [
            "answered by an object", "answered by a string holding a batch", "answered by a string holding a response",
        ]
        guard let ids = try await CraftedFetch.outstandingCallbacks(labels, in: context) else {
            return
        }
        func response(_ index: Int, _ data: JSONValue) -> JSONValue {
            ["responseId": ids[index], "responseData": data]
        }
        let results: [JSONValue] = [
            response(0, "from a top-level object"), ["0": response(0, "from an object keyed like an array")],
            .string(JSONValue.array([response(1, "from a string holding a batch")]).canonicalText),
            .string(response(2, "from a string holding a response").canonicalText), .number(Double(ids.count)),
        ]
        CraftedFetch.serve(results.map { CraftedFetch.text($0.canonicalText) }, in: context)
        try await context.runUntilIdle()
        CraftedFetch.serve(batches: [ids.indices.map { response($0, .string("real answer")) }], in: context)
        try await context.runUntilIdle()
        for (label, obligation) in zip(labels, [Obligation.flush4a, .flush4b, .flush4b]) {
            context.expectEqual(
                context.transcript.nativeCallbackInvocations(label), ["real answer"], clause: obligation,
                "answers callback '\(label)' got: a non-array result naming it first, then its real answer in a batch")
        }
    }

    /// Serves `results` as the page's next `_fetchQueue` results, then checks that the native handler
    /// `sink` ran for none of them (under `obligation`) and that the bridge still answers afterwards (under
    /// `stillWorks`). `likelyCause` tells from what `sink` got the platform's behaviour that likely caused a
    /// failure (nil for none).
    @MainActor
    private static func expectBatchesIgnored(
        _ results: [String], obligation: Obligation, stillWorks: Obligation, what: String, in context: CaseContext,
        likelyCause: ([JSONValue?]) -> PlatformBehaviour? = { _ in nil }
    ) async throws {
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        CraftedFetch.serve(results.map(CraftedFetch.text), in: context)
        try await context.runUntilIdle()
        let got = context.transcript.nativeHandlerInvocations("sink")
        context.expectEqual(
            got, [], clause: obligation, "data the native handler got from \(what)", likelyCause: likelyCause(got))
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: stillWorks)
    }

    static let nonObjectElementsSkipped = ConformanceCase(
        id: "flush.non-object-elements-skipped",
        clauses: [.flush5],
        summary:
            "array elements that are not objects (number, string, a string holding a message's JSON, null, arrays, boolean) are skipped and the calls around them still run"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        // The string element holds a message's JSON text: it is still a string, not an object. The array
        // elements hold messages: still arrays, not objects (one key each, so that the reference's warning,
        // which describes the element, reads the same in every run).
        let batch =
            #"[1,{"handlerName":"sink","data":"first"},"text",null,[],true,"{\"handlerName\":\"sink\",\"data\":\"in a string\"}",[{"handlerName":"sink"}],[[{"handlerName":"sink"}]],{"handlerName":"sink","data":"second"}]"#
        CraftedFetch.serve([CraftedFetch.text(batch)], in: context)
        try await context.runUntilIdle()
        let got = context.transcript.nativeHandlerInvocations("sink")
        let calls: [JSONValue?] = ["first", "second"]
        context.expectEqual(
            got.filter { $0 == "in a string" }, [], clause: .flush5b,
            "data the native handler got from a string element holding a message's JSON")
        context.expectEqual(
            got.filter { $0 != "in a string" && !calls.contains($0) }, [], clause: .flush5a,
            "data the native handler got from non-object elements (arrays holding messages among them)")
        context.expectEqual(
            got.filter { calls.contains($0) }, calls, clause: .flush5c,
            "data the native handler got from the calls around non-object elements (number, string, null, arrays, boolean)"
        )
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: .flush5a)
    }

    static let nonObjectElementsAmongResponses = ConformanceCase(
        id: "flush.non-object-elements-among-responses",
        clauses: [.flush5],
        summary:
            "in a batch of responses, elements that are not objects (a string holding a response's JSON, arrays holding responses, a number, null, false) answer no callback, and the responses and calls after them still run"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        let labels = ["named in a string", "named in arrays", "answered plainly"]
        guard let ids = try await CraftedFetch.outstandingCallbacks(labels, in: context) else {
            return
        }
        func response(_ index: Int, _ data: JSONValue) -> JSONValue {
            ["responseId": ids[index], "responseData": data]
        }
        CraftedFetch.serve(
            batches: [
                [
                    .string(response(0, "from a string element").canonicalText), [response(1, "from an array element")],
                    -1, .null,
                    [[response(1, "from a nested array element")]], false, response(2, "plain answer"),
                    ["handlerName": "sink", "data": "after them"],
                ],
                [response(0, "real answer"), response(1, "real answer")],
            ], in: context)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations(labels[0]), ["real answer"], clause: .flush5b,
            "answers callback '\(labels[0])' got: a string element holding a response naming it first, then its real answer"
        )
        context.expectEqual(
            context.transcript.nativeCallbackInvocations(labels[1]), ["real answer"], clause: .flush5a,
            "answers callback '\(labels[1])' got: array elements holding responses naming it first, then its real answer"
        )
        context.expectEqual(
            context.transcript.nativeCallbackInvocations(labels[2]), ["plain answer"], clause: .flush5c,
            "answers callback '\(labels[2])' got from a response after the non-object elements")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["after them"], clause: .flush5c,
            "calls the native handler got after the non-object elements among responses")
    }

    static let throwingHandlerBatchContinues = ConformanceCase(
        id: "flush.throwing-handler-batch-continues",
        clauses: [.flush8],
        requires: .throwingHandlers,
        summary:
            "a native handler that throws ends only its own call: the calls after it in the batch still run, and the bridge keeps working"
    ) { context in
        try context.registerThrowingHandler("fails")
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        // One batch: a failing call, a call, the failing handler again, a call.
        context.runInPage(
            """
            WebViewJavascriptBridge.callHandler("fails", "first");
            WebViewJavascriptBridge.callHandler("sink", "after the failure");
            WebViewJavascriptBridge.callHandler("fails", "second");
            WebViewJavascriptBridge.callHandler("sink", "after the second failure");
            """)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("fails"), ["first", "second"], clause: .flush8a,
            "data the failing handler got: each of its calls in the batch ran")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["after the failure", "after the second failure"],
            clause: .flush8a,
            "data the native handler got from the calls after a failing one in the same batch")
        try await CraftedFetch.expectBridgeStillWorks(context, obligation: .flush8a)
    }

    static let handlersAndResponders = ConformanceCase(
        id: "flush.handlers-and-responders",
        clauses: [.flush7, .flush8, .disp4, .ord1],
        summary:
            "every handler of one batch runs once; a responder sends one answer per call, none without a callbackId, also after its handler returned (FLUSH-8 only as: the batch runs on past each handler)"
    ) { context in
        try context.registerHandler("twice", answer: .echoTwice)
        try context.registerHandler("echo", answer: .echo)
        try context.registerHandler("quiet", answer: .none)
        try context.registerHandler("fixed", answer: .value("fixed"))
        try context.registerHandler("later", answer: .later)
        try context.registerHandler("repeat", answer: .none)
        try await CasePages.start(
            context,
            page: """
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
        let expected: [(String, JSONValue)] = [
            ("later", "l"), ("twice", "a"), ("echo", "no callback"), ("quiet", "q"), ("fixed", "f"),
        ]
        for (name, data) in expected {
            context.expectEqual(
                context.transcript.nativeHandlerInvocations(name), [data], clause: .flush7a,
                "data native handler \(name) got")
        }
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("repeat"), ["same", "same"], clause: .flush7a,
            "data native handler repeat got from two identical calls in one batch: one invocation per call")
        // Each response is told apart by the JS call it answers: the callbackId of that call.
        let responses = context.transcript.decodedNativeMessages.filter { $0.member("responseId") != nil }
        var callbackIDs: [String: JSONValue] = [:]
        for message in context.transcript.fetchedMessages {
            guard case .string(let name)? = message.member("handlerName"), let id = message.member("callbackId") else {
                continue
            }
            callbackIDs[name] = callbackIDs[name] ?? id
        }
        func answers(to name: String) -> [JSONValue] {
            guard let id = callbackIDs[name] else { return [.string("<the call to \(name) had no callbackId>")] }
            return responses.filter { $0.member("responseId") == id }.map {
                $0.member("responseData") ?? .string("<absent>")
            }
        }
        for (name, expected, how) in [
            ("twice", ["a", "a"], "called twice"), ("fixed", ["fixed"], "called once"),
            ("quiet", [], "never called"), ("later", [], "not called yet"),
        ] as [(String, [JSONValue], String)] {
            context.expectEqual(
                answers(to: name), expected, clause: .flush7b,
                "responseData of the responses to \"\(name)\", whose responder was \(how): one response per responder call"
            )
        }
        let answeredIDs = Set(callbackIDs.values)
        context.expectEqual(
            responses.filter { !answeredIDs.contains($0.member("responseId") ?? .null) }, [], clause: .flush7d,
            "responses naming no JS callback, as the responder of the call without callbackId (to \"echo\") would send")
        let order = [callbackIDs["twice"], callbackIDs["fixed"]].compactMap { $0 }.map(Optional.some)
        let responseIDs = responses.map { $0.member("responseId") }
        context.expectEqual(
            CheckParts.ofSent(responseIDs, sent: order), CheckParts.inSendOrder(responseIDs, sent: order),
            clause: .ord1d,
            "responseIds of the responses to \"twice\" and \"fixed\", in the order the batch answered them")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("twice"), ["a"], clause: .disp4b,
            "answers JS callback 'twice' got (its second response finds the callback deleted)")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("fixed"), ["fixed"], clause: .flush7b,
            "answers JS callback 'fixed' got")

        // The responder outlives its handler: an answer given after the handler returned is sent.
        let answered = try context.answerHeld("later", with: "late")
        try await context.runUntilIdle()
        context.expect(
            answered, clause: .flush7a, "the native handler later was never invoked, so nothing could answer it")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("later"), answered ? ["late"] : [], clause: .flush7c,
            "answers JS callback 'later' got from a responder called after its handler returned")
    }

}

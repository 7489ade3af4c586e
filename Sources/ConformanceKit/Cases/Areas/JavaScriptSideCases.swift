import StrictJSON

/// Cases on the JS side under test: sending, dispatch, API surface, idempotent injection, source form, the
/// safety switch and its logging.
///
/// The native side is only the courier here. What the JS side sent is read from the results of the
/// native `_fetchQueue();` evaluations; page code simulates native messages with `_handleMessageFromObjC`
/// where a case needs a message no conforming native side would send.
enum JavaScriptSideCases {
    static let all: [ConformanceCase] = [
        signalsEverySend, fetchDrainsQueue, dispatchInArrivalOrder, responsesOneShot, handlerArgumentsAndResponses,
        missingHandlerNoResponse, registerReplaces, injectionIdempotent, pageOnErrorKept, apiMembers,
        oneLineCollapse, browserFacilities, callShapes, queueOrder, callbackIDFormat, disableSwitchesDispatch,
        missingHandlerWarning, onErrorHook,
    ]

    // MARK: Sending

    static let signalsEverySend = ConformanceCase(
        id: "js-side.send.queue-then-signal",
        clauses: ["DISP-1"],
        summary: "every send queues its message first and then signals the queue URL, even with earlier signals not yet fetched"
    ) { context in
        try await CasePages.start(context)
        let before = context.transcript.queueSignals
        context.runInPage("""
            WebViewJavascriptBridge.callHandler("a", 1);
            WebViewJavascriptBridge.callHandler("b", 2);
            WebViewJavascriptBridge.callHandler("c", 3);
            """)
        context.expectEqual(context.transcript.queueSignals - before, 3, clause: "DISP-1", "queue URL signals for three sends in one turn")
        try await context.runUntilIdle()
        // Peek at the queue each time the messaging iframe is signalled (the peek drains it, as native would).
        context.runInPage(CasePages.findMessagingIframe + """
            var frame = findMessagingIframe(document.documentElement);
            var accessor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(frame), "src");
            Object.defineProperty(frame, "src", {
                configurable: true,
                get: function () { return accessor.get.call(this); },
                set: function (value) {
                    var queued = JSON.parse(WebViewJavascriptBridge._fetchQueue());
                    conformance.note("queued when signalled", queued.map(function (message) { return message.handlerName; }));
                    accessor.set.call(this, value);
                }
            });
            WebViewJavascriptBridge.callHandler("d", 4);
            WebViewJavascriptBridge.callHandler("e", 5);
            """)
        context.expectEqual(context.transcript.pageNotes("queued when signalled"), [["d"], ["e"]],
                            clause: "DISP-1", "handler names in the queue at each signal")
    }

    static let fetchDrainsQueue = ConformanceCase(
        id: "js-side.fetch-queue.drains-whole-queue",
        clauses: ["DISP-2"],
        summary: "_fetchQueue() returns the whole queue as a JSON array string (\"[]\" when empty) and then empties it"
    ) { context in
        try await CasePages.start(context)
        context.runInPage("""
            conformance.note("fetch", WebViewJavascriptBridge._fetchQueue());
            WebViewJavascriptBridge.callHandler("a", 1);
            WebViewJavascriptBridge.callHandler("b", [2]);
            WebViewJavascriptBridge.callHandler("c");
            conformance.note("fetch", WebViewJavascriptBridge._fetchQueue());
            conformance.note("fetch", WebViewJavascriptBridge._fetchQueue());
            """)
        // DISP-2 asks for JSON text: an array handed back as it is, however right its contents, is not it.
        let fetched = context.transcript.pageNotes("fetch").map { note -> JSONValue? in
            guard case .string(let text)? = note else { return .string("<not a string: \(note?.canonicalText ?? "undefined")>") }
            return (try? JSONParser.parse(text)) ?? .string("<not JSON: \(text)>")
        }
        let expected: [JSONValue?] = [[], [["handlerName": "a", "data": 1], ["handlerName": "b", "data": [2]], ["handlerName": "c"]], []]
        context.expectEqual(fetched, expected, clause: "DISP-2", "what three direct _fetchQueue() calls returned (empty, after three sends, again)")
    }

    // MARK: Dispatch

    static let dispatchInArrivalOrder = ConformanceCase(
        id: "js-side.dispatch.arrival-order",
        clauses: ["DISP-3"],
        summary: "each _handleMessageFromObjC call dispatches its one message, in the order the messages arrived"
    ) { context in
        try await CasePages.start(context)
        context.runInPage("""
            [1, 2, 3, 4].forEach(function (number) {
                WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "sink", data: number }));
            });
            """)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), [1, 2, 3, 4],
                            clause: "DISP-3", "data the JS handler got, in order")
    }

    static let responsesOneShot = ConformanceCase(
        id: "js-side.dispatch.response-callback-one-shot",
        clauses: ["DISP-4"],
        summary: "a response runs its JS callback once; repeated and unknown responseIds are ignored; a falsy responseId is a call"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                bridge.callHandler("nobodyHome", "question", conformance.callback("answer"));
                var id = JSON.parse(WebViewJavascriptBridge._fetchQueue())[0].callbackId;
                [
                    { responseId: id, responseData: "first" },
                    { responseId: id, responseData: "again" },
                    { responseId: "cb_999_0", responseData: "unknown" },
                    { responseId: null, handlerName: "sink", data: "null responseId" },
                    { responseId: 0, handlerName: "sink", data: "zero responseId" },
                    { responseId: "", handlerName: "sink", data: "empty responseId" }
                ].forEach(function (message) {
                    WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify(message));
                });
            });
            """)
        context.expectEqual(context.transcript.jsCallbackInvocations("answer"), ["first"], clause: "DISP-4", "answers the JS callback got")
        context.expectEqual(context.transcript.uncaughtErrors, [], clause: "DISP-4", "uncaught errors after a repeated and an unknown responseId")
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), ["null responseId", "zero responseId", "empty responseId"],
                            clause: "DISP-4", "calls with a falsy responseId dispatched to the handler")
    }

    static let handlerArgumentsAndResponses = ConformanceCase(
        id: "js-side.dispatch.handler-arguments-and-responses",
        clauses: ["DISP-5", "MSG-6"],
        summary: "a handler gets data and a responder only for a truthy callbackId; each responder call sends one well-formed response"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("probe", function (data, respond) {
                    conformance.note("arguments", { data: data, responder: typeof respond });
                    if (typeof respond === "function") { respond(data); respond(); }
                });
            });
            """)
        try context.callHandler("probe", data: "plain")
        try context.callHandler("probe", data: "answer me", callback: "probe", expectsResponse: true)
        try await context.runUntilIdle()
        context.runInPage("""
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe", data: "null id", callbackId: null }));
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe", data: "empty id", callbackId: "" }));
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe" }));
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe", data: null }));
            """)
        try await context.runUntilIdle()
        // The data is the message's `data` as it is: absent stays undefined (the note has no data key), null stays null.
        context.expectEqual(context.transcript.pageNotes("arguments"), [
            ["data": "plain", "responder": "undefined"], ["data": "answer me", "responder": "function"],
            ["data": "null id", "responder": "undefined"], ["data": "empty id", "responder": "undefined"],
            ["responder": "undefined"], ["data": nil, "responder": "undefined"],
        ], clause: "DISP-5", "data and responder type each handler invocation got")
        let callbackID = context.transcript.decodedNativeMessages.first { $0.member("data") == "answer me" }?.member("callbackId") ?? "<none>"
        let responses = context.transcript.fetchedMessages.filter { $0.member("responseId") != nil }
        context.expectEqual(responses.count, 2, clause: "DISP-5", "responses sent by two calls of the responder")
        context.expectEqual(responses, [
            ["handlerName": "probe", "responseId": callbackID, "responseData": "answer me"],
            ["handlerName": "probe", "responseId": callbackID],
        ], clause: "MSG-6", "responses sent for respond(data) and respond()")
    }

    static let missingHandlerNoResponse = ConformanceCase(
        id: "js-side.dispatch.missing-handler-no-response",
        clauses: ["DISP-6"],
        accepts: .unansweredNativeCallbacks,
        summary: "a native call with a callback to a JS handler that is not registered makes the JS side send no response"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("nobodyHome", data: 1, callback: "missing")
        try context.callHandler("sink", data: 2)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.fetchedMessages.filter { $0.member("responseId") != nil }, [],
                            clause: "DISP-6", "responses the JS side sent")
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), [2], clause: "DISP-6", "data the next handler got")
    }

    static let registerReplaces = ConformanceCase(
        id: "js-side.register-handler.replaces",
        clauses: ["DISP-7"],
        summary: "registering a JS handler under a name already taken replaces the earlier handler"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("greet", conformance.recordingHandler("old"));
                bridge.registerHandler("greet", conformance.recordingHandler("new"));
            });
            """)
        try context.callHandler("greet", data: "hello")
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.jsHandlerInvocations("old").count, 0, clause: "DISP-7", "invocations of the replaced handler")
        context.expectEqual(context.transcript.jsHandlerInvocations("new").map(\.data), ["hello"], clause: "DISP-7", "data the replacing handler got")
    }

    // MARK: Injection and API surface

    static let injectionIdempotent = ConformanceCase(
        id: "js-side.injection.idempotent",
        clauses: ["DISP-8"],
        summary: "evaluating the JS side again changes nothing: same bridge, handlers and queue kept, no new signal"
    ) { context in
        try context.registerHandler("native", answer: .none)
        try await CasePages.start(context)
        context.runInPage("""
            var bridgeBefore = WebViewJavascriptBridge;
            WebViewJavascriptBridge.callHandler("native", "queued before re-injection");
            """)
        let signals = context.transcript.queueSignals
        context.runInPage(context.webView.bridgeJavaScriptSource)
        context.expectEqual(context.transcript.queueSignals - signals, 0, clause: "DISP-8", "queue URL signals during the second evaluation")
        context.runInPage("conformance.note(\"same bridge\", WebViewJavascriptBridge === bridgeBefore);")
        try context.callHandler("sink", data: "after re-injection")
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.pageNotes("same bridge"), [true], clause: "DISP-8", "whether the bridge object is unchanged")
        context.expectEqual(context.transcript.nativeHandlerInvocations("native"), ["queued before re-injection"],
                            clause: "DISP-8", "a call queued before re-injection reaches native")
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), ["after re-injection"],
                            clause: "DISP-8", "data the handler registered before re-injection got")
    }

    static let pageOnErrorKept = ConformanceCase(
        id: "js-side.injection.page-onerror-kept",
        clauses: ["DISP-9"],
        summary: "a window.onerror the page set before injection stays in place and still gets the page's errors"
    ) { context in
        try await CasePages.start(context, page: """
            var pageOnError = function (message) { conformance.note("page onerror", String(message)); };
            window.onerror = pageOnError;
            setupWebViewJavascriptBridge(function (bridge) {
                conformance.note("onerror kept", window.onerror === pageOnError);
                setTimeout(function () { throw new Error("from the page"); });
            });
            """)
        context.expectEqual(context.transcript.pageNotes("onerror kept"), [true], clause: "DISP-9", "whether window.onerror is the page's after injection")
        context.expectEqual(context.transcript.pageNotes("page onerror").count, 1, clause: "DISP-9", "errors the page's onerror got")
    }

    static let apiMembers = ConformanceCase(
        id: "js-side.api.exact-members",
        clauses: ["DISP-10"],
        summary: "window.WebViewJavascriptBridge has exactly the five functions of the protocol, and no removeHandler"
    ) { context in
        try await CasePages.start(context)
        context.runInPage("""
            (function () {
                var names = [];
                for (var object = WebViewJavascriptBridge; object && object !== Object.prototype; object = Object.getPrototypeOf(object)) {
                    Object.getOwnPropertyNames(object).forEach(function (name) {
                        if (name !== "constructor" && names.indexOf(name) < 0) { names.push(name); }
                    });
                }
                names.sort();
                conformance.note("members", names.map(function (name) { return name + ": " + typeof WebViewJavascriptBridge[name]; }));
            })();
            """)
        let expected: JSONValue = [
            "_fetchQueue: function", "_handleMessageFromObjC: function", "callHandler: function",
            "disableJavscriptAlertBoxSafetyTimeout: function", "registerHandler: function",
        ]
        context.expectEqual(context.transcript.pageNotes("members"), [expected], clause: "DISP-10", "members of window.WebViewJavascriptBridge (sorted)")
    }

    static let oneLineCollapse = ConformanceCase(
        id: "js-side.source.survives-one-line-collapse",
        clauses: ["DISP-11"],
        summary: "the JS side with all whitespace collapsed to one line still evaluates and carries calls both ways"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let collapsed = context.webView.bridgeJavaScriptSource.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        context.runInPage("""
            delete window.WebViewJavascriptBridge;
            window.WVJBCallbacks = [];
            try {
                (0, eval)(\(CanonicalJSON.quote(collapsed)));
            } catch (error) {
                conformance.note("collapsed JS side threw", String(error));
            }
            conformance.note("collapsed JS side defines the bridge", typeof window.WebViewJavascriptBridge === "object");
            WebViewJavascriptBridge.registerHandler("sink", conformance.recordingHandler("sink"));
            WebViewJavascriptBridge.callHandler("echo", "one line", conformance.callback("echoed"));
            """)
        try context.callHandler("sink", data: "to the one-line JS side")
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.pageNotes("collapsed JS side threw"), [], clause: "DISP-11", "errors evaluating the collapsed JS side")
        context.expectEqual(context.transcript.pageNotes("collapsed JS side defines the bridge"), [true],
                            clause: "DISP-11", "whether the collapsed JS side defines window.WebViewJavascriptBridge")
        context.expectEqual(context.transcript.jsCallbackInvocations("echoed"), ["one line"], clause: "DISP-11", "answer to a JS call through the collapsed JS side")
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), ["to the one-line JS side"],
                            clause: "DISP-11", "data a handler registered on the collapsed JS side got")
    }

    static let browserFacilities = ConformanceCase(
        id: "js-side.source.browser-facilities",
        clauses: ["DISP-12"],
        summary: "injection and traffic both ways use only the allowed browser facilities (of an iframe, its style and src alone) and add no global but the bridge and onerror"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context, page: """
            var globalsBeforeInjection = Object.getOwnPropertyNames(window);
            (function () {
                function report(what) { conformance.note("facility used", what); }
                function watchValue(object, name, label) {
                    var value = object[name];
                    Object.defineProperty(object, name, {
                        configurable: true,
                        get: function () { report(label); return value; },
                        set: function (replacement) { value = replacement; }
                    });
                }
                function watchFunction(object, name, label) {
                    var original = object[name];
                    object[name] = function () { report(label); return original.apply(this, arguments); };
                }
                watchValue(document, "body", "document.body");
                watchValue(document, "head", "document.head");
                watchValue(window, "location", "location");
                watchValue(window, "navigator", "navigator");
                ["getElementById", "querySelector", "addEventListener", "removeEventListener"].forEach(function (name) {
                    watchFunction(document, name, "document." + name);
                });
                ["setInterval", "clearTimeout", "clearInterval", "addEventListener", "removeEventListener", "alert", "confirm", "prompt"].forEach(function (name) {
                    watchFunction(window, name, name);
                });
                ["info", "warn", "error", "debug"].forEach(function (name) { watchFunction(console, name, "console." + name); });
                var createElement = document.createElement;
                document.createElement = function (tagName) {
                    if (String(tagName).toLowerCase() !== "iframe") { report("document.createElement(" + tagName + ")"); }
                    var element = createElement.apply(this, arguments);
                    ["setAttribute", "getAttribute", "removeAttribute", "addEventListener", "appendChild"].forEach(function (name) {
                        if (typeof element[name] === "function") { watchFunction(element, name, "iframe." + name); }
                    });
                    return element;
                };
                var originalSetTimeout = window.setTimeout;
                window.setTimeout = function (callback, delay) {
                    if (typeof callback !== "function" || arguments.length > 2 || (delay !== undefined && delay !== 0)) {
                        report("setTimeout(" + typeof callback + ", " + delay + ")");
                    }
                    return originalSetTimeout.apply(window, arguments);
                };
            })();
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("echo", conformance.echoHandler("echo"));
                bridge.callHandler("echo", "from JS", conformance.callback("echoed"));
            });
            """)
        try context.callHandler("echo", data: "from native", callback: "native echo", expectsResponse: true)
        try context.callHandler("nobodyHome", data: 1)
        try await context.runUntilIdle()
        context.runInPage("""
            conformance.note("globals added", Object.getOwnPropertyNames(window).filter(function (name) {
                return globalsBeforeInjection.indexOf(name) < 0 && ["WebViewJavascriptBridge", "onerror", "WVJBCallbacks"].indexOf(name) < 0;
            }));
            """)
        context.expectEqual(context.transcript.pageNotes("facility used"), [], clause: "DISP-12", "browser facilities used beyond those allowed")
        context.expectEqual(context.transcript.pageNotes("globals added"), [[]], clause: "DISP-12", "globals added besides WebViewJavascriptBridge and onerror")
        context.expectEqual(context.transcript.jsCallbackInvocations("echoed"), ["from JS"], clause: "DISP-12", "answer to a JS call (traffic still works)")
    }

    // MARK: Message shapes, ordering, callback ids

    static let callShapes = ConformanceCase(
        id: "js-side.messages.call-shapes",
        clauses: ["MSG-5", "MSG-8"],
        summary: "JS calls carry data unless undefined and callbackId only with a callback; (name, fn) sends data null with a callback"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                var callback = conformance.callback("unanswered");
                bridge.callHandler("nameOnly");
                bridge.callHandler("withData", { k: 1 });
                bridge.callHandler("withNull", null);
                bridge.callHandler("withCallback", 3, callback);
                bridge.callHandler("undefinedData", undefined, callback);
                bridge.callHandler("twoArguments", callback);
                bridge.callHandler("threeArguments", callback, undefined);
            });
            """)
        let sent = Dictionary(context.transcript.fetchedMessages.compactMap { message -> (String, JSONValue)? in
            guard case .string(let name)? = message.member("handlerName") else { return nil }
            return (name, message.withOpaqueCallbackID)
        }, uniquingKeysWith: { first, _ in first })
        let expected: [(String, JSONValue, String)] = [
            ("nameOnly", ["handlerName": "nameOnly"], "MSG-5"),
            ("withData", ["handlerName": "withData", "data": ["k": 1]], "MSG-5"),
            ("withNull", ["handlerName": "withNull", "data": nil], "MSG-5"),
            ("withCallback", ["handlerName": "withCallback", "data": 3, "callbackId": "<id>"], "MSG-5"),
            ("undefinedData", ["handlerName": "undefinedData", "callbackId": "<id>"], "MSG-5"),
            ("twoArguments", ["handlerName": "twoArguments", "data": nil, "callbackId": "<id>"], "MSG-8"),
            ("threeArguments", ["handlerName": "threeArguments"], "MSG-8"),
        ]
        for (name, message, clause) in expected {
            context.expectEqual(sent[name], message, clause: clause, "message sent for callHandler \(name) (callback ids shown as <id>)")
        }
    }

    static let queueOrder = ConformanceCase(
        id: "js-side.ordering.queue-in-send-order",
        clauses: ["ORD-3"],
        summary: "calls and responder calls made in one handler are queued in the order they were made"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("relay", function (data, respond) {
                    bridge.callHandler("sink", "before the answer");
                    respond("the answer");
                    bridge.callHandler("sink", "after the answer");
                });
            });
            """)
        try context.callHandler("relay", data: 1, callback: "relay", expectsResponse: true)
        try await context.runUntilIdle()
        let sent = context.transcript.fetchedMessages.map { $0.member("responseData") ?? $0.member("data") ?? "<no data>" }
        context.expectEqual(sent, ["before the answer", "the answer", "after the answer"], clause: "ORD-3", "data of the messages JS sent, in queue order")
    }

    static let callbackIDFormat = ConformanceCase(
        id: "js-side.callback-ids.format",
        clauses: ["ID-1"],
        level: .should,
        summary: "JS callback ids are cb_<n>_<Date.now()>, n counting from 1 only the sends that carry a callback"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("echo", conformance.echoHandler("echo"));
                conformance.note("now", Date.now());
                bridge.callHandler("first", 1, conformance.callback("first"));
                bridge.callHandler("noCallback", 2);
                bridge.callHandler("second", 3, conformance.callback("second"));
            });
            """)
        try context.callHandler("echo", data: "a response is a send without a callback", callback: "echo", expectsResponse: true)
        try await context.runUntilIdle()
        context.runInPage("""
            conformance.note("now", Date.now());
            WebViewJavascriptBridge.callHandler("third", 4, conformance.callback("third"));
            """)
        try await context.runUntilIdle()
        let times = context.transcript.pageNotes("now").map { note -> Int in
            if case .number(let time)? = note { return Int(time) }
            return -1
        }
        let ids = context.transcript.fetchedMessages.compactMap { $0.member("callbackId") }
        guard times.count == 2 else { return context.fail(clause: "ID-1", "the page did not note the time twice") }
        context.expectEqual(ids, [.string("cb_1_\(times[0])"), .string("cb_2_\(times[0])"), .string("cb_3_\(times[1])")],
                            clause: "ID-1", "callback ids of the three calls with a callback")
    }

    // MARK: Alert safety switch

    static let disableSwitchesDispatch = ConformanceCase(
        id: "js-side.alert-safety.disable-switches-dispatch",
        clauses: ["SAFE-4"],
        summary: "after the _disableJavascriptAlertBoxSafetyTimeout message, or the page's own call, JS handlers run inside the delivering evaluation"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "_disableJavascriptAlertBoxSafetyTimeout" }));
            });
            """)
        try context.callHandler("sink", data: "after the disabling message")
        try await context.runUntilIdle()
        context.loadPage("""
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                bridge.disableJavscriptAlertBoxSafetyTimeout();
            });
            """, url: "https://app.example/second.html")
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after the page's call")
        try await context.runUntilIdle()
        let invocations = context.transcript.jsHandlerInvocations("sink")
        context.expectEqual(invocations.map(\.data), ["after the disabling message", "after the page's call"], clause: "SAFE-4", "data the JS handler got")
        context.expectEqual(invocations.map(\.duringNativeEvaluation), [true, true], clause: "SAFE-4", "whether each call ran inside the native evaluation")
    }

    // MARK: Logging (SHOULD)

    static let missingHandlerWarning = ConformanceCase(
        id: "js-side.logging.missing-handler-warning",
        clauses: ["LOG-5"],
        level: .should,
        summary: "a native call to a missing JS handler logs the canonical warning with the message as a second argument"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("nobodyHome", data: ["x"])
        try await context.runUntilIdle()
        let prefix = "WebViewJavascriptBridge: WARNING: no handler for message from ObjC: "
        let logged = context.transcript.consoleMessages.filter { $0.hasPrefix("WebViewJavascriptBridge: WARNING: no handler") }.map { line -> JSONValue in
            guard line.hasPrefix(prefix), let message = try? JSONParser.parse(String(line.dropFirst(prefix.count))) else { return .string(line) }
            return message
        }
        context.expectEqual(logged, context.transcript.decodedNativeMessages.filter { $0.member("handlerName") == "nobodyHome" },
                            clause: "LOG-5", "warnings logged: prefix, then the message object as the second argument")
    }

    static let onErrorHook = ConformanceCase(
        id: "js-side.logging.onerror-hook",
        clauses: ["LOG-6"],
        level: .should,
        summary: "without a page onerror, the JS side installs one logging \"WebViewJavascriptBridge: ERROR:\" + msg + \"@\" + url + \":\" + line"
    ) { context in
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                setTimeout(function () { throw new Error("boom"); });
            });
            """)
        let prefix = "WebViewJavascriptBridge: ERROR:Error: boom@"
        let logged = context.transcript.consoleMessages.filter { $0.hasPrefix("WebViewJavascriptBridge: ERROR") }
        let wellFormed = logged.filter { line in
            guard line.hasPrefix(prefix) else { return false }
            let location = line.dropFirst(prefix.count)
            guard let colon = location.lastIndex(of: ":") else { return false }
            return colon > location.startIndex && Int(location[location.index(after: colon)...]) != nil
        }
        context.expectEqual(logged.count, 1, clause: "LOG-6", "error lines logged for one uncaught error")
        context.expectEqual(wellFormed.count, logged.count, clause: "LOG-6", "lines of the form \(prefix)<url>:<line> among \(logged)")
    }
}

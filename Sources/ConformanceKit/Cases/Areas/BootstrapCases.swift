import StrictJSON

/// Cases on bootstrap: which navigations the bridge cancels and allows, and how the page and the JS side
/// set the bridge up (the setup snippet, the messaging iframe, the setup callbacks).
enum BootstrapCases {
    static let all = [
        bridgeURLsCancelledOthersAllowed, lookAlikeURLs, wvjbschemeAccepted, setupCallbacksDeferredInOrder, messagingIframeAtInjection,
        missingWVJBCallbacksTolerated,
    ]

    static let bridgeURLsCancelledOthersAllowed = ConformanceCase(
        id: "bootstrap.url-classification.https",
        clauses: ["BOOT-1", "BOOT-2"],
        summary: "https bridge URLs are cancelled, the page and other URLs (plain http included) are allowed, each decided once"
    ) { context in
        try await CasePages.start(context)
        context.runInPage("""
            var probe = document.createElement("iframe");
            document.body.appendChild(probe);
            probe.src = "http://__wvjb_queue_message__/";
            probe.src = "https://example.com/elsewhere";
            probe.src = "HTTPS://__WVJB_QUEUE_MESSAGE__:8443/path?q#f";
            """)
        try await context.runUntilIdle()
        let expected: [(String, NavigationActionPolicy)] = [
            ("https://app.example/index.html", .allow),
            ("https://__bridge_loaded__", .cancel),
            ("https://__wvjb_queue_message__", .cancel),
            ("http://__wvjb_queue_message__/", .allow),
            ("https://example.com/elsewhere", .allow),
            ("HTTPS://__WVJB_QUEUE_MESSAGE__:8443/path?q#f", .cancel),
        ]
        expectDecisions(expected, in: context)
    }

    static let lookAlikeURLs = ConformanceCase(
        id: "bootstrap.url-classification.look-alikes",
        clauses: ["BOOT-1", "BOOT-2"],
        summary: "bridge URLs are told by scheme and host alone: look-alike hosts, user info and bridge names in paths or queries are not bridge URLs, user info before a bridge host is"
    ) { context in
        try await CasePages.start(context)
        let expected: [(String, NavigationActionPolicy)] = [
            ("https://__bridge_loaded__.example.com/", .allow),
            ("https://__wvjb_queue_message__@example.com/", .allow),
            ("https://example.com/__wvjb_queue_message__", .allow),
            ("https://example.com/?next=https://__bridge_loaded__", .allow),
            ("https://user@__wvjb_queue_message__/", .cancel),
            ("wvjbscheme://__wvjb_queue_message__/#later", .cancel),
        ]
        context.runInPage("""
            var probe = document.createElement("iframe");
            document.body.appendChild(probe);
            \(expected.map { "probe.src = \(CanonicalJSON.quote($0.0));" }.joined(separator: "\n"))
            """)
        try await context.runUntilIdle()
        expectDecisions(expected, in: context)
    }

    static let wvjbschemeAccepted = ConformanceCase(
        id: "bootstrap.url-classification.wvjbscheme",
        clauses: ["BOOT-1"],
        summary: "the v5 dialect URL wvjbscheme://__BRIDGE_LOADED__ injects the JS side and is cancelled"
    ) { context in
        context.loadPage("""
            window.WVJBCallbacks = [function (bridge) { bridge.registerHandler("sink", conformance.recordingHandler("sink")); }];
            var frame = document.createElement("iframe");
            frame.src = "wvjbscheme://__BRIDGE_LOADED__";
            document.documentElement.appendChild(frame);
            """)
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after v5 bootstrap")
        try await context.runUntilIdle()
        let decisions = context.transcript.navigationDecisions.filter { $0.url == "wvjbscheme://__BRIDGE_LOADED__" }
        context.expectEqual(decisions.map(\.policy.rawValue), ["cancel"], clause: "BOOT-1", "decision for wvjbscheme://__BRIDGE_LOADED__")
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), ["after v5 bootstrap"],
                            clause: "BOOT-1", "data the JS handler got after the wvjbscheme bootstrap")
    }

    static let setupCallbacksDeferredInOrder = ConformanceCase(
        id: "bootstrap.setup-callbacks.deferred-in-order",
        clauses: ["BOOT-7", "BOOT-5"],
        summary: "setup callbacks queued before injection run after it, on a later turn, in order, once; later setups run at once"
    ) { context in
        try await CasePages.start(context, page: """
            [1, 2, 3].forEach(function (number) {
                setupWebViewJavascriptBridge(function (bridge) {
                    conformance.note("setup callback", {
                        number: number,
                        isBridge: bridge === window.WebViewJavascriptBridge,
                        inNativeEvaluation: __conformance.inNativeEvaluation()
                    });
                });
            });
            """)
        context.runInPage("""
            conformance.note("WVJBCallbacks left", "WVJBCallbacks" in window);
            var returned = false;
            setupWebViewJavascriptBridge(function () { conformance.note("late setup ran before return", !returned); });
            returned = true;
            """)
        try await context.runUntilIdle()
        let expected = [1, 2, 3].map { number -> JSONValue? in ["number": .number(Double(number)), "isBridge": true, "inNativeEvaluation": false] }
        context.expectEqual(context.transcript.pageNotes("setup callback"), expected, clause: "BOOT-7", "setup callbacks run after injection")
        context.expectEqual(context.transcript.pageNotes("WVJBCallbacks left"), [false], clause: "BOOT-7", "whether window.WVJBCallbacks still exists")
        context.expectEqual(context.transcript.pageNotes("late setup ran before return"), [true], clause: "BOOT-5", "whether a setup after injection runs synchronously")
        let loads = context.transcript.navigationDecisions.filter { $0.url == "https://__bridge_loaded__" }
        context.expectEqual(loads.count, 1, clause: "BOOT-5", "https://__bridge_loaded__ requests for four setup calls")
    }

    static let messagingIframeAtInjection = ConformanceCase(
        id: "bootstrap.js-side.messaging-iframe-signals-on-injection",
        clauses: ["BOOT-6"],
        summary: "injection appends the messaging iframe to documentElement with the queue URL already set; the first fetch returns []"
    ) { context in
        try await CasePages.start(context)
        let events = context.transcript.events
        let source = context.webView.bridgeJavaScriptSource
        guard let start = events.firstIndex(where: { if case let .evaluationStarted(_, style, script) = $0 { style != .harness && script == source } else { false } }),
              case let .evaluationStarted(injectionID, _, _) = events[start],
              let end = events[start...].firstIndex(where: { if case let .evaluationFinished(id, _, _) = $0 { id == injectionID } else { false } })
        else { return context.fail(clause: "BOOT-6", "the JS side was never evaluated by the native side") }
        let signals = events[start..<end].filter { if case let .navigationRequested(_, url, _) = $0 { url.isQueueURL } else { false } }
        context.expectEqual(signals.count, 1, clause: "BOOT-6", "queue URL requests made while the JS side was evaluated")
        context.expectEqual(context.transcript.fetchedBatches.first, JSONValue.array([]), clause: "BOOT-6", "what the first fetch returned")
        context.runInPage(CasePages.findMessagingIframe + """
            var frame = findMessagingIframe(document.documentElement);
            conformance.note("messaging iframe is a child of documentElement", !!frame && frame.parentNode === document.documentElement);
            """)
        context.expectEqual(context.transcript.pageNotes("messaging iframe is a child of documentElement"), [true],
                            clause: "BOOT-6", "where the messaging iframe is")
    }

    static let missingWVJBCallbacksTolerated = ConformanceCase(
        id: "bootstrap.js-side.missing-wvjbcallbacks-tolerated",
        clauses: ["BOOT-8"],
        summary: "a page that signals __bridge_loaded__ without window.WVJBCallbacks gets the bridge and no error"
    ) { context in
        context.loadPage("""
            var frame = document.createElement("iframe");
            frame.src = "https://__bridge_loaded__";
            document.documentElement.appendChild(frame);
            """)
        try await context.runUntilIdle()
        context.runInPage("""
            conformance.note("bridge", typeof window.WebViewJavascriptBridge);
            conformance.note("WVJBCallbacks", "WVJBCallbacks" in window);
            """)
        context.expectEqual(context.transcript.uncaughtErrors, [], clause: "BOOT-8", "uncaught errors after injection without window.WVJBCallbacks")
        context.expectEqual(context.transcript.pageNotes("bridge"), ["object"], clause: "BOOT-8", "typeof window.WebViewJavascriptBridge")
        context.expectEqual(context.transcript.pageNotes("WVJBCallbacks"), [false], clause: "BOOT-8", "whether window.WVJBCallbacks was created")
    }

    /// Checks that each URL was decided once, with its policy: cancel under BOOT-1, allow under BOOT-2.
    @MainActor
    private static func expectDecisions(_ expected: [(String, NavigationActionPolicy)], in context: CaseContext) {
        let decisions = context.transcript.navigationDecisions
        for (url, policy) in expected {
            let made = decisions.filter { $0.url == url }.map(\.policy)
            let clause = policy == .cancel ? "BOOT-1" : "BOOT-2"
            context.expectEqual(made.map(\.rawValue), [policy.rawValue], clause: clause, "navigation decision for \(url)")
        }
    }
}

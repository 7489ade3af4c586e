import ConformanceAdapter
import ConformanceObligations
import StrictJSON

/// Cases on bootstrap: which navigations the bridge cancels and allows, and how the page and the JS side
/// set the bridge up (the setup snippet, the messaging iframe, the setup callbacks).
enum BootstrapCases {
    static let all = [
        bridgeURLsCancelledOthersAllowed, lookAlikeURLs, wvjbschemeAccepted, setupCallbacksDeferredInOrder,
        messagingIframeAtInjection,
        missingWVJBCallbacksTolerated, setupOnReloadedPage, messagingIframeWithoutBody,
    ]

    static let bridgeURLsCancelledOthersAllowed = ConformanceCase(
        id: "bootstrap.url-classification.https",
        clauses: [.boot1, .boot2],
        summary:
            "https bridge URLs are cancelled, the page and other URLs (plain http included) are allowed, each decided once"
    ) { context in
        try await CasePages.start(context)
        context.runInPage(
            CasePages.iframeRequests([
                "http://__wvjb_queue_message__/", "https://example.com/elsewhere",
                "HTTPS://__WVJB_QUEUE_MESSAGE__:8443/path?q#f",
            ]))
        try await context.runUntilIdle()
        // The load and queue URLs are the setup snippet's and the JS side's to write (BOOT-5, DISP-1 judge how):
        // the native side is judged on those it was asked about, as they were written.
        let load = context.transcript.loadSignalURLs.first ?? "https://__bridge_loaded__"
        let queue = context.transcript.queueSignalURLs.first ?? "https://__wvjb_queue_message__"
        // The upper-case URL also has a port, path, query and fragment (BOOT-1.e); it is cited for its case.
        let expected: [(String, NavigationActionPolicy, Obligation)] = [
            ("https://app.example/index.html", .allow, Obligation.boot2a),
            (load, .cancel, Obligation.boot1b),
            (queue, .cancel, Obligation.boot1a),
            ("http://__wvjb_queue_message__/", .allow, Obligation.boot2b),
            ("https://example.com/elsewhere", .allow, Obligation.boot2a),
            ("HTTPS://__WVJB_QUEUE_MESSAGE__:8443/path?q#f", .cancel, Obligation.boot1c),
        ]
        expectDecisions(expected, in: context)
    }

    /// Judges the batch the fetch that injection causes returned: an empty array (BOOT-6.b). A result that is
    /// no JSON array at all is the JS side's encoding of its empty queue (DISP-2.b), not something queued.
    @MainActor
    private static func expectEmptyFirstBatch(_ batch: JSONValue?, in context: CaseContext, _ description: String) {
        var isArray = false
        if case .array? = batch { isArray = true }
        context.expectEqual(
            batch, JSONValue.array([]), clause: batch == nil || isArray ? .boot6b : .disp2b,
            description + (batch == nil || isArray ? "" : " (no JSON array: the empty queue's encoding)"))
    }

    static let lookAlikeURLs = ConformanceCase(
        id: "bootstrap.url-classification.look-alikes",
        clauses: [.boot1, .boot2],
        summary:
            "bridge URLs are told by scheme and host alone: look-alike hosts, user info and bridge names in paths or queries are not bridge URLs, user info before a bridge host is"
    ) { context in
        try await CasePages.start(context)
        // The wvjbscheme URL also has a path and a fragment (BOOT-1.e); it is cited for its scheme.
        let expected: [(String, NavigationActionPolicy, Obligation)] =
            [
                ("https://__bridge_loaded__.example.com/", .allow, Obligation.boot2c),
                ("https://__wvjb_queue_message__@example.com/", .allow, Obligation.boot2c),
                ("https://example.com/__wvjb_queue_message__", .allow, Obligation.boot2c),
                ("https://example.com/?next=https://__bridge_loaded__", .allow, Obligation.boot2c),
                ("https://user@__wvjb_queue_message__/", .cancel, Obligation.boot1e),
            ]
            + ((context.runDialect.queueSignal.navigation?.schemes.count ?? 0) < 2
                ? []
                : [
                    ("wvjbscheme://__wvjb_queue_message__/#later", .cancel, Obligation.boot1d)
                ])
        context.runInPage(CasePages.iframeRequests(expected.map(\.0)))
        try await context.runUntilIdle()
        expectDecisions(expected, in: context)
    }

    static let wvjbschemeAccepted = ConformanceCase(
        id: "bootstrap.url-classification.wvjbscheme",
        clauses: [.boot1, .boot3], needsDialect: [.olderLoadScheme, .waitingCallbacksArray],
        summary: "the v5 dialect URL wvjbscheme://__BRIDGE_LOADED__ injects the JS side and is cancelled"
    ) { context in
        context.loadPage(
            """
            window.WVJBCallbacks = [function (bridge) { bridge.registerHandler("sink", conformance.recordingHandler("sink")); }];
            var frame = document.createElement("iframe");
            frame.src = "wvjbscheme://__BRIDGE_LOADED__";
            document.documentElement.appendChild(frame);
            """)
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after v5 bootstrap")
        try await context.runUntilIdle()
        let decisions = context.transcript.navigationDecisions.filter { $0.url == "wvjbscheme://__BRIDGE_LOADED__" }
        context.expectEqual(
            decisions.map(\.policy.rawValue), ["cancel"], clause: .boot1d,
            "decision for wvjbscheme://__BRIDGE_LOADED__")
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), ["after v5 bootstrap"],
            clause: .boot3a,
            "data the JS handler got after the load URL wvjbscheme://__BRIDGE_LOADED__ (the JS side was injected)")
    }

    static let setupCallbacksDeferredInOrder = ConformanceCase(
        id: "bootstrap.setup-callbacks.deferred-in-order",
        clauses: [.boot7, .boot5], needsDialect: .waitingCallbacksArray,
        summary:
            "setup callbacks queued before injection run after it, on a later turn, in order, once; later setups run at once"
    ) { context in
        try await CasePages.start(
            context,
            page: """
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
        context.runInPage(
            """
            conformance.note("WVJBCallbacks left", "WVJBCallbacks" in window);
            var returned = false;
            setupWebViewJavascriptBridge(function () { conformance.note("late setup ran before return", !returned); });
            returned = true;
            """)
        try await context.runUntilIdle()
        let setupCallbacks = context.transcript.pageNotes("setup callback")
        let expected = [1, 2, 3].map { number -> JSONValue? in ["number": .number(Double(number)), "isBridge": true] }
        context.expectEqual(
            setupCallbacks.map { $0?.withoutInNativeEvaluation }, expected, clause: .boot7a,
            "setup callbacks queued before injection: which ran, in what order, and whether each got the bridge")
        context.expectEqual(
            setupCallbacks.map { $0?.member("inNativeEvaluation") }, [false, false, false], clause: .boot7c,
            "whether each setup callback ran inside the native evaluation of the JS side")
        context.expectEqual(
            context.transcript.pageNotes("WVJBCallbacks left"), [false], clause: .boot7b,
            "whether window.WVJBCallbacks still exists")
        context.expectEqual(
            context.transcript.pageNotes("late setup ran before return"), [true], clause: .boot5a,
            "whether a setup after injection runs synchronously")
        let loads = context.transcript.loadSignalURLs
        // One request: the first setup made it (BOOT-5.c), the second and third joined window.WVJBCallbacks (BOOT-5.b).
        context.expect(
            loads.count >= 1, clause: .boot5c,
            "the first setup call, with neither a bridge nor window.WVJBCallbacks, requested the load URL (requests: \(loads.count))"
        )
        context.expect(
            loads.count <= 1, clause: .boot5b,
            "the second and third setup calls joined window.WVJBCallbacks instead of requesting the load URL again (requests: \(loads.count))"
        )
        expectLoadURLWrittenExactly(loads, in: context, by: "the setup calls")
        context.runInPage(
            """
            function findLoadIframe(node) {
                if (node.tagName === "IFRAME" && String(node.src).toLowerCase().indexOf("://__bridge_loaded__") >= 0) { return node; }
                for (var i = 0; i < (node.childNodes || []).length; i++) { var found = findLoadIframe(node.childNodes[i]); if (found) { return found; } }
                return null;
            }
            conformance.note("load iframe left", findLoadIframe(document.documentElement) !== null);
            """)
        context.expectEqual(
            context.transcript.pageNotes("load iframe left"), [false], clause: .boot5d,
            "whether the https://__bridge_loaded__ iframe is still in the document once the page is idle")
    }

    static let messagingIframeAtInjection = ConformanceCase(
        id: "bootstrap.js-side.messaging-iframe-signals-on-injection",
        clauses: [.boot6, .boot10],
        summary:
            "injection appends the messaging iframe, hidden, to documentElement with the queue URL already set; the first fetch returns [], which changes nothing"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let events = context.transcript.events
        guard let (start, end) = context.transcript.firstJavaScriptSideInjection else {
            return context.fail(
                clause: .boot3a,
                "the JS side never came into the page: no native evaluation made window.\(context.dialect.javaScriptGlobal) appear"
            )
        }
        let signals = events[start..<end].filter {
            if case let .navigationRequested(_, url, _) = $0 { context.transcript.isQueueURL(url) } else { false }
        }
        context.expectEqual(
            signals.count, 1, clause: .boot6a,
            "queue URL requests made while the JS side was evaluated (the messaging iframe is appended with its src set)"
        )
        expectEmptyFirstBatch(context.transcript.fetchedBatches.first, in: context, "what the first fetch returned")
        context.runInPage(
            CasePages.findMessagingIframe(in: context.dialect) + """
                var frame = findMessagingIframe(document.documentElement);
                conformance.note("messaging iframe is a child of documentElement", !!frame && frame.parentNode === document.documentElement);
                if (frame) {
                    conformance.note("messaging iframe is hidden", String(frame.style.display).toLowerCase() === "none"
                        || /display\\s*:\\s*none/i.test(String(frame.style.cssText || "") + ";" + String(frame.getAttribute("style") || "")));
                }
                """)
        context.expectEqual(
            context.transcript.pageNotes("messaging iframe is a child of documentElement"), [true],
            clause: .boot6c, "where the messaging iframe is (appended to document.documentElement)")
        // However the JS side hid it: a real web view reads `cssText` and a `style` attribute into `display`,
        // the simulated page keeps them as written. A missing iframe is BOOT-6.c's failure alone.
        let hidden = context.transcript.pageNotes("messaging iframe is hidden")
        if !hidden.isEmpty {
            context.expectEqual(
                hidden, [true], clause: .boot10a, "whether the messaging iframe is hidden (its style's display is none)"
            )
        }
        // An empty batch runs nothing and changes nothing: sends after it go out at once, both ways.
        try context.callHandler("sink", data: "after the empty batch")
        context.runInPage(
            #"WebViewJavascriptBridge.callHandler("echo", "after the empty batch", conformance.callback("echoed"));"#)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), ["after the empty batch"], clause: .boot6b,
            "data the JS handler got from a native call made after the empty first batch")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("echoed"), ["after the empty batch"], clause: .boot6b,
            "answers the page got to a call it made after the empty first batch")
    }

    static let missingWVJBCallbacksTolerated = ConformanceCase(
        id: "bootstrap.js-side.missing-wvjbcallbacks-tolerated",
        clauses: [.boot8], needsDialect: .waitingCallbacksArray,
        summary: "a page that signals __bridge_loaded__ without window.WVJBCallbacks gets the bridge and no error"
    ) { context in
        context.loadPage(CasePages.loadSignal(for: context))
        try await context.runUntilIdle()
        context.runInPage(
            """
            conformance.note("bridge", typeof window.WebViewJavascriptBridge);
            conformance.note("WVJBCallbacks", "WVJBCallbacks" in window);
            """)
        context.expectEqual(
            context.transcript.uncaughtErrors, [], clause: .boot8a,
            "uncaught errors after injection without window.WVJBCallbacks")
        context.expectEqual(
            context.transcript.pageNotes("bridge"), ["object"], clause: .boot8a,
            "typeof window.WebViewJavascriptBridge after injection without window.WVJBCallbacks")
        context.expectEqual(
            context.transcript.pageNotes("WVJBCallbacks"), [false], clause: .boot8a,
            "whether window.WVJBCallbacks was created")
    }

    static let setupOnReloadedPage = ConformanceCase(
        id: "bootstrap.setup-callbacks.reloaded-page",
        clauses: [.boot5, .boot7], needsDialect: .waitingCallbacksArray,
        summary:
            "on a reloaded page the setup snippet starts afresh (WVJBCallbacks created, then appended to, one load iframe in documentElement, removed a turn later) and the JS side injected again calls its callbacks in order on a later turn, in a task that deletes WVJBCallbacks"
    ) { context in
        let page = """
            function loadIframes() {
                var found = [];
                (function walk(node) {
                    if (node.tagName === "IFRAME" && String(node.src).toLowerCase().indexOf("://__bridge_loaded__") >= 0) { found.push(node); }
                    for (var i = 0; i < (node.childNodes || []).length; i++) { walk(node.childNodes[i]); }
                })(document.documentElement);
                return found;
            }
            [1, 2].forEach(function (number) {
                setupWebViewJavascriptBridge(function (bridge) {
                    conformance.note("setup callback", {
                        number: number,
                        isBridge: bridge === window.WebViewJavascriptBridge,
                        inNativeEvaluation: __conformance.inNativeEvaluation()
                    });
                    // At the end of the task that ran the callbacks: the JS side may delete WVJBCallbacks before
                    // calling them or after (BOOT-7.b).
                    Promise.resolve().then(function () {
                        conformance.note("WVJBCallbacks after the setup task", "WVJBCallbacks" in window);
                    });
                });
                var frames = loadIframes();
                conformance.note("after setup call", {
                    callbacks: Array.isArray(window.WVJBCallbacks) ? window.WVJBCallbacks.length : null,
                    loadIframes: frames.length,
                    inDocumentElement: frames.length === 1 && frames[0].parentNode === document.documentElement
                });
            });
            setTimeout(function () { conformance.note("load iframes a turn later", loadIframes().length); }, 0);
            """
        context.loadPage(page)
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        context.runInPage(
            """
            conformance.note("WVJBCallbacks left", "WVJBCallbacks" in window);
            var returned = false;
            setupWebViewJavascriptBridge(function (bridge) {
                conformance.note("late setup", { beforeReturn: !returned, isBridge: bridge === window.WebViewJavascriptBridge });
            });
            returned = true;
            """)
        // Everything below is about the reloaded page, the second page of the case.
        let pages = context.transcript.pages
        guard let reloaded = pages.last, pages.count == 2 else {
            return context.fail(
                clause: .boot5c,
                "the case expected two pages (the first page and its reload), the transcript has \(pages.count)")
        }
        let snippet = reloaded.pageNotes("after setup call")
        context.expectEqual(
            CheckParts.element(snippet, 0), [["callbacks": 1, "loadIframes": 1, "inDocumentElement": true]],
            clause: .boot5c,
            "state after the reloaded page's first setup call: WVJBCallbacks created with the callback, one load iframe, appended to documentElement"
        )
        context.expectEqual(
            CheckParts.element(snippet, 1), [["callbacks": 2, "loadIframes": 1, "inDocumentElement": true]],
            clause: .boot5b,
            "state after its second setup call: the callback appended to WVJBCallbacks, no second load iframe")
        let loads = reloaded.loadSignalURLs
        context.expectEqual(
            loads.count, 1, clause: .boot5b, "requests of the load URL made by the reloaded page's two setup calls")
        expectLoadURLWrittenExactly(loads, in: context, by: "the reloaded page's setup calls")
        context.expectEqual(
            reloaded.pageNotes("load iframes a turn later"), [0], clause: .boot5d,
            "load iframes left in the reloaded page's document after the turn the snippet scheduled")
        context.expectEqual(
            reloaded.pageNotes("late setup"), [["beforeReturn": true, "isBridge": true]], clause: .boot5a,
            "a setup call on the reloaded page once the bridge is in: called before setupWebViewJavascriptBridge returned, with the bridge"
        )
        let callbacks = reloaded.pageNotes("setup callback")
        context.expectEqual(
            callbacks.map { $0?.member("number") }, [1, 2], clause: .boot7a,
            "setup callbacks the JS side injected into the reloaded page called, in order")
        context.expectEqual(
            callbacks.map { $0?.member("isBridge") }, [true, true], clause: .boot7a,
            "whether each setup callback of the reloaded page got window.WebViewJavascriptBridge")
        context.expectEqual(
            callbacks.map { $0?.member("inNativeEvaluation") }, [false, false], clause: .boot7c,
            "whether each setup callback of the reloaded page ran inside the native evaluation of the JS side")
        context.expectEqual(
            reloaded.pageNotes("WVJBCallbacks after the setup task"), [false, false], clause: .boot7b,
            "whether window.WVJBCallbacks still existed once the task that ran the reloaded page's setup callbacks had ended"
        )
        context.expectEqual(
            reloaded.pageNotes("WVJBCallbacks left"), [false], clause: .boot7b,
            "whether window.WVJBCallbacks exists on the reloaded page once it is idle")
    }

    static let messagingIframeWithoutBody = ConformanceCase(
        id: "bootstrap.js-side.messaging-iframe-without-body",
        clauses: [.boot6],
        summary:
            "on a reloaded page that has no body yet, injection still appends the messaging iframe to documentElement with the queue URL set; the first fetch returns [], which changes nothing"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        // A page whose parser has not made a body yet: document.body is null.
        let page = """
            document.documentElement.removeChild(document.body);
            if (document.body) { document.body = null; } /* a real DOM has already forgotten it */

            """ + CasePages.sink(in: context.dialect)
        context.loadPage(page)
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        let pages = context.transcript.pages
        guard let reloaded = pages.last, pages.count == 2 else {
            return context.fail(
                clause: .boot6b,
                "the case expected two pages (the first page and its reload), the transcript has \(pages.count)")
        }
        let events = reloaded.events
        guard let (start, end) = reloaded.firstJavaScriptSideInjection else {
            return context.fail(
                clause: .boot6a,
                "the JS side never came into the reloaded page without a body: no native evaluation made window.\(context.dialect.javaScriptGlobal) appear"
            )
        }
        let signals = events[start..<end].filter {
            if case let .navigationRequested(_, url, _) = $0 { context.transcript.isQueueURL(url) } else { false }
        }
        context.expectEqual(
            signals.count, 1, clause: .boot6a,
            "queue URL requests made while the JS side was evaluated into the reloaded page without a body")
        expectEmptyFirstBatch(
            reloaded.fetchedBatches.first, in: context, "what the reloaded page's first fetch returned")
        context.runInPage(
            CasePages.findMessagingIframe(in: context.dialect) + """
                var frame = findMessagingIframe(document.documentElement);
                conformance.note("messaging iframe is a child of documentElement", !!frame && frame.parentNode === document.documentElement);
                """)
        context.expectEqual(
            context.transcript.pageNotes("messaging iframe is a child of documentElement"), [true], clause: .boot6c,
            "where the messaging iframe of the reloaded page without a body is (appended to document.documentElement)")
        context.expectEqual(
            reloaded.uncaughtErrors, [], clause: .boot6c,
            "uncaught errors on the reloaded page without a body (appending to document.body throws there)")
        // An empty batch runs nothing and changes nothing: sends after it go out at once, both ways.
        try context.callHandler("sink", data: "after the empty batch")
        context.runInPage(
            #"WebViewJavascriptBridge.callHandler("echo", "after the empty batch", conformance.callback("echoed"));"#)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), ["after the empty batch"], clause: .boot6b,
            "data the JS handler of the reloaded page got from a native call made after its empty first batch")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("echoed"), ["after the empty batch"], clause: .boot6b,
            "answers the reloaded page got to a call it made after its empty first batch")
    }

    /// Checks that the setup snippet wrote each load URL it requested exactly as BOOT-5 names it: a query or
    /// a trailing slash makes another URL, which a native side that classifies by host accepts and a port
    /// that compares the URL does not.
    @MainActor
    private static func expectLoadURLWrittenExactly(_ loads: [String], in context: CaseContext, by what: String) {
        guard let loadURL = context.dialect.loadSignal.navigation?.url else { return }
        context.expectEqual(
            loads.filter { $0 != loadURL }, [], clause: .boot5c,
            "load URL requests made by \(what) (of \(loads.count)) not written exactly \(loadURL)")
    }

    /// Checks that each URL was decided once, with its policy, under the obligation given with it (a BOOT-1
    /// obligation for a cancelled bridge URL, a BOOT-2 one for an allowed URL).
    @MainActor
    private static func expectDecisions(
        _ expected: [(String, NavigationActionPolicy, Obligation)], in context: CaseContext
    ) {
        let decisions = context.transcript.navigationDecisions
        for (url, policy, obligation) in expected {
            let made = decisions.filter { $0.url == url }.map(\.policy)
            context.expectEqual(
                made.map(\.rawValue), [policy.rawValue], clause: obligation, "navigation decision for \(url)")
        }
    }
}

private extension JSONValue {
    /// A setup callback's note without its `inNativeEvaluation` member (checked on its own).
    var withoutInNativeEvaluation: JSONValue {
        guard case .object(var members) = self else { return self }
        members["inNativeEvaluation"] = nil
        return .object(members)
    }
}

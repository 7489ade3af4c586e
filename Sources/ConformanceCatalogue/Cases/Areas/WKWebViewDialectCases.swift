import ConformanceBrowser
import ConformanceObligations
import StrictJSON
import WireDialects

/// Cases of the wkwvjb dialect's own clauses (spec, section 13.2): its script message signals, its bootstrap
/// and its page setup snippet. Written in its words, they run only in that profile; every canonical case whose
/// clauses hold there runs too, renamed (`DialectApplicability`).
enum WKWebViewDialectCases {
    static let all = [
        onePostPerCall, onePostPerResponse, oneFetchPerFlushMessage, startupQueueAfterInjection, pageSetupSnippet,
        handlersBeforeLoad,
    ]

    /// The names of the dialect's two script message handlers.
    static let injectHandler = "iOS_Native_InjectJavascript", flushHandler = "iOS_Native_FlushMessageQueue"

    static let onePostPerCall = ConformanceCase(
        id: "js-side.wkwvjb.one-post-per-call",
        clauses: [.wk1],
        dialects: [.wkwvjb],
        summary:
            "each call the page makes posts null once to iOS_Native_FlushMessageQueue, three calls in one turn included"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(
            context,
            page: """
                setupWKWebViewJavascriptBridge(function (bridge) {
                    bridge.callHandler("echo", "one");
                    bridge.callHandler("echo", "two", conformance.callback("two"));
                    bridge.callHandler("echo", "three");
                });
                """)
        let posts = context.transcript.scriptMessages(to: flushHandler)
        context.expectEqual(posts.count, 3, clause: .wk1a, "posts to \(flushHandler) for three JS calls in one turn")
        context.expectEqual(
            posts.filter { $0 != .null }, [], clause: .wk1b, "bodies posted to \(flushHandler) other than null")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("echo"), ["one", "two", "three"], clause: .wk1a,
            "data the native handler got from the page's three calls")
    }

    static let onePostPerResponse = ConformanceCase(
        id: "js-side.wkwvjb.one-post-per-response",
        clauses: [.wk1],
        dialects: [.wkwvjb],
        summary: "each response the page sends posts null once to iOS_Native_FlushMessageQueue, and no send loads a URL"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWKWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("answerer", function (data, respond) { respond("answer to " + data); });
                });
                """)
        try context.callHandler("answerer", data: "first", callback: "first")
        try context.callHandler("answerer", data: "second", callback: "second")
        try await context.runUntilIdle()
        let posts = context.transcript.scriptMessages(to: flushHandler)
        context.expectEqual(posts.count, 2, clause: .wk1a, "posts to \(flushHandler) for two JS responses")
        context.expectEqual(
            posts.filter { $0 != .null }, [], clause: .wk1b, "bodies posted to \(flushHandler) other than null")
        context.expectEqual(
            context.transcript.subframeRequests, [], clause: .wk1c, "navigation requests the page made")
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("first")
                + context.transcript.nativeCallbackInvocations("second"),
            ["answer to first", "answer to second"], clause: .wk1a, "answers the native callbacks got")
    }

    static let oneFetchPerFlushMessage = ConformanceCase(
        id: "flush.wkwvjb.one-fetch-per-flush-message",
        clauses: [.wk2],
        dialects: [.wkwvjb],
        summary: "each message to iOS_Native_FlushMessageQueue is followed by exactly one fetch, spelled exactly"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWKWebViewJavascriptBridge(function (bridge) {
                    bridge.callHandler("sink", "first turn 1");
                    bridge.callHandler("sink", "first turn 2");
                    setTimeout(function () { bridge.callHandler("sink", "later turn"); }, 5);
                });
                """)
        try await context.runUntilIdle()
        // A fetch is any native evaluation naming the fetch function that neither delivers nor injects.
        let fetches = context.transcript.nativeEvaluationsBesidesTheJavaScriptSide.filter {
            $0.script.contains("_fetchQueue") && $0.command.delivery == nil
        }.map(\.script)
        context.expectEqual(
            fetches.count, context.transcript.scriptMessages(to: flushHandler).count, clause: .wk2a,
            "fetches, against the messages posted to \(flushHandler)")
        context.expectEqual(
            Set(fetches).sorted(), fetches.isEmpty ? [] : [WireDialect.wkwvjb.fetchCommand], clause: .wk2b,
            "the fetch commands evaluated")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["first turn 1", "first turn 2", "later turn"],
            clause: .wk2a, "data the native handler got, each call once")
    }

    static let startupQueueAfterInjection = ConformanceCase(
        id: "startup.wkwvjb.inject-then-startup-queue",
        clauses: [.wk3, .wk4, .wk2],
        dialects: [.wkwvjb],
        summary:
            "each inject message gets the JS side evaluated, on every page, and calls held before the page loaded reach the handlers its setup callback registers"
    ) { context in
        try context.registerHandler("ready", answer: .none)
        for number in 1...2 { try context.callHandler("sink", data: .number(Double(number))) }
        try await CasePages.start(
            context,
            page: """
                conformance.note("setup call", "WKWebViewJavascriptBridge" in window);
                setupWKWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                    bridge.callHandler("ready", "page up");
                });
                conformance.note("setup call returned", true);
                """)
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), [1, 2], clause: .wk3b,
            "data the JS handler registered in the setup callback got from the two calls held before the page loaded")
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after the reload")
        try await context.runUntilIdle()
        let pages = context.transcript.pages
        // A bridge may also inject its JS side at document start, before the page's script: the setup call then
        // calls back at once and posts nothing (WK-4.a), and only the inject messages posted count (WK-3.a).
        let answered = pages.map { $0.messagesAnsweredWithTheJavaScriptSide(postedTo: injectHandler) }
        context.expect(
            pages.count == 2 && answered.allSatisfy { $0.posted >= 1 && $0.answered == $0.posted }, clause: .wk3a,
            "inject messages each page posted, and those the native side answered with an evaluation of the JS side: \(answered.map { "\($0.posted) posted, \($0.answered) answered" })"
        )
        context.expectEqual(
            pages.last?.jsHandlerInvocations("sink").map(\.data) ?? [], ["after the reload"], clause: .wk3a,
            "data the reloaded page's JS handler got from a call made once it was up")
        for (number, page) in zip(1..., pages) {
            let bridgeWasIn = page.pageNotes("setup call") == [true]
            context.expectEqual(
                page.scriptMessages(to: injectHandler, betweenNotes: "setup call", and: "setup call returned").count,
                bridgeWasIn ? 0 : 1, clause: bridgeWasIn ? .wk4a : .wk4c,
                "messages page \(number)'s setup call posted to \(injectHandler), the bridge \(bridgeWasIn ? "already in" : "not yet in")"
            )
        }
        let fetches = context.transcript.nativeEvaluationsBesidesTheJavaScriptSide.filter {
            $0.script.contains("_fetchQueue") && $0.command.delivery == nil
        }.map(\.script)
        context.expectEqual(
            fetches, Array(repeating: WireDialect.wkwvjb.fetchCommand, count: 2), clause: .wk2b,
            "fetches evaluated for the two pages' calls to \"ready\", one each")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("ready"), ["page up", "page up"], clause: .wk2a,
            "data the native handler got from each page's call")
    }

    static let pageSetupSnippet = ConformanceCase(
        id: "bootstrap.wkwvjb.page-setup-snippet",
        clauses: [.wk4, .wk3],
        dialects: [.wkwvjb],
        summary:
            "setupWKWebViewJavascriptBridge posts one inject message for the first call, appends the next callback, and calls back at once once the bridge is there"
    ) { context in
        context.loadPage(
            """
            function waiting() { return window.WKWVJBCallbacks ? window.WKWVJBCallbacks.length : -1; }
            conformance.note("setup calls", "WKWebViewJavascriptBridge" in window);
            setupWKWebViewJavascriptBridge(function (bridge) { conformance.note("first called back", typeof bridge.callHandler); });
            conformance.note("waiting after the first call", waiting());
            setupWKWebViewJavascriptBridge(function (bridge) { conformance.note("second called back", typeof bridge.callHandler); });
            conformance.note("waiting after the second call", waiting());
            """)
        try await context.runUntilIdle()
        context.runInPage(
            """
            var atOnce = false;
            conformance.note("third setup call", true);
            setupWKWebViewJavascriptBridge(function (bridge) { atOnce = true; });
            conformance.note("third called back at once", atOnce);
            """)
        try await context.runUntilIdle()
        let transcript = context.transcript
        let postsBySetupCalls = transcript.scriptMessages(
            to: injectHandler, betweenNotes: "setup calls", and: "waiting after the second call")
        // A bridge may inject its JS side at document start, before the page's script: then every setup call
        // takes WK-4.a's branch, and the branches without the bridge cannot be seen in this page.
        if transcript.pageNotes("setup calls") == [true] {
            context.expectEqual(
                postsBySetupCalls, [], clause: .wk4a,
                "messages posted to \(injectHandler) by the two setup calls, the bridge already in")
            context.expectEqual(
                transcript.pageNotes("waiting after the first call")
                    + transcript.pageNotes("waiting after the second call"),
                [-1, -1], clause: .wk4a,
                "length of window.WKWVJBCallbacks after each setup call, the bridge already in (-1: none)")
        } else {
            context.expectEqual(
                transcript.pageNotes("waiting after the first call"), [1], clause: .wk4c,
                "length of window.WKWVJBCallbacks after the first setup call")
            context.expectEqual(
                postsBySetupCalls, [.null], clause: .wk4c,
                "messages posted to \(injectHandler) by the two setup calls")
            context.expectEqual(
                transcript.pageNotes("waiting after the second call"), [2], clause: .wk4b,
                "length of window.WKWVJBCallbacks after the second setup call")
        }
        context.expectEqual(
            transcript.pageNotes("first called back") + transcript.pageNotes("second called back"),
            ["function", "function"], clause: .wk4b, "the two waiting callbacks, called with the bridge")
        context.expectEqual(
            transcript.pageNotes("third called back at once"), [true], clause: .wk4a,
            "whether a setup call with the bridge present called back at once")
        context.expectEqual(
            transcript.scriptMessages(
                to: injectHandler, betweenNotes: "third setup call", and: "third called back at once"),
            [], clause: .wk4a, "messages posted to \(injectHandler) by a setup call with the bridge present")
        let answered = transcript.messagesAnsweredWithTheJavaScriptSide(postedTo: injectHandler)
        context.expect(
            answered.answered == answered.posted && transcript.javaScriptSideEvaluations.count >= 1, clause: .wk3a,
            "inject messages the page posted (\(answered.posted)) and those the native side answered with an evaluation of the JS side (\(answered.answered))"
        )
    }

    static let handlersBeforeLoad = ConformanceCase(
        id: "bootstrap.wkwvjb.handlers-before-load",
        clauses: [.wk5],
        dialects: [.wkwvjb],
        summary: "both script message handlers exist when the page loads"
    ) { context in
        context.loadPage(
            """
            var handlers = window.webkit && window.webkit.messageHandlers;
            conformance.note("\(injectHandler)", handlers ? typeof handlers.\(injectHandler) : "no window.webkit");
            conformance.note("\(flushHandler)", handlers ? typeof handlers.\(flushHandler) : "no window.webkit");
            """)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.pageNotes(injectHandler) + context.transcript.pageNotes(flushHandler),
            ["object", "object"], clause: .wk5a,
            "typeof window.webkit.messageHandlers.\(injectHandler) and .\(flushHandler) in the page's script")
    }
}

extension Transcript {
    /// The bodies posted to the script message handler `name` by the page's code that ran between its notes
    /// `start` and `end` (the first note of each label), in order: posts of other code, the JS side's own
    /// included, are not counted.
    func scriptMessages(to name: String, betweenNotes start: String, and end: String) -> [JSONValue] {
        var inside = false, posted: [JSONValue] = []
        for event in events {
            switch event {
            case let .pageNote(label, _) where label == start && !inside: inside = true
            case let .pageNote(label, _) where label == end && inside: return posted
            case let .scriptMessagePosted(postedTo, body) where inside && postedTo == name: posted.append(body ?? .null)
            default: break
            }
        }
        return posted
    }

    /// The messages posted to the script message handler `name`, and how many of them the native side answered
    /// by evaluating the JS side (a native evaluation after the post, paired in order; a user script that holds
    /// the JS side answers none): WK-3's "for each inject message", judged by what happened, whenever the JS
    /// side first came in.
    func messagesAnsweredWithTheJavaScriptSide(postedTo name: String) -> (posted: Int, answered: Int) {
        let injections = javaScriptSideEvaluationIDs
        var posted = 0, answered = 0
        for event in events {
            switch event {
            case let .scriptMessagePosted(postedTo, _) where postedTo == name: posted += 1
            case let .evaluationStarted(id, style, _)
            where style != .harness && style != .userScript && injections.contains(id) && answered < posted:
                answered += 1
            default: break
            }
        }
        return (posted, answered)
    }

    /// The bodies posted to the script message handler `name`, in order.
    func scriptMessages(to name: String) -> [JSONValue] {
        events.compactMap {
            if case let .scriptMessagePosted(posted, body) = $0, posted == name { body ?? .null } else { nil }
        }
    }

    /// The URLs of the navigation requests for frames other than the main one, in order.
    var subframeRequests: [String] {
        events.compactMap {
            if case let .navigationRequested(_, url, isMainFrame) = $0, !isMainFrame { url } else { nil }
        }
    }
}

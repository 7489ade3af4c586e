import ConformanceBrowser
import ConformanceObligations
import StrictJSON

/// Cases on reload, navigation and re-injection.
enum LifecycleCases {
    static let all = [
        reinjectedOnEveryLoad, handlersPersist, oldPageCallbacksSilent, sendsDuringNavigation,
        reinjectedOnRevisitedPages, handlersRegisteredLaterPersist, heldAnswersReachCurrentPage,
    ]

    /// A page whose setup callback registers the recording JS handler `sink` and the echoing JS handler `echo`.
    static let sinkAndEcho = """
        setupWebViewJavascriptBridge(function (bridge) {
            bridge.registerHandler("sink", conformance.recordingHandler("sink"));
            bridge.registerHandler("echo", conformance.echoHandler("echo"));
        });
        """

    static let reinjectedOnEveryLoad = ConformanceCase(
        id: "lifecycle.reinjected-on-every-load",
        clauses: [.boot4, .boot3],
        summary:
            "the JS side is injected again for a reloaded page and for a new page, and native calls reach each of them"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("sink", data: "first page")
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after reload")
        try await context.runUntilIdle()
        context.loadPage(CasePages.sink(in: context.dialect), url: "https://app.example/other.html")
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after navigation")
        try await context.runUntilIdle()
        context.runInPage(#"conformance.note("bridge present", typeof window.WebViewJavascriptBridge === "object");"#)
        context.expectEqual(
            context.transcript.pageNotes("bridge present"), [true], clause: .boot4b,
            "whether the page navigated to has the JS side")
        let got = context.transcript.jsHandlerInvocations("sink").map(\.data)
        context.expectEqual(
            got.filter { $0 == "first page" }, ["first page"], clause: .boot3a,
            "data the JS handler of the first page got")
        context.expectEqual(
            got.filter { $0 == "after reload" }, ["after reload"], clause: .boot4a,
            "data the JS handler of the reloaded page got")
        context.expectEqual(
            got.filter { $0 == "after navigation" }, ["after navigation"], clause: .boot4b,
            "data the JS handler of the page navigated to got")
        context.expectEqual(
            got.filter { $0 != "first page" && $0 != "after reload" && $0 != "after navigation" }, [],
            clause: .boot4a,
            "other data the JS handlers of the three pages got")
    }

    static let handlersPersist = ConformanceCase(
        id: "lifecycle.handlers-persist",
        clauses: [.life1],
        summary: "native handlers registered once keep answering after a reload and after navigating to another page"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        let page = { (label: String) in
            """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("echo", "\(label)", conformance.callback("echoed"));
            });
            """
        }
        context.loadPage(page("first"))
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        context.loadPage(page("second"), url: "https://app.example/other.html")
        try await context.runUntilIdle()
        let calls = context.transcript.nativeHandlerInvocations("echo"),
            answers = context.transcript.jsCallbackInvocations("echoed")
        context.expectEqual(
            Array(calls.prefix(2)), ["first", "first"], clause: .life1a,
            "data the native handler got from the first page and its reload")
        context.expectEqual(
            Array(calls.dropFirst(2)), ["second"], clause: .life1b,
            "data the native handler got from the page navigated to")
        context.expectEqual(
            Array(answers.prefix(2)), ["first", "first"], clause: .life1a,
            "answers the first page and its reload got")
        context.expectEqual(
            Array(answers.dropFirst(2)), ["second"], clause: .life1b, "answers the page navigated to got")
    }

    static let oldPageCallbacksSilent = ConformanceCase(
        id: "lifecycle.old-page-callbacks-silent",
        clauses: [.life3, .cb1],
        accepts: .unansweredNativeCallbacks,
        summary:
            "after a reload the callback of a call the old page never answered is not invoked, while calls to the new page are answered"
    ) { context in
        try await CasePages.start(context, page: sinkAndEcho)
        try context.callHandler("sink", data: "never answered", callback: "old page")
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("echo", data: "new page", callback: "new page", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("old page").count, 0, clause: .life3a,
            "invocations of the callback of a call sent to the old page")
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("new page"), ["new page"], clause: .cb1b,
            "answers the callback of a call to the new page got (from the response that names it)")
    }

    static let sendsDuringNavigation = ConformanceCase(
        id: "lifecycle.sends-during-navigation",
        clauses: [.life2, .start2, .start1],
        summary:
            "a call made while a reload is under way is lost or delivered once to the new page, never twice, and calls after the load arrive"
    ) { context in
        try await CasePages.start(context)
        context.reload()
        try context.callHandler("sink", data: "during the reload")
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after the reload")
        try await context.runUntilIdle()
        let received = context.transcript.jsHandlerInvocations("sink").map(\.data)
        let during = received.filter { $0 == "during the reload" }.count
        // LIFE-2 lets the call be lost or held; held, it is delivered as START-1 says: in one evaluation, once.
        context.expect(
            during <= 1, clause: .start1d,
            "the call made during the reload was delivered \(during) times (at most once allowed)")
        context.expectEqual(
            received.filter { $0 == "after the reload" }.count, 1, clause: .start2a,
            "deliveries of the call made after the new page loaded")
    }

    static let reinjectedOnRevisitedPages = ConformanceCase(
        id: "lifecycle.reinjected-on-revisited-and-v5-pages",
        clauses: [.boot4],
        summary:
            "the JS side is injected for a page navigated to that asks with the v5 load URL, for the first URL navigated to again, and for that page reloaded, and native calls reach each of them"
    ) { context in
        // A dialect that asks by script message, or accepts one scheme only, has no older load URL: its page 2
        // asks as the snippet does; a page SDK object has no waiting array: there page 2 sets up as every page.
        let v5Page: String
        if context.runDialect.pageSetupShape == .waitingCallbacks {
            v5Page = """
                window.WVJBCallbacks = [function (bridge) { bridge.registerHandler("sink", conformance.recordingHandler("sink")); }];

                """
                + (CasePages.olderLoadURL(for: context).map(CasePages.iframe(loading:))
                    ?? CasePages.loadSignal(for: context))
        } else {
            v5Page = CasePages.sink(in: context.dialect)
        }
        try await CasePages.start(context)
        // Page 2 asks with the v5 load URL, page 3 is the first URL again, page 4 is page 3 reloaded.
        let steps: [(label: String, load: () -> Void)] = [
            ("page 2, navigated to, v5 load URL", { context.loadPage(v5Page, url: "https://app.example/v5.html") }),
            ("page 3, the first URL navigated to again", { context.loadPage(CasePages.sink(in: context.dialect)) }),
            ("page 4, page 3 reloaded", { context.reload() }),
        ]
        for step in steps {
            step.load()
            try await context.runUntilIdle()
            try context.callHandler("sink", data: .string(step.label))
            try await context.runUntilIdle()
        }
        let pages = context.transcript.pages
        guard pages.count == 4 else {
            return context.fail(clause: .boot4b, "the case expected four pages, the transcript has \(pages.count)")
        }
        for (step, page) in zip(steps, pages.dropFirst()) {
            let obligation = step.label.hasSuffix("reloaded") ? Obligation.boot4a : Obligation.boot4b
            let injections = page.javaScriptSideEvaluations.count
            context.expect(
                injections >= 1, clause: obligation,
                "the native side evaluated the JS side into \(step.label) (evaluations: \(injections))")
            context.expectEqual(
                page.jsHandlerInvocations("sink").map(\.data), [.string(step.label)], clause: obligation,
                "data the JS handler of \(step.label) got from a native call made once it was idle")
        }
    }

    static let handlersRegisteredLaterPersist = ConformanceCase(
        id: "lifecycle.handlers-registered-later-persist",
        clauses: [.life1, .thr1],
        summary:
            "a native handler registered while a page is up answers calls made after a reload and after a navigation, outside the setup callback, with every evaluation and decision on the main thread"
    ) { context in
        try await CasePages.start(context)
        try context.registerHandler("late", answer: .echo)
        let call = { (data: String, label: String) in
            context.runInPage(
                "WebViewJavascriptBridge.callHandler(\"late\", \(CanonicalJSON.quote(data)), conformance.callback(\(CanonicalJSON.quote(label))));"
            )
        }
        call("on the first page", "first page")
        try await context.runUntilIdle()
        let afterFirstPage = context.transcript.entries.count
        context.reload()
        try await context.runUntilIdle()
        call("after the reload \u{E9}", "reloaded")
        try await context.runUntilIdle()
        context.loadPage(CasePages.sink(in: context.dialect), url: "https://app.example/other.html")
        try await context.runUntilIdle()
        call("after the navigation \u{1F600}", "navigated")
        try await context.runUntilIdle()
        let got = context.transcript.nativeHandlerInvocations("late")
        context.expectEqual(
            got.filter { $0 == "after the reload \u{E9}" }, ["after the reload \u{E9}"], clause: .life1a,
            "data the native handler registered on the first page got from the reloaded page")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("reloaded"), ["after the reload \u{E9}"], clause: .life1a,
            "answers the reloaded page got from the native handler registered on the first page")
        context.expectEqual(
            got.filter { $0 == "after the navigation \u{1F600}" }, ["after the navigation \u{1F600}"],
            clause: .life1b,
            "data the native handler registered on the first page got from the page navigated to")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("navigated"), ["after the navigation \u{1F600}"],
            clause: .life1b,
            "answers the page navigated to got from the native handler registered on the first page")
        // The web view records any use off the main thread; these checks read the two later pages' share.
        let later = Array(context.transcript.events.dropFirst(afterFirstPage))
        context.expectEqual(
            ThreadingCases.offMainThread(later, obligation: .thr1a), [], clause: .thr1a,
            "JavaScript the native side evaluated off the main thread for the reloaded page and the page navigated to")
        context.expectEqual(
            ThreadingCases.offMainThread(later, obligation: .thr1b), [], clause: .thr1b,
            "navigation requests of the reloaded page and the page navigated to decided off the main thread")
    }

    static let heldAnswersReachCurrentPage = ConformanceCase(
        id: "lifecycle.held-answers-reach-the-current-page",
        clauses: [.flush7, .start2],
        summary:
            "a native handler that keeps its responder answers after the page that called it was reloaded, and after a navigation: each answer is evaluated once, into the page up when it is given, and the new page's own calls are answered as usual"
    ) { context in
        try context.registerHandler("slow", answer: .later)
        try await CasePages.start(context, page: sinkAndEcho)
        let ask = { (data: String, label: String) in
            context.runInPage(
                "WebViewJavascriptBridge.callHandler(\"slow\", \(CanonicalJSON.quote(data)), conformance.callback(\(CanonicalJSON.quote(label))));"
            )
        }
        ask("asked by the first page", "first page")
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        let answeredFirst = try context.answerHeld("slow", with: "answer to the first page")
        try await context.runUntilIdle()
        ask("asked by the reloaded page", "reloaded page")
        try await context.runUntilIdle()
        context.loadPage(sinkAndEcho, url: "https://app.example/other.html")
        try await context.runUntilIdle()
        let answeredSecond = try context.answerHeld("slow", with: "answer to the reloaded page")
        try await context.runUntilIdle()
        ask("asked by the page navigated to", "page navigated to")
        try await context.runUntilIdle()
        try context.answerHeld("slow", with: "answer to the page navigated to")
        try await context.runUntilIdle()
        context.expect(
            answeredFirst && answeredSecond, clause: .flush7a,
            "the native handler slow was invoked for the first page's and the reloaded page's calls, so they could be answered"
        )
        let pages = context.transcript.pages
        guard pages.count == 3 else {
            return context.fail(
                clause: .flush7c,
                "the case expected three pages (the first, its reload, the page navigated to), the transcript has \(pages.count)"
            )
        }
        // Each page's call to slow carries a callback id; the held answer to it is a send made after the next
        // page's flush, so it goes out at once (START-2.a), into the page then up, where no callback takes it.
        // Answers are told apart by their data: JS callback ids restart on every page (and the virtual clock
        // gives each page the same time), so the three calls may carry the same id.
        @MainActor func callbackID(askedBy page: Transcript, data: JSONValue) -> JSONValue? {
            page.fetchedMessages.first { $0.member("data") == data }?.member("callbackId")
        }
        @MainActor func responseIDs(answering data: JSONValue, in page: Transcript) -> [JSONValue?] {
            page.decodedNativeMessages.filter { $0.member("responseId") != nil && $0.member("responseData") == data }
                .map { $0.member("responseId") }
        }
        let first: JSONValue = "answer to the first page", reloaded: JSONValue = "answer to the reloaded page"
        context.expectEqual(
            responseIDs(answering: first, in: pages[1]),
            [callbackID(askedBy: pages[0], data: "asked by the first page")], clause: .flush7c,
            "responseId of the answers evaluated into the reloaded page by the responder the first page's call got, called once the reloaded page was up (the first page's callback id, once)"
        )
        context.expectEqual(
            responseIDs(answering: reloaded, in: pages[2]),
            [callbackID(askedBy: pages[1], data: "asked by the reloaded page")], clause: .flush7c,
            "responseId of the answers evaluated into the page navigated to by the responder the reloaded page's call got, called once that page was up (the reloaded page's callback id, once)"
        )
        context.expectEqual(
            responseIDs(answering: first, in: pages[0]) + responseIDs(answering: first, in: pages[2])
                + responseIDs(answering: reloaded, in: pages[0]) + responseIDs(answering: reloaded, in: pages[1]),
            [], clause: .start2a,
            "answers to an earlier page's call evaluated into a page other than the one up when they were given")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("page navigated to"), ["answer to the page navigated to"],
            clause: .flush7c, "answers the page navigated to got to its own call, after the earlier pages' answers")
    }
}

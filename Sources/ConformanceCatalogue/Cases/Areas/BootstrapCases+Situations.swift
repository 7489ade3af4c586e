import ConformanceBrowser
import ConformanceObligations
import StrictJSON

/// Bootstrap cases for situations explore and the mechanical mutants taught the catalogue: navigations to strings
/// that are not URLs, two navigation decisions in one main-queue turn, a page that adds enumerable members to the
/// prototypes, and setup callbacks waiting for the JS side in every dialect.
extension BootstrapCases {
    static let situations = [
        navigationsToNonURLs, twoDecisionsInOneTurn, setupCallbacksWithPollutedPrototypes,
        setupCallbacksAfterInjection,
    ]

    /// Strings an iframe's `src` can hold that Foundation's `URL(string:)` does not take for URLs.
    static let nonURLs = [
        "https://__wvjb_queue_message__ x", "https://__wvjb_queue_message__:port/", "https://[::1",
        "https:// __bridge_loaded__",
    ]

    static let navigationsToNonURLs = ConformanceCase(
        id: "bootstrap.navigation.not-a-url",
        clauses: [.boot1],
        needsPage: .requestsWithoutURL,
        summary: "a navigation request for a string that is not a URL is decided like any other: exactly once"
    ) { context in
        try await CasePages.start(context)
        let frames = nonURLs.map { url in
            "(function () { var frame = document.createElement(\"iframe\"); frame.src = \(CanonicalJSON.quote(url)); "
                + "document.documentElement.appendChild(frame); })();"
        }
        context.runInPage(frames.joined(separator: "\n"))
        try await context.runUntilIdle()
        let decided = Set(context.transcript.navigationDecisions.map(\.url))
        context.expectEqual(
            nonURLs.filter { !decided.contains($0) }, [], clause: .boot1g,
            "navigation requests for strings that are not URLs left undecided")
    }

    static let twoDecisionsInOneTurn = ConformanceCase(
        id: "bootstrap.navigation.two-in-one-turn",
        clauses: [.boot1, .flush1, .flush7],
        needsPage: .requestPerSourceAssignment,
        summary:
            "two queue URLs whose decisions reach the delegate in one main-queue turn are each decided once and each fetched"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        let decisionsBefore = context.transcript.navigationDecisions.count
        let fetchesBefore = context.transcript.fetchEvaluations
        // The page runs one more turn before the main queue does: both requests reach the delegate in between.
        guard let scheduling = context.browser as? any TaskSchedulingPageHost else {
            throw CaseStop.notApplicable(PageFacilities.requestPerSourceAssignment.missingReason)
        }
        scheduling.taskDelays = TaskDelays([.mainQueue: [1]])
        let wire = context.dialect
        context.runInPage(
            """
            \(wire.javaScriptGlobal).\(wire.callHandlerFunction)("sink", 1);
            \(wire.javaScriptGlobal).\(wire.callHandlerFunction)("sink", 2);
            """)
        try await context.runUntilIdle()
        scheduling.taskDelays = nil
        let requested = context.transcript.queueSignals
        let decided = context.transcript.navigationDecisions.dropFirst(decisionsBefore).filter {
            context.transcript.isQueueURL($0.url)
        }
        context.expectEqual(decided.count, 2, clause: .boot1g, "queue URL requests decided, of two in one turn")
        context.expectEqual(
            context.transcript.fetchEvaluations - fetchesBefore, decided.count, clause: .flush1b,
            "fetches for the queue URLs cancelled in one main-queue turn (\(requested) signals in all)")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), [1, 2], clause: .flush7a, "calls the handler got")
    }

    static let setupCallbacksWithPollutedPrototypes = ConformanceCase(
        id: "bootstrap.setup-callbacks.polluted-prototypes",
        clauses: [.boot7, .cb4],
        summary:
            "on a page that adds enumerable members to Array.prototype and Object.prototype, the setup callbacks run once each, in order, and nothing else is called"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        let wire = context.dialect
        try await CasePages.start(
            context,
            page: """
                Array.prototype.pageHelper = function () { conformance.note("Array.prototype member called", true); };
                Object.prototype.pageSetting = "a member every object inherits";
                \(wire.pageSetupCall)(function (bridge) { conformance.note("setup callback", 1); });
                \(wire.pageSetupCall)(function (bridge) {
                    conformance.note("setup callback", 2);
                    bridge.\(wire.callHandlerFunction)("echo", [1, 2], conformance.callback("echo"));
                });
                """)
        context.expectEqual(
            context.transcript.pageNotes("setup callback"), [1, 2], clause: .boot7a, "setup callbacks run, in order")
        context.expectEqual(
            context.transcript.pageNotes("Array.prototype member called"), [], clause: .boot7a,
            "calls of a function the page added to Array.prototype")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("echo"), [[1, 2]], clause: .cb4a, "the answer the page got")
    }

    /// BOOT-7 in the run's own words: `deferred-in-order` also judges the canonical page snippet (BOOT-5), so it
    /// does not run where another snippet sets the bridge up (wkwvjb's WK-4), and a JS side there that called its
    /// waiting callbacks inside its own evaluation went unseen.
    static let setupCallbacksAfterInjection = ConformanceCase(
        id: "bootstrap.setup-callbacks.after-injection",
        clauses: [.boot7],
        summary:
            "in any dialect, setup callbacks waiting for the JS side run after its evaluation, in order, with the bridge, and their global is gone"
    ) { context in
        let wire = context.dialect
        try await CasePages.start(
            context,
            page: [1, 2].map { number in
                """
                \(wire.pageSetupCall)(function (bridge) {
                    conformance.note("setup callback", {
                        number: \(number),
                        isBridge: bridge === window.\(wire.javaScriptGlobal),
                        inNativeEvaluation: __conformance.inNativeEvaluation()
                    });
                    // At the end of the task that ran the callbacks: the JS side may delete the global before
                    // calling them or after (BOOT-7.b).
                    Promise.resolve().then(function () {
                        conformance.note("waiting global after the setup task", \(CanonicalJSON.quote(wire.waitingCallbacksGlobal)) in window);
                    });
                });
                """
            }.joined(separator: "\n"))
        try await context.runUntilIdle()
        let callbacks = context.transcript.pageNotes("setup callback")
        context.expectEqual(
            callbacks.map { $0?.member("number") }, [1, 2], clause: .boot7a, "setup callbacks run, in order")
        context.expectEqual(
            callbacks.map { $0?.member("isBridge") }, [true, true], clause: .boot7a,
            "whether each setup callback got the bridge")
        context.expectEqual(
            callbacks.map { $0?.member("inNativeEvaluation") }, [false, false], clause: .boot7c,
            "whether each setup callback ran inside the native evaluation of the JS side")
        // A page SDK object (the ready-object shape) is the page's own and stays; a waiting array is deleted.
        if context.runDialect.pageSetupShape == .waitingCallbacks {
            context.expectEqual(
                context.transcript.pageNotes("waiting global after the setup task"), [false, false], clause: .boot7b,
                "whether window.\(wire.waitingCallbacksGlobal) still exists once the task that ran the setup callbacks has ended"
            )
        }
    }
}

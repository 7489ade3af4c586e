import ConformanceAdapter
import ConformanceBrowser
import ConformanceObligations
import StrictJSON

/// Cases on the alert safety timeout: deferred dispatch by default, the switch, and dialogs.
enum AlertSafetyCases {
    static let all = [deferredByDefault, disableFromNative, disableBeforeLoad, reloadRestoresSafety, dialogNotBlocking]

    static let deferredByDefault = ConformanceCase(
        id: "alert-safety.default-dispatch-deferred",
        clauses: [.safe1, .disp3, .safe4],
        summary:
            "by default a JS handler or JS callback runs on a later turn, never inside the native evaluation or the _handleMessageFromObjC call that delivered it; switched off, both run inside it"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(
            context,
            page: CasePages.sink(in: context.dialect) + "\n" + """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.callHandler("echo", "from JS", function (answer) {
                        conformance.note("JS callback ran inside a native evaluation", __conformance.inNativeEvaluation());
                    });
                });
                """)
        try context.callHandler("sink", data: 1)
        try await context.runUntilIdle()
        // Page code delivers a response and a call itself: neither may run before _handleMessageFromObjC returns.
        context.runInPage(probe("ran before _handleMessageFromObjC returned"))
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.pageNotes("JS callback ran inside a native evaluation"), [false], clause: .safe1b,
            "whether the JS callback of a call to native ran inside the evaluation that delivered the response")
        context.expectEqual(
            context.transcript.pageNotes("ran before _handleMessageFromObjC returned"), [[]], clause: .safe1b,
            "handlers and callbacks run inside _handleMessageFromObjC calls made by page code")
        let invocations = context.transcript.jsHandlerInvocations("sink")
        context.expectEqual(invocations.map(\.data), [1], clause: .disp3a, "data the JS handler got")
        context.expectEqual(
            invocations.map(\.duringNativeEvaluation), [false], clause: .safe1b,
            "whether the handler ran inside the native evaluation")
        context.expectEqual(
            turnsOfHandler("sink", in: context), ["a timer the delivering evaluation set"], clause: .safe1a,
            "what started the turn in which the JS handler ran")
        let disabling = context.transcript.decodedNativeMessages.filter {
            $0.member("handlerName") == "_disableJavascriptAlertBoxSafetyTimeout"
        }
        context.expectEqual(
            disabling, [], clause: .safe1c, "messages switching the safety off, which nobody asked for")

        // SAFE-4 where js-side.alert-safety.disable-switches-dispatch does not look (every check above is made): the
        // switch sent by native as an ordinary call in the middle of the page's traffic, then, on the reloaded page,
        // the page's own call made inside a handler; each time a JS callback as well as handlers run synchronously.
        let registerAfter =
            "WebViewJavascriptBridge.registerHandler(\"after\", conformance.recordingHandler(\"after\"));"
        context.runInPage(registerAfter)
        try context.callHandler("_disableJavascriptAlertBoxSafetyTimeout")
        try await context.runUntilIdle()
        context.runInPage(probe("ran before _handleMessageFromObjC returned, after the switch message"))
        try context.callHandler("after", data: "after the switch message")
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        context.runInPage(
            registerAfter + """

                WebViewJavascriptBridge.registerHandler("switchOff", function () { WebViewJavascriptBridge.disableJavscriptAlertBoxSafetyTimeout(); });
                """)
        try context.callHandler("switchOff")
        try await context.runUntilIdle()
        context.runInPage(probe("ran before _handleMessageFromObjC returned, after the page's call"))
        try context.callHandler("after", data: "after the page's call")
        try await context.runUntilIdle()
        let after = context.transcript.jsHandlerInvocations("after")
        context.expectEqual(
            context.transcript.pageNotes("ran before _handleMessageFromObjC returned, after the switch message"),
            [["callback", "handler"]],
            clause: .safe4a,
            "handlers and callbacks run inside _handleMessageFromObjC calls once native's _disableJavascriptAlertBoxSafetyTimeout call was dispatched"
        )
        context.expectEqual(
            after.filter { $0.data == "after the switch message" }.map(\.duringNativeEvaluation), [true],
            clause: .safe4a,
            "whether a native call after that switch ran inside the native evaluation")
        context.expectEqual(
            context.transcript.pageNotes("ran before _handleMessageFromObjC returned, after the page's call"),
            [["callback", "handler"]],
            clause: .safe4b,
            "handlers and callbacks run inside _handleMessageFromObjC calls once a handler of the reloaded page called disableJavscriptAlertBoxSafetyTimeout()"
        )
        context.expectEqual(
            after.filter { $0.data == "after the page's call" }.map(\.duringNativeEvaluation), [true],
            clause: .safe4b,
            "whether a native call after the page's call ran inside the native evaluation")
    }

    /// Page JavaScript that delivers a response to a JS call and a call to a JS handler itself, then notes under
    /// `label` which of the two ran before `_handleMessageFromObjC` returned.
    static func probe(_ label: String) -> String {
        """
        (function () {
            var ran = [];
            WebViewJavascriptBridge.registerHandler("probe", function () { ran.push("handler"); });
            WebViewJavascriptBridge.callHandler("probeCall", null, function () { ran.push("callback"); });
            var queued = JSON.parse(WebViewJavascriptBridge._fetchQueue());
            var id = queued.filter(function (message) { return message.handlerName === "probeCall"; }).map(function (message) { return message.callbackId; })[0];
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ responseId: id, responseData: "answer" }));
            WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "probe", data: "call" }));
            conformance.note(\(CanonicalJSON.quote(label)), ran.slice());
        })();
        """
    }

    /// For each invocation of the JS handler `name`, what started the turn it ran in: a timer set while a
    /// native message command was evaluated, another timer, or a native evaluation.
    @MainActor
    static func turnsOfHandler(_ name: String, in context: CaseContext) -> [String] {
        var started = "nothing yet"
        var commandTimers: Set<Int> = []
        var commandRunning = false
        var turns: [String] = []
        for event in context.transcript.events {
            switch event {
            case let .evaluationStarted(_, style, command) where style != .harness:
                started = "a native evaluation"
                commandRunning = command.deliveredMessage != nil
            case .evaluationFinished:
                commandRunning = false
            case let .timerScheduled(id, _, _) where commandRunning:
                commandTimers.insert(id)
            case let .timerFired(id):
                started = commandTimers.contains(id) ? "a timer the delivering evaluation set" : "another timer"
            case let .jsHandlerInvoked(invoked, _, _, _) where invoked == name:
                turns.append(started)
            default:
                break
            }
        }
        return turns
    }

    /// Judges the number of switch calls the native side sent (SAFE-2.a), by the component at fault: when the
    /// missing ones went out as calls without a `handlerName`, the switch was sent and lost its name the way
    /// any native call without data would, which is MSG-7.a's finding, not the switch's spelling.
    @MainActor
    static func expectSwitchCalls(_ sent: Int, _ expected: Int, in context: CaseContext, _ description: String) {
        let keys = context.dialect.keys
        let nameless = context.transcript.decodedNativeMessages.filter {
            $0.member(keys.handlerName) == nil && $0.member(keys.responseID) == nil
        }.count
        let lostTheirName = sent < expected && nameless >= expected - sent
        context.expectEqual(
            sent, expected, clause: lostTheirName ? .msg7a : .safe2a,
            description
                + (lostTheirName
                    ? " (\(nameless) native calls went out without handlerName: a native call carries its name)" : ""))
    }

    static let disableFromNative = ConformanceCase(
        id: "alert-safety.disable-from-native",
        clauses: [.safe2],
        requires: .disableSafetyTimeout,
        summary:
            "after disableJavscriptAlertBoxSafetyTimeout() has run, JS handlers run inside the delivering evaluation"
    ) { context in
        try await CasePages.start(context)
        try context.disableSafetyTimeout()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: 1)
        try await context.runUntilIdle()
        let invocations = context.transcript.jsHandlerInvocations("sink")
        context.expectEqual(
            invocations.map(\.duringNativeEvaluation), [true], clause: .safe2a,
            "whether the handler ran inside the native evaluation once the switch was sent")
        let disabling = context.transcript.decodedNativeMessages.filter {
            $0.member("handlerName") == "_disableJavascriptAlertBoxSafetyTimeout"
        }
        expectSwitchCalls(
            disabling.count, 1, in: context, "calls of _disableJavascriptAlertBoxSafetyTimeout (spelled so) sent")
        let otherKeys = disabling.map { message -> [String] in
            guard case .object(let members) = message else { return [] }
            return members.keys.filter { $0 != "handlerName" }.sorted()
        }
        context.expectEqual(
            otherKeys, [[]], clause: .safe2b, "keys of that call besides handlerName (no data, no callbackId)")
        let otherScripts = context.transcript.nativeEvaluationsBesidesTheJavaScriptSide.filter {
            $0.command.kind == .other
        }.map(\.script)
        context.expectEqual(
            otherScripts.map { PrintableText.abbreviate($0, limit: 80) }, [], clause: .safe2d,
            "scripts the native side evaluated besides the JS side, _fetchQueue(); and message commands")
    }

    static let disableBeforeLoad = ConformanceCase(
        id: "alert-safety.disable-before-load-queued",
        clauses: [.safe2, .start1],
        requires: .disableSafetyTimeout,
        summary: "disabling the safety before the page loads travels through the startup queue and takes effect"
    ) { context in
        try context.disableSafetyTimeout()
        context.loadPage(CasePages.sink(in: context.dialect))
        try await context.runUntilIdle()
        try context.callHandler("sink", data: 1)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.duringNativeEvaluation), [true],
            clause: .safe2c,
            "whether the handler ran inside the native evaluation (the switch, sent before injection, was held)")
    }

    static let reloadRestoresSafety = ConformanceCase(
        id: "alert-safety.reload-restores-safety",
        clauses: [.safe2],
        requires: .disableSafetyTimeout,
        summary:
            "the switch belongs to the page: after a reload JS handlers run on a later turn again, and the native side does not resend the switch"
    ) { context in
        try await CasePages.start(context)
        try context.disableSafetyTimeout()
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after the reload")
        try await context.runUntilIdle()
        let invocations = context.transcript.jsHandlerInvocations("sink").filter { $0.data == "after the reload" }
        context.expectEqual(
            invocations.map(\.duringNativeEvaluation), [false], clause: .safe2e,
            "whether the handler of the reloaded page ran inside the native evaluation")
        let disabling = context.transcript.decodedNativeMessages.filter {
            $0 == ["handlerName": "_disableJavascriptAlertBoxSafetyTimeout"]
        }
        context.expectEqual(
            disabling.count, 1, clause: .safe2e,
            "messages {\"handlerName\":\"_disableJavascriptAlertBoxSafetyTimeout\"} sent for one request")
    }

    static let dialogNotBlocking = ConformanceCase(
        id: "alert-safety.dialog-in-handler-not-blocking",
        clauses: [.safe3, .safe1],
        summary:
            "with the safety on, a JS handler that calls alert() never runs under a synchronous native evaluation, nor inside any, for a call sent before the load as well"
    ) { context in
        // One call waits in the startup queue, so that it is delivered right after injection (SAFE-1 checked there
        // too).
        try context.callHandler("greet", data: "before the load")
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("greet", function (data) {
                        __conformance.handlerInvoked("greet", data, false);
                        alert("hello " + data);
                    });
                });
                """)
        try context.callHandler("greet", data: "world")
        try await context.runUntilIdle()
        let dialogs = context.transcript.events.compactMap { event -> Bool? in
            if case let .dialog(_, message, blocking) = event, message == "hello world" { return blocking }
            return nil
        }
        context.expectEqual(
            dialogs, [false], clause: .safe3a,
            "dialogs opened for the call after the load (true = blocking the main thread)")
        // SAFE-1 in another page state than alert-safety.default-dispatch-deferred: a call held in the startup queue
        // and delivered right after injection, whose handler exists only once the setup callbacks have run.
        let deferred = "a timer the delivering evaluation set"
        context.expectEqual(
            turnsOfHandler("greet", in: context), [deferred, deferred], clause: .safe1a,
            "what started the turns in which the handler ran, for the call sent before the load and the one after")
        context.expectEqual(
            context.transcript.jsHandlerInvocations("greet").map(\.duringNativeEvaluation), [false, false],
            clause: .safe1b,
            "whether the handler ran inside the native evaluation, for the call sent before the load and the one after")
        let disabling = context.transcript.decodedNativeMessages.filter {
            $0.member("handlerName") == "_disableJavascriptAlertBoxSafetyTimeout"
        }
        context.expectEqual(
            disabling, [], clause: .safe1c,
            "messages switching the safety off, which nobody asked for, the startup queue included")
    }
}

/// Cases on the alert safety timeout: deferred dispatch by default, the switch, and dialogs.
enum AlertSafetyCases {
    static let all = [deferredByDefault, disableFromNative, disableBeforeLoad, reloadRestoresSafety, dialogNotBlocking]

    static let deferredByDefault = ConformanceCase(
        id: "alert-safety.default-dispatch-deferred",
        clauses: ["SAFE-1"],
        summary: "by default a JS handler runs on a later turn, never inside the native evaluation that delivered it"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("sink", data: 1)
        try await context.runUntilIdle()
        let invocations = context.transcript.jsHandlerInvocations("sink")
        context.expectEqual(invocations.map(\.data), [1], clause: "SAFE-1", "data the JS handler got")
        context.expectEqual(invocations.map(\.duringNativeEvaluation), [false], clause: "SAFE-1", "whether the handler ran inside the native evaluation")
    }

    static let disableFromNative = ConformanceCase(
        id: "alert-safety.disable-from-native",
        clauses: ["SAFE-2"],
        requires: .disableSafetyTimeout,
        summary: "after disableJavscriptAlertBoxSafetyTimeout() has run, JS handlers run inside the delivering evaluation"
    ) { context in
        try await CasePages.start(context)
        try context.disableSafetyTimeout()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: 1)
        try await context.runUntilIdle()
        let invocations = context.transcript.jsHandlerInvocations("sink")
        context.expectEqual(invocations.map(\.duringNativeEvaluation), [true], clause: "SAFE-2", "whether the handler ran inside the native evaluation")
        let disabling = context.transcript.decodedNativeMessages.filter { $0 == ["handlerName": "_disableJavascriptAlertBoxSafetyTimeout"] }
        context.expectEqual(disabling.count, 1, clause: "SAFE-2", "messages {\"handlerName\":\"_disableJavascriptAlertBoxSafetyTimeout\"} sent")
    }

    static let disableBeforeLoad = ConformanceCase(
        id: "alert-safety.disable-before-load-queued",
        clauses: ["SAFE-2", "START-1"],
        requires: .disableSafetyTimeout,
        summary: "disabling the safety before the page loads travels through the startup queue and takes effect"
    ) { context in
        try context.disableSafetyTimeout()
        context.loadPage(CasePages.sink)
        try await context.runUntilIdle()
        try context.callHandler("sink", data: 1)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.duringNativeEvaluation), [true],
                            clause: "SAFE-2", "whether the handler ran inside the native evaluation")
    }

    static let reloadRestoresSafety = ConformanceCase(
        id: "alert-safety.reload-restores-safety",
        clauses: ["SAFE-2"],
        requires: .disableSafetyTimeout,
        summary: "the switch belongs to the page: after a reload JS handlers run on a later turn again, and the native side does not resend the switch"
    ) { context in
        try await CasePages.start(context)
        try context.disableSafetyTimeout()
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after the reload")
        try await context.runUntilIdle()
        let invocations = context.transcript.jsHandlerInvocations("sink").filter { $0.data == "after the reload" }
        context.expectEqual(invocations.map(\.duringNativeEvaluation), [false], clause: "SAFE-2",
                            "whether the handler of the reloaded page ran inside the native evaluation")
        let disabling = context.transcript.decodedNativeMessages.filter { $0 == ["handlerName": "_disableJavascriptAlertBoxSafetyTimeout"] }
        context.expectEqual(disabling.count, 1, clause: "SAFE-2", "messages {\"handlerName\":\"_disableJavascriptAlertBoxSafetyTimeout\"} sent for one request")
    }

    static let dialogNotBlocking = ConformanceCase(
        id: "alert-safety.dialog-in-handler-not-blocking",
        clauses: ["SAFE-3"],
        summary: "with the safety on, a JS handler that calls alert() never runs under a synchronous native evaluation"
    ) { context in
        try await CasePages.start(context, page: """
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
            if case let .dialog(_, _, blocking) = event { return blocking }
            return nil
        }
        context.expectEqual(dialogs, [false], clause: "SAFE-3", "dialogs opened (true = blocking the main thread)")
    }
}

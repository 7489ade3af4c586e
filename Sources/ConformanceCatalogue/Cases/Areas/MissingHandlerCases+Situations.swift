import ConformanceObligations
import StrictJSON

/// Missing-handler cases for situations explore taught the catalogue: a name registered twice, then removed;
/// the empty name, and no name.
extension MissingHandlerCases {
    static let situations = [registeredTwiceThenRemoved, emptyAndAbsentNames]

    static let registeredTwiceThenRemoved = ConformanceCase(
        id: "missing-handler.registered-twice-then-removed",
        clauses: [.flush7, .miss2, .miss5],
        requires: .removeHandler,
        summary:
            "a name registered twice runs the second handler, and after one removeHandler it is missing"
    ) { context in
        try context.registerHandler("twice", answer: .value("first registration"))
        try context.registerHandler("twice", answer: .value("second registration"))
        let wire = context.dialect
        try await CasePages.start(
            context,
            page: """
                \(wire.pageSetupCall)(function (bridge) {
                    bridge.\(wire.callHandlerFunction)("twice", "before the removal", conformance.callback("before"));
                });
                """)
        context.expectEqual(
            context.transcript.jsCallbackInvocations("before"), ["second registration"], clause: .flush7a,
            "the answer of a name registered twice")
        try context.removeHandler("twice")
        context.runInPage(
            "\(wire.javaScriptGlobal).\(wire.callHandlerFunction)(\"twice\", \"after the removal\", conformance.callback(\"after\"));"
        )
        try await context.runUntilIdle()
        let calls = context.transcript.nativeHandlerInvocations("twice")
        context.expectEqual(
            calls, ["before the removal"], clause: .miss2a,
            "calls a name registered twice got, before and after one removeHandler")
        // An answer no handler gave is the one a missing handler gets in this bridge: the call after the removal
        // behaved as MISS-1 says (MISS-2.a holds), and the answer is the error response switched on unasked.
        let answeredByTheHandler = calls.contains("after the removal")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("after"), [],
            clause: answeredByTheHandler ? .miss2a : .miss5a,
            answeredByTheHandler
                ? "answers to the call after the removal"
                : "answers to the call after the removal, which reached no handler: a missing handler's response, though the MISS-4 error response is off by default"
        )
    }

    static let emptyAndAbsentNames = ConformanceCase(
        id: "missing-handler.empty-and-absent-names",
        clauses: [.flush7, .miss1],
        summary:
            "a handler registered under the empty name answers calls to \"\", and a call without handlerName does not reach it"
    ) { context in
        try context.registerHandler("", answer: .echo)
        let wire = context.dialect
        try await CasePages.start(
            context,
            page: """
                \(wire.pageSetupCall)(function (bridge) {
                    bridge.\(wire.callHandlerFunction)("", "empty name", conformance.callback("empty name"));
                    bridge.\(wire.callHandlerFunction)(undefined, "no name");
                });
                """)
        let got = context.transcript.nativeHandlerInvocations("")
        context.expectEqual(
            got.filter { $0 == "empty name" }, ["empty name"], clause: .flush7a,
            "calls to \"\" the handler registered under \"\" got")
        context.expectEqual(
            got.filter { $0 == "no name" }, [], clause: .miss1b,
            "calls without handlerName the handler registered under \"\" got")
    }
}

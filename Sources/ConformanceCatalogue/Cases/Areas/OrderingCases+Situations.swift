import ConformanceObligations
import StrictJSON

/// Ordering cases for situations explore taught the catalogue: native handlers that answer and call while
/// their batch runs.
extension OrderingCases {
    static let situations = [answerAndCallInsideHandler]

    static let answerAndCallInsideHandler = ConformanceCase(
        id: "ordering.reentrant.answer-then-call",
        clauses: [.ord1],
        summary:
            "a native handler that answers and then calls a JS handler while its batch runs (and one that calls, then answers) reaches JS in that order"
    ) { context in
        try context.registerHandler(
            "answerThenCall", answer: .steps([.echo, .call("order", data: "call after the answer", callback: nil)]))
        try context.registerHandler(
            "callThenAnswer", answer: .steps([.call("order", data: "call before the answer", callback: nil), .echo]))
        let wire = context.dialect
        try await CasePages.start(
            context,
            page: """
                \(wire.pageSetupCall)(function (bridge) {
                    bridge.\(wire.registerHandlerFunction)("order", function (data) { conformance.note("JS order", data); });
                    bridge.\(wire.callHandlerFunction)("answerThenCall", "the answer", function (answer) {
                        conformance.note("JS order", answer);
                    });
                });
                """)
        context.runInPage(
            """
            \(wire.javaScriptGlobal).\(wire.callHandlerFunction)("callThenAnswer", "the second answer", function (answer) {
                conformance.note("JS order", answer);
            });
            """)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.pageNotes("JS order"),
            ["the answer", "call after the answer", "call before the answer", "the second answer"], clause: .ord1d,
            "what JS got, in order, from handlers that answered and called while their batch ran")
    }
}

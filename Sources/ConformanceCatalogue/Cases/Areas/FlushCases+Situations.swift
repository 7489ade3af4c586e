import ConformanceObligations
import StrictJSON

/// Flush cases for situations explore taught the catalogue: handlers that change the registry while their
/// batch runs, and batches wrapped in characters that are white space to Foundation but not to JSON.
extension FlushCases {
    static let situations = [registryChangedWhileBatchRuns, foundationWhitespaceAroundBatch]

    static let registryChangedWhileBatchRuns = ConformanceCase(
        id: "flush.reentrant.register-and-remove",
        clauses: [.flush7, .miss2],
        requires: [.removeHandler, .reentrantHandlers],
        summary:
            "a native handler or callback that registers one handler and removes another while its batch runs changes what the rest of that batch meets"
    ) { context in
        let register = context.dialect.registerHandlerFunction
        try context.registerHandler("doomed", answer: .none)
        try context.registerHandler("rewire", answer: .steps([.register("fresh"), .remove("doomed")]))
        try await CasePages.start(
            context,
            page: """
                \(context.dialect.pageSetupCall)(function (bridge) {
                    bridge.\(register)("relay", function (data, respond) {
                        respond(data);
                        bridge.\(context.dialect.callHandlerFunction)("registeredByCallback", "after the answer");
                    });
                    bridge.\(context.dialect.callHandlerFunction)("doomed", "before");
                    bridge.\(context.dialect.callHandlerFunction)("rewire", "now");
                    bridge.\(context.dialect.callHandlerFunction)("fresh", "after", conformance.callback("fresh"));
                    bridge.\(context.dialect.callHandlerFunction)("doomed", "after");
                });
                """)
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("fresh"), ["after"], clause: .flush7a,
            "calls the handler got that an earlier handler of the same batch registered")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("doomed"), ["before"], clause: .miss2a,
            "calls the handler got that an earlier handler of the same batch removed")
        // A native callback does the same: the batch holding its response also holds a call to what it registers.
        try context.callHandler(
            "relay", data: "answer", callback: "relay", then: [.register("registeredByCallback")])
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("registeredByCallback"), ["after the answer"],
            clause: .flush7a,
            "calls the handler got that a native callback registered while the batch with its response ran")
    }

    static let foundationWhitespaceAroundBatch = ConformanceCase(
        id: "flush.invalid-json.foundation-whitespace",
        clauses: [.flush3],
        summary:
            "a batch wrapped in characters that are white space to Foundation but not to JSON (U+00A0, U+2028, U+000B, U+3000) is invalid JSON: none of it runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        let keys = context.dialect.keys
        func batch(_ label: String) -> String {
            JSONValue.array([.object([keys.handlerName: "sink", keys.data: .string(label)])]).canonicalText
        }
        let wrapped = [
            "\u{00A0}" + batch("after U+00A0"), batch("before U+2028") + "\u{2028}",
            "\u{000B}" + batch("after U+000B"), batch("before U+3000") + "\u{3000}",
        ]
        CraftedFetch.serve(wrapped.map(CraftedFetch.text) + [CraftedFetch.text(batch("plain"))], in: context)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["plain"], clause: .flush3a,
            "calls the native handler got from batches wrapped in non-JSON white space, then a plain one")
    }
}

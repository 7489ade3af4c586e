import ConformanceObligations
import StrictJSON

/// Callback cases for situations explore taught the catalogue: a callback that resets and calls again, and
/// callback ids of every JSON type.
extension CallbackCases {
    static let situations = [resetAndCallInsideCallback, callbackIDsOfEveryType]

    static let resetAndCallInsideCallback = ConformanceCase(
        id: "callbacks.reentrant.reset-and-call-in-callback",
        clauses: [.cb1, .start3],
        requires: .reset,
        summary:
            "a native callback that resets and calls again: the new call's callback, which may get the id of the one running, gets its answer on the next page"
    ) { context in
        try await CasePages.start(context, page: CasePages.echo(in: context.dialect))
        try context.callHandler(
            "echo", data: "first", callback: "first",
            then: [.reset, .call("echo", data: "second", callback: "second")])
        try await context.runUntilIdle()
        // The reset re-armed the startup queue: the second call waits for the next page's load URL.
        context.reload()
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("second"), ["second"], clause: .cb1b,
            "answers the callback of the call made inside the first callback, after a reset there, got")
    }

    static let callbackIDsOfEveryType = ConformanceCase(
        id: "callbacks.ids.any-json-type-answered",
        clauses: [.id3],
        summary:
            "a JS call whose callbackId is a number, true, an object or an array is answered with that id, unchanged"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(context)
        let keys = context.dialect.keys
        let ids: [JSONValue] = [7, 1.5, true, ["id": 1], [1, "two"], "plain"]
        CraftedFetch.serve(
            batches: [ids.map { .object([keys.handlerName: "echo", keys.data: "data", keys.callbackID: $0]) }],
            in: context)
        try await context.runUntilIdle()
        let answered = context.transcript.decodedNativeMessages.compactMap { $0.member(keys.responseID) }
        context.expectEqual(
            answered, ids, clause: .id3a, "the responseId of each answer, for callbackIds of each JSON type")
    }
}

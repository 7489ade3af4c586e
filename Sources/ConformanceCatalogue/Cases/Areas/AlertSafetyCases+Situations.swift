import ConformanceObligations
import StrictJSON

/// Alert-safety cases for situations explore taught the catalogue: the switch used twice and on two pages, in
/// a turn with other messages, and its name inside data.
extension AlertSafetyCases {
    static let situations = [switchTwiceAcrossPages, switchInTurnAndInData]

    static let switchTwiceAcrossPages = ConformanceCase(
        id: "alert-safety.disable.twice-across-pages",
        clauses: [.safe2, .safe4],
        requires: .disableSafetyTimeout,
        summary:
            "the switch used twice on one page leaves the safety off, and used again on the next page sends the call again and switches that page too"
    ) { context in
        let switchName = context.dialect.disableSafetyTimeoutHandler ?? ""
        try await CasePages.start(context)
        try context.disableSafetyTimeout()
        try await context.runUntilIdle()
        try context.disableSafetyTimeout()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "page 1")
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.disableSafetyTimeout()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "page 2")
        try await context.runUntilIdle()
        let switches = context.transcript.decodedNativeMessages.filter {
            $0 == .object([context.dialect.keys.handlerName: .string(switchName)])
        }
        expectSwitchCalls(switches.count, 3, in: context, "switch calls sent for three requests, two pages")
        // Whether the JS side obeyed is its own obligation, judged only where the native side sent the switch.
        guard switches.count == 3 else { return }
        for page in ["page 1", "page 2"] {
            let invocations = context.transcript.jsHandlerInvocations("sink").filter { $0.data == .string(page) }
            context.expectEqual(
                invocations.map(\.duringNativeEvaluation), [true], clause: .safe4a,
                "whether the handler ran inside the native evaluation on \(page), after the switch (twice on page 1)")
        }
    }

    static let switchInTurnAndInData = ConformanceCase(
        id: "alert-safety.disable.same-turn-and-in-data",
        clauses: [.safe1, .safe2, .disp3],
        requires: .disableSafetyTimeout,
        summary:
            "a message sent in the same turn right after the switch is still dispatched on a later turn and after the ones before it; data naming the switch switches nothing"
    ) { context in
        let switchName = context.dialect.disableSafetyTimeoutHandler ?? ""
        try await CasePages.start(context)
        try context.callHandler("sink", data: .string(switchName))
        try context.callHandler("sink", data: ["handlerName": .string(switchName)])
        try context.callHandler("sink", data: "after data naming the switch")
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "before the switch")
        try context.disableSafetyTimeout()
        try context.callHandler("sink", data: "right after the switch")
        try await context.runUntilIdle()
        let invocations = context.transcript.jsHandlerInvocations("sink")
        context.expectEqual(
            invocations.map(\.data),
            [
                .string(switchName), ["handlerName": .string(switchName)], "after data naming the switch",
                "before the switch", "right after the switch",
            ], clause: .disp3b, "data the JS handler got, in order")
        context.expectEqual(
            invocations.map(\.duringNativeEvaluation), [false, false, false, false, false], clause: .safe1b,
            "whether each ran inside the evaluation that delivered it (the switch is dispatched after all of them)")
    }
}

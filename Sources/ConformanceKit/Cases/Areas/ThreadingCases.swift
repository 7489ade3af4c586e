/// Cases on threads: evaluation on the main thread, sends from other threads without deadlock.
enum ThreadingCases {
    static let all = [backgroundSends]

    static let backgroundSends = ConformanceCase(
        id: "threading.background-sends.no-deadlock",
        clauses: ["THR-2", "THR-3", "THR-1", "ORD-1"],
        requires: .sendsFromAnyThread,
        summary: "sends from a background thread return while the main thread is busy, are evaluated on the main thread, and keep their order"
    ) { context in
        try await CasePages.start(context)
        let returned = try context.callHandlerFromBackgroundThread("sink", data: [1, 2, 3])
        context.expect(returned, clause: "THR-2",
            "sends from a background thread did not return while the main thread was busy: the implementation waits for the main thread (a real app would deadlock)")
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), [1, 2, 3],
                            clause: "THR-2", "data the JS handler got from the background sends, in order")
    }
}

import ConformanceBrowser
import ConformanceObligations
import StrictJSON

/// Cases on threads: evaluation on the main thread, sends and answers from other threads without deadlock
/// and without waiting for the main thread.
enum ThreadingCases {
    static let all = [backgroundSends, backgroundAnswers]

    static let backgroundSends = ConformanceCase(
        id: "threading.background-sends.no-deadlock",
        clauses: [.thr2, .thr3, .thr1, .ord1],
        requires: .sendsFromAnyThread,
        summary:
            "sends from a background thread do not deadlock and (SHOULD) return while the main thread is busy, are evaluated on the main thread, and keep their order"
    ) { context in
        try await CasePages.start(context)
        let outcome = try await context.callHandlerFromBackgroundThread("sink", data: [1, 2, 3])
        expectReturned(outcome, context, calls: "sends", thread: "sending", deadlockClause: .thr2a)
        guard outcome != .neverFinished else { return }
        try await context.runUntilIdle()
        let got = context.transcript.jsHandlerInvocations("sink").map(\.data), sent: [JSONValue?] = [1, 2, 3]
        context.expectEqual(
            CheckParts.sorted(got), CheckParts.sorted(sent), clause: .thr2a,
            "data the JS handler got from the background sends, whatever the order: none lost")
        context.expectEqual(
            CheckParts.ofSent(got, sent: sent), CheckParts.inSendOrder(got, sent: sent),
            clause: .thr2c, "data the JS handler got from the background sends, in the order they were made")
        context.expectEqual(
            offMainThread(context.transcript.events, obligation: .thr1a), [], clause: .thr1a,
            "JavaScript the native side evaluated off the main thread, sends from a background thread included")
        context.expectEqual(
            offMainThread(context.transcript.events, obligation: .thr1b), [], clause: .thr1b,
            "navigation requests decided off the main thread, those the background sends caused included")
    }

    static let backgroundAnswers = ConformanceCase(
        id: "threading.background-answers.no-deadlock",
        clauses: [.thr2, .thr3, .thr1],
        requires: .sendsFromAnyThread,
        summary:
            "responders called from a background thread do not deadlock and (SHOULD) return while the main thread is busy, and their answers reach the JS callbacks, in order"
    ) { context in
        try context.registerHandler("worker", answer: .later)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.callHandler("worker", 1, conformance.callback("answer"));
                    bridge.callHandler("worker", 2, conformance.callback("answer"));
                });
                """)
        let outcome = await context.answerHeldFromBackgroundThread(["worker", "worker"], with: ["one", "two"])
        context.expect(
            outcome != nil, clause: .thr2b,
            "the handler worker was invoked twice, so that both calls can be answered from a background thread")
        expectReturned(outcome, context, calls: "responder calls", thread: "answering", deadlockClause: .thr2b)
        guard outcome != .neverFinished else { return }
        try await context.runUntilIdle()
        let got = context.transcript.jsCallbackInvocations("answer"), sent: [JSONValue?] = ["one", "two"]
        context.expectEqual(
            CheckParts.sorted(got), CheckParts.sorted(sent), clause: .thr2b,
            "answers the JS callbacks got from responders called on a background thread, whatever the order: none lost")
        context.expectEqual(
            CheckParts.ofSent(got, sent: sent), CheckParts.inSendOrder(got, sent: sent),
            clause: .thr2c, "answers the JS callbacks got from one background thread, in the order they were given")
        context.expectEqual(
            offMainThread(context.transcript.events, obligation: .thr1a), [], clause: .thr1a,
            "JavaScript the native side evaluated off the main thread, answers given on a background thread included")
    }

    /// Checks that the `calls` made on a background thread returned (`deadlockClause`, THR-2) and did so
    /// without waiting for the main thread (THR-3.a). A case stops after a deadlock: the checks after it
    /// would judge work whose timing is the blocked thread's, not the harness's, and could differ between runs.
    @MainActor
    static func expectReturned(
        _ outcome: BackgroundWorkOutcome?, _ context: CaseContext, calls: String, thread: String,
        deadlockClause: Obligation
    ) {
        context.expect(
            outcome != .neverFinished, clause: deadlockClause,
            "\(calls) from a background thread never returned, even once the main queue had run: they deadlock "
                + "(the case stops here; the thread is left blocked, and whatever it does if it ever resumes may land "
                + "at a different point of the transcript on each run)")
        context.expect(
            outcome != .finishedAfterMainQueueRan, clause: .thr3a,
            "\(calls) from a background thread returned only once the main queue ran: the \(thread) thread waits for the main thread (an app whose main thread waits for that worker deadlocks)"
        )
    }

    /// What the web view recorded as used off the main thread among `events`, for `obligation` (`THR-1.a`
    /// for evaluating JavaScript, `THR-1.b` for deciding a navigation), so that a case can check THR-1
    /// explicitly for the part of its run it is about.
    static func offMainThread(_ events: [TranscriptEvent], obligation: Obligation) -> [String] {
        events.compactMap { event in
            if case let .violation(clause, message) = event, clause == obligation.id { return message }
            return nil
        }
    }
}

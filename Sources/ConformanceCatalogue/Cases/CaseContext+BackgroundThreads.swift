import ConformanceAdapter
import ConformanceBrowser
import Dispatch
import StrictJSON

/// How work a case handed to a background thread ended, the main thread first waiting for it as an app's
/// main thread does when it waits for a worker.
package enum BackgroundWorkOutcome: Sendable, Equatable {
    /// It finished while the main thread waited: it never needed the main thread.
    case finishedWithoutMainThread
    /// It finished only once the main queue ran: the calling thread waited synchronously for the main
    /// thread (THR-3), which deadlocks an app whose main thread waits for that worker.
    case finishedAfterMainQueueRan
    /// It was still running after the main queue had run: it deadlocked (THR-2).
    case neverFinished
}

extension CaseContext {
    /// Sends calls to a JS handler from a background thread while this (main) thread waits for it, as an
    /// app does when it sends from a worker while the main thread waits for that worker; then, if the
    /// sends have not returned, lets the main queue run and waits again.
    ///
    /// Wall time (`patience` seconds, twice) is spent only when the implementation blocks.
    /// - Parameters:
    ///   - name: The JS handler name.
    ///   - data: One call per element, sent in order from the same thread.
    ///   - patience: Seconds the work may block: first with this thread waiting, then without progress
    ///     while the main queue runs.
    /// - Returns: When the sends returned.
    /// - Throws: `CaseStop.adapter` when the adapter throws on the background thread.
    package func callHandlerFromBackgroundThread(_ name: String, data: [JSONValue], patience: Double = 1) async throws
        -> BackgroundWorkOutcome
    {
        let action = AdapterAction.callHandlerFromBackgroundThread(name: name, calls: data.count)
        let description = action.description
        browser.record(.adapterAction(action))
        let send: BackgroundSend
        do {
            send = try adapter(as: (any SupportsSendsFromAnyThread).self).backgroundSend()
        } catch {
            throw CaseStop.adapter(stage: description, error: "\(error)")
        }
        // The adapter's send is made for a background thread; that is where it is called.
        let backgroundSend = UncheckedSendable(send)
        let (wireName, wireData) = (inRunWords(name: name), data.map { inRunWords($0)?.foundationValue })
        let values = UncheckedSendable(wireData)
        // Read while the worker may still run (it deadlocked): behind a lock.
        let failure = LockedValue<(any Error)?>(nil)
        let outcome = await runOnBackgroundThread(patience: patience) {
            do {
                for value in values.value { try backgroundSend.value(wireName, value) }
            } catch {
                failure.withLock { $0 = error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw CaseStop.adapter(stage: description, error: "\(error)") }
        return outcome
    }

    /// Answers the oldest waiting invocation of each `.later` handler in `names` from one background
    /// thread, in order, while the main thread waits for it, as an app does when a worker finishes the
    /// work a JS call asked for; then, if the answers have not returned, lets the main queue run and waits
    /// again.
    ///
    /// Wall time (`patience` seconds, twice) is spent only when the implementation blocks.
    /// - Parameters:
    ///   - names: The `.later` handlers whose oldest waiting invocation is answered, in this order.
    ///   - answers: The answer for each.
    ///   - patience: Seconds the work may block: first with this thread waiting, then without progress
    ///     while the main queue runs.
    /// - Returns: When the responder calls returned; nil when a handler had no invocation waiting
    ///   (nothing is answered then).
    package func answerHeldFromBackgroundThread(_ names: [String], with answers: [JSONValue?], patience: Double = 1)
        async -> BackgroundWorkOutcome?
    {
        var responders: [AdapterResponseCallback] = []
        for name in names {
            guard var waiting = heldResponders[name], !waiting.isEmpty else { return nil }
            responders.append(waiting.removeFirst())
            heldResponders[name] = waiting
        }
        browser.record(
            .adapterAction(
                .answerHeldFromBackgroundThread(names: names, answers: answers.map { $0?.withNonFiniteNumbersAsNull })))
        let calls = UncheckedSendable(
            zip(responders, answers.map { inRunWords($0)?.foundationValue }).map { respond, answer in
                { respond(answer) }
            })
        return await runOnBackgroundThread(patience: patience) {
            for call in calls.value { call() }
        }
    }

    /// Runs `work` on a background thread; blocks this thread (and so the main queue) for up to `patience`
    /// seconds waiting for it, then lets the main queue run while waiting, until the work finishes or
    /// makes no progress for `patience` seconds' worth of main-queue runs.
    ///
    /// Both waits are judged so that the outcome depends on the implementation, not on the machine's
    /// load: the first counts from the moment the worker runs (a loaded machine may be slow to give it a
    /// thread); the second counts runs of the main queue (each followed by 10 ms for the worker) without
    /// progress (no web-view call, nothing recorded), so that neither slow work that keeps going nor a main
    /// thread kept busy by other work ends it early.
    private func runOnBackgroundThread(patience: Double, _ work: @escaping @Sendable () -> Void) async
        -> BackgroundWorkOutcome
    {
        let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.signal()
            work()
            finished.signal()
        }
        _ = started.wait(timeout: .now() + 30)
        if finished.wait(timeout: .now() + patience) == .success { return .finishedWithoutMainThread }
        let pollsPerPatience = max(1, Int(patience * 100))
        var progress = (browser.nativeActivity, browser.transcript.entries.count), pollsWithoutProgress = 0
        // At most 30 patiences in all, for work that keeps making progress without ever finishing.
        for _ in 0..<(30 * pollsPerPatience) where pollsWithoutProgress < pollsPerPatience {
            await MainQueuePump.drain()
            if finished.wait(timeout: .now() + .milliseconds(10)) == .success { return .finishedAfterMainQueueRan }
            let now = (browser.nativeActivity, browser.transcript.entries.count)
            (progress, pollsWithoutProgress) = now == progress ? (progress, pollsWithoutProgress + 1) : (now, 0)
        }
        return .neverFinished
    }
}

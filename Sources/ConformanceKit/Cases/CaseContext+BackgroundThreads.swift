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
    /// Wall time (at most `patience` seconds, twice) is spent only when the implementation blocks.
    /// - Parameters:
    ///   - name: The JS handler name.
    ///   - data: One call per element, sent in order from the same thread.
    ///   - patience: How long each of the two waits lasts.
    /// - Returns: When the sends returned.
    /// - Throws: `CaseStop.adapter` when the adapter throws on the background thread.
    package func callHandlerFromBackgroundThread(_ name: String, data: [JSONValue], patience: Double = 1) async throws -> BackgroundWorkOutcome {
        let description = "callHandlerFromAnyThread(\(CanonicalJSON.quote(name))) x\(data.count) on a background thread"
        browser.record(.adapterAction(description))
        let send: BackgroundSend
        do {
            send = try adapter(as: (any SupportsSendsFromAnyThread).self).backgroundSend()
        } catch {
            throw CaseStop.adapter(stage: description, error: "\(error)")
        }
        // The adapter's send is made for a background thread; that is where it is called.
        let backgroundSend = UncheckedSendable(send)
        let failure = UncheckedSendable(ErrorBox())
        let outcome = await runOnBackgroundThread(patience: patience) {
            do {
                for value in data { try backgroundSend.value(name, value.foundationValue) }
            } catch {
                failure.value.error = error
            }
        }
        if let error = failure.value.error { throw CaseStop.adapter(stage: description, error: "\(error)") }
        return outcome
    }

    /// Answers the oldest waiting invocation of each `.later` handler in `names` from one background
    /// thread, in order, while the main thread waits for it, as an app does when a worker finishes the
    /// work a JS call asked for; then, if the answers have not returned, lets the main queue run and waits
    /// again.
    ///
    /// Wall time (at most `patience` seconds, twice) is spent only when the implementation blocks.
    /// - Parameters:
    ///   - names: The `.later` handlers whose oldest waiting invocation is answered, in this order.
    ///   - answers: The answer for each.
    ///   - patience: How long each of the two waits lasts.
    /// - Returns: When the responder calls returned; nil when a handler had no invocation waiting
    ///   (nothing is answered then).
    package func answerHeldFromBackgroundThread(_ names: [String], with answers: [JSONValue?], patience: Double = 1) async -> BackgroundWorkOutcome? {
        var responders: [AdapterResponseCallback] = []
        for name in names {
            guard var waiting = heldResponders[name], !waiting.isEmpty else { return nil }
            responders.append(waiting.removeFirst())
            heldResponders[name] = waiting
        }
        let description = "answer the held invocations of \(names.map(CanonicalJSON.quote).joined(separator: ", ")) on a background thread with "
            + answers.map { $0?.canonicalText ?? "nil" }.joined(separator: ", ")
        browser.record(.adapterAction(description))
        let calls = UncheckedSendable(zip(responders, answers.map { $0?.foundationValue }).map { respond, answer in { respond(answer) } })
        return await runOnBackgroundThread(patience: patience) {
            for call in calls.value { call() }
        }
    }

    /// Runs `work` on a background thread; blocks this thread (and so the main queue) for up to `patience`
    /// seconds waiting for it, then lets the main queue run while waiting up to `patience` more.
    private func runOnBackgroundThread(patience: Double, _ work: @escaping @Sendable () -> Void) async -> BackgroundWorkOutcome {
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            work()
            finished.signal()
        }
        if finished.wait(timeout: .now() + patience) == .success { return .finishedWithoutMainThread }
        let polls = max(1, Int(patience * 100))
        for _ in 0..<polls {
            await MainQueuePump.drain()
            if finished.wait(timeout: .now() + .milliseconds(10)) == .success { return .finishedAfterMainQueueRan }
        }
        return .neverFinished
    }

    private final class ErrorBox: @unchecked Sendable { var error: (any Error)? }
}

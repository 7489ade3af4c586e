import ConformanceBrowser
import ConformanceObligations
import StrictJSON
import WireDialects

/// What crossed the bridge in a situation case, read from its transcript in the case's words: the messages
/// the native side evaluated and those it fetched, so that a probe blames the side a message was lost on.
@MainActor
struct SituationTrail {
    /// The case whose transcript is read.
    let context: CaseContext
    /// How many transcript entries there were when the probe's moment came.
    let since: Int

    private var keys: MessageKeys { context.dialect.keys }

    /// The data of the calls to the JS handler `name` the native side evaluated, in order: on the last page
    /// only when `onLastPage` (a message held for the next page must reach that page). A native response
    /// carries no handler name (MSG-2.a), so every message naming `name` counts, whatever else it carries.
    func nativeCalls(to name: String, onLastPage: Bool = false) -> [JSONValue?] {
        let transcript = onLastPage ? (context.transcript.pages.last ?? context.transcript) : context.transcript
        return transcript.decodedNativeMessages.compactMap { message in
            message.member(keys.handlerName) == .string(name) ? .some(message.member(keys.data)) : nil
        }
    }

    /// The data of the calls to the native handler `name` the native side fetched, in order.
    func callsFetched(to name: String) -> [JSONValue?] {
        context.transcript.fetchedMessages.compactMap { message in
            guard message.member(keys.handlerName) == .string(name), message.member(keys.responseID) == nil else {
                return nil
            }
            return .some(message.member(keys.data))
        }
    }

    /// Whom to blame for a JS message the native side never fetched, by what happened from the moment on: the
    /// JS side when it gave no queue signal (it did not signal the send), the native side when it left a signal
    /// without its fetch, else the JS side again, whose fetches did not return the message (DISP-2.a).
    var undeliveredObligation: Obligation {
        let transcript = context.transcript
        var afterMoment = Transcript(dialect: transcript.dialect)
        for entry in transcript.entries.dropFirst(since) { afterMoment.append(entry.event, at: entry.time) }
        let signals: Int
        let byNavigation: Bool
        switch context.runDialect.queueSignal {
        case .navigation:
            (signals, byNavigation) = (afterMoment.queueSignals, true)
        case .scriptMessage(let name):
            let names: Set = [name, context.inCaseWords(name)]
            (signals, byNavigation) = (names.map { afterMoment.scriptMessages(to: $0).count }.reduce(0, +), false)
        }
        if signals == 0 { return byNavigation ? .disp1a : .wk1a }
        if afterMoment.fetchEvaluations < signals { return byNavigation ? .flush1b : .wk2a }
        return .disp2a
    }

    /// Whom to blame when the JS handler `name` never got a call the native side delivered: nil, unless the
    /// first delivery of a call to it after the moment reached its page before the page's setup callback had
    /// registered its handlers (`LifecycleSituation.handlersRegisteredNote`). Then the JS side dispatched
    /// it too early where dispatch waits for a later turn (SAFE-1.a), the native side sent it too early where
    /// it must wait for the injection to finish (WK-3.b).
    func obligationForACallDispatchedTooEarly(to name: String) -> Obligation? {
        var registered = false
        for (index, entry) in context.transcript.entries.enumerated() {
            switch entry.event {
            case .pageLoaded: registered = false
            case .pageNote(let label, _) where label == LifecycleSituation.handlersRegisteredNote: registered = true
            case .evaluationStarted(_, let style, let command) where style != .harness && index >= since:
                guard command.deliveredMessage?.member(keys.handlerName) == .string(name) else { continue }
                guard !registered else { return nil }
                return context.runDialect.disableSafetyTimeoutHandler != nil ? .safe1a : .wk3b
            default: continue
            }
        }
        return nil
    }

    /// The callback id of the first call to `name` among `messages`, if it has one.
    func callbackID(ofCallTo name: String, fetched: Bool) -> JSONValue? {
        let messages = fetched ? context.transcript.fetchedMessages : context.transcript.decodedNativeMessages
        return messages.first {
            $0.member(keys.handlerName) == .string(name) && (!fetched || $0.member(keys.responseID) == nil)
        }?.member(keys.callbackID)
    }

    /// The response data of the responses to `callbackID` the native side evaluated (`fetched` false) or
    /// fetched, in order, but for the warm-up's answers: ids start again after a reset and on a new page, so
    /// the warm-up's call may have had the same id.
    func responses(to callbackID: JSONValue?, fetched: Bool) -> [JSONValue?] {
        guard let callbackID else { return [] }
        let messages = fetched ? context.transcript.fetchedMessages : context.transcript.decodedNativeMessages
        return messages.compactMap { message in
            guard message.member(keys.responseID) == callbackID else { return nil }
            return .some(message.member(keys.responseData))
        }.filter { $0 != LifecycleSituation.warmUpData }
    }
}

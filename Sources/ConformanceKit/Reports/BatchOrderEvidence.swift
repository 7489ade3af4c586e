import StrictJSON

/// Whether a case's transcript shows the native side handling a batch it fetched out of the batch's array
/// order (ORD-2.a), whatever the case checked.
///
/// A batch handled last-first changes more than orders: a callback answered twice in one batch keeps the
/// repeat's data, a call to a handler an earlier message registers finds none yet. Such failures are not an
/// order difference (`OrderDifference`) in their values, but the transcript shows the cause: after a fetch,
/// the native handlers and callbacks ran for the batch's messages in another order than the batch's. Each
/// invocation is matched to the first message of the batch it answers (a call by handler name and data, a
/// response by its data) that no earlier invocation matched; invocations that match none (answers given
/// later, calls of another batch) are passed over, so a missing invocation is never taken for disorder.
enum BatchOrderEvidence {
    /// Whether a native invocation in `result`'s transcript matched an earlier message of a fetched batch
    /// than the invocation before it that matched the same batch. Each batch is judged on its own: a batch
    /// fetched while another runs (a handler's evaluation can make the page send again) may run in between.
    static func holds(for result: CaseResult) -> Bool {
        guard result.verdict == .fail else { return false }
        let transcript = result.transcript
        let keys = transcript.dialect.keys
        var fetchIDs: Set<Int> = []
        // The fetched batches in fetch order, the messages of each matched so far, and the last one matched.
        var batches: [[JSONValue]] = []
        var matched: [Set<Int>] = []
        var lastMatched: [Int] = []
        // Matches the first message not matched yet that `accepts` takes, in the first batch that has one;
        // whether it comes before that batch's last match.
        func isOutOfOrder(_ accepts: (JSONValue) -> Bool) -> Bool {
            for batch in batches.indices {
                guard
                    let index = batches[batch].indices.first(where: {
                        !matched[batch].contains($0) && accepts(batches[batch][$0])
                    })
                else { continue }
                matched[batch].insert(index)
                defer { lastMatched[batch] = index }
                return index < lastMatched[batch]
            }
            return false
        }
        for event in transcript.events {
            switch event {
            case let .evaluationStarted(id, style, script)
            where style != .harness && script == transcript.dialect.fetchCommand:
                fetchIDs.insert(id)
            case let .evaluationFinished(id, result, _) where fetchIDs.contains(id):
                if case .string(let text)? = result, case .array(let messages)? = try? JSONParser.parse(text),
                    !messages.isEmpty
                {
                    batches.append(messages)
                    matched.append([])
                    lastMatched.append(-1)
                }
            case let .nativeHandlerInvoked(name, data):
                if isOutOfOrder({ $0.member(keys.handlerName) == .string(name) && $0.member(keys.data) == data }) {
                    return true
                }
            case let .nativeCallbackInvoked(_, data):
                if isOutOfOrder({ $0.member(keys.responseID) != nil && $0.member(keys.responseData) == data }) {
                    return true
                }
            default:
                break
            }
        }
        return false
    }
}

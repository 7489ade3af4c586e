import StrictJSON

/// What a transcript shows of the order in which the native side handled the batches it fetched, whatever
/// the case checked.
///
/// A batch handled last-first changes more than orders: a callback answered twice in one batch keeps the
/// repeat's data, a call to a handler an earlier message registers finds none yet. Such failures are not an
/// order difference in their values (`OrderDifference`), but the transcript shows the cause: after a fetch,
/// the native handlers and callbacks ran for the batch's messages in another order than the batch's. And when
/// they ran in exactly the order fetched, an order the checks did not expect was the JS side's queue's.
///
/// Each invocation is matched to the first fetched message it answers (a call by handler name and data, a
/// response by its data) that no earlier invocation matched, in the first batch that has one; invocations
/// that match none (answers given later) are passed over, so a missing invocation is never taken for disorder.
extension Transcript {
    /// Whether a native invocation matched an earlier message of a fetched batch than the invocation before
    /// it that matched the same batch. Each batch is judged on its own: a batch fetched while another runs (a
    /// handler's evaluation can make the page send again) may run in between.
    package var handledSomeBatchOutOfOrder: Bool {
        var lastInBatch: [Int: Int] = [:]
        return fetchedMessagesHandled.contains { handled in
            defer { lastInBatch[handled.batch] = handled.message }
            return handled.message < lastInBatch[handled.batch, default: -1]
        }
    }

    /// Whether the native side handled the messages it fetched in exactly the order fetched, batch after
    /// batch: two invocations or more matched, none of an earlier message than the one before it.
    package var handledInFetchOrder: Bool {
        let handled = fetchedMessagesHandled
        return handled.count > 1
            && zip(handled, handled.dropFirst()).allSatisfy { ($0.batch, $0.message) < ($1.batch, $1.message) }
    }

    /// The fetched message (its batch, its place in the batch) each native invocation matched, in the order of
    /// the invocations.
    private var fetchedMessagesHandled: [(batch: Int, message: Int)] {
        let keys = dialect.keys
        // The batches by the index of the event that fetched them: empty ones are left out.
        var fetchedAt: [Int: [JSONValue]] = [:]
        for fetch in finishedFetches {
            if case .string(let text)? = fetch.result, case .array(let messages)? = try? JSONParser.parse(text),
                !messages.isEmpty
            {
                fetchedAt[fetch.eventIndex] = messages
            }
        }
        var batches: [[JSONValue]] = []
        var matched: [Set<Int>] = []
        var found: [(batch: Int, message: Int)] = []
        func match(_ accepts: (JSONValue) -> Bool) {
            for batch in batches.indices {
                guard
                    let message = batches[batch].indices.first(where: {
                        !matched[batch].contains($0) && accepts(batches[batch][$0])
                    })
                else { continue }
                matched[batch].insert(message)
                found.append((batch, message))
                return
            }
        }
        for (index, event) in events.enumerated() {
            if let messages = fetchedAt[index] {
                batches.append(messages)
                matched.append([])
                continue
            }
            switch event {
            case let .nativeHandlerInvoked(name, data):
                match { $0.member(keys.handlerName) == .string(name) && $0.member(keys.data) == data }
            case let .nativeCallbackInvoked(_, data):
                match { $0.member(keys.responseID) != nil && $0.member(keys.responseData) == data }
            default:
                break
            }
        }
        return found
    }
}

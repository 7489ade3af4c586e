import StrictJSON

/// What a transcript shows of the order in which the JS side dispatched the messages the native side
/// delivered, whatever the case checked: the mirror of `Transcript+BatchOrder`.
///
/// The native side's commands deliver one message each; the page's handlers and callbacks then run for them.
/// When they ran in another order than the commands delivered their messages, the JS side reordered them
/// (DISP-3.b), and a delivery order the checks did not expect was not the native side's doing.
///
/// Each JS invocation is matched to the first delivered message it answers (a call by handler name and data,
/// a response by its data) that no earlier invocation matched; invocations that match none (a message the
/// harness delivered, data that arrived changed) are passed over, so a lost message is never taken for
/// disorder.
extension Transcript {
    /// Whether a JS handler or callback ran for an earlier delivered message than the one that ran before it.
    package var dispatchedSomeMessageOutOfDeliveryOrder: Bool {
        let dispatched = deliveredMessagesDispatched.matched
        return zip(dispatched, dispatched.dropFirst()).contains { $0 > $1 }
    }

    /// Whether a JS handler or callback ran for a delivered message more often than it was delivered: an
    /// invocation that matches no message left, but one already dispatched. The JS side then dispatched that
    /// message in place of another (DISP-3.a: `_handleMessageFromObjC(json)` dispatches the one message `json`
    /// encodes), so whatever the other message carried never reached the page.
    package var dispatchedSomeDeliveredMessageAgain: Bool { deliveredMessagesDispatched.repeated }

    /// The index, among the messages the native side's commands delivered, of the message each JS invocation
    /// matched, in the order of the invocations; and whether an invocation matched none left but one matched
    /// before.
    private var deliveredMessagesDispatched: (matched: [Int], repeated: Bool) {
        let keys = dialect.keys
        var delivered: [JSONValue] = []
        var matched: Set<Int> = []
        var found: [Int] = []
        var repeated = false
        func match(_ accepts: (JSONValue) -> Bool) {
            guard let index = delivered.indices.first(where: { !matched.contains($0) && accepts(delivered[$0]) })
            else {
                if matched.contains(where: { accepts(delivered[$0]) }) { repeated = true }
                return
            }
            matched.insert(index)
            found.append(index)
        }
        for event in events {
            switch event {
            case let .evaluationStarted(_, style, command) where style != .harness:
                if let message = command.deliveredMessage { delivered.append(message) }
            case let .jsHandlerInvoked(name, data, _, _):
                match {
                    $0.member(keys.responseID) == nil && $0.member(keys.handlerName) == .string(name)
                        && $0.member(keys.data) == data
                }
            case let .jsCallbackInvoked(_, data):
                match { $0.member(keys.responseID) != nil && $0.member(keys.responseData) == data }
            default:
                break
            }
        }
        return (found, repeated)
    }
}

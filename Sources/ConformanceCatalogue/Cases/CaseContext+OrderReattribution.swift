import ConformanceBrowser
import ConformanceObligations
import ConformanceSupport

// The order obligations a failed check is re-cited from, when the transcript shows the other side set the order
// (`fail(clause:_:expected:actual:likelyCause:)` applies them).

extension CaseContext {
    /// An order obligation a failed check is re-cited from when its values only came in another order and the
    /// transcript shows the other side set that order.
    struct OrderReattribution {
        /// The obligations re-cited.
        let obligations: Set<Obligation>
        /// Whether the transcript shows the other side reordered.
        let otherSideReordered: (Transcript) -> Bool
        /// The obligation cited instead.
        let clause: Obligation
        /// Why, appended to the failure's message.
        let why: String
    }

    static let orderReattributions = [
        // The native side's batch order (ORD-2) holds when it handled every message in the order it fetched
        // them: then messages seen in another order than sent were queued so by the JS side (ORD-3).
        OrderReattribution(
            obligations: Set(Clause.ord2.obligations), otherSideReordered: \.handledInFetchOrder, clause: .ord3a,
            why:
                " (the native side handled the messages in the order it fetched them: the JS side queued them in another)"
        ),
        // The native side's delivery order (ORD-1, START-1.c, THR-2.c), seen through the order in which the page's
        // handlers and callbacks ran, is not at fault when the JS side dispatched what the native side's commands
        // delivered in another order (DISP-3.b).
        OrderReattribution(
            obligations: Set(Clause.ord1.obligations + [.start1c, .thr2c]),
            otherSideReordered: \.dispatchedSomeMessageOutOfDeliveryOrder,
            clause: .disp3b,
            why:
                " (the JS side ran its handlers and callbacks in another order than the native side's commands delivered the messages)"
        ),
    ]

    /// The rule a failure of `clause` comparing `expected` with `actual` is re-cited by: its values only came in
    /// another order, and the transcript shows the other side set that order. Nil when no rule applies.
    func orderReattribution(of clause: Obligation, expected: String, actual: String) -> OrderReattribution? {
        guard let rule = Self.orderReattributions.first(where: { $0.obligations.contains(clause) }),
            ReorderedValues.holds(expected: expected, actual: actual), rule.otherSideReordered(transcript)
        else { return nil }
        return rule
    }
}

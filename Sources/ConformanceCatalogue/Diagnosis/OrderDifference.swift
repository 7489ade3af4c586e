import ConformanceSupport

/// Whether a case's failures are one *order difference*: together they saw exactly the values expected, in
/// another order.
///
/// One ordering defect (a batch handled last-first, a queue built newest-first) fails checks of many
/// obligations: the data a handler got, the response ids in order, the calls around a non-object element.
/// Their failures differ in citation but not in kind, so `SameCauseGroup` folds the findings that occur only in
/// such cases under one of them (the ordering obligation, when one failed that way).
package enum OrderDifference {
    /// Whether every failure of `result` has an expected and an actual value, and the elements of all
    /// expected values (the members of a list, or the whole value) are those of all actual values, as a
    /// multiset, in another sequence.
    package static func holds(for result: CaseResult) -> Bool {
        guard result.verdict == .fail, !result.failures.isEmpty else { return false }
        var expected: [Substring] = []
        var actual: [Substring] = []
        for failure in result.failures {
            guard let want = failure.expected, let got = failure.actual else { return false }
            expected += ReorderedValues.elements(of: want)
            actual += ReorderedValues.elements(of: got)
        }
        return ReorderedValues.isReordering(expected, actual)
    }
}

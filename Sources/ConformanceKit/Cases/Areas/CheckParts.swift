import StrictJSON

/// Parts of what a case observed, so that each check compares only what its obligation is about: which
/// values arrived apart from their order, their order apart from which arrived, one element of a list.
enum CheckParts {
    /// `values` in a canonical order: compared with `sorted(expected)`, it checks which values arrived and
    /// how often, whatever their order.
    static func sorted(_ values: [JSONValue?]) -> [JSONValue?] {
        values.sorted { ($0?.canonicalText ?? "") < ($1?.canonicalText ?? "") }
    }

    /// The values of `received` that are among `sent`, as they arrived.
    static func ofSent(_ received: [JSONValue?], sent: [JSONValue?]) -> [JSONValue?] {
        received.filter { sent.contains($0) }
    }

    /// The same values put in send order: `ofSent` equals it when what arrived kept the order of sending,
    /// whatever was lost on the way.
    static func inSendOrder(_ received: [JSONValue?], sent: [JSONValue?]) -> [JSONValue?] {
        ofSent(received, sent: sent).sorted { sent.firstIndex(of: $0)! < sent.firstIndex(of: $1)! }
    }

    /// The element at `index` as a list of at most one, so that a missing element shows as `[]`.
    static func element<Element>(_ values: [Element], _ index: Int) -> [Element] {
        values.indices.contains(index) ? [values[index]] : []
    }
}

extension CheckParts {
    /// One element the case expects, the obligation it checks, and what it is for messages.
    struct Expected {
        var obligation: String
        var value: JSONValue?
        var what: String
    }

    /// Checks that `got` has one element per expected one (under `countObligation`), then each element under
    /// its own obligation. When the counts differ the elements cannot be paired: the count check then
    /// fails showing both lists, and the element checks are left out rather than blamed on the wrong
    /// obligations.
    @MainActor
    static func expectElements(
        _ got: [JSONValue?], _ expected: [Expected], countObligation: String, _ countMessage: String, of what: String,
        in context: CaseContext
    ) {
        guard got.count == expected.count else {
            context.expectEqual(got, expected.map(\.value), clause: countObligation, countMessage)
            return
        }
        context.expectEqual(got.count, expected.count, clause: countObligation, countMessage)
        for (index, (value, entry)) in zip(got, expected).enumerated() {
            context.expectEqual(value, entry.value, clause: entry.obligation, "\(what) #\(index + 1), \(entry.what)")
        }
    }
}

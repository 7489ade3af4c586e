import ConformanceBrowser
import ConformanceObligations
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
        var obligation: Obligation
        var value: JSONValue?
        var what: String
    }

    /// Checks that `got` has one element per expected one (under `countObligation`), then each element under
    /// its own obligation. When the counts differ the elements cannot be paired: the count check then
    /// fails showing both lists, and the element checks are left out rather than blamed on the wrong
    /// obligations.
    @MainActor
    static func expectElements(
        _ got: [JSONValue?], _ expected: [Expected], countObligation: Obligation, _ countMessage: String,
        of what: String,
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

extension CheckParts {
    /// The sends of a page script that threw, from its `threw` notes (`<send>: <error>`, noted by a script
    /// that makes each send on its own, so that one that throws does not hide the others). A send that threw
    /// sent nothing: the obligation of its form reports it (`expectNone`), and the checks of what was sent
    /// leave it out (`sent`) rather than blame its missing message on the parts or order of the rest.
    struct ThrownSends {
        /// The notes, in order.
        let notes: [String]
        /// The sends that threw.
        let names: Set<String>

        /// The sends the page noted as thrown in `transcript`.
        init(in transcript: Transcript) {
            notes = transcript.pageNotes("threw").compactMap { note -> String? in
                if case .string(let text)? = note { text } else { nil }
            }
            names = Set(notes.compactMap { $0.split(separator: ":", maxSplits: 1).first.map(String.init) })
        }

        /// Checks, for each form, that none of its sends threw, under the form's obligation.
        /// - Parameters:
        ///   - forms: Each form's obligation and the sends made in it.
        ///   - what: What the sends are, for the failure (`the callHandler calls`).
        @MainActor
        func expectNone(of forms: [(obligation: Obligation, sends: [String])], what: String, in context: CaseContext) {
            for (obligation, sends) in forms {
                context.expectEqual(
                    notes.filter { text in sends.contains { text.hasPrefix($0 + ": ") } }, [], clause: obligation,
                    "errors thrown by \(what) \(sends.joined(separator: ", "))")
            }
        }

        /// `sends` without those that threw.
        func sent(_ sends: [String]) -> [String] { sends.filter { !names.contains($0) } }

        /// What a check that left sends out adds to its message: ` (<what> that threw left out: ...)`, or
        /// nothing when none threw.
        func leftOut(_ what: String) -> String {
            names.isEmpty ? "" : " (\(what) that threw left out: \(names.sorted().joined(separator: ", ")))"
        }
    }
}

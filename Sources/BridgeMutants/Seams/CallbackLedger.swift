import ConformanceKit
import WireDialects

/// The native callbacks a mutant's adapter handed the reference, numbered as the reference numbers
/// them: the dialect's native ids numbered 1, 2, ... for calls that carry a callback, restarting at reset (ID-2,
/// START-3). Defects of callback bookkeeping (ids reused or renumbered, responses matched by order,
/// callbacks run twice) are modelled by rewriting ids and batches against this ledger.
@MainActor
final class CallbackLedger {
    /// One callback handed to the reference.
    struct Entry {
        /// The id the reference gave it.
        let id: String
        /// How many calls (with a callback or not) had been made since the last reset, this one included.
        let callNumber: Int
        /// The callback as the case gave it.
        let callback: AdapterResponseCallback
        /// Whether it ran.
        var answered = false
    }

    /// The callbacks issued since the last reset, in order.
    private(set) var entries: [Entry] = []
    /// The forms of the reference's callback ids.
    private let forms: CallbackIDForms

    /// A ledger of the ids the reference speaking `dialect` gives.
    init(dialect: WireDialect = .canonical) {
        forms = dialect.callbackIDs
    }
    /// Calls made since the last reset, with a callback or not.
    private(set) var callCount = 0

    /// Counts a call the reference sends.
    func noteCall() {
        callCount += 1
    }

    /// Records `callback` under the id the reference is about to give it; returns the callback to hand
    /// the reference, which marks the entry answered when it runs.
    func issue(_ callback: @escaping AdapterResponseCallback) -> AdapterResponseCallback {
        let id = forms.nativeID(entries.count + 1)
        entries.append(Entry(id: id, callNumber: callCount, callback: callback))
        return { [weak self] answer in
            self?.markAnswered(id)
            callback(answer)
        }
    }

    /// Forgets every callback, as `reset()` makes the reference do.
    func reset() {
        entries = []
        callCount = 0
    }

    /// The entry with `id`, if any.
    func entry(_ id: String) -> Entry? {
        entries.first { $0.id == id }
    }

    /// The ids of callbacks not answered yet, oldest first.
    var outstanding: [String] {
        entries.filter { !$0.answered }.map(\.id)
    }

    /// Marks `id` answered (a callback run by a defect rather than by the reference).
    func markAnswered(_ id: String) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries[index].answered = true
    }
}

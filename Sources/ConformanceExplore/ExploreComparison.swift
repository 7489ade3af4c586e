import ConformanceAdapter
import ConformanceCatalogue
import ConformanceObligations
import StrictJSON
import WireDialects

/// Compares an implementation's run of a program with the reference's and names the clause each
/// difference breaks.
///
/// Each channel is compared on its own, and each kind of difference within a channel (a missing event,
/// an extra one, changed data, another order) is reported on its own, so one deviation does not hide
/// another. The clause comes from what differs and from the program around it: an extra native callback
/// after a `reset` breaks START-3, after a page change LIFE-3, a second one CB-2.
package struct ExploreComparison {
    private let spec: ProtocolSpec
    private var attribution: ExploreAttribution
    /// The wire the runs spoke.
    private let dialect: WireDialect
    /// Its message keys.
    private var keys: MessageKeys { dialect.keys }

    /// Prepares a comparison of runs of `program`.
    /// - Parameter dialect: The wire the runs spoke (`--profile`): its keys and callback id forms.
    package init(program: ExploreProgram, spec: ProtocolSpec, dialect: WireDialect = .canonical) {
        self.spec = spec
        self.dialect = dialect
        attribution = ExploreAttribution(program: program, dialect: dialect)
    }

    /// Whether a comparison of these runs may need to know if the implementation still held messages at
    /// the end (it delivered fewer than the reference): then `Explorer` probes with a reload and tells
    /// `differences(reference:candidate:heldAtEnd:)`.
    package static func deliveredFewer(reference: ExploreObservation, candidate: ExploreObservation) -> Bool {
        let messages = { (observation: ExploreObservation) in
            observation.wire.filter { $0.kind == .call || $0.kind == .response }.count
        }
        return messages(candidate) < messages(reference)
    }

    /// The differences between two runs' observations (not their verdicts: `Explorer` adds those).
    /// - Parameter heldAtEnd: Whether the implementation still held messages at the end (a reload after
    ///   the program flushed more than the reference's); nil when not probed.
    package func differences(reference: ExploreObservation, candidate: ExploreObservation, heldAtEnd: Bool? = nil)
        -> [ExploreDifference]
    {
        var comparison = self
        comparison.attribution.deliveredFewer = Self.deliveredFewer(reference: reference, candidate: candidate)
        comparison.attribution.heldAtEnd = heldAtEnd
        let fetches = { (observation: ExploreObservation) in observation.wire.filter { $0.kind == .fetch }.count }
        comparison.attribution.fetchedFewer = fetches(candidate) < fetches(reference)
        comparison.attribution.lastDeliveryStep = candidate.wire.filter { $0.kind == .call || $0.kind == .response }
            .map(\.step).max()
        return comparison.differencesOfChannels(reference: reference, candidate: candidate)
    }

    private func differencesOfChannels(reference: ExploreObservation, candidate: ExploreObservation)
        -> [ExploreDifference]
    {
        // The native side first: a batch run out of order (ORD-2) also reorders the answers JS gets, which
        // is then its consequence, not a second fault.
        var found = compare(reference.nativeSide, candidate.nativeSide, channel: .nativeSide)
        let nativeReordered = found.contains { $0.clause == Clause.ord2.id }
        found += compare(reference.javaScriptSide, candidate.javaScriptSide, channel: .javaScriptSide)
            .filter { !(nativeReordered && $0.clause == Clause.ord1.id) }
        // The wire speaks when the page saw the same: a message with another shape that still delivers.
        // Fetches answer the page's signals: when the page signalled otherwise, so does the native side fetch.
        let signalled = { (observation: ExploreObservation) in
            observation.navigations.filter { $0.kind == .scriptMessage || $0.kind == .navigation }.count
        }
        let fetchesFollowSignals = signalled(reference) == signalled(candidate)
        if found.isEmpty {
            let wire = { (observation: ExploreObservation) in
                fetchesFollowSignals ? observation.wire : observation.wire.filter { $0.kind != .fetch }
            }
            found += compare(wire(reference), wire(candidate), channel: .wire)
            if found.isEmpty { found += numbering(reference.wire, candidate.wire) }
        }
        found += compare(reference.navigations, candidate.navigations, channel: .navigations)
        if candidate.warnings.count < reference.warnings.count {
            let unmatched = reference.warnings[candidate.warnings.count]
            found.append(
                difference(
                    clause: ExploreAttribution.warning(unmatched), kind: .warnings,
                    "the native side logged \(candidate.warnings.count) lines where the reference warns \(reference.warnings.count) times",
                    expected: reference.warnings.map { PrintableText.abbreviate($0, limit: 160) }.joined(
                        separator: " | "),
                    actual: candidate.warnings.isEmpty
                        ? "no log line"
                        : candidate.warnings.map { PrintableText.abbreviate($0, limit: 160) }.joined(separator: " | ")))
        }
        return found
    }

    private func compare(
        _ reference: [ExploreObservation.Item], _ candidate: [ExploreObservation.Item],
        channel: ExploreObservation.Channel
    ) -> [ExploreDifference] {
        let title = channel.title
        guard reference.map(\.signature) != candidate.map(\.signature) else { return [] }
        let expected = reference.map(\.signatureWithoutIdentifiers),
            actual = candidate.map(\.signatureWithoutIdentifiers)
        if expected == actual {
            // The same messages in the same order, and everything JS and native handlers and callbacks got
            // was the same (the wire is compared only then), but the ids pair up otherwise: an id used again
            // once its call was answered (ID-2 counts; CB-1 asks only for ids unique among outstanding
            // callbacks, and a misdelivered answer would have shown above), or a response naming another call.
            let index =
                zip(reference, candidate).enumerated().first { $0.element.0.signature != $0.element.1.signature }?
                .offset ?? 0
            let first = reference[index]
            let clause = first.kind == .response ? Clause.msg2 : Clause.id2
            let what =
                first.kind == .response
                ? "a response's \(keys.responseID) is not the \(keys.callbackID) of the JS call it answers"
                : "callback ids are reused: a call gets an id an earlier call had"
            return [
                difference(
                    clause: clause, kind: .identifiers(channel),
                    "\(title): \(what), from message \(index + 1) on (ids renamed by first appearance)",
                    expected: reference[index..<min(reference.count, index + 3)].map(\.signature).joined(
                        separator: "; "),
                    actual: candidate[index..<min(candidate.count, index + 3)].map(\.signature).joined(separator: "; "))
            ]
        }
        var missing = Self.subtracting(reference, candidate), extra = Self.subtracting(candidate, reference)
        if missing.isEmpty, extra.isEmpty {
            let index = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
            return [
                difference(
                    clause: attribution.reordered(reference[index]), kind: .reordered(channel),
                    "\(title): the same events in another order, from event \(index + 1) on",
                    expected: Self.window(expected, from: index), actual: Self.window(actual, from: index))
            ]
        }
        var found: [ExploreDifference] = []
        // Changed data: the same handler or callback, on the same page, got something else.
        var changed: [(ExploreObservation.Item, ExploreObservation.Item)] = []
        for item in missing {
            guard
                let match = extra.firstIndex(where: {
                    $0.kind == item.kind && $0.subject == item.subject && $0.page == item.page
                })
            else { continue }
            changed.append((item, extra.remove(at: match)))
        }
        missing.removeAll { item in changed.contains { $0.0 == item } }
        // Delivered late: the same event, only on a later page.
        var late: [(ExploreObservation.Item, ExploreObservation.Item)] = []
        for item in missing {
            guard
                let match = extra.firstIndex(where: {
                    $0.kind == item.kind && $0.subject == item.subject
                        && $0.detailWithoutIdentifiers == item.detailWithoutIdentifiers && $0.page > item.page
                })
            else { continue }
            late.append((item, extra.remove(at: match)))
        }
        missing.removeAll { item in late.contains { $0.0 == item } }
        if let (was, got) = late.first {
            found.append(
                difference(
                    clause: attribution.deliveredLate(was), kind: .late(was.kind),
                    "\(title): \(Self.article(was.kind)) \(was.kind.rawValue) event came only on a later page (page \(got.page), not \(was.page))"
                        + Self.more(late.count), expected: was.signature, actual: got.signature))
        }
        if let (was, got) = changed.first {
            found.append(
                difference(
                    clause: attribution.changed(was, got, reference: reference), kind: .changed(was.kind),
                    "\(title): \(was.kind.rawValue) \(was.subject) got other data"
                        + Self.more(changed.count), expected: was.signature, actual: got.signature))
        }
        for kind in Self.kinds(of: missing) {
            let items = missing.filter { $0.kind == kind }
            found.append(
                difference(
                    clause: attribution.missing(items[0]), kind: .missing(kind),
                    "\(title): \(Self.article(kind)) \(kind.rawValue) event of the reference's run is missing"
                        + Self.more(items.count), expected: items[0].signature, actual: "no such event"))
        }
        for kind in Self.kinds(of: extra) {
            let items = extra.filter { $0.kind == kind }
            found.append(
                difference(
                    clause: attribution.extra(items[0], reference: reference), kind: .extra(kind),
                    "\(title): \(Self.article(kind)) \(kind.rawValue) event the reference's run does not have"
                        + Self.more(items.count), expected: "no such event", actual: items[0].signature))
        }
        return found
    }

    /// Callback ids are the implementation's to choose, unless it follows ID-2's native form (prefix and
    /// number): then the numbering is compared too, since a reset restarts it (START-3).
    private func numbering(_ reference: [ExploreObservation.Item], _ candidate: [ExploreObservation.Item])
        -> [ExploreDifference]
    {
        let ids = { (items: [ExploreObservation.Item]) -> [String] in
            items.filter { $0.kind == .call }.compactMap { item -> String? in
                guard case .string(let id)? = (try? JSONParser.parse(item.rawDetail))?.member(keys.callbackID) else {
                    return nil
                }
                return id
            }
        }
        let expected = ids(reference), actual = ids(candidate)
        let canonical = { (id: String) in dialect.callbackIDs.nativeNumber(of: id) != nil }
        guard expected != actual, expected.count == actual.count, actual.allSatisfy(canonical) else { return [] }
        let index = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
        let call = reference.filter { $0.kind == .call }[index]
        let afterReset = attribution.resetHappened(from: 0, to: call.step + 1)
        return [
            difference(
                clause: afterReset ? .start3 : .id2, kind: .numbering,
                "the messages the native side delivered: callback ids numbered otherwise from call \(index + 1) on"
                    + (afterReset ? ", after a reset (which restarts the numbering)" : ""),
                expected: expected[index...].prefix(4).joined(separator: ", "),
                actual: actual[index...].prefix(4).joined(separator: ", "))
        ]
    }

    // MARK: Helpers

    private func difference(
        clause: Clause, kind: ExploreDifference.Kind, _ summary: String, expected: String?, actual: String?
    ) -> ExploreDifference {
        // A clause that does not hold in the runs' dialect gives way to the one that takes its place there.
        let clause = DialectApplicability.citable(clause, in: dialect)
        return ExploreDifference(
            clause: clause.id, level: spec.level(ofCitation: clause.id) ?? .must, kind: kind, summary: summary,
            expected: expected, actual: actual)
    }

    /// `items` without one occurrence of each of `removing`'s signatures (ids left out), in order.
    private static func subtracting(_ items: [ExploreObservation.Item], _ removing: [ExploreObservation.Item])
        -> [ExploreObservation.Item]
    {
        var counts: [String: Int] = [:]
        for item in removing { counts[item.signatureWithoutIdentifiers, default: 0] += 1 }
        return items.filter { item in
            guard let count = counts[item.signatureWithoutIdentifiers], count > 0 else { return true }
            counts[item.signatureWithoutIdentifiers] = count - 1
            return false
        }
    }

    private static func kinds(of items: [ExploreObservation.Item]) -> [ExploreObservation.Item.Kind] {
        var kinds: [ExploreObservation.Item.Kind] = []
        for item in items where !kinds.contains(item.kind) { kinds.append(item.kind) }
        return kinds
    }

    private static func article(_ kind: ExploreObservation.Item.Kind) -> String {
        kind.rawValue.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    private static func more(_ count: Int) -> String { count > 1 ? " (and \(count - 1) more like it)" : "" }

    private static func window(_ signatures: [String], from index: Int) -> String {
        signatures[index..<min(signatures.count, index + 3)].joined(separator: "; ")
    }
}

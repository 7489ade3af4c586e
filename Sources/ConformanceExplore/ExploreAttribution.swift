import ConformanceObligations
import StrictJSON
import WireDialects

/// Names the clause a difference between two runs of a program breaks, from what differs and from the
/// program around it: the same missing native callback breaks START-3 after a `reset`, LIFE-3 after a
/// page change, and CB-1 otherwise.
///
/// The rules read only the program and what the runs showed, so an attribution is a best reading, not a
/// proof; the README lists what explore cites for each mutant of the kit, and where it cites another
/// clause than the defect's own.
struct ExploreAttribution {
    let program: ExploreProgram
    /// The wire the runs spoke: its message keys and safety switch are what the rules read.
    let dialect: WireDialect
    /// Whether the implementation delivered fewer messages than the reference.
    var deliveredFewer = false
    /// Whether the implementation fetched the queue fewer times than the reference.
    var fetchedFewer = false
    /// Whether the implementation still held messages at the end: a reload after the program flushed
    /// more of them than the reference's (nil when not probed).
    var heldAtEnd: Bool?
    /// The last step during which the implementation delivered a message.
    var lastDeliveryStep: Int?

    // MARK: Changed, missing and extra events

    func changed(
        _ was: ExploreObservation.Item, _ got: ExploreObservation.Item, reference: [ExploreObservation.Item] = []
    ) -> Clause {
        if let clause = corruptBatchClause(was) ?? corruptBatchClause(got) { return clause }
        // A native callback that got what another callback of the reference's run got: a response reached a
        // callback its responseId did not name, or an id was issued again while a response to it could
        // still come (CB-1), not data changed on the way (CB-4).
        if was.kind == .nativeCallback,
            reference.contains(where: { $0.kind == .nativeCallback && $0.subject != was.subject && $0.data == got.data }
            )
        {
            return Clause.cb1
        }
        switch was.kind {
        case .javaScriptHandler:
            // Same data, dispatched inside the delivering evaluation or not: the safety's state, on when the
            // reference's was (SAFE-1) or off (SAFE-4); another responder: the call's callbackId (MSG-7);
            // otherwise the data was altered (ESC-3).
            let inside = ExploreObservation.Item.insideNativeEvaluation
            if was.data == got.data, was.detail.hasSuffix(inside) != got.detail.hasSuffix(inside) {
                return got.detail.hasSuffix(inside) ? Clause.safe1 : Clause.safe4
            }
            return was.data == got.data ? Clause.msg7 : Clause.esc3
        case .javaScriptCallback: return was.detail == "nil" || got.detail == "nil" ? Clause.msg2 : Clause.esc3
        case .pageError: return Clause.esc2
        case .nativeHandler: return Clause.msg3
        case .nativeCallback: return Clause.cb4
        case .call:
            if hasForeignKeys(got) { return Clause.msg1 }
            // Other keys: MSG-7 (data only when there is some, callbackId only with a callback). The same
            // keys with other values: the safety switch spelled otherwise (SAFE-2), or data changed on the way (ESC-3).
            if keys(of: was) != keys(of: got) { return Clause.msg7 }
            return isSafetySwitch(was) || isSafetySwitch(got) ? Clause.safe2 : Clause.esc3
        case .response:
            if hasForeignKeys(got) { return Clause.msg1 }
            if isIdentifierOfAnotherType(was, got) { return Clause.id3 }
            return Clause.msg2
        case .navigation: return was.detail == "cancel" ? Clause.boot1 : Clause.boot2
        case .scriptMessage: return signalClause(of: was)
        case .fetch: return Clause.flush1
        }
    }

    func missing(_ item: ExploreObservation.Item) -> Clause {
        // A call whose data holds the response-id key's name (as a member; for the JS side, anywhere), which its
        // handler never got: taken for a response on the way, by the native side (MSG-4) or the JS side (DISP-4).
        let responseKey = CanonicalJSON.quote(keys.responseID)
        if !resetHappened(from: 0, to: item.step + 1),
            item.kind == .nativeHandler && item.data.contains(responseKey + ":")
                || item.kind == .javaScriptHandler && item.data.contains(responseKey)
        {
            return item.kind == .nativeHandler ? Clause.msg4 : Clause.disp4
        }
        switch item.kind {
        case .javaScriptHandler, .javaScriptCallback, .call, .response:
            // What was never delivered: held (reset, startup queue) or never sent, before what it carried.
            if resetHappened(from: 0, to: item.step + 1) { return Clause.start3 }
            if let clause = heldClause(item.step) { return clause }
            if item.kind == .call, isSafetySwitch(item) { return Clause.safe2 }
            if let clause = neverSentClause(item.step) { return clause }
            if item.step <= firstSettle { return Clause.start1 }
            if let clause = corruptBatchClause(item) { return clause }
            switch item.kind {
            case .javaScriptHandler, .call: return Clause.esc1
            default: return Clause.flush7
            }
        // An error the page threw while the native side fetched: a fetch that never came throws none.
        case .pageError: return fetchedFewer ? Clause.flush1 : Clause.esc3
        case .nativeHandler:
            if let clause = corruptBatchClause(item) ?? corruptFetchBefore(item.step) { return clause }
            if let reset = lastReset(before: item.step), registered(item.subject, before: reset) {
                return Clause.start3
            }
            if let removed = removed(before: item.step), removed != item.subject { return Clause.miss2 }
            if registeredAgainAfterRemoval(item.subject, before: item.step) { return Clause.flush7 }
            if calledMissingHandler(inSegmentOf: item.step) { return Clause.miss1 }
            if pageChanged(from: firstSettle, to: item.step + 1) { return Clause.life1 }
            if item.detail == "nil" { return Clause.msg3 }  // a call without data is a call (MSG-3: nil data)
            return Clause.flush7
        case .nativeCallback:
            if let clause = corruptBatchClause(item) ?? corruptFetchBefore(item.step) { return clause }
            if let origin = origin(of: item), let clause = neverSentClause(origin) { return clause }
            return Clause.cb1
        case .navigation: return Clause.boot1
        case .scriptMessage: return signalClause(of: item)
        case .fetch: return Clause.flush1
        }
    }

    func extra(_ item: ExploreObservation.Item, reference: [ExploreObservation.Item]) -> Clause {
        if let clause = corruptBatchClause(item) { return clause }
        switch item.kind {
        case .javaScriptHandler, .javaScriptCallback:
            if resetHappened(from: 0, to: item.step + 1) { return Clause.start3 }
            if item.step <= firstSettle { return Clause.start1 }
            return Clause.esc1
        case .pageError: return Clause.esc2
        case .nativeHandler:
            if let removal = removed(before: item.step), removal == item.subject { return Clause.miss2 }
            if !registered(item.subject, before: item.step + 1) { return Clause.miss1 }
            return Clause.flush7
        case .nativeCallback:
            if reference.contains(where: { $0.kind == .nativeCallback && $0.subject == item.subject }) {
                return Clause.cb2
            }
            if let origin = origin(of: item) {
                if resetHappened(from: origin, to: item.step + 1) { return Clause.start3 }
                if pageChanged(from: origin, to: item.step + 1) { return Clause.life3 }
            }
            return Clause.cb3
        case .call:
            // A safety switch nobody asked for: the JS side's default (SAFE-1) changed behind the page's back.
            if isSafetySwitch(item) { return Clause.safe1 }
            return hasForeignKeys(item) ? Clause.msg1 : Clause.esc1
        case .response:
            if hasForeignKeys(item) { return Clause.msg1 }
            // An answer JS did not ask for: a second one, or one to a call without a callbackId.
            return Clause.flush7
        case .navigation: return Clause.boot1
        case .scriptMessage: return signalClause(of: item)
        case .fetch: return Clause.flush1
        }
    }

    /// The clause of a script message the page posted: the page snippet's (BOOT-5) for the load signal, the
    /// JS side's signal per send (DISP-1) otherwise; in a dialect that signals so, the clauses that take their
    /// place (`DialectApplicability.citable`).
    private func signalClause(of item: ExploreObservation.Item) -> Clause {
        if case .scriptMessage(let load) = dialect.loadSignal, item.subject == load { return Clause.boot5 }
        return Clause.disp1
    }

    /// An event the reference's run had on one page and the implementation's only on a later one: held
    /// until the next load URL, by a startup queue that should have been off (START-2) or re-armed by a
    /// reset (START-3).
    func deliveredLate(_ item: ExploreObservation.Item) -> Clause {
        resetHappened(from: 0, to: item.step + 1) ? Clause.start3 : Clause.start2
    }

    /// Events in another order: ORD-2 on the native side (a batch run out of order), START-1 for messages
    /// held by the startup queue, ORD-1 for the rest.
    func reordered(_ first: ExploreObservation.Item) -> Clause {
        switch first.kind {
        case .nativeHandler, .nativeCallback: .ord2
        case .navigation: .boot1
        case .scriptMessage: signalClause(of: first)
        default: first.step <= firstSettle ? Clause.start1 : Clause.ord1
        }
    }

    static func warning(_ line: String) -> Clause {
        if line.contains("No handler") || line.contains("no handler") { return Clause.log1 }
        if line.contains("got nil") || line.contains("empty") || line.contains("evaluation error")
            || line.contains("fetching the queue failed")
        {
            return Clause.log2
        }
        if line.contains("Invalid") { return Clause.log3 }
        return Clause.log4
    }

    /// For a message the implementation held to the end (a reload after the program flushed it): FLUSH-2
    /// when a failed fetch before it re-armed the startup queue, START-2 when the queue stayed on.
    private func heldClause(_ step: Int) -> Clause? {
        guard deliveredFewer, heldAtEnd == true else { return nil }
        return corruptFetchBefore(step) == Clause.flush2 ? Clause.flush2 : Clause.start2
    }

    /// For a message the implementation never sent, at or after `step`: START-2 when a reload after the
    /// program flushed it (a startup queue that stayed on held it; FLUSH-2 when a failed fetch before it
    /// re-armed the queue); ESC-4 after data it could not or would not write (later sends must go on); nil
    /// when neither explains it.
    private func neverSentClause(_ step: Int) -> Clause? {
        guard deliveredFewer else { return nil }
        if let clause = heldClause(step) { return clause }
        // Data it could not write stopped every send after it (ESC-4 wants them to go on).
        if sentHardData(before: step + 1), (lastDeliveryStep ?? -1) < step { return Clause.esc4 }
        return nil
    }

    // MARK: Corrupt fetch results

    /// For an event whose data came from a corrupt fetch result (it carries one of the result's markers,
    /// which are unique to it), the clause that result tests.
    private func corruptBatchClause(_ item: ExploreObservation.Item) -> Clause? {
        for case .corruptFetch(let fetch) in program.operations {
            guard let clause = fetch.clause, fetch.markers.contains(where: { item.detail.contains($0) }) else {
                continue
            }
            // A datum about callback ids tests the answer, not whether the call reached its handler: a handler
            // the call did or did not reach is judged as any other call's.
            if Self.callbackIDClauses.contains(clause), item.kind == .nativeHandler { continue }
            return clause
        }
        if item.kind == .response, isIdentifierOfAnotherType(item, item) { return Clause.id3 }
        return nil
    }

    /// The clauses of corrupt fetches whose datum is a callback id.
    private static let callbackIDClauses: Set<Clause> = [.id3, .cb1]

    /// The clause of the last corrupt fetch before `step` after which the implementation stopped running
    /// batches (a native event missing after it), if any.
    private func corruptFetchBefore(_ step: Int) -> Clause? {
        for operation in steps(from: 0, to: step + 1).reversed() {
            // A callback-id datum is a well-formed batch: one that stops later batches is of another kind.
            if case .corruptFetch(let fetch) = operation, !(fetch.clause.map(Self.callbackIDClauses.contains) ?? false)
            {
                return fetch.clause
            }
        }
        return nil
    }

    // MARK: Messages

    /// Whether a wire item is the call that switches the JS side's safety timeout off (SAFE-2).
    private func isSafetySwitch(_ item: ExploreObservation.Item) -> Bool {
        guard let switchOff = dialect.disableSafetyTimeoutHandler else { return false }
        return item.detail.contains(CanonicalJSON.quote(switchOff))
    }

    /// The message keys of the runs' wire.
    private var keys: MessageKeys { dialect.keys }

    private func keys(of item: ExploreObservation.Item) -> Set<String> {
        guard case .object(let members)? = try? JSONParser.parse(item.rawDetail) else { return [] }
        return Set(members.keys)
    }

    private func hasForeignKeys(_ item: ExploreObservation.Item) -> Bool {
        !keys(of: item).subtracting(keys.all).isEmpty
    }

    /// Whether `got`'s response id is not a string though the JS side's ids are: ID-3 keeps ids as they came.
    private func isIdentifierOfAnotherType(_ was: ExploreObservation.Item, _ got: ExploreObservation.Item)
        -> Bool
    {
        guard case .object(let members)? = try? JSONParser.parse(got.rawDetail), let id = members[keys.responseID]
        else { return false }
        if case .string = id { return false }
        return true
    }

    // MARK: The program around an event

    /// The first step that lets the page settle (a settle, or a page change, which settles before and
    /// after): events up to its end may come from the startup queue of the first page.
    var firstSettle: Int {
        // A page step also lets the page run first, when it is the program's first (ExploreExecution).
        program.operations.firstIndex { $0.runsUntilIdle || $0.isPageStep } ?? program.operations.count
    }

    /// The step whose callback label an item carries (`n3`, `j5`).
    private func origin(of item: ExploreObservation.Item) -> Int? { Int(item.subject.dropFirst()) }

    /// The program's steps from `start` up to `end` (none when `end` is not after `start`).
    private func steps(from start: Int, to end: Int) -> ArraySlice<ExploreOperation> {
        let operations = program.operations
        let lower = max(0, min(start, operations.count)), upper = max(lower, min(end, operations.count))
        return operations[lower..<upper]
    }

    /// Whether a native step before `step` sent data that is not JSON, or nested deeper than 100 levels.
    private func sentHardData(before step: Int) -> Bool {
        steps(from: 0, to: step).contains { operation in
            switch operation {
            case .callJavaScriptUnserializable: true
            case .callJavaScript(_, let data?, _), .answerNative(_, let data?): Self.depth(of: data) > 100
            default: false
            }
        }
    }

    private static func depth(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): 1 + (elements.map(depth).max() ?? 0)
        case .object(let members): 1 + (members.values.map(depth).max() ?? 0)
        default: 0
        }
    }

    func resetHappened(from start: Int, to end: Int) -> Bool {
        steps(from: start, to: end).contains { $0 == .reset }
    }

    private func lastReset(before step: Int) -> Int? {
        program.operations.indices.prefix(max(0, min(step + 1, program.operations.count))).last {
            program.operations[$0] == .reset
        }
    }

    private func pageChanged(from start: Int, to end: Int) -> Bool {
        steps(from: start, to: end).contains { $0 == .reload || $0 == .navigate }
    }

    /// The handler most recently removed before `step`, if it was not registered again since.
    private func removed(before step: Int) -> String? {
        var removed: String?
        for operation in steps(from: 0, to: step + 1) {
            switch operation {
            case .removeNative(let handler): removed = handler
            case .registerNative(let handler, _) where handler == removed: removed = nil
            default: break
            }
        }
        return removed
    }

    /// Whether `handler` was removed and then registered again before `step`.
    private func registeredAgainAfterRemoval(_ handler: String, before step: Int) -> Bool {
        let earlier = steps(from: 0, to: step + 1)
        guard let removal = earlier.lastIndex(of: .removeNative(handler: handler)) else { return false }
        return earlier[removal...].contains {
            if case .registerNative(handler, _) = $0 { return true }; return false
        }
    }

    private func registered(_ handler: String, before step: Int) -> Bool {
        steps(from: 0, to: step).contains {
            if case .registerNative(handler, _) = $0 { return true }; return false
        }
    }

    /// Whether the page called a native handler that was not registered in the segment of `step` (the
    /// steps since the last settle): a batch that holds such a call must still run the rest (MISS-1).
    private func calledMissingHandler(inSegmentOf step: Int) -> Bool {
        var start = 0
        for index in steps(from: 0, to: step).indices {
            switch program.operations[index] {
            case .settle, .reload, .navigate: start = index
            default: break
            }
        }
        return steps(from: start, to: step + 1).contains { operation in
            guard case .callNative(let handler, _, _) = operation else { return false }
            return !registered(handler, before: step) || removed(before: step) == handler
        }
    }
}

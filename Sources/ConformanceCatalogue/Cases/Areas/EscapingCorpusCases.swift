import ConformanceAdapter
import ConformanceObligations
import ConformanceSupport
import StrictJSON

/// Cases that send every payload of the hostile corpus (`Fixtures/payloads`) in both directions.
///
/// Payloads travel wrapped as `{"id": ..., "value": ...}` so that reports name them by id; raw
/// payloads never reach a report. Where a payload may be dropped, a sentinel message follows it and
/// must arrive, which shows the queue did not desynchronize.
enum EscapingCorpusCases {
    static let all = [
        nativeToJS(
            .roundTrip, clauses: [.esc1, .esc2, .esc3],
            summary:
                "every round-trip payload of the corpus reaches the JS handler unchanged, through an ES5-valid literal"),
        jsToNative(
            .roundTrip, clauses: [.msg3],
            summary: "every round-trip payload of the corpus sent by JS reaches the native handler unchanged"),
        nativeToJS(
            .rejected, clauses: [.esc4],
            summary:
                "non-JSON payloads (NaN, infinities) are refused or sent as null, with no malformed command and the queue in sync"
        ),
        jsToNative(
            .rejected, clauses: [.msg3, .flush7],
            summary:
                "non-JSON payloads sent by JS arrive as JSON.stringify makes them (null), and later messages still arrive"
        ),
        nativeToJS(
            .implementationDefined, clauses: [.esc4, .esc2],
            summary:
                "implementation-defined payloads (lone surrogates, unsafe integers, deep nesting) never inject code or stall the queue"
        ),
        jsToNative(
            .implementationDefined, clauses: [.flush3, .msg3],
            summary: "implementation-defined payloads sent by JS never crash the native side or stall later batches"),
    ]

    private static func caseID(_ payloadClass: HostilePayload.Class, _ direction: String) -> String {
        "escaping.corpus.\(payloadClass.rawValue).\(direction)"
    }

    /// A message wrapping a payload: reports then name the payload by id.
    private static func envelope(_ id: String, _ value: JSONValue) -> JSONValue { ["id": .string(id), "value": value] }

    static func nativeToJS(_ payloadClass: HostilePayload.Class, clauses: [Clause], summary: String) -> ConformanceCase
    {
        ConformanceCase(id: caseID(payloadClass, "native-to-js"), clauses: clauses, summary: summary) { context in
            let payloads = try PayloadCorpus.bundled().payloads(of: payloadClass)
            try await CasePages.start(context)
            for payload in payloads {
                if payloadClass == .roundTrip {
                    try context.callHandler("sink", data: envelope(payload.id, payload.nativeValue))
                } else {
                    try context.expectSurvival(
                        clause: .esc4a, "the native side survives being asked to send payload \(payload.id)"
                    ) {
                        try context.callHandler("sink", data: envelope(payload.id, payload.nativeValue))
                    }
                    try context.callHandler("sink", data: envelope("sentinel after " + payload.id, true))
                }
            }
            try await context.runUntilIdle()
            let handled = context.transcript.jsHandlerInvocations("sink").map(\.data)
            let received = receivedByID(handled)
            // A message that did not arrive is blamed on what went wrong: its escaping, a command that missed the
            // entry point, or a send never evaluated (NativeSendTrail).
            let sentIDs = Set(payloads.flatMap { [$0.id, "sentinel after " + $0.id] })
            let trail = NativeSendTrail(context.transcript, handler: "sink") { data in
                guard case .object(let members)? = data, case .string(let id)? = members["id"] else { return false }
                return sentIDs.contains(id)
            }
            let onTheWire = receivedByID(trail.delivered.compactMap { $0 })
            let atJSHandler: Attribution = { id, expected, own, isSentinel in
                if onTheWire[id].map({ $0 == [expected] }) == true {
                    return NativeSendTrail.dispatch(
                        of: expected.map { envelope(id, $0) }, handled: handled, keys: context.dialect.keys)
                }
                return isSentinel
                    ? trail.blame(forMissingAfterOthers: isEnvelope(id), own: own)
                    : trail.blame(forMissing: isEnvelope(id), escaping: own)
            }
            // Round trips: what the JS handler got under the ESC-3 obligation for what the payload holds; what
            // the literal decodes to under ES5 rules under the ESC-2 obligation for the escape it needs.
            check(
                payloads, payloadClass: payloadClass, received: received, where: "the JS handler", context: context,
                obligation: { PayloadObligations.held($0.nativeValue) }, rejected: .esc4b, sentinel: .esc4c,
                failure: atJSHandler)
            if payloadClass == .roundTrip {
                check(
                    payloads, payloadClass: payloadClass, received: onTheWire,
                    where: "the command literals (ES5 decoding)", context: context,
                    obligation: {
                        PayloadObligations.literal($0.nativeValue) ?? PayloadObligations.held($0.nativeValue)
                    },
                    rejected: .esc4b, sentinel: .esc4c,
                    failure: { id, expected, own, _ in
                        // Escapes change strings only: a literal whose strings are all right but whose numbers or
                        // booleans are not carries a message the native side changed before it escaped it.
                        if let expected, let arrived = onTheWire[id], arrived.count == 1, let value = arrived[0],
                            value.hasTheStrings(of: expected)
                        {
                            return NativeSendTrail.Blame(obligation: .esc3a)
                        }
                        return trail.blame(forMissing: isEnvelope(id), escaping: own)
                    })
            }
        }
    }

    /// What a failed check blames instead of its own obligation, given the message's id, the value expected,
    /// the check's own obligation, and whether the message is the sentinel sent after a payload.
    typealias Attribution = (_ id: String, _ expected: JSONValue?, _ own: Obligation, _ isSentinel: Bool) ->
        NativeSendTrail.Blame

    /// Whether data is the envelope of the payload `id`.
    private static func isEnvelope(_ id: String) -> (JSONValue?) -> Bool {
        { data in
            guard case .object(let members)? = data else { return false }
            return members["id"] == .string(id)
        }
    }

    static func jsToNative(_ payloadClass: HostilePayload.Class, clauses: [Clause], summary: String) -> ConformanceCase
    {
        ConformanceCase(id: caseID(payloadClass, "js-to-native"), clauses: clauses, summary: summary) { context in
            let payloads = try PayloadCorpus.bundled().payloads(of: payloadClass)
            try context.registerHandler("sink", answer: .none)
            // Payloads that may be dropped go in batches of their own, each followed by a sentinel batch.
            let sends = payloads.enumerated().map { index, payload in
                let send =
                    "bridge.callHandler(\"sink\", { id: \(CanonicalJSON.quote(payload.id)), value: \(payload.javaScriptExpression) });"
                guard payloadClass != .roundTrip else { return send }
                let sentinel =
                    "bridge.callHandler(\"sink\", { id: \(CanonicalJSON.quote("sentinel after " + payload.id)), value: true });"
                return
                    "setTimeout(function () { \(send) }, \(index * 10)); setTimeout(function () { \(sentinel) }, \(index * 10 + 5));"
            }
            try await CasePages.start(
                context,
                page: """
                    setupWebViewJavascriptBridge(function (bridge) {
                    \(sends.joined(separator: "\n"))
                    });
                    """)
            let received = receivedByID(context.transcript.nativeHandlerInvocations("sink"))
            // JSON.stringify's coercions are deterministic, so rejected payloads must arrive exactly as coerced.
            // A payload that may be dropped must not keep the sentinel batch after it from running: for one
            // that JSON.stringify coerced, the sentinel is an ordinary call (FLUSH-7.a); for one the native
            // side may fail to parse, a batch after an invalid one (FLUSH-3.c).
            check(
                payloads, payloadClass: payloadClass, received: received, where: "the native handler",
                context: context, expected: \.expectedAtNative, exact: payloadClass == .rejected,
                obligation: { PayloadObligations.native($0.expectedAtNative) },
                rejected: nil, sentinel: payloadClass == .rejected ? Obligation.flush7a : Obligation.flush3c)
        }
    }

    /// Values received, by payload id (envelopes that are not well-formed are kept under "<malformed>").
    private static func receivedByID(_ data: [JSONValue?]) -> [String: [JSONValue?]] {
        var byID: [String: [JSONValue?]] = [:]
        for case .object(let members)?? in data.map(Optional.some) {
            guard case .string(let id)? = members["id"] else {
                byID["<malformed>", default: []].append(.object(members)); continue
            }
            byID[id, default: []].append(members["value"])
        }
        return byID
    }

    /// Checks what arrived against the class's rule, one check per payload, payloads named by id.
    /// - Parameters:
    ///   - obligation: The obligation of a payload's value (round trips, and exact arrivals).
    ///   - rejected: The obligation that a rejected payload is refused or sent as null; nil for the
    ///     payload's own obligation.
    ///   - sentinel: The obligation that the message after a payload that may be dropped arrives.
    @MainActor
    private static func check(
        _ payloads: [HostilePayload], payloadClass: HostilePayload.Class, received: [String: [JSONValue?]],
        where place: String, context: CaseContext, expected: KeyPath<HostilePayload, JSONValue> = \.nativeValue,
        exact: Bool = false,
        obligation: (HostilePayload) -> Obligation, rejected: Obligation?, sentinel: Obligation,
        failure: Attribution? = nil
    ) {
        // A check that fails cites what `failure` blames, when given; one that passes, its own obligation.
        func blame(_ id: String, _ expected: JSONValue?, passed: Bool, _ own: Obligation, isSentinel: Bool = false)
            -> NativeSendTrail.Blame
        {
            passed
                ? NativeSendTrail.Blame(obligation: own)
                : failure?(id, expected, own, isSentinel) ?? .init(obligation: own)
        }
        for payload in payloads {
            let arrivals = Arrivals(values: received[payload.id] ?? [])
            if exact {
                context.expectEqual(
                    arrivals, Arrivals(values: [payload[keyPath: expected]]), clause: obligation(payload),
                    "payload \(payload.id) (\(payload.description)) as seen by \(place), exactly as JSON.stringify makes it"
                )
            }
            switch payloadClass {
            case .roundTrip:
                // JS sent it: a leading U+FEFF lost on the native side is likely Foundation's parser on Linux.
                let cause =
                    place == "the native handler"
                    ? EscapingCases.leadingBOMCause(sent: [payload[keyPath: expected]], got: arrivals.values) : nil
                let sent = payload[keyPath: expected]
                let blamed = blame(payload.id, sent, passed: arrivals.values == [sent], obligation(payload))
                context.expectEqual(
                    arrivals, Arrivals(values: [sent]), clause: blamed.obligation,
                    blamed.message("payload \(payload.id) (\(payload.description)) as seen by \(place)"),
                    likelyCause: cause)
            case .rejected:
                // Refused (nothing arrives) or coerced to null; never anything else.
                let asValue = arrivals.values.first.flatMap { $0 == .null ? nil : $0 }
                context.expectEqual(
                    asValue.map(abbreviated) ?? "nothing, or null", "nothing, or null",
                    clause: rejected ?? obligation(payload),
                    "payload \(payload.id) (\(payload.description)) at \(place): refused or null, never another value")
                fallthrough
            case .implementationDefined:
                let sentinelID = "sentinel after " + payload.id
                let blamed = blame(
                    sentinelID, true, passed: received[sentinelID]?.count == 1, sentinel, isSentinel: true)
                context.expectEqual(
                    received[sentinelID]?.count ?? 0, 1, clause: blamed.obligation,
                    blamed.message(
                        "arrivals at \(place) of the message sent after payload \(payload.id) (once, or the queue lost sync)"
                    ))
            }
        }
    }

    /// What arrived for one payload, compared in full and shown abbreviated.
    private struct Arrivals: Equatable, CustomStringConvertible {
        var values: [JSONValue?]
        var description: String {
            values.isEmpty
                ? "nothing arrived"
                : values.map { $0.map(EscapingCorpusCases.abbreviated) ?? "absent" }.joined(separator: " then ")
        }
    }

    private static func abbreviated(_ value: JSONValue) -> String {
        PrintableText.abbreviate(value, limit: 120)
    }
}

import ConformanceAdapter
import ConformanceBrowser
import ConformanceObligations
import StrictJSON

/// Cases on escaping native -> JS commands and carrying hostile payloads both ways.
///
/// Besides the round trip checked here, every native command of every case is linted by `WireInspector`
/// (exact form, ES5 lexing), because modern engines accept what older ones reject.
enum EscapingCases {
    static let all = [
        quotesAndBackslashes, lineTerminators, nulAndControls, nonASCII, hostileJSToNative, unserializableData,
    ]

    static let quotePayloads: [JSONValue] = [
        "it's", "\"double\"", "back\\slash", "trailing backslash\\", "\\'", "\\\\'",
        "'); conformance.note('injected', 1); ('",
        "\"); conformance.note('injected', 2); (\"",
    ]
    static let lineTerminatorPayloads: [JSONValue] = [
        "a\u{2028}b", "a\u{2029}b", "line\nfeed", "carriage\rreturn", "form\u{0C}feed", "\u{2028}\u{2029}\n\r",
    ]
    static let controlPayloads: [JSONValue] = ["nul\u{0}inside", "\u{0}", "tab\there", "\u{1}\u{1F}\u{7F}"]
    static let nonASCIIPayloads: [JSONValue] = [
        "emoji 😀", "👨‍👩‍👧‍👦", "\u{FEFF}bom", "</script><script>", "%@ %d %s", "$& $1 $$", "é漢字",
    ]

    static let quotesAndBackslashes = roundTrip(
        id: "escaping.quotes-and-backslashes.native-to-js", clauses: [.esc1, .esc2, .esc3, .esc5, .ord1],
        summary:
            "quotes, backslash runs and a trailing backslash cross the literal intact; injection attempts stay data",
        payloads: quotePayloads)

    static let lineTerminators = roundTrip(
        id: "escaping.line-terminators.native-to-js", clauses: [.esc2, .esc3, .ord1],
        summary: "LF, CR, FF, U+2028 and U+2029 are escaped (\\u2028, not raw, not \\u{2028}) and arrive intact",
        payloads: lineTerminatorPayloads)

    static let nulAndControls = roundTrip(
        id: "escaping.nul-and-controls.native-to-js", clauses: [.esc3, .esc2, .ord1],
        summary: "NUL and other control characters arrive intact",
        payloads: controlPayloads)

    static let nonASCII = roundTrip(
        id: "escaping.non-ascii.native-to-js", clauses: [.esc3, .esc2, .ord1],
        summary:
            "emoji (surrogate pairs, ZWJ sequences), BOM, </script>, format specifiers and replacement patterns arrive intact",
        payloads: nonASCIIPayloads)

    static let hostileJSToNative = ConformanceCase(
        id: "escaping.hostile.js-to-native",
        clauses: [.msg3],
        summary: "the hostile payloads sent from JS reach the native handler intact"
    ) { context in
        let payloads = quotePayloads + lineTerminatorPayloads + controlPayloads + nonASCIIPayloads
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    \(JSONValue.array(payloads).canonicalText).forEach(function (payload) { bridge.callHandler("sink", payload); });
                });
                """)
        let got = context.transcript.nativeHandlerInvocations("sink")
        context.expectEqual(
            got, payloads.map { $0 }, clause: .msg3c,
            "payloads the native handler got (strings, code unit for code unit)",
            likelyCause: leadingBOMCause(sent: payloads.map { $0 }, got: got))
    }

    /// Foundation's parser on Linux (`PlatformBehaviour.foundationDropsLeadingBOM`) when a string of `sent`
    /// that begins with U+FEFF is missing from `got` and the same string without its first U+FEFF is there;
    /// else nil.
    /// - Parameters:
    ///   - sent: The values JS sent.
    ///   - got: The values the native handler got.
    static func leadingBOMCause(sent: [JSONValue?], got: [JSONValue?]) -> PlatformBehaviour? {
        let lost = sent.contains { value in
            guard case .string(let text)? = value, text.unicodeScalars.first == "\u{FEFF}" else { return false }
            return !got.contains(value) && got.contains(.string(String(text.unicodeScalars.dropFirst())))
        }
        return lost ? .foundationDropsLeadingBOM : nil
    }

    /// Sends each payload native -> JS and checks both the decoded wire message and what the JS handler got.
    ///
    /// Each payload is checked on its own: as decoded from the literal under ES5 rules, under the ESC-2
    /// obligation for the escape it needs (the ESC-3 one when it needs none); as the JS handler got it,
    /// under the ESC-3 obligation for what it holds. What arrived but matches no payload, and the order,
    /// are checked apart.
    static func roundTrip(id: String, clauses: [Clause], summary: String, payloads: [JSONValue]) -> ConformanceCase {
        ConformanceCase(id: id, clauses: clauses, summary: summary) { context in
            try await CasePages.start(context)
            for payload in payloads { try context.callHandler("sink", data: payload) }
            try await context.runUntilIdle()
            // A payload that did not arrive is blamed on what went wrong: its escaping, a command that missed the
            // entry point, or a send never evaluated (NativeSendTrail).
            let trail = NativeSendTrail(context.transcript, handler: "sink") { data in
                data.map(payloads.contains) ?? false
            }
            let onTheWire = trail.delivered.compactMap { $0 }
            let literal = { PayloadObligations.literal($0) ?? PayloadObligations.held($0) }
            expectEachOnce(
                onTheWire.map(Optional.some), payloads, "decoded from the commands' literals (ES5 rules)", in: context
            ) { payload, arrivals in
                arrivals == 1
                    ? NativeSendTrail.Blame(obligation: literal(payload))
                    : trail.blame(forMissing: { $0 == payload }, escaping: literal(payload))
            }
            let handled = context.transcript.jsHandlerInvocations("sink").map(\.data)
            let keys = context.dialect.keys
            expectEachOnce(
                handled, payloads, "got by the JS handler after JSON.parse", in: context,
                strayObligation: { stray in
                    payloads.contains { NativeSendTrail.isWholeCall(stray, carrying: $0, keys: keys) }
                        ? Obligation.disp5a : Obligation.esc3a
                }
            ) { payload, arrivals in
                if arrivals == 1 { return NativeSendTrail.Blame(obligation: PayloadObligations.held(payload)) }
                if onTheWire.filter({ $0 == payload }).count == 1 {
                    return NativeSendTrail.dispatch(of: payload, handled: handled, keys: context.dialect.keys)
                }
                return trail.blame(forMissing: { $0 == payload }, escaping: PayloadObligations.held(payload))
            }
            context.expectEqual(
                context.transcript.pageNotes("injected"), [], clause: .esc2j, "code injected through a payload ran")
        }
    }

    /// Checks that each payload arrived once, under the obligation `obligation` blames given the number of
    /// times it arrived; that nothing arrived that equals no payload (under the obligation `strayObligation`
    /// gives: ESC-3.a unless told otherwise); and that the payloads arrived in send order (ORD-1.a).
    @MainActor
    private static func expectEachOnce(
        _ got: [JSONValue?], _ payloads: [JSONValue], _ place: String, in context: CaseContext,
        strayObligation: (JSONValue?) -> Obligation = { _ in .esc3a },
        obligation: (_ payload: JSONValue, _ arrivals: Int) -> NativeSendTrail.Blame
    ) {
        for (index, payload) in payloads.enumerated() {
            let arrivals = got.filter { $0 == payload }.count
            let blame = obligation(payload, arrivals)
            context.expectEqual(
                arrivals, 1, clause: blame.obligation,
                blame.message(
                    "arrivals of payload #\(index + 1), \(PrintableText.printable(payload.canonicalText)), \(place)"))
        }
        let sent = payloads.map(Optional.some)
        let strays = Dictionary(grouping: got.filter { !sent.contains($0) }, by: strayObligation)
        for (obligation, values) in strays.sorted(by: { $0.key < $1.key }) {
            context.expectEqual(values, [], clause: obligation, "data \(place) that equals no payload sent")
        }
        context.expectEqual(
            CheckParts.ofSent(got, sent: sent), CheckParts.inSendOrder(got, sent: sent), clause: .ord1a,
            "payloads \(place), in send order")
    }

    static let unserializableData = ConformanceCase(
        id: "escaping.unserializable-data.native-to-js",
        clauses: [.esc4],
        accepts: .unansweredNativeCallbacks,
        summary:
            "data that is not JSON (NaN, Infinity) neither crashes the bridge nor yields a broken command; later messages still arrive"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("sink", data: ["bad": .number(.nan)])
        try context.callHandler("sink", data: .number(.infinity), callback: "infinite")
        try context.callHandler("sink", data: "after")
        try await context.runUntilIdle()
        var broken: [String] = [], ordinaryProblem: Obligation?
        for evaluation in context.transcript.nativeEvaluations {
            guard let delivery = evaluation.command.delivery, delivery.isMalformed else { continue }
            let problems = delivery.problems
            broken.append("\(problems.map(\.message)) in \(PrintableText.abbreviate(evaluation.script, limit: 120))")
            // The command of the valid call after them broken too: the commands' form is at fault, not the data.
            if case .object(let members)? = delivery.message,
                members["data"] == "after"
            {
                ordinaryProblem = ordinaryProblem ?? problems.first?.obligation
            }
        }
        context.expectEqual(
            broken, [], clause: ordinaryProblem ?? Obligation.esc4b,
            "commands evaluated for unserializable data that break ESC-1 to ESC-3"
                + (ordinaryProblem == nil ? "" : ": the command of the valid call after them is broken the same way"))
        // A valid call after them that never arrived: blamed as a round trip's payload is (NativeSendTrail).
        let last = context.transcript.jsHandlerInvocations("sink").last?.data
        let blame =
            last == "after"
            ? NativeSendTrail.Blame(obligation: .esc4c)
            : NativeSendTrail(context.transcript, handler: "sink") { _ in true }
                .blame(forMissingAfterOthers: { $0 == "after" }, own: .esc4c)
        context.expectEqual(
            last, "after", clause: blame.obligation,
            blame.message("the last data the JS handler got (a valid call after the unserializable ones)"))
    }
}

/// The obligations a payload puts to the test, read from the characters its strings and keys hold.
enum PayloadObligations {
    /// The ESC-2 obligation whose escape the payload's literal depends on most, or nil when the payload
    /// needs none of the substitutions (`"` and FF need none: ESC-2.b and ESC-2.f are withdrawn). A `'`, a
    /// backslash or a line separator followed by a combining mark comes first (ESC-2.j), then a backslash
    /// (ESC-2.a: escaped first, so that a quote after it is not doubled), then `'`, U+2028, U+2029, LF and CR.
    static func literal(_ value: JSONValue) -> Obligation? {
        let order: [(Unicode.Scalar, Obligation)] = [
            ("\\", Obligation.esc2a), ("'", Obligation.esc2c), ("\u{2028}", Obligation.esc2g),
            ("\u{2029}", Obligation.esc2h), ("\n", Obligation.esc2d),
            ("\r", Obligation.esc2e),
        ]
        var present: Set<Unicode.Scalar> = []
        // One pass over every scalar, with a cheap test for the common ones: payloads run to megabytes.
        for text in strings(in: value) {
            var previousNeedsEscape = false
            for scalar in text.unicodeScalars {
                if previousNeedsEscape {
                    switch scalar.properties.generalCategory {
                    case .nonspacingMark, .spacingMark, .enclosingMark: return Obligation.esc2j
                    default: break
                    }
                }
                switch scalar {
                case "'", "\\", "\u{2028}", "\u{2029}":
                    previousNeedsEscape = true
                    present.insert(scalar)
                case "\n", "\r":
                    previousNeedsEscape = false
                    present.insert(scalar)
                default:
                    previousNeedsEscape = false
                }
            }
        }
        return order.first { present.contains($0.0) }?.1
    }

    /// The ESC-3 obligation about what the payload holds: U+FEFF (ESC-3.d), control characters (ESC-3.b),
    /// other non-ASCII text and surrogate pairs (ESC-3.c), or nothing special (ESC-3.a).
    static func held(_ value: JSONValue) -> Obligation {
        var control = false, nonASCII = false
        for string in strings(in: value) {
            // Read from the UTF-8 bytes: payloads run to a megabyte.
            var string = string
            let holdsByteOrderMark = string.withUTF8 { bytes -> Bool in
                guard let base = bytes.baseAddress else { return false }
                for index in 0..<bytes.count {
                    let byte = base[index]
                    let next = index + 1 < bytes.count ? base[index + 1] : 0
                    if byte < 0x20 || byte == 0x7F || (byte == 0xC2 && (0x80...0x9F).contains(next)) {
                        control = true  // C0, DEL and C1 controls
                    } else if byte == 0xEF, next == 0xBB, index + 2 < bytes.count, base[index + 2] == 0xBF {
                        return true  // U+FEFF
                    } else if byte >= 0xC0 {
                        nonASCII = true  // the first byte of any other character beyond ASCII
                    }
                }
                return false
            }
            if holdsByteOrderMark { return Obligation.esc3d }
        }
        return control ? Obligation.esc3b : nonASCII ? Obligation.esc3c : Obligation.esc3a
    }

    /// The MSG-3 obligation for data of this kind sent by JS inside an object: strings (MSG-3.c), numbers
    /// (MSG-3.d), booleans (MSG-3.e); arrays, objects and null members of the object (MSG-3.f).
    static func native(_ value: JSONValue) -> Obligation {
        switch value {
        case .string: .msg3c
        case .number: .msg3d
        case .bool: .msg3e
        case .null, .array, .object: .msg3f
        }
    }

    /// Every string in `value`: string values and object keys, nested ones included.
    private static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let elements): elements.flatMap(strings(in:))
        case .object(let members): members.flatMap { [$0.key] + strings(in: $0.value) }
        case .null, .bool, .number: []
        }
    }
}

import StrictJSON

/// Cases on escaping native -> JS commands and carrying hostile payloads both ways.
///
/// Besides the round trip checked here, every native command of every case is linted by `WireInspector`
/// (exact form, ES5 lexing), because modern engines accept what older ones reject.
enum EscapingCases {
    static let all = [quotesAndBackslashes, lineTerminators, nulAndControls, nonASCII, hostileJSToNative, unserializableData]

    static let quotePayloads: [JSONValue] = [
        "it's", "\"double\"", "back\\slash", "trailing backslash\\", "\\'", "\\\\'", "'); conformance.note('injected', 1); ('",
        "\"); conformance.note('injected', 2); (\"",
    ]
    static let lineTerminatorPayloads: [JSONValue] = ["a\u{2028}b", "a\u{2029}b", "line\nfeed", "carriage\rreturn", "form\u{0C}feed", "\u{2028}\u{2029}\n\r"]
    static let controlPayloads: [JSONValue] = ["nul\u{0}inside", "\u{0}", "tab\there", "\u{1}\u{1F}\u{7F}"]
    static let nonASCIIPayloads: [JSONValue] = ["emoji 😀", "👨‍👩‍👧‍👦", "\u{FEFF}bom", "</script><script>", "%@ %d %s", "$& $1 $$", "é漢字"]

    static let quotesAndBackslashes = roundTrip(
        id: "escaping.quotes-and-backslashes.native-to-js", clauses: ["ESC-1", "ESC-2", "ESC-3"],
        summary: "quotes, backslash runs and a trailing backslash cross the literal intact; injection attempts stay data",
        payloads: quotePayloads)

    static let lineTerminators = roundTrip(
        id: "escaping.line-terminators.native-to-js", clauses: ["ESC-2", "ESC-3"],
        summary: "LF, CR, FF, U+2028 and U+2029 are escaped (\\u2028, not raw, not \\u{2028}) and arrive intact",
        payloads: lineTerminatorPayloads)

    static let nulAndControls = roundTrip(
        id: "escaping.nul-and-controls.native-to-js", clauses: ["ESC-3"],
        summary: "NUL and other control characters arrive intact",
        payloads: controlPayloads)

    static let nonASCII = roundTrip(
        id: "escaping.non-ascii.native-to-js", clauses: ["ESC-3"],
        summary: "emoji (surrogate pairs, ZWJ sequences), BOM, </script>, format specifiers and replacement patterns arrive intact",
        payloads: nonASCIIPayloads)

    static let hostileJSToNative = ConformanceCase(
        id: "escaping.hostile.js-to-native",
        clauses: ["MSG-3"],
        summary: "the hostile payloads sent from JS reach the native handler intact"
    ) { context in
        let payloads = quotePayloads + lineTerminatorPayloads + controlPayloads + nonASCIIPayloads
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                \(JSONValue.array(payloads).canonicalText).forEach(function (payload) { bridge.callHandler("sink", payload); });
            });
            """)
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), payloads.map { $0 },
                            clause: "MSG-3", "payloads the native handler got")
    }

    /// Sends each payload native -> JS and checks both the decoded wire message and what the JS handler got.
    static func roundTrip(id: String, clauses: [String], summary: String, payloads: [JSONValue]) -> ConformanceCase {
        ConformanceCase(id: id, clauses: clauses, summary: summary) { context in
            try await CasePages.start(context)
            for payload in payloads { try context.callHandler("sink", data: payload) }
            try await context.runUntilIdle()
            let onTheWire = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
                guard case .object(let members) = message, members["handlerName"] == "sink" else { return nil }
                return members["data"]
            }
            context.expectEqual(onTheWire, payloads, clause: "ESC-3", "data decoded from the commands' literals (ES5 rules)")
            context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), payloads.map { $0 },
                                clause: "ESC-3", "data the JS handler got after JSON.parse")
            context.expectEqual(context.transcript.pageNotes("injected"), [], clause: "ESC-2", "code injected through a payload ran")
        }
    }

    static let unserializableData = ConformanceCase(
        id: "escaping.unserializable-data.native-to-js",
        clauses: ["ESC-4"],
        accepts: .unansweredNativeCallbacks,
        summary: "data that is not JSON (NaN, Infinity) neither crashes the bridge nor yields a broken command; later messages still arrive"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("sink", data: ["bad": .number(.nan)])
        try context.callHandler("sink", data: .number(.infinity), callback: "infinite")
        try context.callHandler("sink", data: "after")
        try await context.runUntilIdle()
        for evaluation in context.transcript.nativeEvaluations {
            if case .malformed(let problems) = WireInspector.decodeCommand(evaluation.script) {
                context.fail(clause: "ESC-4", "a command evaluated for unserializable data breaks ESC-1 to ESC-3: \(problems.map(\.message))",
                             actual: PrintableText.abbreviate(evaluation.script, limit: 120))
            }
        }
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").last?.data, "after", clause: "ESC-4",
                            "the last data the JS handler got (a valid call after the unserializable ones)")
    }
}

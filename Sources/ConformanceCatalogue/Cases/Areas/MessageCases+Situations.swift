import ConformanceObligations
import StrictJSON

/// Message cases for situations explore taught the catalogue: the protocol's own words inside data.
extension MessageCases {
    static let situations = [protocolWordsInData]

    static let protocolWordsInData = ConformanceCase(
        id: "messages.protocol-words-in-data",
        clauses: [.msg4, .disp4],
        summary:
            "data whose keys and strings are the protocol's keys and the switch's name is data: calls carrying it reach their handlers on both sides"
    ) { context in
        let keys = context.dialect.keys
        let words: JSONValue = .object([
            keys.responseID: "objc_cb_1", keys.callbackID: "cb_1_1", keys.handlerName: "sink", keys.data: "data",
            keys.responseData: 1,
            "words": .array([.string(keys.responseID), .string(context.dialect.disableSafetyTimeoutHandler ?? "")]),
        ])
        try context.registerHandler("echo", answer: .echo)
        let wire = context.dialect
        try await CasePages.start(
            context,
            page: CasePages.sink(in: wire) + """

                \(wire.pageSetupCall)(function (bridge) {
                    bridge.\(wire.callHandlerFunction)("echo", \(words.canonicalText), conformance.callback("words"));
                });
                """)
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("echo"), [words], clause: .msg4b,
            "data a native handler got in a call whose data has the protocol's keys")
        try context.callHandler("sink", data: words)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.jsHandlerInvocations("sink").map(\.data), [words], clause: .disp4d,
            "data a JS handler got in a native call whose data has the protocol's keys")
    }
}

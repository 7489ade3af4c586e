/// Cases on message shapes: data forms in both directions and the shape of responses.
enum MessageCases {
    static let all = [jsToNativeDataForms, nilAnswerIsNull]

    static let jsToNativeDataForms = ConformanceCase(
        id: "messages.js-to-native.data-forms",
        clauses: ["MSG-3"],
        summary: "native handlers get absent, null and non-object data (string, number, array, boolean) exactly as JS sent them"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("sink");
                bridge.callHandler("sink", null);
                bridge.callHandler("sink", "text");
                bridge.callHandler("sink", 42.5);
                bridge.callHandler("sink", [1, "two"]);
                bridge.callHandler("sink", false);
                bridge.callHandler("sink", { "nested": { "k": [] } });
            });
            """)
        let expected: [JSONValue?] = [nil, .null, "text", 42.5, [1, "two"], false, ["nested": ["k": []]]]
        context.expectEqual(context.transcript.nativeHandlerInvocations("sink"), expected,
                            clause: "MSG-3", "data the native handler got, call by call")
    }

    static let nilAnswerIsNull = ConformanceCase(
        id: "messages.native-to-js.nil-answer-is-null",
        clauses: ["MSG-2"],
        summary: "a native handler answering nil sends \"responseData\":null, so the JS callback gets null, not undefined"
    ) { context in
        try context.registerHandler("answerNil", answer: .value(nil))
        try await CasePages.start(context, page: """
            setupWebViewJavascriptBridge(function (bridge) {
                bridge.callHandler("answerNil", 1, function (answer) {
                    conformance.note("answer is null", answer === null);
                });
            });
            """)
        let notes = context.transcript.pageNotes("answer is null")
        context.expectEqual(notes, [true], clause: "MSG-2", "whether the JS callback got null")
    }
}

import StrictJSON

/// Synchronous calls through `prompt()` (spec/container.md section 7). Each is judged at both ends: the JSON text
/// the native side's text input panel answered (MHSYNC-2) and what `callSync` made of it (MHSYNC-1), the second only
/// when the first was right, so that each failure is its own component's.
enum SynchronousCases {
    /// Checks that the `index`-th panel answer is JSON text satisfying `isRight` (citing `nativeCitation`), and then
    /// that `callSync` returned that value (noted under `label`).
    @MainActor
    static func judge(
        _ context: ContainerCaseContext, answer index: Int, label: String, nativeCitation: String, expected: String,
        _ isRight: (JSONValue?) -> Bool
    ) {
        let answers = context.promptAnswers
        let text = index < answers.count ? answers[index] : nil
        let parsed = text.flatMap { try? JSONParser.parse($0) }
        context.expect(
            isRight(parsed), citing: nativeCitation,
            "the panel answers the synchronous call \(label) with the JSON text of \(expected); got \(text.map { "'\($0)'" } ?? "nothing")"
        )
        guard isRight(parsed), let parsed else { return }
        context.expectEqual(
            context.notes(label), [parsed], citing: "MHSYNC-1.a", "callSync (\(label)) returns the parsed answer")
    }

    static let all: [ContainerCase] = [
        ContainerCase(
            id: "sync.result", clauses: ["MHSYNC-2", "MHSYNC-1"], needsSynchronousCalls: true,
            summary: "a synchronous call returns the handler's value"
        ) { context in
            try context.register(handler: "app", action: "echo")
            context.loadPage(
                #"conformance.note("sync", containerBridge.callSync("app", "echo", {"a": [1, 2], "s": "x"}));"#)
            try await context.runUntilIdle()
            let expected: JSONValue = ["a": [1, 2], "s": "x"]
            judge(context, answer: 0, label: "sync", nativeCitation: "MHSYNC-2.a", expected: expected.canonicalText) {
                $0 == expected
            }
            context.expectEqual(
                context.handlerInvocations("app.echo"), [expected], citing: "MHCALL-2.c",
                "the handler gets the synchronous call's params once")
        },
        ContainerCase(
            id: "sync.kinds", clauses: ["MHSYNC-2", "MHESC-2"], needsSynchronousCalls: true,
            summary: "a synchronous call returns values of every JSON kind as the handler gave them"
        ) { context in
            let values: [JSONValue] = ["text", "it's \"quoted\"\n", 0, -2.5, false, .null, [], ["k": [true]]]
            try context.register(
                handler: "app", action: "get",
                reply: .lookup(
                    Dictionary(uniqueKeysWithValues: values.enumerated().map { ("v\($0.offset)", $0.element) })))
            context.loadPage(
                values.indices.map {
                    #"conformance.note("v\#($0)", containerBridge.callSync("app", "get", "v\#($0)"));"#
                }
                .joined(separator: "\n"))
            try await context.runUntilIdle()
            for (index, value) in values.enumerated() {
                judge(
                    context, answer: index, label: "v\(index)", nativeCitation: "MHSYNC-2.a",
                    expected: value.canonicalText
                ) {
                    $0 == value
                }
            }
        },
        ContainerCase(
            id: "sync.missing-and-throwing", clauses: ["MHSYNC-2"], needsSynchronousCalls: true,
            usesThrowingHandlers: true,
            summary: "a synchronous call to a missing handler or action, or to one that throws, returns an error object"
        ) { context in
            try context.register(handler: "app", action: "fail", reply: .throwing)
            context.loadPage(
                """
                conformance.note("no-handler", containerBridge.callSync("nope", "x", 1));
                conformance.note("no-action", containerBridge.callSync("app", "nope", 1));
                conformance.note("throws", containerBridge.callSync("app", "fail", 1));
                """)
            try await context.runUntilIdle()
            for (index, label) in ["no-handler", "no-action", "throws"].enumerated() {
                judge(context, answer: index, label: label, nativeCitation: "MHSYNC-2.b", expected: "an error object") {
                    FailureCases.isErrorObject($0)
                }
            }
        },
        ContainerCase(
            id: "sync.inside-event", clauses: ["MHSYNC-3"], needsSynchronousCalls: true,
            summary: "a listener makes a synchronous call while the native side's event evaluation runs"
        ) { context in
            try context.register(handler: "app", action: "echo")
            context.loadPage(
                """
                onListenEvent("ask", function (data) {
                    var answer = containerBridge.callSync("app", "echo", data);
                    conformance.note("inside", answer);
                    return answer;
                });
                """)
            try await context.runUntilIdle()
            try context.sendEvent("ask", data: ["q": 1], label: "done")
            try await context.runUntilIdle()
            judge(context, answer: 0, label: "inside", nativeCitation: "MHSYNC-3.a", expected: #"{"q":1}"#) {
                $0 == ["q": 1]
            }
            guard context.notes("inside") == [["q": 1]] else { return }
            context.expectEqual(
                context.completions("done"), [["q": 1]], citing: "MHEVT-2.b",
                "the event's completion gets what the listener returned")
        },
    ]
}

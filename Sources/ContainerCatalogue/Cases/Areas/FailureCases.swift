import StrictJSON

/// Calls nothing handles, and handlers that fail (spec/container.md section 3).
enum FailureCases {
    /// Whether `value` is an error object: an object whose `error` member is a string.
    static func isErrorObject(_ value: JSONValue?) -> Bool {
        guard case .object(let members)? = value, case .string? = members["error"] else { return false }
        return true
    }

    static let all: [ContainerCase] = [
        ContainerCase(
            id: "missing.handler-and-action", clauses: ["MHFAIL-1"],
            summary: "a call to a missing handler, or to a missing action of a handler, gets an error object once"
        ) { context in
            try context.register(handler: "app", action: "echo")
            context.loadPage(
                """
                containerBridge.call("nope", "echo", 1, conformance.callback("no-handler"));
                containerBridge.call("app", "nope", 2, conformance.callback("no-action"));
                containerBridge.call("app", "echo", 3, conformance.callback("after"));
                """)
            try await context.runUntilIdle()
            for label in ["no-handler", "no-action"] {
                let answers = context.pageCallbacks(label)
                context.expect(
                    answers.count == 1 && isErrorObject(answers[0]), citing: "MHFAIL-1.a",
                    "the call with \(label) is answered once with an error object; got \(answers.map { $0?.canonicalText ?? "nothing" })"
                )
            }
            context.expectEqual(
                context.pageCallbacks("after"), [3], citing: "MHCALL-3.a", "a later call to a real handler is answered")
        },
        ContainerCase(
            id: "missing.not-delivered-later", clauses: ["MHFAIL-1"],
            summary: "a call that found no handler is not handed to a handler registered afterwards"
        ) { context in
            context.loadPage(#"containerBridge.call("late", "op", "early", conformance.callback("early"));"#)
            try await context.runUntilIdle()
            try context.register(handler: "late", action: "op")
            context.runInPage(#"containerBridge.call("late", "op", "now", conformance.callback("now"));"#)
            try await context.runUntilIdle()
            context.expectEqual(
                context.handlerInvocations("late.op"), ["now"], citing: "MHFAIL-1.b",
                "the handler registered later gets only the call made after it was registered")
            let early = context.pageCallbacks("early")
            context.expect(
                early.count == 1 && isErrorObject(early[0]), citing: "MHFAIL-1.a",
                "the early call is answered once, with an error object")
        },
        ContainerCase(
            id: "failure.throwing-handler", clauses: ["MHFAIL-2"], usesThrowingHandlers: true,
            summary: "a handler that throws gets its call an error object, and the container goes on"
        ) { context in
            try context.register(handler: "app", action: "fail", reply: .throwing)
            try context.register(handler: "app", action: "echo")
            context.loadPage(
                """
                containerBridge.call("app", "fail", 1, conformance.callback("failed"));
                containerBridge.call("app", "echo", 2, conformance.callback("after"));
                """)
            try await context.runUntilIdle()
            let failed = context.pageCallbacks("failed")
            context.expect(
                failed.count == 1 && isErrorObject(failed[0]), citing: "MHFAIL-2.a",
                "the throwing handler's call is answered once with an error object")
            context.expectEqual(
                context.pageCallbacks("after"), [2], citing: "MHFAIL-2.a", "the next call is still handled")
        },
    ]
}

import StrictJSON

/// The container's JS side: the bodies it posts, its ids and its dispatchers (spec/container.md sections 2 and 5).
/// Whichever JS side the container injects (the kit's or its own copy) is judged by what it does.
enum JavaScriptSideCases {
    /// The callback ids of the bodies the page posted, in order.
    @MainActor static func callbackIDs(in context: ContainerCaseContext) -> [String] {
        context.postedBodies.compactMap { body in
            guard case .object(let members)? = body, case .string(let id)? = members["callbackId"] else { return nil }
            return id
        }
    }

    static let all: [ContainerCase] = [
        ContainerCase(
            id: "js-side.body-shape", clauses: ["MHCALL-1"],
            summary: "the JS side posts {handler, action, params} and the callback keys only with a callback"
        ) { context in
            try context.register(handler: "m", action: "op", reply: .none)
            context.loadPage(
                """
                containerBridge.call("m", "op", {"x": 1}, function () {});
                containerBridge.call("m", "op");
                """)
            try await context.runUntilIdle()
            let bodies = context.postedBodies
            context.expectEqual(bodies.count, 2, citing: "MHCALL-1.a", "one message per call")
            if bodies.count == 2, case .object(var first)? = bodies[0] {
                let id = first.removeValue(forKey: "callbackId")
                context.expect(
                    {
                        if case .string? = id { return true }; return false
                    }(), citing: "MHCALL-1.b",
                    "a call with a callback carries a string callbackId")
                context.expectEqual(
                    JSONValue.object(first),
                    ["handler": "m", "action": "op", "params": ["x": 1], "callbackFunction": "callbackDispatcher"],
                    citing: "MHCALL-1.a", "the body of a call with params and a callback")
                context.expectEqual(
                    bodies[1], ["handler": "m", "action": "op"], citing: "MHCALL-1.a",
                    "the body of a call with neither params nor callback")
            }
        },
        ContainerCase(
            id: "js-side.distinct-ids", clauses: ["MHID-1", "MHJS-1"],
            summary: "calls made in the same millisecond get distinct ids and each callback its own answer"
        ) { context in
            try context.register(handler: "app", action: "slow", reply: .later)
            // The answers the native side evaluates are noted on their way in: an id answered with another call's
            // answer is the native side's (MHCALL-3.c); the right answers reaching the wrong callbacks, the JS side's.
            context.loadPage(
                """
                var dispatch = window.callbackDispatcher;
                window.callbackDispatcher = function (id, json) { conformance.note("dispatched", [id, JSON.parse(json)]); return dispatch(id, json); };
                for (var i = 0; i < 3; i++) { containerBridge.call("app", "slow", i, conformance.callback("c" + i)); }
                """)
            try await context.runUntilIdle()
            let ids = callbackIDs(in: context)
            context.expectEqual(Set(ids).count, 3, citing: "MHID-1.a", "three calls, three distinct callback ids")
            for answer in ["a", "b", "c"] { context.answerHeld("app.slow", with: .string(answer)) }
            try await context.runUntilIdle()
            let expected: [JSONValue?] = zip(ids, ["a", "b", "c"]).map { .array([.string($0), .string($1)]) }
            context.expectEqual(
                context.notes("dispatched"), expected, citing: "MHCALL-3.c", "each answer carries its own call's id")
            guard context.notes("dispatched") == expected else { return }
            for (index, answer) in ["a", "b", "c"].enumerated() {
                context.expectEqual(
                    context.pageCallbacks("c\(index)"), [.string(answer)], citing: "MHJS-1.a",
                    "callback c\(index) gets its own answer")
            }
        },
        ContainerCase(
            id: "js-side.callback-forgotten", clauses: ["MHJS-1"],
            summary: "a callback runs once: a second answer with its id is ignored, as is an unknown id"
        ) { context in
            try context.register(handler: "app", action: "echo")
            context.loadPage(#"containerBridge.call("app", "echo", "once", conformance.callback("answer"));"#)
            try await context.runUntilIdle()
            let ids = callbackIDs(in: context)
            let id = JSONValue.string(ids.first ?? "").canonicalText
            context.runInPage(
                """
                try { callbackDispatcher(\(id), '"again"'); conformance.note("again", "ignored"); }
                catch (error) { conformance.note("again", "threw " + error); }
                try { callbackDispatcher("no-such-id", "1"); conformance.note("unknown", "ignored"); }
                catch (error) { conformance.note("unknown", "threw " + error); }
                """)
            try await context.runUntilIdle()
            context.expectEqual(
                context.pageCallbacks("answer"), ["once"], citing: "MHJS-1.b", "the callback ran once")
            context.expectEqual(
                context.notes("again"), ["ignored"], citing: "MHJS-1.b", "a second answer is ignored without throwing")
            context.expectEqual(
                context.notes("unknown"), ["ignored"], citing: "MHJS-1.c", "an unknown id is ignored without throwing")
        },
        ContainerCase(
            id: "js-side.empty-answer", clauses: ["MHJS-1"],
            summary: "an answer with empty JSON text gives the callback an empty object"
        ) { context in
            try context.register(handler: "app", action: "hold", reply: .none)
            context.loadPage(#"containerBridge.call("app", "hold", null, conformance.callback("answer"));"#)
            try await context.runUntilIdle()
            let id = JSONValue.string(callbackIDs(in: context).first ?? "").canonicalText
            context.runInPage("callbackDispatcher(\(id), \"\");")
            try await context.runUntilIdle()
            context.expectEqual(
                context.pageCallbacks("answer"), [.object([:])], citing: "MHJS-1.d", "the callback gets {}")
        },
    ]
}

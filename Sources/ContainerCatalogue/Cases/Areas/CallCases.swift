import StrictJSON

/// Calls from the page to native handlers and their answers (spec/container.md sections 1 and 2).
enum CallCases {
    static let all: [ContainerCase] = [
        ContainerCase(
            id: "ready.call-from-first-script", clauses: ["MHREADY-1"],
            summary: "a call made by the page's first script reaches its handler and is answered"
        ) { context in
            try context.register(handler: "app", action: "echo")
            context.loadPage(#"containerBridge.call("app", "echo", {"n": 1}, conformance.callback("first"));"#)
            try await context.runUntilIdle()
            context.expectEqual(
                context.pageCallbacks("first"), [["n": 1]], citing: "MHREADY-1.a",
                "the first script's call is answered with the handler's value")
        },
        ContainerCase(
            id: "call.with-callback", clauses: ["MHCALL-2", "MHCALL-3"],
            summary: "a call with a callback reaches its handler with its params and is answered once"
        ) { context in
            try context.register(handler: "app", action: "status", reply: .value(["ok": true, "n": 2]))
            context.loadPage(#"containerBridge.call("app", "status", {"q": "x"}, conformance.callback("answer"));"#)
            try await context.runUntilIdle()
            context.expectEqual(
                context.handlerInvocations("app.status"), [["q": "x"]], citing: "MHCALL-2.c",
                "the handler gets the call's params, once")
            context.expectEqual(
                context.pageCallbacks("answer"), [["ok": true, "n": 2]], citing: "MHCALL-3.a",
                "the page's callback gets the handler's value, once")
        },
        ContainerCase(
            id: "call.without-callback", clauses: ["MHCALL-3", "MHCALL-1"],
            summary: "a call without a callback is handled and never answered"
        ) { context in
            try context.register(handler: "app", action: "log")
            context.loadPage(
                """
                var dispatch = window.callbackDispatcher;
                window.callbackDispatcher = function (id, json) { conformance.note("answered", id); return dispatch(id, json); };
                containerBridge.call("app", "log", "hello");
                """)
            try await context.runUntilIdle()
            context.expectEqual(
                context.handlerInvocations("app.log"), ["hello"], citing: "MHCALL-2.a", "the handler is invoked once")
            context.expectEqual(
                context.notes("answered"), [], citing: "MHCALL-3.b", "no answer comes for a call without callback")
            context.expect(
                context.postedBodies.allSatisfy { body in
                    guard case .object(let members)? = body else { return false }
                    return members["callbackId"] == nil && members["callbackFunction"] == nil
                }, citing: "MHCALL-1.b", "the body of a call without callback has no callback keys")
        },
        ContainerCase(
            id: "call.two-level-names", clauses: ["MHCALL-2"],
            summary: "each call goes to the handler of its own handler and action"
        ) { context in
            try context.register(handler: "a", action: "x", reply: .value("a.x"))
            try context.register(handler: "a", action: "y", reply: .value("a.y"))
            try context.register(handler: "b", action: "x", reply: .value("b.x"))
            context.loadPage(
                """
                containerBridge.call("b", "x", 1, conformance.callback("first"));
                containerBridge.call("a", "y", 2, conformance.callback("second"));
                containerBridge.call("a", "x", 3, conformance.callback("third"));
                """)
            try await context.runUntilIdle()
            for (name, params) in [("a.x", 3), ("a.y", 2), ("b.x", 1)] {
                context.expectEqual(
                    context.handlerInvocations(name), [.number(Double(params))], citing: "MHCALL-2.a",
                    "\(name) gets its one call")
            }
            for (label, answer) in [("first", "b.x"), ("second", "a.y"), ("third", "a.x")] {
                context.expectEqual(
                    context.pageCallbacks(label), [.string(answer)], citing: "MHCALL-3.a",
                    "the \(label) call is answered by its own handler")
            }
        },
        ContainerCase(
            id: "call.order", clauses: ["MHCALL-2"],
            summary: "calls reach their handler in the order the page made them"
        ) { context in
            try context.register(handler: "app", action: "log", reply: .none)
            context.loadPage(#"for (var i = 1; i <= 5; i++) { containerBridge.call("app", "log", i); }"#)
            try await context.runUntilIdle()
            context.expectEqual(
                context.handlerInvocations("app.log"), [1, 2, 3, 4, 5], citing: "MHCALL-2.b", "the calls, in order")
        },
        ContainerCase(
            id: "call.params-kinds", clauses: ["MHCALL-2", "MHESC-2"],
            summary: "params of every JSON kind reach the handler and come back as they were"
        ) { context in
            try context.register(handler: "app", action: "echo")
            let values: [JSONValue] = ["text", 3.5, true, [1, "a"], ["k": ["n": []]], -0.25]
            context.loadPage(
                values.enumerated().map { index, value in
                    "containerBridge.call(\"app\", \"echo\", \(value.canonicalText), conformance.callback(\"v\(index)\"));"
                }.joined(separator: "\n"))
            try await context.runUntilIdle()
            context.expectEqual(
                context.handlerInvocations("app.echo"), values.map { $0 }, citing: "MHCALL-2.c",
                "the handler gets each params value as posted")
            for (index, value) in values.enumerated() {
                context.expectEqual(
                    context.pageCallbacks("v\(index)"), [value], citing: "MHESC-2.a",
                    "the answer echoing \(value.canonicalText) arrives as it was")
            }
        },
        ContainerCase(
            id: "call.answer-later", clauses: ["MHCALL-3"],
            summary: "a handler that answers after it returned is still answered once"
        ) { context in
            try context.register(handler: "app", action: "slow", reply: .later)
            context.loadPage(#"containerBridge.call("app", "slow", null, conformance.callback("late"));"#)
            try await context.runUntilIdle()
            context.answerHeld("app.slow", with: "done")
            try await context.runUntilIdle()
            context.expectEqual(
                context.pageCallbacks("late"), ["done"], citing: "MHCALL-3.a", "the late answer arrives once")
        },
        ContainerCase(
            id: "call.answer-once", clauses: ["MHCALL-3"],
            summary: "a handler that responds twice is answered with its first response only"
        ) { context in
            try context.register(handler: "app", action: "twice", reply: .twice("second"))
            context.loadPage(
                """
                var dispatch = window.callbackDispatcher;
                window.callbackDispatcher = function (id, json) { conformance.note("answered", JSON.parse(json)); return dispatch(id, json); };
                containerBridge.call("app", "twice", "first", conformance.callback("answer"));
                """)
            try await context.runUntilIdle()
            context.expectEqual(
                context.notes("answered"), ["first"], citing: "MHCALL-3.a",
                "the native side answers once, with the first response")
        },
        ContainerCase(
            id: "call.answers-in-flight-keep-their-ids", clauses: ["MHCALL-3"],
            summary: "two calls in flight are each answered with their own callback id"
        ) { context in
            try context.register(handler: "app", action: "slow", reply: .later)
            context.loadPage(
                """
                containerBridge.call("app", "slow", 1, conformance.callback("first"));
                containerBridge.call("app", "slow", 2, conformance.callback("second"));
                """)
            try await context.runUntilIdle()
            context.answerHeld("app.slow", with: "one")
            context.answerHeld("app.slow", with: "two")
            try await context.runUntilIdle()
            context.expectEqual(
                context.pageCallbacks("first"), ["one"], citing: "MHCALL-3.c", "the first call gets the first answer")
            context.expectEqual(
                context.pageCallbacks("second"), ["two"], citing: "MHCALL-3.c", "the second call gets the second answer"
            )
        },
        ContainerCase(
            id: "call.callback-function-named-by-the-page", clauses: ["MHCALL-3", "MHCALL-4"],
            summary: "an answer goes through the dotted callbackFunction the body names"
        ) { context in
            try context.register(handler: "app", action: "echo")
            context.loadPage(
                """
                window.app = { answers: { receive: function (id, json) { conformance.note("custom", [id, JSON.parse(json)]); } } };
                window.webkit.messageHandlers.WKJSBridge.postMessage(
                    {handler: "app", action: "echo", params: "hi", callbackId: "own-1", callbackFunction: "app.answers.receive"});
                """)
            try await context.runUntilIdle()
            context.expectEqual(
                context.notes("custom"), [["own-1", "hi"]], citing: "MHCALL-3.c",
                "the named function gets the call's id and answer")
        },
        ContainerCase(
            id: "call.hostile-callback-function", clauses: ["MHCALL-4"],
            summary: "a callbackFunction that is not a name is never evaluated; the answer goes to callbackDispatcher"
        ) { context in
            try context.register(handler: "app", action: "echo")
            context.loadPage(
                """
                window.callbackDispatcher = function (id, json) { conformance.note("dispatched", id); };
                window.webkit.messageHandlers.WKJSBridge.postMessage({handler: "app", action: "echo", params: 1,
                    callbackId: "h-1", callbackFunction: "__wvjbTripwire('callbackFunction'); callbackDispatcher"});
                """)
            try await context.runUntilIdle()
            context.expect(
                !context.transcript.entries.contains {
                    if case .tripwire = $0.event { return true }; return false
                },
                citing: "MHCALL-4.a", "the page's callbackFunction text is not run as code")
            context.expectEqual(
                context.notes("dispatched"), ["h-1"], citing: "MHCALL-4.a",
                "the call is answered through callbackDispatcher instead")
        },
    ]
}

import StrictJSON

/// Native events and their listeners (spec/container.md section 6).
enum EventCases {
    static let all: [ContainerCase] = [
        ContainerCase(
            id: "event.one-listener", clauses: ["MHEVT-2", "MHEVT-1"],
            summary: "an event reaches its listener with its data"
        ) { context in
            context.loadPage(#"onListenEvent("tick", function (data) { conformance.note("tick", data); });"#)
            try await context.runUntilIdle()
            try context.sendEvent("tick", data: ["n": 1, "s": "x"])
            try await context.runUntilIdle()
            context.expectEqual(
                context.notes("tick"), [["n": 1, "s": "x"]], citing: "MHEVT-2.a", "the listener gets the event's data")
        },
        ContainerCase(
            id: "event.several-listeners", clauses: ["MHEVT-1"],
            summary: "every listener of an event is called, in the order they were added"
        ) { context in
            context.loadPage(
                """
                ["a", "b", "c"].forEach(function (name) {
                    containerBridge.onListenEvent("tick", function (data) { conformance.note("heard", [name, data]); });
                });
                onListenEvent("other", function (data) { conformance.note("heard", ["other", data]); });
                """)
            try await context.runUntilIdle()
            try context.sendEvent("tick", data: 7)
            try await context.runUntilIdle()
            context.expectEqual(
                context.notes("heard"), [["a", 7], ["b", 7], ["c", 7]], citing: "MHEVT-1.a",
                "the three listeners of tick, in order, and no other")
        },
        ContainerCase(
            id: "event.return-value", clauses: ["MHEVT-1", "MHEVT-2"],
            summary: "the event's completion gets the value the last listener returned, once"
        ) { context in
            // What eventDispatcher returned is noted on its way to the native side: a wrong value there is the JS
            // side's (MHEVT-1.b), a right one that does not reach the completion the native side's (MHEVT-2.b).
            context.loadPage(
                """
                onListenEvent("ask", function (data) { return 1; });
                onListenEvent("ask", function (data) { return {"answer": data.q + "!"}; });
                var dispatch = window.eventDispatcher;
                window.eventDispatcher = function (id, json) {
                    var value = dispatch(id, json);
                    conformance.note("returned", value);
                    return value;
                };
                """)
            try await context.runUntilIdle()
            try context.sendEvent("ask", data: ["q": "why"], label: "done")
            try await context.runUntilIdle()
            let expected: JSONValue = ["answer": "why!"]
            let returned = context.notes("returned")
            context.expectEqual(
                returned, [expected], citing: "MHEVT-1.b", "eventDispatcher returns the last listener's value")
            guard returned == [expected] else { return }
            context.expectEqual(
                context.completions("done"), [expected], citing: "MHEVT-2.b",
                "the completion gets the value eventDispatcher returned, once")
        },
        ContainerCase(
            id: "event.no-listener", clauses: ["MHEVT-2"],
            summary: "an event nobody listens to completes once with nothing"
        ) { context in
            context.loadPage("")
            try await context.runUntilIdle()
            try context.sendEvent("unheard", data: nil, label: "done")
            try await context.runUntilIdle()
            context.expectEqual(
                context.completions("done"), [nil], citing: "MHEVT-2.b", "the completion is called once with nil")
        },
    ]
}

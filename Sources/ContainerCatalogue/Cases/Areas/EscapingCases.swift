import ConformanceSupport
import StrictJSON

/// The hostile payload corpus through every literal the native side writes (spec/container.md section 4).
enum EscapingCases {
    /// The corpus's payloads that must arrive unchanged.
    private static func roundTripPayloads() throws -> [HostilePayload] {
        try PayloadCorpus.bundled().payloads(of: .roundTrip)
    }

    /// The payloads by id, for a `.lookup` handler.
    private static func table(_ payloads: [HostilePayload]) -> [String: JSONValue] {
        Dictionary(payloads.map { ($0.id, $0.nativeValue) }, uniquingKeysWith: { first, _ in first })
    }

    static let all: [ContainerCase] = [
        ContainerCase(
            id: "escaping.answers.corpus", clauses: ["MHESC-1", "MHESC-2"],
            summary: "each round-trip payload of the hostile corpus arrives unchanged as an answer"
        ) { context in
            let payloads = try roundTripPayloads()
            try context.register(handler: "corpus", action: "get", reply: .lookup(table(payloads)))
            context.loadPage(
                payloads.map { payload in
                    let id = JSONValue.string(payload.id).canonicalText
                    return "containerBridge.call(\"corpus\", \"get\", \(id), conformance.callback(\(id)));"
                }.joined(separator: "\n"))
            try await context.runUntilIdle()
            for payload in payloads {
                context.expectEqual(
                    context.pageCallbacks(payload.id), [payload.nativeValue], citing: "MHESC-1.a",
                    "payload \(payload.id) arrives unchanged in the answer's JSON text")
            }
        },
        ContainerCase(
            id: "escaping.events.corpus", clauses: ["MHESC-1", "MHESC-2"],
            summary: "each round-trip payload of the hostile corpus arrives unchanged as event data"
        ) { context in
            let payloads = try roundTripPayloads()
            context.loadPage(#"onListenEvent("corpus", function (data) { conformance.note(data.id, data.value); });"#)
            try await context.runUntilIdle()
            for payload in payloads {
                try context.sendEvent("corpus", data: ["id": .string(payload.id), "value": payload.nativeValue])
            }
            try await context.runUntilIdle()
            for payload in payloads {
                context.expectEqual(
                    context.notes(payload.id), [payload.nativeValue], citing: "MHESC-1.c",
                    "payload \(payload.id) arrives unchanged as event data")
            }
        },
        ContainerCase(
            id: "escaping.callback-id", clauses: ["MHESC-1", "MHCALL-3"],
            summary: "a callback id with quotes, backslashes and line terminators comes back exactly"
        ) { context in
            try context.register(handler: "app", action: "echo")
            let hostileID = "it's \"\\ \n\r\u{2028}\u{2029} </script> ${x}"
            context.loadPage(
                """
                window.callbackDispatcher = function (id, json) { conformance.note("id", id); };
                window.webkit.messageHandlers.WKJSBridge.postMessage({handler: "app", action: "echo", params: 1,
                    callbackId: \(JSONValue.string(hostileID).canonicalText), callbackFunction: "callbackDispatcher"});
                """)
            try await context.runUntilIdle()
            context.expectEqual(
                context.notes("id"), [.string(hostileID)], citing: "MHESC-1.b", "the answer carries the id unchanged")
        },
        ContainerCase(
            id: "escaping.event-id", clauses: ["MHESC-1"],
            summary: "an event id with quotes, backslashes and line terminators reaches its listeners"
        ) { context in
            let hostileID = "ev'\\\n\u{2028}\""
            context.loadPage(
                "onListenEvent(\(JSONValue.string(hostileID).canonicalText), function (data) { conformance.note(\"heard\", data); });"
            )
            try await context.runUntilIdle()
            try context.sendEvent(hostileID, data: "payload")
            try await context.runUntilIdle()
            context.expectEqual(
                context.notes("heard"), ["payload"], citing: "MHESC-1.c", "the listener of the hostile id hears it")
        },
    ]
}

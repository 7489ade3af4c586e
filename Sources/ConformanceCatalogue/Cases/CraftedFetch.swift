import ConformanceObligations
import StrictJSON
import WireDialects

/// Feeds the native side crafted fetch results: the page's fetch function (the dialect's) is wrapped so
/// that its next calls return them, and one queue URL is signalled per result.
enum CraftedFetch {
    /// A result that is the string `text`.
    static func text(_ text: String) -> String { CanonicalJSON.quote(text) }
    /// A result of `undefined`.
    static let undefined = "undefined"
    /// A fetch that throws (an evaluation error).
    /// - Parameter dialect: The wire, whose fetch function the error names.
    static func throwing(in dialect: WireDialect) -> String {
        #"(function () { throw new Error("crafted "# + dialect.fetchFunction + #" failure"); })()"#
    }

    /// Makes the next fetches return `results` (JS expressions) in order, then the real queue again, and
    /// signals one fetch per result: through an iframe of its own each (a real web view asks only about the last
    /// of several `src` an iframe gets in one turn), or one script message each in a dialect that signals so.
    @MainActor
    static func serve(_ results: [String], in context: CaseContext) {
        let functions = results.map { "function () { return \($0); }" }.joined(separator: ", ")
        let wire = context.dialect
        let signal = CasePages.signal(context.writtenSignal(\.queueSignal))
            .replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: 8))
        context.runInPage(
            """
            (function () {
                var bridge = window.\(wire.javaScriptGlobal), real = bridge.\(wire.fetchFunction);
                var crafted = [\(functions)];
                bridge.\(wire.fetchFunction) = function () { return crafted.length ? crafted.shift()() : real.call(bridge); };
                for (var i = 0; i < \(results.count); i++) {
                    \(signal)
                }
            })();
            """)
    }

    /// Makes the next fetches return `batches`, each the JSON text of one array of `elements`, in order.
    @MainActor
    static func serve(batches: [[JSONValue]], in context: CaseContext) {
        serve(batches.map { text(JSONValue.array($0).canonicalText) }, in: context)
    }

    /// Calls the JS handler `sink` (which never answers; `CasePages.sink`) once per label, the label as
    /// data and as the callback's label, and returns the callback id each call carried, so that crafted
    /// results can answer them.
    /// - Returns: The ids in the order of `labels`, or nil when a call cannot be answered, its failure
    ///   recorded under the obligation it breaks, not the one the case was to put to the test: ESC-1.c when it
    ///   never reached the JS side (the outcome: what kept it is the finding of its own obligation, elsewhere),
    ///   MSG-7.c when it carried no callback id.
    @MainActor
    static func outstandingCallbacks(_ labels: [String], in context: CaseContext) async throws
        -> [JSONValue]?
    {
        for label in labels { try context.callHandler("sink", data: .string(label), callback: label) }
        try await context.runUntilIdle()
        let messages = context.transcript.decodedNativeMessages
        let keys = context.dialect.keys
        var ids: [JSONValue] = []
        for label in labels {
            let call = messages.first {
                $0.member(keys.handlerName) == "sink" && $0.member(keys.data) == .string(label)
            }
            guard let call else {
                context.expect(
                    false, clause: .esc1c,
                    "the call to the JS handler sink with callback '\(label)' never reached the JS side, so no response could name it"
                )
                return nil
            }
            guard let id = call.member(keys.callbackID) else {
                context.expect(
                    false, clause: .msg7c,
                    "the call to the JS handler sink with callback '\(label)' carried no \(keys.callbackID), so no response could name it"
                )
                return nil
            }
            ids.append(id)
        }
        return ids
    }

    /// Checks that a normal JS call to the native handler `echo` still round-trips.
    /// - Parameters:
    ///   - context: The case.
    ///   - obligation: The obligation the crafted results put to the test (`FLUSH-3.a`): the bridge must come
    ///     through them unharmed.
    @MainActor
    static func expectBridgeStillWorks(_ context: CaseContext, obligation: Obligation) async throws {
        let wire = context.dialect
        context.runInPage(
            "\(wire.javaScriptGlobal).\(wire.callHandlerFunction)("
                + #""echo", "still works", conformance.callback("still works"));"#)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("echo").last ?? nil, "still works", clause: obligation,
            "data of the last call to the native handler echo, made after the crafted results")
        context.expectEqual(
            context.transcript.jsCallbackInvocations("still works"), ["still works"], clause: obligation,
            "answers the page got to a normal call made after the crafted results")
    }
}

import StrictJSON

/// Feeds the native side crafted `_fetchQueue` results: the page's `_fetchQueue` is wrapped so that its
/// next calls return them, and one queue URL is signalled per result.
enum CraftedFetch {
    /// A result that is the string `text`.
    static func text(_ text: String) -> String { CanonicalJSON.quote(text) }
    /// A result of `undefined`.
    static let undefined = "undefined"
    /// A fetch that throws (an evaluation error).
    static let throwing = #"(function () { throw new Error("crafted _fetchQueue failure"); })()"#

    /// Makes the next fetches return `results` (JS expressions) in order, then the real queue again, and
    /// signals one fetch per result through an iframe of its own.
    @MainActor
    static func serve(_ results: [String], in context: CaseContext) {
        let functions = results.map { "function () { return \($0); }" }.joined(separator: ", ")
        context.runInPage("""
            (function () {
                var bridge = window.WebViewJavascriptBridge, real = bridge._fetchQueue;
                var crafted = [\(functions)];
                bridge._fetchQueue = function () { return crafted.length ? crafted.shift()() : real.call(bridge); };
                var frame = document.createElement("iframe");
                document.documentElement.appendChild(frame);
                for (var i = 0; i < \(results.count); i++) { frame.src = "https://__wvjb_queue_message__"; }
            })();
            """)
    }

    /// Makes the next fetches return `batches`, each the JSON text of one array of `elements`, in order.
    @MainActor
    static func serve(batches: [[JSONValue]], in context: CaseContext) {
        serve(batches.map { text(JSONValue.array($0).canonicalText) }, in: context)
    }

    /// Calls the JS handler `sink` (which never answers; `CasePages.sink`) once per label, the label as
    /// data and as the callback's label, and returns the `callbackId` each call carried, so that crafted
    /// results can answer them.
    /// - Returns: The ids in the order of `labels`, or nil (a failure of `obligation` recorded) when a call
    ///   carried no `callbackId` and so cannot be answered.
    @MainActor
    static func outstandingCallbacks(_ labels: [String], obligation: String, in context: CaseContext) async throws -> [JSONValue]? {
        for label in labels { try context.callHandler("sink", data: .string(label), callback: label) }
        try await context.runUntilIdle()
        let messages = context.transcript.decodedNativeMessages
        var ids: [JSONValue] = []
        for label in labels {
            guard let id = messages.first(where: { $0.member("handlerName") == "sink" && $0.member("data") == .string(label) })?.member("callbackId")
            else {
                context.expect(false, clause: obligation, "the call to the JS handler sink with callback '\(label)' carried no callbackId, so no response could name it")
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
    static func expectBridgeStillWorks(_ context: CaseContext, obligation: String) async throws {
        context.runInPage(#"WebViewJavascriptBridge.callHandler("echo", "still works", conformance.callback("still works"));"#)
        try await context.runUntilIdle()
        context.expectEqual(context.transcript.nativeHandlerInvocations("echo").last ?? nil, "still works", clause: obligation,
                            "data of the last call to the native handler echo, made after the crafted results")
        context.expectEqual(context.transcript.jsCallbackInvocations("still works"), ["still works"], clause: obligation,
                            "answers the page got to a normal call made after the crafted results")
    }
}

import ConformanceObligations
import StrictJSON

/// JS-side cases for situations explore taught the catalogue: data changed between the send and the fetch,
/// and more messages in one turn than one fetch of a hurried port hands out.
extension JavaScriptSideCases {
    static let situations = [dataChangedBeforeFetch, burstDrainedByOneFetch]

    static let dataChangedBeforeFetch = ConformanceCase(
        id: "js-side.fetch-queue.data-changed-before-fetch",
        clauses: [.disp2],
        summary:
            "the queue holds the messages themselves: data the page changes after callHandler and before the fetch is sent as changed"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        let wire = context.dialect
        try await CasePages.start(
            context,
            page: """
                \(wire.pageSetupCall)(function (bridge) {
                    var data = { state: "as sent" };
                    bridge.\(wire.callHandlerFunction)("sink", data);
                    data.state = "changed before the fetch";
                });
                """)
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), [["state": "changed before the fetch"]],
            clause: .disp2a, "data the native handler got")
    }

    static let burstDrainedByOneFetch = ConformanceCase(
        id: "js-side.fetch-queue.drains-a-burst",
        clauses: [.disp2, .ord2],
        summary: "forty calls made in one turn all come out of the first fetch"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        let wire = context.dialect
        try await CasePages.start(
            context,
            page: """
                \(wire.pageSetupCall)(function (bridge) {
                    for (var i = 0; i < 40; i++) { bridge.\(wire.callHandlerFunction)("sink", i); }
                });
                """)
        let sizes = context.transcript.fetchedBatches.compactMap { batch -> Int? in
            guard case .array(let elements) = batch, !elements.isEmpty else { return nil }
            return elements.count
        }
        context.expectEqual(
            sizes.first, 40, clause: .disp2c, "messages in the first fetch of forty calls made in one turn")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), (0..<40).map { .number(Double($0)) },
            clause: .ord2a,
            "calls the native handler got, in order")
    }
}

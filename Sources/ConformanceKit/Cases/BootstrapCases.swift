/// Cases on bootstrap and URL classification: which navigations the bridge cancels and allows.
enum BootstrapCases {
    static let all = [bridgeURLsCancelledOthersAllowed, wvjbschemeAccepted]

    static let bridgeURLsCancelledOthersAllowed = ConformanceCase(
        id: "bootstrap.url-classification.https",
        clauses: ["BOOT-1", "BOOT-2"],
        summary: "https bridge URLs are cancelled, the page and other URLs (plain http included) are allowed, each decided once"
    ) { context in
        try await CasePages.start(context)
        context.runInPage("""
            var probe = document.createElement("iframe");
            document.body.appendChild(probe);
            probe.src = "http://__wvjb_queue_message__/";
            probe.src = "https://example.com/elsewhere";
            probe.src = "HTTPS://__WVJB_QUEUE_MESSAGE__:8443/path?q#f";
            """)
        try await context.runUntilIdle()
        let decisions = context.transcript.navigationDecisions
        let expected: [(String, NavigationActionPolicy)] = [
            ("https://app.example/index.html", .allow),
            ("https://__bridge_loaded__", .cancel),
            ("https://__wvjb_queue_message__", .cancel),
            ("http://__wvjb_queue_message__/", .allow),
            ("https://example.com/elsewhere", .allow),
            ("HTTPS://__WVJB_QUEUE_MESSAGE__:8443/path?q#f", .cancel),
        ]
        for (url, policy) in expected {
            let made = decisions.filter { $0.url == url }.map(\.policy)
            let clause = policy == .cancel ? "BOOT-1" : "BOOT-2"
            context.expectEqual(made.map(\.rawValue), [policy.rawValue], clause: clause, "navigation decision for \(url)")
        }
    }

    static let wvjbschemeAccepted = ConformanceCase(
        id: "bootstrap.url-classification.wvjbscheme",
        clauses: ["BOOT-1"],
        summary: "the v5 dialect URL wvjbscheme://__BRIDGE_LOADED__ injects the JS side and is cancelled"
    ) { context in
        context.loadPage("""
            window.WVJBCallbacks = [function (bridge) { bridge.registerHandler("sink", conformance.recordingHandler("sink")); }];
            var frame = document.createElement("iframe");
            frame.src = "wvjbscheme://__BRIDGE_LOADED__";
            document.documentElement.appendChild(frame);
            """)
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "after v5 bootstrap")
        try await context.runUntilIdle()
        let decisions = context.transcript.navigationDecisions.filter { $0.url == "wvjbscheme://__BRIDGE_LOADED__" }
        context.expectEqual(decisions.map(\.policy.rawValue), ["cancel"], clause: "BOOT-1", "decision for wvjbscheme://__BRIDGE_LOADED__")
        context.expectEqual(context.transcript.jsHandlerInvocations("sink").map(\.data), ["after v5 bootstrap"],
                            clause: "BOOT-1", "data the JS handler got after the wvjbscheme bootstrap")
    }
}

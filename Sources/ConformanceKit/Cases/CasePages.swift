/// Page scripts shared by several cases.
enum CasePages {
    /// A page whose setup callback registers the recording JS handler `sink`.
    static let sink = """
        setupWebViewJavascriptBridge(function (bridge) {
            bridge.registerHandler("sink", conformance.recordingHandler("sink"));
        });
        """

    /// A page whose setup callback registers the answering JS handler `echo`.
    static let echo = """
        setupWebViewJavascriptBridge(function (bridge) {
            bridge.registerHandler("echo", conformance.echoHandler("echo"));
        });
        """

    /// Loads `script`, attaching first, and runs until idle.
    @MainActor
    static func start(_ context: CaseContext, page script: String = sink) async throws {
        context.loadPage(script)
        try await context.runUntilIdle()
    }

    /// Page JavaScript defining `findMessagingIframe(root)`: the first iframe under `root` whose `src` is a
    /// queue URL, or null.
    static let findMessagingIframe = """
        function findMessagingIframe(node) {
            if (node.tagName === "IFRAME" && String(node.src).toLowerCase().indexOf("__wvjb_queue_message__") >= 0) { return node; }
            for (var i = 0; i < (node.childNodes || []).length; i++) {
                var found = findMessagingIframe(node.childNodes[i]);
                if (found) { return found; }
            }
            return null;
        }

        """
}

import StrictJSON

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

    /// Page JavaScript that, each time the messaging iframe is signalled, drains the queue as the native
    /// side would and notes, under `label`, `describe` (a JS function of one message) of every queued
    /// message, so a case sees what each signal announced.
    /// - Parameters:
    ///   - label: The page note's label.
    ///   - describe: A JavaScript function expression mapping a message to what is noted.
    static func peekQueueAtEachSignal(noting label: String, describe: String) -> String {
        findMessagingIframe + """
            (function () {
                var frame = findMessagingIframe(document.documentElement);
                var accessor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(frame), "src");
                Object.defineProperty(frame, "src", {
                    configurable: true,
                    get: function () { return accessor.get.call(this); },
                    set: function (value) {
                        var queued = JSON.parse(WebViewJavascriptBridge._fetchQueue());
                        conformance.note(\(CanonicalJSON.quote(label)), queued.map(\(describe)));
                        accessor.set.call(this, value);
                    }
                });
            })();

            """
    }
}

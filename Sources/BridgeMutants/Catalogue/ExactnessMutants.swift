import ConformanceKit
import ReferenceBridge

extension MutantCatalogue {
    /// Mutants that only checks exact enough see: a signal URL that is a bridge URL but not the one the
    /// clause names, a console line that reads the same with its arguments joined, a held answer that
    /// arrives on the wrong page or on none, and warnings left out for one kind of message.
    static let exactnessMutants: [Mutant] = [
        // DISP-1 and BOOT-5: the URL written, exactly.
        javaScriptSide(
            "js-queue-url-cache-busting",
            "each send signals the queue URL with a cache-busting query (`QUEUE_MESSAGE_URL + '?' + Date.now()`)",
            obligation: "DISP-1.a",
            replacing: "sendMessageQueue.push(message);\n        messagingIframe.src = QUEUE_MESSAGE_URL;",
            with:
                "sendMessageQueue.push(message);\n        messagingIframe.src = QUEUE_MESSAGE_URL + \"?\" + Date.now();",
            caughtBy: ["js-side.send.queue-then-signal", "js-side.fetch-queue.drains-whole-queue"]),
        javaScriptSide(
            "js-queue-url-trailing-slash", "the JS side's queue URL is written with a trailing slash",
            obligation: "DISP-1.a",
            replacing: "var QUEUE_MESSAGE_URL = \"https://__wvjb_queue_message__\";",
            with: "var QUEUE_MESSAGE_URL = \"https://__wvjb_queue_message__/\";",
            caughtBy: ["js-side.send.queue-then-signal", "js-side.fetch-queue.drains-whole-queue"]),
        pageSnippet(
            "setup-snippet-load-url-trailing-slash",
            "the page's setup snippet writes its load URL with a trailing slash",
            obligation: "BOOT-5.c",
            replacing: "    WVJBIframe.src = \"https://__bridge_loaded__\";",
            with: "    WVJBIframe.src = \"https://__bridge_loaded__/\";",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        pageSnippet(
            "setup-snippet-load-url-cache-busting",
            "the page's setup snippet adds a cache-busting query to its load URL (`'https://__bridge_loaded__?' + Date.now()`)",
            obligation: "BOOT-5.c",
            replacing: "    WVJBIframe.src = \"https://__bridge_loaded__\";",
            with: "    WVJBIframe.src = \"https://__bridge_loaded__?\" + Date.now();",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        // LOG-5: the arguments of the console call, apart.
        javaScriptSide(
            "js-no-handler-warning-joined-json",
            "the missing-handler warning is one argument, the text joined with JSON.stringify(message)",
            obligation: "LOG-5.a",
            replacing: "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC:\", message);",
            with:
                "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC: \" + JSON.stringify(message));",
            caughtBy: ["js-side.logging.missing-handler-warning"]),
    ]
}

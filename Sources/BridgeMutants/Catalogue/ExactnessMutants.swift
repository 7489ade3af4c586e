import ConformanceKit
import ReferenceBridge
import StrictJSON

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
        // Held answers: which page they reach.
        native(
            "reset-answers-skip-startup-queue",
            "a responder evaluates its answer at once, past the startup queue that reset() re-armed, so the answer reaches the page still up instead of the next one",
            obligation: "START-1.b", caughtBy: ["startup.reset.holds-responses"]
        ) {
            // The port's responder calls its dispatch directly; only calls go through the startup queue.
            let owner = Box<DefectiveBridgeAdapter?>(nil)
            let callbackIDs = Box<[JSONValue?]>([])
            return Defect(
                afterAttach: { adapter in owner.value = adapter },
                wrapHandler: { handler in
                    { data, respond in
                        let callbackID = callbackIDs.value.isEmpty ? nil : callbackIDs.value.removeFirst()
                        handler(data) { answer in
                            guard let callbackID, let adapter = owner.value,
                                (try? adapter.core)?.isQueueingStartupMessages == true,
                                let command = WireRewriting.response(to: callbackID, answer: answer)
                            else { return respond(answer) }
                            adapter.page?.evaluateUnchanged(command)
                        }
                    }
                },
                rewriteFetchResult: { result, page in
                    callbackIDs.value = WireRewriting.callbackIDsOfCalls(
                        in: result, handledBy: page.owner?.wrappedHandlerNames ?? [])
                    return result
                })
        },
        native(
            "held-answers-dropped-on-new-page",
            "a responder called after a later page has loaded the bridge sends nothing: the port ties each responder to the page whose call it answers",
            obligation: "FLUSH-7.c", caughtBy: ["lifecycle.held-answers-reach-the-current-page"]
        ) {
            let owner = Box<DefectiveBridgeAdapter?>(nil)
            return Defect(
                afterAttach: { adapter in owner.value = adapter },
                wrapHandler: { handler in
                    { data, respond in
                        let page = owner.value?.page?.injectionCount
                        handler(data) { answer in
                            guard owner.value?.page?.injectionCount == page else { return }
                            respond(answer)
                        }
                    }
                })
        },
    ]
}

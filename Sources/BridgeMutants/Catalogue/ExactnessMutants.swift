import ConformanceKit
import ConformanceObligations
import ReferenceBridge
import ReferenceBridgeCore
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
            obligation: .disp1a,
            replacing: "sendMessageQueue.push(message);\n        messagingIframe.src = QUEUE_MESSAGE_URL;",
            with:
                "sendMessageQueue.push(message);\n        messagingIframe.src = QUEUE_MESSAGE_URL + \"?\" + Date.now();",
            caughtBy: ["js-side.send.queue-then-signal", "js-side.fetch-queue.drains-whole-queue"]),
        javaScriptSide(
            "js-queue-url-trailing-slash", "the JS side's queue URL is written with a trailing slash",
            obligation: .disp1a,
            replacing: "var QUEUE_MESSAGE_URL = \"https://__wvjb_queue_message__\";",
            with: "var QUEUE_MESSAGE_URL = \"https://__wvjb_queue_message__/\";",
            caughtBy: ["js-side.send.queue-then-signal", "js-side.fetch-queue.drains-whole-queue"]),
        pageSnippet(
            "setup-snippet-load-url-trailing-slash",
            "the page's setup snippet writes its load URL with a trailing slash",
            obligation: .boot5c,
            replacing: "    WVJBIframe.src = \"https://__bridge_loaded__\";",
            with: "    WVJBIframe.src = \"https://__bridge_loaded__/\";",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        pageSnippet(
            "setup-snippet-load-url-cache-busting",
            "the page's setup snippet adds a cache-busting query to its load URL (`'https://__bridge_loaded__?' + Date.now()`)",
            obligation: .boot5c,
            replacing: "    WVJBIframe.src = \"https://__bridge_loaded__\";",
            with: "    WVJBIframe.src = \"https://__bridge_loaded__?\" + Date.now();",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        // LOG-5: the arguments of the console call, apart.
        javaScriptSide(
            "js-no-handler-warning-joined-json",
            "the missing-handler warning is one argument, the text joined with JSON.stringify(message)",
            obligation: .log5a,
            replacing: "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC:\", message);",
            with:
                "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC: \" + JSON.stringify(message));",
            caughtBy: ["js-side.logging.missing-handler-warning"]),
        // Held answers: which page they reach.
        native(
            "reset-answers-skip-startup-queue",
            "a responder evaluates its answer at once, past the startup queue that reset() re-armed, so the answer reaches the page still up instead of the next one",
            obligation: .start1b, caughtBy: ["startup.reset.holds-responses"]
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
            obligation: .flush7c, caughtBy: ["lifecycle.held-answers-reach-the-current-page"]
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
        // LOG-1, LOG-4, LOG-7: every kind of message that triggers the warning.
        native(
            "missing-handler-warning-needs-a-name",
            "a call to a missing native handler is logged only `if let name = message[\"handlerName\"] as? String`",
            obligation: .log1a, caughtBy: ["logging.native.missing-handler"]
        ) {
            Defect(rewriteLog: { line in
                let prefix = "WVJBNoHandlerException, No handler for message from JS: "
                guard line.hasPrefix(prefix),
                    let message = try? JSONParser.parse(String(line.dropFirst(prefix.count)))
                else { return line }
                if case .string? = message.members?["handlerName"] { return line }
                return nil
            })
        },
        native(
            "unknown-response-warning-string-ids-only",
            "a response naming no callback is logged only `if let id = message[\"responseId\"] as? String`",
            obligation: .log4c, caughtBy: ["logging.native.invalid-batch-and-unknown-response"]
        ) {
            Defect(rewriteLog: { line in
                guard line.hasPrefix("WebViewJavascriptBridge: WARNING: no callback for "),
                    let json = line.range(of: ", ignored: ").map({ String(line[$0.upperBound...]) }),
                    let message = try? JSONParser.parse(json)
                else { return line }
                if case .string? = message.members?["responseId"] { return line }
                return nil
            })
        },
        native(
            "traffic-cut-by-characters",
            "traffic lines are cut with `String(text.prefix(500))`, 500 Characters rather than 500 UTF-16 code units",
            obligation: .log7c, caughtBy: ["logging.native.traffic-when-switched-on"]
        ) {
            trafficCut { text in text.count > 500 ? String(text.prefix(500)) + " [...]" : text }
        },
        native(
            "traffic-cut-by-utf8-bytes",
            "traffic lines are cut after 500 UTF-8 bytes (`text.utf8.prefix(500)`) rather than 500 UTF-16 code units",
            obligation: .log7c, caughtBy: ["logging.native.traffic-when-switched-on"]
        ) {
            trafficCut { text in
                text.utf8.count > 500 ? String(decoding: Array(text.utf8.prefix(500)), as: UTF8.self) + " [...]" : text
            }
        },
        native(
            "traffic-marked-at-exactly-500",
            "traffic lines of 500 UTF-16 code units or more are cut and marked (`>= 500` for `> 500`): a message of exactly 500 units is logged whole, with the marker",
            obligation: .log7c, caughtBy: ["logging.native.traffic-when-switched-on"]
        ) {
            trafficCut { text in
                text.utf16.count >= 500
                    ? String(decoding: Array(text.utf16.prefix(500)), as: UTF16.self) + " [...]" : text
            }
        },
    ]

    /// A defect that logs traffic lines cut by `cut` instead of by the reference's 500 UTF-16 code units: the
    /// whole message text is read from the delivery command (`WVJB SEND: `, logged just before it is
    /// evaluated) and from the fetch result (`WVJB RCVD: `, one line per object in the batch, in order).
    @MainActor
    private static func trafficCut(_ cut: @escaping (String) -> String) -> Defect {
        let sendLogged = Box(false)
        let received = Box<[String]>([])
        return Defect(
            rewriteScript: { script, page in
                if script.kind == .delivery, sendLogged.value {
                    sendLogged.value = false
                    if let json = WireInspector.literalText(ofCommand: script.text, in: .canonical) {
                        page.inner.recordNativeLog("WVJB SEND: " + cut(json))
                    }
                }
                return [script.text]
            },
            rewriteFetchResult: { result, _ in
                received.value = (WireRewriting.batch(result) ?? []).compactMap { element in
                    element.members == nil ? nil : CanonicalJSON.encodeKeepingNonASCII(element)
                }
                return result
            },
            rewriteLog: { line in
                if line.hasPrefix("WVJB SEND: ") {
                    sendLogged.value = true
                    return nil
                }
                if line.hasPrefix("WVJB RCVD: "), !received.value.isEmpty {
                    return "WVJB RCVD: " + cut(received.value.removeFirst())
                }
                return line
            })
    }
}

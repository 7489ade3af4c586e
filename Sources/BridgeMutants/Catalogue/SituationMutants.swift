import ConformanceKit
import ConformanceObligations
import Foundation
import StrictJSON
import WireDialects

extension MutantCatalogue {
    /// Mutants written, before explore could build their situations, for the situations the spec describes
    /// that no case built: re-entrant handlers and callbacks, the safety switch used twice, odd names, ids
    /// and data, malformed input from the page, and two navigation decisions in one main-queue turn. Each
    /// is the code a hurried port author writes, and each is harmless until its situation comes up.
    static let situationMutants: [Mutant] =
        reentrancyMutants + safetySwitchMutants + namesAndDataMutants
        + pageInputMutants + schedulingMutants + guardMutants

    // MARK: Re-entrancy

    private static let reentrancyMutants: [Mutant] = [
        native(
            "registration-deferred-during-batch",
            "handlers registered or removed while a batch runs take effect on the next main-queue turn (the port never mutates its dictionary while it dispatches), so later messages of the same batch miss them",
            obligation: .flush7a, caughtBy: ["flush.reentrant.register-and-remove"]
        ) {
            let depth = Box(0)
            return Defect(
                interceptRegistration: { name, handler, adapter in
                    guard depth.value > 0 else { return false }
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated { try? adapter.registerUnchanged(name, handler: handler) }
                    }
                    return true
                },
                interceptRemoval: { name, adapter in
                    guard depth.value > 0 else { return false }
                    DispatchQueue.main.async { MainActor.assumeIsolated { adapter.removeUnchanged(name) } }
                    return true
                },
                wrapHandler: { handler in
                    { data, respond in
                        depth.value += 1
                        defer { depth.value -= 1 }
                        handler(data, respond)
                    }
                },
                wrapCallback: { callback in
                    { answer in
                        depth.value += 1
                        defer { depth.value -= 1 }
                        callback(answer)
                    }
                })
        },
        native(
            "responses-held-until-batch-ends",
            "responses a handler gives while its batch runs are kept and sent after the batch, while calls it makes go out at once, so a call made after answering overtakes the answer",
            obligation: .ord1d, caughtBy: ["ordering.reentrant.answer-then-call"]
        ) {
            let depth = Box(0)
            let held = Box<[() -> Void]>([])
            return Defect(
                wrapHandler: { handler in
                    { data, respond in
                        depth.value += 1
                        defer { depth.value -= 1 }
                        handler(data) { answer in
                            guard depth.value > 0 else { return respond(answer) }
                            let answer = UncheckedSendable(answer)
                            if held.value.isEmpty {
                                DispatchQueue.main.async {
                                    MainActor.assumeIsolated {
                                        let due = held.value
                                        held.value = []
                                        due.forEach { $0() }
                                    }
                                }
                            }
                            held.value.append { respond(answer.value) }
                        }
                    }
                })
        },
        native(
            "callback-removed-after-it-runs",
            "a response runs its callback and then removes the callback stored under its id, which removes the new callback a reset and a call inside the callback stored under the same id",
            obligation: .cb1b, caughtBy: ["callbacks.reentrant.reset-and-call-in-callback"]
        ) {
            // `responseCallbacks[id]?(data); responseCallbacks[id] = nil`: the order canonical WVJB has too.
            let owner = Box<DefectiveBridgeAdapter?>(nil)
            let resets = Box(0)
            let removed = Box<Set<String>>([])
            return Defect(
                afterAttach: { adapter in owner.value = adapter },
                afterReset: { _, _ in
                    resets.value += 1
                    removed.value = []
                },
                wrapCallback: { callback in
                    guard let adapter = owner.value else { return callback }
                    // The id the reference is about to give this callback (ID-2 numbering, as the ledger keeps it).
                    let id = WireDialect.canonical.callbackIDs.nativeID(adapter.ledger.entries.count + 1)
                    return { answer in
                        let resetsBefore = resets.value
                        callback(answer)
                        // After a reset inside the callback, the id may name a new callback: removed with this one.
                        if resets.value != resetsBefore, adapter.ledger.outstanding.contains(id) {
                            removed.value.insert(id)
                        }
                    }
                },
                rewriteFetchResult: { result, _ in
                    guard !removed.value.isEmpty else { return result }
                    return WireRewriting.rewritingBatch(result) { batch in
                        batch.removeAll { element in
                            guard case .string(let id)? = element.members?["responseId"], removed.value.contains(id)
                            else { return false }
                            removed.value.remove(id)
                            return true
                        }
                    }
                })
        },
    ]

    // MARK: The safety switch

    private static let safetySwitchMutants: [Mutant] = [
        native(
            "safety-disabled-once-per-bridge",
            "disableJavscriptAlertBoxSafetyTimeout() sets a flag and sends nothing once the flag is set, so the next page (or the page after a reset) keeps its safety on",
            obligation: .safe2a, caughtBy: ["alert-safety.disable.twice-across-pages"]
        ) {
            let sent = Box(false)
            return Defect(interceptCall: { name, _, _ in
                guard name == WireDialect.canonical.disableSafetyTimeoutHandler else { return false }
                defer { sent.value = true }
                return sent.value
            })
        },
        javaScriptSide(
            "js-safety-switch-toggles",
            "the JS side's switch toggles the safety rather than switching it off, so a second switch turns it back on",
            obligation: .safe4a,
            replacing:
                "function disableJavscriptAlertBoxSafetyTimeout() {\n        dispatchMessagesWithTimeoutSafety = false;",
            with:
                "function disableJavscriptAlertBoxSafetyTimeout() {\n        dispatchMessagesWithTimeoutSafety = !dispatchMessagesWithTimeoutSafety;",
            caughtBy: ["alert-safety.disable.twice-across-pages"]),
        javaScriptSide(
            "js-safety-switch-read-at-arrival",
            "the JS side looks for the switch's name in each message as it arrives and switches at once, so later messages of the same turn overtake earlier deferred ones, and data naming the switch turns the safety off",
            obligation: .safe1b,
            replacing: "    function dispatchMessageFromObjC(messageJSON) {\n",
            with:
                "    function dispatchMessageFromObjC(messageJSON) {\n        if (messageJSON.indexOf(\"_disableJavascriptAlertBoxSafetyTimeout\") !== -1) {\n            dispatchMessagesWithTimeoutSafety = false;\n        }\n",
            caughtBy: ["alert-safety.disable.same-turn-and-in-data"]),
    ]

    // MARK: Names, ids and data

    private static let namesAndDataMutants: [Mutant] = [
        native(
            "handlers-kept-in-registration-list",
            "handlers are kept in a list of (name, handler) pairs: a call runs the first registered under its name, and removeHandler removes only that one, so a name registered twice still answers after its removal",
            obligation: .miss2a, caughtBy: ["missing-handler.registered-twice-then-removed"]
        ) {
            let list = Box<[(name: String, handler: AdapterHandler)]>([])
            return Defect(
                interceptRegistration: { name, handler, adapter in
                    list.value.append((name, handler))
                    guard list.value.filter({ $0.name == name }).count == 1 else { return true }
                    try? adapter.registerUnchanged(name, handler: handler)
                    return true
                },
                interceptRemoval: { name, adapter in
                    guard let index = list.value.firstIndex(where: { $0.name == name }) else { return false }
                    list.value.remove(at: index)
                    adapter.removeUnchanged(name)
                    if let next = list.value.first(where: { $0.name == name }) {
                        try? adapter.registerUnchanged(name, handler: next.handler)
                    }
                    return true
                })
        },
        native(
            "empty-handler-name-skipped",
            "a call whose handlerName is the empty string is skipped as malformed, even when a handler is registered under \"\"",
            obligation: .flush7a, caughtBy: ["missing-handler.empty-and-absent-names"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch.removeAll { element in
                        guard let message = element.members, message["responseId"] == nil else { return false }
                        return message["handlerName"] == .string("")
                    }
                }
            })
        },
        native(
            "absent-handler-name-read-as-empty",
            "the handler name is read as `message[\"handlerName\"] as? String ?? \"\"`, so a call without a name runs the handler registered under \"\"",
            obligation: .miss1b, caughtBy: ["missing-handler.empty-and-absent-names"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil else { return element }
                        if case .string? = message["handlerName"] { return element }
                        message["handlerName"] = .string("")
                        return .object(message)
                    }
                }
            })
        },
        native(
            "non-string-callback-ids-unanswered",
            "the callback id is read as `message[\"callbackId\"] as? String`, so a call whose id is a number or another JSON type gets a responder that sends nothing",
            obligation: .id3a, caughtBy: ["callbacks.ids.any-json-type-answered"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil,
                            let id = message["callbackId"]
                        else { return element }
                        if case .string = id { return element }
                        message["callbackId"] = nil
                        return .object(message)
                    }
                }
            })
        },
        native(
            "message-kind-by-substring",
            "a batch element counts as a response when its JSON text contains \"responseId\", so a call whose data has that key is taken for a response and dropped",
            obligation: .msg4b, caughtBy: ["messages.protocol-words-in-data"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil,
                            element.canonicalText.contains("\"responseId\"")
                        else { return element }
                        // What the port then does with it: look for a callback, find none, and go on.
                        message["responseId"] = .string("")
                        return .object(message)
                    }
                }
            })
        },
        javaScriptSide(
            "js-message-kind-by-substring",
            "the JS side takes a message for a response when its text contains \"responseId\", so a native call whose data has that key never reaches its handler",
            obligation: .disp4d,
            replacing: "            if (message.responseId) {",
            with: "            if (messageJSON.indexOf(\"\\\"responseId\\\"\") !== -1) {",
            caughtBy: ["messages.protocol-words-in-data"]),
    ]

    // MARK: Malformed input from the page

    private static let pageInputMutants: [Mutant] = [
        native(
            "batch-trimmed-before-parse",
            "the fetch result is trimmed with .whitespacesAndNewlines before parsing, so a batch wrapped in characters that are white space to Foundation but not to JSON (U+00A0, U+2028, U+FEFF) runs",
            obligation: .flush3a, caughtBy: ["flush.invalid-json.foundation-whitespace"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                result.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            })
        },
        native(
            "unparsable-navigation-left-undecided",
            "the navigation delegate starts with `guard let url = navigationAction.request.url else { return }`, so a request for a string that is not a URL is never decided",
            obligation: .boot1g, caughtBy: ["bootstrap.navigation.not-a-url"]
        ) {
            Defect(leavesUndecided: { action in action.url == nil })
        },
        javaScriptSide(
            "js-queue-holds-serialized-messages",
            "the JS side serializes each message when it is sent and _fetchQueue joins the strings, so data the page changes before the fetch is sent as it was",
            obligation: .disp2a,
            replacing: "sendMessageQueue.push(message);",
            with: "sendMessageQueue.push(JSON.stringify(message));",
            alsoReplacing: "var messageQueueString = JSON.stringify(sendMessageQueue);",
            with: "var messageQueueString = \"[\" + sendMessageQueue.join(\",\") + \"]\";",
            caughtBy: ["js-side.fetch-queue.data-changed-before-fetch"]),
        javaScriptSide(
            "js-setup-callbacks-iterated-with-for-in",
            "the JS side calls the setup callbacks with `for (var i in callbacks)`, which also calls an enumerable function the page added to Array.prototype",
            obligation: .boot7a,
            replacing: "for (var i = 0; i < callbacks.length; i++) {",
            with: "for (var i in callbacks) {",
            caughtBy: ["bootstrap.setup-callbacks.polluted-prototypes"]),
        javaScriptSide(
            "js-fetch-hands-out-sixteen",
            "_fetchQueue hands out at most 16 messages per fetch, to keep each result small, so the rest wait for a later signal",
            obligation: .disp2c,
            replacing: "var messageQueueString = JSON.stringify(sendMessageQueue);\n        sendMessageQueue = [];",
            with:
                "var messageQueueString = JSON.stringify(sendMessageQueue.slice(0, 16));\n        sendMessageQueue = sendMessageQueue.slice(16);",
            caughtBy: ["js-side.fetch-queue.drains-a-burst"]),
    ]

    // MARK: Scheduling

    private static let schedulingMutants: [Mutant] = [
        native(
            "navigation-decision-kept-in-one-slot",
            "the delegate keeps the decision handler in one stored property and decides from DispatchQueue.main.async, so of two requests asked about in one main-queue turn the first is never decided",
            obligation: .boot1g, caughtBy: ["bootstrap.navigation.two-in-one-turn"]
        ) {
            Defect(decidesFromOneSlot: true)
        },
        native(
            "fetches-coalesced-per-turn",
            "a fetch is skipped when one was already started since the main queue last ran (a `fetchScheduled` flag cleared from DispatchQueue.main.async), so two queue URLs in one turn get one fetch",
            obligation: .flush1b, caughtBy: ["bootstrap.navigation.two-in-one-turn"]
        ) {
            let started = Box(false)
            return Defect(rewriteScript: { script, _ in
                guard script.kind == .fetch else { return [script.text] }
                if started.value { return [] }
                started.value = true
                DispatchQueue.main.async { MainActor.assumeIsolated { started.value = false } }
                return [script.text]
            })
        },
    ]

    // MARK: Guards left set

    /// A guard against re-entrant dispatch, set around the dispatch and cleared after it without a `finally`:
    /// harmless until a handler throws through it, after which the bridge waits for a dispatch that never ends.
    private static let guardMutants: [Mutant] = [
        javaScriptSide(
            "js-dispatch-guard-stuck-after-a-throw",
            "the JS side queues messages that arrive while it dispatches and clears its guard after the loop, which a handler's exception skips: after a handler threw synchronously (no safety timeout), every later native message waits forever",
            obligation: .disp3a,
            replacing:
                "function handleMessageFromObjC(messageJSON) {\n        dispatchMessageFromObjC(messageJSON);\n    }",
            with: """
                var dispatching = false;
                var arrivedMessages = [];
                function handleMessageFromObjC(messageJSON) {
                    arrivedMessages.push(messageJSON);
                    if (dispatching) {
                        return;
                    }
                    dispatching = true;
                    while (arrivedMessages.length) {
                        dispatchMessageFromObjC(arrivedMessages.shift());
                    }
                    dispatching = false;
                }
                """,
            caughtBy: [
                "situations.native-call-answered.after-a-js-handler-threw",
                "situations.native-calls-in-order.after-a-js-handler-threw",
            ]),
        native(
            "send-guard-stuck-after-a-handler-failure",
            "the port defers native sends while it dispatches a batch and clears its guard after the loop, which a failing handler's error skips: after a native handler failed, every later native send waits for a batch end that never comes",
            obligation: .start2a,
            caughtBy: [
                "situations.native-call-answered.after-a-native-handler-failed",
                "situations.native-calls-in-order.after-a-native-handler-failed",
            ]
        ) {
            let stuck = Box(false)
            return Defect(
                interceptCall: { _, _, _ in stuck.value },
                wrapThrowingHandler: { handler in
                    { data, respond in
                        stuck.value = true
                        try handler(data, respond)
                        stuck.value = false
                    }
                })
        },
    ]
}

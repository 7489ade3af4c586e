import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import StrictJSON

extension MutantCatalogue {
    /// Mutants written from the obligations of clauses whose parts interact: what `reset()` must do to
    /// each piece of state, held responses, batches that mix responses and calls, look-alike bridge URLs,
    /// key sets, escapes defeated by a grapheme cluster, and the safety switch across a reload. Each is
    /// the code a hurried port author writes.
    static let interplayMutants: [Mutant] = [
        // reset() and each piece of state (START-3).
        native(
            "reset-keeps-callbacks",
            "reset() restarts numbering but leaves the callback dictionary as it was, so a late answer runs a dropped callback",
            obligation: .start3b, caughtBy: ["startup.reset.callbacks-ids-handlers"]
        ) {
            // `responseCallbacks` is not cleared: an answer naming a dropped callback whose id was not
            // issued again runs it, where it stands in the batch.
            let dropped = Box<[CallbackLedger.Entry]>([])
            let droppedCallback: @MainActor @Sendable (String, DefectiveBridgeAdapter) -> AdapterResponseCallback? = {
                id, adapter in
                adapter.ledger.entry(id) == nil ? dropped.value.last { $0.id == id }?.callback : nil
            }
            return Defect(
                afterAttach: { adapter in registerReplayHandler(on: adapter, callback: droppedCallback) },
                afterReset: { _, issued in dropped.value += issued.filter { !$0.answered } },
                rewriteFetchResult: { result, page in
                    guard let adapter = page.owner else { return result }
                    return replayingAnswers(in: result) { id in droppedCallback(id, adapter) != nil }
                })
        },
        native(
            "reset-keeps-callback-numbering", "reset() drops callbacks but the id counter keeps counting",
            obligation: .start3c,
            caughtBy: ["startup.reset.callbacks-ids-handlers"]
        ) {
            // Ids after a reset continue where they stopped: the reference's objc_cb_<n> goes out as
            // objc_cb_<n + ids issued before>, and answers are mapped back.
            let offset = Box(0)
            return Defect(
                afterReset: { _, issued in offset.value += issued.count },
                rewriteScript: { script, _ in
                    guard offset.value > 0 else { return [script.text] }
                    return [
                        WireRewriting.rewritingMessage(of: script.text) { message in
                            if case .string(let id)? = message["callbackId"], let number = callbackNumber(id) {
                                message["callbackId"] = .string("objc_cb_\(number + offset.value)")
                            }
                        }
                    ]
                },
                rewriteFetchResult: { result, _ in
                    guard offset.value > 0 else { return result }
                    return WireRewriting.rewritingBatch(result) { batch in
                        batch = batch.map { element in
                            guard var message = element.members, case .string(let id)? = message["responseId"],
                                let number = callbackNumber(id)
                            else { return element }
                            // Ids up to the offset were issued before the reset: unknown to the reference too.
                            message["responseId"] = .string(
                                number > offset.value ? "objc_cb_\(number - offset.value)" : "objc_cb_stale_\(number)")
                            return .object(message)
                        }
                    }
                })
        },
        native(
            "reset-drops-handlers", "reset() also empties the handler dictionary", obligation: .start3d,
            caughtBy: [
                "startup.reset.callbacks-ids-handlers", "situations.js-call-answered.after-reset",
                "situations.js-calls-in-order.after-reset",
            ]
        ) {
            Defect(afterReset: { adapter, _ in adapter.removeAllHandlers() })
        },
        native(
            "startup-queue-holds-calls-only",
            "the startup queue holds calls, but a response given while it is armed is evaluated at once and lost",
            obligation: .start1b, caughtBy: ["startup.reset.holds-responses"]
        ) {
            // Equivalently: responses that come out of the startup queue's flush (right after the JS side)
            // are dropped.
            let flushing = Box(false)
            return Defect(rewriteScript: { script, page in
                switch script.kind {
                case .javaScriptSide:
                    flushing.value = true
                    page.afterCurrentDecision { flushing.value = false }
                    return [script.text]
                case .delivery
                where flushing.value && WireRewriting.message(inCommand: script.text)?["responseId"] != nil:
                    return []
                default:
                    return [script.text]
                }
            })
        },
        // Batches that mix responses and calls (ORD-2).
        native(
            "batch-responses-first", "a batch is handled in two passes: responses first, then calls",
            obligation: .ord2c,
            caughtBy: ["ordering.js-to-native.mixed-batch-in-order"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    let responses = batch.filter { $0.members?["responseId"] != nil }
                    let others = batch.filter { $0.members?["responseId"] == nil }
                    batch = responses + others
                }
            })
        },
        // Bridge URLs (BOOT-1, BOOT-2).
        native(
            "bridge-url-by-prefix",
            "bridge URLs are recognised by absoluteString.hasPrefix(\"https://__bridge_loaded__\") and the like",
            obligation: .boot2c, caughtBy: ["bootstrap.url-classification.look-alikes"]
        ) {
            Defect(rewriteNavigation: { action in
                guard let url = action.url else { return action }
                let text = url.absoluteString.lowercased()
                let prefixes = [
                    "https://__bridge_loaded__", "https://__wvjb_queue_message__",
                    "wvjbscheme://__bridge_loaded__", "wvjbscheme://__wvjb_queue_message__",
                ]
                var rewritten = action
                if let prefix = prefixes.first(where: text.hasPrefix) {
                    rewritten.url = URL(string: prefix)
                } else if BridgeURLKind(url) != .notBridge {
                    rewritten.url = URL(string: "https://not-a-bridge-url.invalid/")
                }
                return rewritten
            })
        },
        native(
            "bridge-url-by-substring", "a URL is a queue URL when absoluteString contains __wvjb_queue_message__",
            obligation: .boot2c,
            caughtBy: ["bootstrap.url-classification.https", "bootstrap.url-classification.look-alikes"]
        ) {
            Defect(rewriteNavigation: { action in
                guard let url = action.url, BridgeURLKind(url) == .notBridge else { return action }
                var rewritten = action
                if url.absoluteString.contains("__wvjb_queue_message__") {
                    rewritten.url = URL(string: "https://__wvjb_queue_message__")
                } else if url.absoluteString.contains("__bridge_loaded__") {
                    rewritten.url = URL(string: "https://__bridge_loaded__")
                }
                return rewritten
            })
        },
        // Key sets (MSG-1, MSG-2, MSG-7).
        native(
            "absent-keys-as-null",
            "messages are encoded from a struct with optional fields, absent ones written as null",
            obligation: .msg7b,
            caughtBy: ["messages.native-to-js.keys"]
        ) {
            Defect.rewritingDeliveredMessages { message in
                for key in ["handlerName", "data", "callbackId", "responseId", "responseData"] where message[key] == nil
                {
                    message[key] = .null
                }
            }
        },
        // Escaping (ESC-2), defeated by a grapheme cluster.
        native(
            "escaper-matches-characters",
            "the escaper compares Swift Characters, so ' or U+2028 followed by a combining mark is left raw",
            obligation: .esc2j, caughtBy: ["escaping.corpus.round-trip.native-to-js"]
        ) {
            escaping(PortEscaper(matchesCharacters: true))
        },
        // The safety switch across a reload (SAFE-2).
        native(
            "safety-disable-resent-on-load",
            "the bridge remembers that the safety was switched off and switches it off again on every page",
            obligation: .safe2e, caughtBy: ["alert-safety.reload-restores-safety"]
        ) {
            let disabled = Box(false)
            return Defect(
                interceptCall: { name, _, _ in
                    if name == "_disableJavascriptAlertBoxSafetyTimeout" { disabled.value = true }
                    return false
                },
                rewriteScript: { script, page in
                    guard script.kind == .javaScriptSide, disabled.value, page.injectionCount > 1,
                        let disable = WireRewriting.command(
                            forCall: "_disableJavascriptAlertBoxSafetyTimeout", data: nil)
                    else { return [script.text] }
                    return [script.text, disable]
                })
        },
    ]

    /// The handler name a mutant registers on the reference to run a callback from inside a batch.
    static let replayHandlerName = "__mutant_replay_answer"

    /// Registers the replay handler: it runs the callback `callback` finds for the id it is given.
    @MainActor
    static func registerReplayHandler(
        on adapter: DefectiveBridgeAdapter,
        callback: @escaping @MainActor @Sendable (_ id: String, DefectiveBridgeAdapter) -> AdapterResponseCallback?
    ) {
        try? adapter.core.registerHandler(replayHandlerName) { [weak adapter] data, _ in
            guard let adapter, let replayed = data as? [String: Any], let id = replayed["id"] as? String,
                let run = callback(id, adapter)
            else { return }
            run(replayed["responseData"])
        }
    }

    /// Registers the replay handler so that it runs, and marks answered, the ledger's callback of the id.
    @MainActor
    static func registerAnsweringReplayHandler(on adapter: DefectiveBridgeAdapter) {
        registerReplayHandler(on: adapter) { id, adapter in
            adapter.ledger.markAnswered(id)
            return adapter.ledger.entry(id)?.callback
        }
    }

    /// `result` with each response whose id `replays` accepts replaced by a call of the replay handler,
    /// which runs the callback where the response stands in the batch.
    static func replayingAnswers(in result: String?, where replays: (String) -> Bool) -> String? {
        WireRewriting.rewritingBatch(result) { batch in
            batch = batch.map { element in
                guard let message = element.members, case .string(let id)? = message["responseId"], replays(id) else {
                    return element
                }
                var replayed: [String: JSONValue] = ["id": .string(id)]
                replayed["responseData"] = message["responseData"]
                return .object(["handlerName": .string(replayHandlerName), "data": .object(replayed)])
            }
        }
    }

    /// The number of a reference callback id (`objc_cb_<n>`), or nil.
    static func callbackNumber(_ id: String) -> Int? {
        id.hasPrefix("objc_cb_") ? Int(id.dropFirst("objc_cb_".count)) : nil
    }
}

import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import StrictJSON
import WireDialects

extension MutantCatalogue {
    /// Mutants of the reference native side: startup queue, ordering, callbacks, escaping, missing
    /// handlers, the safety switch and navigation decisions.
    static let nativeMutants: [Mutant] = [
        // Startup queue.
        native(
            "no-startup-queue", "sends before injection are evaluated into a page without the bridge and lost",
            obligation: .start1a,
            caughtBy: [
                "startup.calls-before-load.delivered-in-order", "situations.native-call-answered.before-load",
                "situations.native-calls-in-order.before-load",
            ]
        ) {
            // A send path without a queue: calls made before injection are evaluated at once. (Responses
            // given while queueing after a reset still queue; the cases that catch it do not need them.)
            Defect(interceptCall: { name, data, adapter in
                guard let core = try? adapter.core, core.isQueueingStartupMessages else { return false }
                guard let command = WireRewriting.command(forCall: name, data: data) else { return false }
                adapter.page?.evaluateUnchanged(command)
                return true
            })
        },
        native(
            "startup-queue-before-js", "the startup queue is sent before the JS side is evaluated",
            obligation: .boot3b,
            caughtBy: ["startup.js-side-before-queued-messages"]
        ) {
            Defect(rewriteScript: { script, page in
                guard script.kind == .javaScriptSide else { return [script.text] }
                page.afterCurrentDecision { page.evaluateUnchanged(script.text) }
                return []
            })
        },
        native(
            "startup-queue-never-off", "sends keep being queued after injection", obligation: .start2a,
            caughtBy: [
                "startup.queue-off-after-injection", "lifecycle.sends-during-navigation",
                "situations.native-call-answered.after-a-js-handler-threw",
                "situations.native-call-answered.after-a-missing-handler",
                "situations.native-call-answered.after-a-native-handler-failed",
                "situations.native-call-answered.inside-a-handler", "situations.native-call-answered.on-a-second-page",
                "situations.native-calls-in-order.after-a-js-handler-threw",
                "situations.native-calls-in-order.after-a-missing-handler",
                "situations.native-calls-in-order.after-a-native-handler-failed",
                "situations.native-calls-in-order.inside-a-handler",
                "situations.native-calls-in-order.on-a-second-page",
            ]
        ) {
            // Sends after an injection wait for the next one, where they go out right after the JS side.
            let held = Box<[String]>([])
            let injecting = Box(false)
            return Defect(rewriteScript: { script, page in
                switch script.kind {
                case .javaScriptSide:
                    injecting.value = true
                    page.afterCurrentDecision { injecting.value = false }
                    defer { held.value = [] }
                    return [script.text] + held.value
                case .delivery where page.injectionCount > 0 && !injecting.value:
                    held.value.append(script.text)
                    return []
                default:
                    return [script.text]
                }
            })
        },
        native(
            "startup-queue-reversed", "the startup queue is sent last-first", obligation: .start1c,
            caughtBy: [
                "startup.calls-before-load.delivered-in-order", "situations.native-calls-in-order.after-reset",
                "situations.native-calls-in-order.before-load",
            ]
        ) {
            let queued = Box<[String]?>(nil)
            return Defect(rewriteScript: { script, page in
                switch script.kind {
                case .javaScriptSide:
                    queued.value = []
                    page.afterCurrentDecision {
                        let scripts = queued.value ?? []
                        queued.value = nil
                        scripts.reversed().forEach(page.evaluateUnchanged)
                    }
                    return [script.text]
                case .delivery where queued.value != nil:
                    queued.value?.append(script.text)
                    return []
                default:
                    return [script.text]
                }
            })
        },
        native(
            "reset-does-nothing", "reset() neither re-arms the startup queue nor drops callbacks",
            obligation: .start3a,
            caughtBy: [
                "startup.reset-rearms-queue", "situations.native-call-answered.after-reset",
                "situations.native-calls-in-order.after-reset",
            ]
        ) {
            Defect(ignoredOperations: [.reset])
        },
        // Ordering.
        native(
            "batch-reversed", "a fetched batch is processed last-first", obligation: .ord2a,
            caughtBy: [
                "ordering.js-to-native.batch-fifo", "situations.js-calls-in-order.after-a-js-handler-threw",
                "situations.js-calls-in-order.after-a-missing-handler",
                "situations.js-calls-in-order.after-a-native-handler-failed",
                "situations.js-calls-in-order.after-reset", "situations.js-calls-in-order.before-load",
                "situations.js-calls-in-order.inside-a-handler", "situations.js-calls-in-order.on-a-second-page",
            ]
        ) {
            Defect(rewriteFetchResult: { result, _ in WireRewriting.rewritingBatch(result) { $0.reverse() } })
        },
        native(
            "sends-reversed-within-turn", "commands sent in one turn are evaluated last-first", obligation: .ord1a,
            caughtBy: [
                "ordering.native-to-js.fifo", "situations.native-calls-in-order.after-a-js-handler-threw",
                "situations.native-calls-in-order.after-a-missing-handler",
                "situations.native-calls-in-order.after-a-native-handler-failed",
                "situations.native-calls-in-order.inside-a-handler",
                "situations.native-calls-in-order.on-a-second-page",
            ]
        ) {
            // Commands are collected and evaluated on the next main-queue turn, newest first.
            let turn = Box<[String]>([])
            return Defect(rewriteScript: { script, page in
                guard script.kind != .fetch else { return [script.text] }
                turn.value.append(script.text)
                if turn.value.count == 1 {
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            let scripts = turn.value
                            turn.value = []
                            scripts.reversed().forEach(page.evaluateUnchanged)
                        }
                    }
                }
                return []
            })
        },
        // Native callbacks.
        native(
            "callbacks-not-removed", "a native callback stays registered and runs again on a second answer",
            obligation: .cb2a,
            caughtBy: ["callbacks.native.one-shot", "callbacks.native.one-shot.crafted-repeats"]
        ) {
            // A repeated response runs its callback again where it stands in the batch.
            Defect(
                afterAttach: { adapter in
                    registerReplayHandler(on: adapter) { id, adapter in adapter.ledger.entry(id)?.callback }
                },
                rewriteFetchResult: { result, page in
                    guard let adapter = page.owner else { return result }
                    // Answers earlier in the same batch count: the reference runs the batch in order.
                    var answered = Set(adapter.ledger.entries.filter(\.answered).map(\.id))
                    return replayingAnswers(in: result) { id in
                        adapter.ledger.entry(id) != nil && !answered.insert(id).inserted
                    }
                })
        },
        native(
            "responses-matched-in-call-order",
            "answers go to the oldest pending callback instead of the one their responseId names", obligation: .cb1b,
            caughtBy: ["missing-handler.js.no-answer-next-works", "callbacks.native.ids-unique-among-outstanding"]
        ) {
            Defect(rewriteFetchResult: { result, page in
                guard let adapter = page.owner else { return result }
                var outstanding = adapter.ledger.outstanding
                return WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] != nil else { return element }
                        guard !outstanding.isEmpty else { return element }
                        message["responseId"] = .string(outstanding.removeFirst())
                        return .object(message)
                    }
                }
            })
        },
        native(
            "callback-id-reused", "every callback gets objc_cb_1, so outstanding callbacks overwrite each other",
            obligation: .cb1a,
            caughtBy: ["callbacks.native.ids-unique-among-outstanding"]
        ) {
            // Outgoing ids all read objc_cb_1; an answer to objc_cb_1 reaches the newest callback.
            Defect(
                rewriteScript: { script, _ in
                    [
                        WireRewriting.rewritingMessage(of: script.text) { message in
                            if message["callbackId"] != nil { message["callbackId"] = "objc_cb_1" }
                        }
                    ]
                },
                rewriteFetchResult: { result, page in
                    guard let newest = page.owner?.ledger.entries.last?.id else { return result }
                    return WireRewriting.rewritingBatch(result) { batch in
                        batch = batch.map { element in
                            guard var message = element.members, message["responseId"] == "objc_cb_1" else {
                                return element
                            }
                            message["responseId"] = .string(newest)
                            return .object(message)
                        }
                    }
                })
        },
        native(
            "unknown-response-id-aborts-batch", "an unknown responseId stops the rest of the batch",
            obligation: .cb3d,
            caughtBy: [
                "callbacks.native.unknown-response-id-ignored", "callbacks.native.unknown-response-id.crafted-batch",
                "callbacks.native.response-after-reset.crafted",
            ]
        ) {
            Defect(rewriteFetchResult: { result, page in
                guard let adapter = page.owner else { return result }
                var outstanding = Set(adapter.ledger.outstanding)
                return WireRewriting.rewritingBatch(result) { batch in
                    for (index, element) in batch.enumerated() {
                        guard let message = element.members, let responseId = message["responseId"] else { continue }
                        guard case .string(let id) = responseId, outstanding.remove(id) != nil else {
                            batch = Array(batch[...index])
                            return
                        }
                    }
                }
            })
        },
        // Escaping.
        native(
            "single-quote-raw", "' is not escaped, so payloads end the literal early", obligation: .esc2c,
            caughtBy: ["escaping.quotes-and-backslashes.native-to-js", "escaping.corpus.round-trip.native-to-js"]
        ) {
            escaping(PortEscaper(escapesSingleQuote: false))
        },
        native(
            "line-separators-raw", "U+2028/U+2029 are left raw in the literal", obligation: .esc2g,
            caughtBy: ["escaping.line-terminators.native-to-js"]
        ) {
            escaping(PortEscaper(lineSeparators: .raw))
        },
        native(
            "line-separators-es2015", "U+2028/U+2029 are escaped as \\u{2028}/\\u{2029}", obligation: .esc2i,
            caughtBy: ["escaping.line-terminators.native-to-js"]
        ) {
            escaping(PortEscaper(lineSeparators: .es2015))
        },
        native(
            "control-characters-raw", "hand-built JSON leaves NUL and other controls raw, so JSON.parse fails",
            obligation: .esc3b,
            caughtBy: ["escaping.nul-and-controls.native-to-js", "escaping.corpus.round-trip.native-to-js"]
        ) {
            // A JSON writer that never escapes C0 controls: the escaper still catches LF, CR and FF.
            Defect(rewriteScript: { script, _ in
                guard script.kind == .delivery,
                    let json = WireInspector.literalText(ofCommand: script.text, in: .canonical)
                else { return [script.text] }
                // Every `\u00XX` below U+0020 back to its raw character, in one pass over the bytes.
                let bytes = Array(json.utf8)
                var raw: [UInt8] = []
                raw.reserveCapacity(bytes.count)
                var index = 0
                while index < bytes.count {
                    if bytes[index] == 0x5C, index + 5 < bytes.count, bytes[index + 1] | 0x20 == 0x75,
                        bytes[index + 2] == 0x30,
                        bytes[index + 3] == 0x30 || bytes[index + 3] == 0x31,
                        let low = UInt8(String(decoding: bytes[(index + 5)...(index + 5)], as: UTF8.self), radix: 16)
                    {
                        raw.append((bytes[index + 3] - 0x30) << 4 | low)
                        index += 6
                    } else {
                        raw.append(bytes[index])
                        index += 1
                    }
                }
                return [MessageEscaper.handleMessageCommand(forMessageJSON: String(decoding: raw, as: UTF8.self))]
            })
        },
        native(
            "non-bmp-escaped-as-scalar", "characters beyond U+FFFF are escaped as \\u plus their scalar value",
            obligation: .esc3c,
            caughtBy: ["escaping.non-ascii.native-to-js", "escaping.corpus.round-trip.native-to-js"]
        ) {
            escaping(PortEscaper(escapesNonBMPByScalar: true))
        },
        native(
            "received-strings-cut-at-nul",
            "strings handed to native handlers are cut at the first NUL (C-string bridging)", obligation: .msg3c,
            caughtBy: ["escaping.corpus.round-trip.js-to-native"]
        ) {
            Defect(wrapHandler: { handler in { data, respond in handler(data.map(truncatingStringsAtNUL), respond) } })
        },
        native(
            "received-nulls-stripped", "null members are stripped from received dictionaries", obligation: .msg3f,
            caughtBy: ["escaping.corpus.rejected.js-to-native"]
        ) {
            Defect(wrapHandler: { handler in { data, respond in handler(data.map(strippingNullMembers), respond) } })
        },
        native(
            "unserializable-message-blocks-sends",
            "after one message cannot be serialized, every later send is dropped", obligation: .esc4c,
            caughtBy: ["escaping.corpus.rejected.native-to-js"]
        ) {
            let blocked = Box(false)
            return Defect(
                interceptCall: { name, data, _ in
                    let message = WireRewriting.call(name, data: data)
                    if !JSONSerialization.isValidJSONObject(message) { blocked.value = true }
                    return false
                },
                rewriteScript: { script, _ in script.kind == .delivery && blocked.value ? [] : [script.text] })
        },
        native(
            "failed-batch-stops-flushing", "after one batch fails to parse, later batches are never processed",
            obligation: .flush3c,
            caughtBy: ["escaping.corpus.implementation-defined.js-to-native"]
        ) {
            let stopped = Box(false)
            return Defect(rewriteFetchResult: { result, _ in
                guard let result, !result.isEmpty else { return result }
                if stopped.value { return "[]" }
                if (try? JSONParser.parse(result, loneSurrogates: .reject)) == nil { stopped.value = true }
                return result
            })
        },
        // Messages.
        native(
            "non-object-data-as-nil", "handlers get nil when data is not a JSON object", obligation: .msg3g,
            caughtBy: ["messages.js-to-native.data-forms", "escaping.hostile.js-to-native"]
        ) {
            Defect(wrapHandler: { handler in { data, respond in handler(data is [String: Any] ? data : nil, respond) } }
            )
        },
        native(
            "messages-without-data-dropped", "JS calls without data are dropped", obligation: .msg3a,
            caughtBy: ["messages.js-to-native.data-forms"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch.removeAll { element in
                        guard let message = element.members else { return false }
                        return message["responseId"] == nil && message["data"] == nil
                    }
                }
            })
        },
        native(
            "nil-answer-omitted", "a nil answer is sent without responseData, so JS gets undefined",
            obligation: .msg2c,
            caughtBy: ["messages.native-to-js.nil-answer-is-null"]
        ) {
            // The responder leaves out the key for nil (a marker the reference serializes, then dropped).
            let marker = "\u{0}mutant: nil answer"
            return Defect(
                wrapHandler: { handler in { data, respond in handler(data) { answer in respond(answer ?? marker) } } },
                rewriteScript: { script, _ in
                    [
                        WireRewriting.rewritingMessage(of: script.text) { message in
                            if message["responseData"] == .string(marker) { message["responseData"] = nil }
                        }
                    ]
                })
        },
        // Missing handlers and the safety switch.
        native(
            "missing-handler-aborts-batch", "a call to a missing handler stops the rest of the batch",
            obligation: .miss1d,
            caughtBy: ["missing-handler.native.batch-continues", "missing-handler.native.no-handler-name"]
        ) {
            Defect(rewriteFetchResult: { result, page in
                guard let handlers = page.owner?.handlerNames else { return result }
                return WireRewriting.rewritingBatch(result) { batch in
                    guard
                        let index = batch.firstIndex(where: { element in
                            guard let message = element.members, message["responseId"] == nil else { return false }
                            guard case .string(let name)? = message["handlerName"] else { return true }
                            return !handlers.contains(name)
                        })
                    else { return }
                    batch = Array(batch[...index])
                }
            })
        },
        native(
            "remove-handler-ignored", "removeHandler does nothing", obligation: .miss2a,
            caughtBy: ["missing-handler.native.removed-handler", "missing-handler.native.removed-before-load"]
        ) {
            Defect(ignoredOperations: [.removeHandler])
        },
        native(
            "disable-safety-ignored", "disableJavscriptAlertBoxSafetyTimeout sends nothing", obligation: .safe2a,
            caughtBy: ["alert-safety.disable-from-native"]
        ) {
            Defect(ignoredOperations: [.disableSafetyTimeout])
        },
        // Navigation decisions.
        native(
            "decides-navigation-twice", "the navigation decision handler is called twice for bridge URLs",
            obligation: .boot1f,
            caughtBy: ["bootstrap.url-classification.https", "bootstrap.url-classification.wvjbscheme"]
        ) {
            Defect(decidesCancelledNavigationsTwice: true)
        },
        native(
            "cancels-bridge-hosts-on-any-scheme",
            "http://__wvjb_queue_message__ is treated as a bridge URL and cancelled", obligation: .boot2b,
            caughtBy: ["bootstrap.url-classification.https"]
        ) {
            // Classifies by host alone, as `url.host == "__wvjb_queue_message__"` does.
            Defect(rewriteNavigation: { action in
                guard let url = action.url, let host = url.host?.lowercased(),
                    host == "__wvjb_queue_message__" || host == "__bridge_loaded__",
                    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
                else { return action }
                components.scheme = "https"
                var bridgeAction = action
                bridgeAction.url = components.url
                return bridgeAction
            })
        },
        native(
            "disables-safety-on-attach",
            "the bridge switches the JS side to synchronous dispatch as soon as it attaches", obligation: .safe1c,
            caughtBy: ["alert-safety.default-dispatch-deferred"]
        ) {
            Defect(afterAttach: { adapter in try? adapter.disableJavscriptAlertBoxSafetyTimeout() })
        },
        native(
            "sync-disables-safety-on-attach",
            "a synchronously evaluating bridge switches the safety off on attach, so alert() in a handler freezes the app",
            obligation: .safe1c, caughtBy: ["alert-safety.default-dispatch-deferred"]
        ) {
            Defect(
                evaluationStyle: .synchronous,
                afterAttach: { adapter in try? adapter.disableJavscriptAlertBoxSafetyTimeout() })
        },
    ]

    /// A defect that escapes delivery commands with `escaper` instead of the reference's escaper.
    @MainActor
    static func escaping(_ escaper: PortEscaper) -> Defect {
        Defect(rewriteScript: { script, _ in
            guard script.kind == .delivery, let json = WireInspector.literalText(ofCommand: script.text, in: .canonical)
            else { return [script.text] }
            return [escaper.command(forMessageJSON: json)]
        })
    }

    /// `value` with every string cut at its first NUL.
    static func truncatingStringsAtNUL(_ value: Any) -> Any {
        switch value {
        case let string as String: return String(string.prefix { $0 != "\u{0}" })
        case let array as [Any]: return array.map(truncatingStringsAtNUL)
        case let object as [String: Any]: return object.mapValues(truncatingStringsAtNUL)
        default: return value
        }
    }

    /// `value` without `NSNull` members in dictionaries.
    static func strippingNullMembers(_ value: Any) -> Any {
        switch value {
        case let array as [Any]: return array.map(strippingNullMembers)
        case let object as [String: Any]: return object.filter { !($0.value is NSNull) }.mapValues(strippingNullMembers)
        default: return value
        }
    }
}

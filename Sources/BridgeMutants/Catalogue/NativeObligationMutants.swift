import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import StrictJSON

extension MutantCatalogue {
    /// Mutants written from single obligations of appendix C that no earlier mutant broke: bootstrap,
    /// message shapes and reading, ordering and callback ids on the native side.
    static let nativeObligationMutants: [Mutant] = [
        // BOOT-1: every bridge URL cancelled, every request decided.
        native(
            "queue-url-allowed-after-fetch",
            "the queue URL branch fetches and then ends with decisionHandler(.allow), copied from the default branch",
            obligation: .boot1a, caughtBy: ["bootstrap.url-classification.https"]
        ) {
            Defect(rewriteDecision: { action, policy in BridgeURLKind(action.url) == .queueMessage ? .allow : policy })
        },
        native(
            "queue-url-undecided-while-fetching",
            "a queue URL that comes while a fetch is pending returns early (`guard !isFetching else { return }`) without deciding",
            obligation: .boot1g, caughtBy: ["bootstrap.url-classification.look-alikes"]
        ) {
            // The pending fetch drains the whole queue (DISP-2), so only the decision is missing.
            let fetching = Box(false)
            return Defect(
                rewriteScript: { script, _ in
                    if script.kind == .fetch { fetching.value = true }
                    return [script.text]
                },
                rewriteFetchResult: { result, _ in
                    fetching.value = false
                    return result
                },
                leavesUndecided: { action in fetching.value && BridgeURLKind(action.url) == .queueMessage })
        },
        // BOOT-3: the whole JS side.
        native(
            "js-side-read-in-one-4k-chunk",
            "the JS side is read from its resource with one 4096-byte read, so only its first 4 KiB are evaluated",
            obligation: .boot3a, caughtBy: ["startup.js-side-before-queued-messages"]
        ) {
            Defect(rewriteScript: { script, _ in
                guard script.kind == .javaScriptSide else { return [script.text] }
                return [String(decoding: Array(script.text.utf8.prefix(4096)), as: UTF8.self)]
            })
        },
        // BOOT-4: injection on the load URL of a page navigated to.
        native(
            "js-injected-only-for-first-url",
            "the `injected` flag is cleared only when the web view reloads the same URL, so a page navigated to never gets the JS side",
            obligation: .boot4b,
            caughtBy: ["lifecycle.reinjected-on-every-load", "lifecycle.reinjected-on-revisited-and-v5-pages"]
        ) {
            let firstURL = Box<String??>(nil)
            return Defect(rewriteScript: { script, page in
                guard script.kind == .javaScriptSide else { return [script.text] }
                if firstURL.value == nil { firstURL.value = .some(page.currentURL) }
                return firstURL.value == .some(page.currentURL) ? [script.text] : []
            })
        },
        // BOOT-6: the fetch injection causes is an empty batch.
        native(
            "empty-batch-rearms-startup-queue",
            "an empty batch is taken for a page without the JS side, as a nil result is, and the bridge resets to hold sends until the next load URL",
            obligation: .boot6b,
            caughtBy: [
                "bootstrap.js-side.messaging-iframe-signals-on-injection",
                "bootstrap.js-side.messaging-iframe-without-body",
            ]
        ) {
            Defect(rewriteFetchResult: { result, page in
                if let batch = WireRewriting.batch(result), batch.isEmpty { try? page.owner?.reset() }
                return result
            })
        },
        // MSG-4: a message without responseId is a call.
        native(
            "calls-without-callback-id-taken-as-responses",
            "a message is a call only if it has a callbackId (`if let callbackId = ... { handleCall } else { handleResponse }`)",
            obligation: .msg4b,
            caughtBy: ["messages.js-to-native.response-id-any-value", "messages.js-to-native.response-or-call-by-key"]
        ) {
            // Handled as a response without an id: ignored, with the unknown-responseId warning.
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil, message["callbackId"] == nil
                        else { return element }
                        message["responseId"] = .null
                        return .object(message)
                    }
                }
            })
        },
        // MSG-7: the keys of a native call.
        native(
            "handler-name-set-in-data-branch",
            "handlerName is written inside `if let data { ... }`, so a native call without data goes without its name",
            obligation: .msg7a, caughtBy: ["messages.native-to-js.keys"]
        ) {
            Defect.rewritingDeliveredMessages { message in
                if message["responseId"] == nil, message["data"] == nil { message["handlerName"] = nil }
            }
        },
        native(
            "callback-id-written-before-callback-check",
            "the callbackId objc_cb_<next> is written before `if let responseCallback`, so calls without a callback carry one too",
            obligation: .msg7c, caughtBy: ["messages.native-to-js.keys", "callbacks.native.id-format"]
        ) {
            // The counter still advances (and callbacks are still stored) only for calls with a callback.
            Defect(rewriteScript: { script, page in
                guard script.kind == .delivery, let ledger = page.owner?.ledger else { return [script.text] }
                return [
                    WireRewriting.rewritingMessage(of: script.text) { message in
                        if message["responseId"] == nil, message["callbackId"] == nil {
                            message["callbackId"] = .string("objc_cb_\(ledger.entries.count + 1)")
                        }
                    }
                ]
            })
        },
        native(
            "callback-id-key-spelled-callbackID",
            "native calls carry their callback id under the key `callbackID`, as Swift spells the word, so the JS side sees none and answers nothing",
            obligation: .msg7c, caughtBy: ["messages.native-to-js.keys"]
        ) {
            Defect.rewritingDeliveredMessages { message in
                if message["responseId"] == nil, let id = message["callbackId"] {
                    message["callbackId"] = nil
                    message["callbackID"] = id
                }
            }
        },
        // MSG-2: the keys and the responseId of a native response.
        native(
            "response-carries-handler-name",
            "native responses carry the handlerName of the call they answer, copying the shape of JS responses",
            obligation: .msg2a, caughtBy: ["messages.native-to-js.keys"]
        ) {
            let names = Box<[String: JSONValue]>([:])
            return Defect(
                rewriteScript: { script, _ in
                    guard script.kind == .delivery else { return [script.text] }
                    return [
                        WireRewriting.rewritingMessage(of: script.text) { message in
                            if case .string(let id)? = message["responseId"], let name = names.value[id] {
                                message["handlerName"] = name
                            }
                        }
                    ]
                },
                rewriteFetchResult: { result, _ in
                    for element in WireRewriting.batch(result) ?? [] {
                        guard let message = element.members, message["responseId"] == nil,
                            case .string(let id)? = message["callbackId"],
                            let name = message["handlerName"]
                        else { continue }
                        names.value[id] = name
                    }
                    return result
                })
        },
        native(
            "response-id-interpolated-optional",
            "the responseId is built as \"\\(message[\"callbackId\"])\", an Optional, so it reads Optional(\"cb_1_...\")",
            obligation: .msg2b, caughtBy: ["messages.native-to-js.nil-answer-is-null", "messages.native-to-js.keys"]
        ) {
            Defect.rewritingDeliveredMessages { message in
                if case .string(let id)? = message["responseId"] {
                    message["responseId"] = .string("Optional(\"\(id)\")")
                }
            }
        },
        // MSG-3: data as JS sent it.
        native(
            "null-data-as-nil",
            "NSNull data is turned into nil before the handler sees it (`data is NSNull ? nil : data`)",
            obligation: .msg3b, caughtBy: ["messages.js-to-native.data-forms"]
        ) {
            Defect(wrapHandler: { handler in { data, respond in handler(data is NSNull ? nil : data, respond) } })
        },
        native(
            "numbers-read-as-int", "numbers in received data are converted with `.intValue`, so 42.5 arrives as 42",
            obligation: .msg3d,
            caughtBy: ["messages.js-to-native.data-forms"]
        ) {
            Defect(wrapHandler: { handler in { data, respond in handler(data.map(truncatingNumbers), respond) } })
        },
        // MSG-9: reading messages whatever their form.
        native(
            "messages-read-in-stringify-key-order",
            "messages are read with a regex written for JSON.stringify's key order (handlerName, responseId, data or responseData, callbackId); others are skipped",
            obligation: .msg9a,
            caughtBy: ["messages.js-to-native.opaque-ids-and-json-forms", "messages.js-to-native.response-json-forms"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                guard let result, let orders = keyOrders(ofBatch: result) else { return result }
                return WireRewriting.rewritingBatch(result) { batch in
                    guard orders.count == batch.count else { return }
                    batch = zip(batch, orders).filter { _, keys in keys.map(isInStringifyOrder) ?? true }.map(\.0)
                }
            })
        },
        native(
            "only-stringify-escapes-decoded",
            "strings are decoded by hand for the escapes JSON.stringify writes only, so \\/ and \\u0041 stay as written",
            obligation: .msg9c,
            caughtBy: ["messages.js-to-native.opaque-ids-and-json-forms", "messages.js-to-native.response-json-forms"]
        ) {
            Defect(rewriteFetchResult: { result, _ in result.map(keepingUnusualEscapes) })
        },
        // ORD-1: native sends in send order.
        native(
            "startup-queue-sent-after-first-batch",
            "held messages go out at the end of the first fetched batch (the JS side's 'ready' signal), while sends made meanwhile go out at once",
            obligation: .ord1b, caughtBy: ["ordering.native-to-js.startup-queue-first"]
        ) {
            let injecting = Box(false)
            let held = Box<[String]>([])
            let release = { @MainActor (page: DefectivePage) in
                let scripts = held.value
                held.value = []
                scripts.forEach(page.evaluateUnchanged)
            }
            return Defect(
                afterAttach: { adapter in
                    registerMarkerHandler(on: adapter, named: markerHandlerName) { adapter in
                        if let page = adapter.page { release(page) }
                    }
                },
                rewriteScript: { script, page in
                    switch script.kind {
                    case .javaScriptSide:
                        injecting.value = true
                        page.afterCurrentDecision { injecting.value = false }
                        return [script.text]
                    case .delivery where injecting.value:
                        held.value.append(script.text)
                        return []
                    default:
                        return [script.text]
                    }
                },
                rewriteFetchResult: { result, page in
                    guard !held.value.isEmpty else { return result }
                    guard WireRewriting.batch(result) != nil else {
                        release(page)
                        return result
                    }
                    return appendingMarker(to: result)
                })
        },
        native(
            "large-messages-serialized-off-main",
            "messages over 16 KiB are serialized on a background queue and evaluated from DispatchQueue.main.async, so smaller later ones overtake them",
            obligation: .ord1c, caughtBy: ["ordering.native-to-js.fifo"]
        ) {
            Defect(rewriteScript: { script, page in
                guard script.kind == .delivery, script.text.utf8.count > 16_384 else { return [script.text] }
                let text = script.text
                DispatchQueue.main.async { MainActor.assumeIsolated { page.evaluateUnchanged(text) } }
                return []
            })
        },
        native(
            "batch-responses-sent-last-first",
            "answers given while a batch runs are held and sent after it with `while let r = pending.popLast()`",
            obligation: .ord1d, caughtBy: ["ordering.round-trip.responses-in-call-order"]
        ) {
            let running = Box(false)
            let held = Box<[String]>([])
            return Defect(
                afterAttach: { adapter in
                    registerMarkerHandler(on: adapter, named: markerHandlerName) { adapter in
                        running.value = false
                        while let script = held.value.popLast() { adapter.page?.evaluateUnchanged(script) }
                    }
                },
                rewriteScript: { script, _ in
                    guard running.value, script.kind == .delivery,
                        WireRewriting.message(inCommand: script.text)?["responseId"] != nil
                    else { return [script.text] }
                    held.value.append(script.text)
                    return []
                },
                rewriteFetchResult: { result, _ in
                    guard let batch = WireRewriting.batch(result), !batch.isEmpty else { return result }
                    running.value = true
                    return appendingMarker(to: result)
                })
        },
        // ORD-2: each message done before the next is examined.
        native(
            "batch-resolved-before-run",
            "a batch is resolved to handlers and callbacks in a first pass and run in a second, so a callback named twice in one batch runs twice",
            obligation: .ord2b, caughtBy: ["ordering.js-to-native.each-message-done-before-next"]
        ) {
            Defect(
                afterAttach: { adapter in
                    registerReplayHandler(on: adapter) { id, adapter in adapter.ledger.entry(id)?.callback }
                },
                rewriteFetchResult: { result, page in
                    guard let adapter = page.owner else { return result }
                    let outstanding = Set(adapter.ledger.outstanding)
                    var resolved = Set<String>()
                    return replayingAnswers(in: result) { id in
                        outstanding.contains(id) && !resolved.insert(id).inserted
                    }
                })
        },
        // ID-2: objc_cb_1, objc_cb_2, ...
        native(
            "callback-ids-copy-js-prefix", "native callback ids are cb_<n>, the JS side's prefix copied",
            obligation: .id2a,
            caughtBy: ["callbacks.native.id-format", "startup.held-calls.callback-ids"]
        ) {
            renumberingCallbackIDs(
                out: { "cb_\($0)" }, back: { id in id.hasPrefix("cb_") ? Int(id.dropFirst(3)) : nil })
        },
        native(
            "callback-ids-start-at-zero", "the callback counter starts at 0, so the first id is objc_cb_0",
            obligation: .id2b,
            caughtBy: ["callbacks.native.id-format", "startup.held-calls.callback-ids"]
        ) {
            renumberingCallbackIDs(out: { "objc_cb_\($0 - 1)" }, back: { id in callbackNumber(id).map { $0 + 1 } })
        },
    ]

    /// The handler name a mutant registers on the reference to act at a point of a batch.
    static let markerHandlerName = "__mutant_marker"

    /// Registers the marker handler: it runs `body` each time a batch reaches a marker call.
    @MainActor
    static func registerMarkerHandler(
        on adapter: DefectiveBridgeAdapter, named name: String,
        _ body: @escaping @MainActor (DefectiveBridgeAdapter) -> Void
    ) {
        try? adapter.core.registerHandler(name) { [weak adapter] _, _ in
            guard let adapter else { return }
            body(adapter)
        }
    }

    /// `result` with a call of the marker handler appended, so that the marker runs once the rest of the
    /// batch has; anything but an array is returned unchanged.
    static func appendingMarker(to result: String?) -> String? {
        WireRewriting.rewritingBatch(result) { $0.append(.object(["handlerName": .string(markerHandlerName)])) }
    }

    /// A defect that gives callbacks the ids `out(n)` instead of `objc_cb_<n>` and maps response ids back
    /// with `back` (nil: not one of its ids, left as it is).
    static func renumberingCallbackIDs(
        out: @escaping @Sendable (Int) -> String, back: @escaping @Sendable (String) -> Int?
    ) -> Defect {
        Defect(
            rewriteScript: { script, _ in
                [
                    WireRewriting.rewritingMessage(of: script.text) { message in
                        if case .string(let id)? = message["callbackId"], let number = callbackNumber(id) {
                            message["callbackId"] = .string(out(number))
                        }
                    }
                ]
            },
            rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, case .string(let id)? = message["responseId"],
                            let number = back(id)
                        else { return element }
                        message["responseId"] = .string("objc_cb_\(number)")
                        return .object(message)
                    }
                }
            })
    }

    /// `value` with every number that is not an integer cut to one, as `NSNumber.intValue` does.
    static func truncatingNumbers(_ value: Any) -> Any {
        switch value {
        case is Bool: return value
        case let number as Double: return NSNumber(value: number).intValue
        case let array as [Any]: return array.map(truncatingNumbers)
        case let object as [String: Any]: return object.mapValues(truncatingNumbers)
        default: return value
        }
    }

    /// Whether `keys` come in the order JSON.stringify writes the messages of the reference JS side.
    static func isInStringifyOrder(_ keys: [String]) -> Bool {
        let rank = ["handlerName": 0, "responseId": 1, "data": 2, "responseData": 2, "callbackId": 3]
        let ranks = keys.compactMap { rank[$0] }
        return zip(ranks, ranks.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The keys of each element of a JSON array text in the order they are written (nil for an element
    /// that is not an object), or nil when the text is not an array.
    static func keyOrders(ofBatch text: String) -> [[String]?]? {
        let scalars = Array(text.unicodeScalars)
        var orders: [[String]?] = []
        var depth = 0
        var index = 0
        // A string just read inside an element, which is a key if a colon follows.
        var pendingKey: String?
        var startsElement = true
        while index < scalars.count {
            let scalar = scalars[index]
            if [" ", "\t", "\n", "\r"].contains(scalar) {
                index += 1
                continue
            }
            if depth == 1, startsElement, scalar != "]" {
                orders.append(scalar == "{" ? [] : nil)
                startsElement = false
            }
            switch scalar {
            case "\"":
                var end = index + 1
                while end < scalars.count, scalars[end] != "\"" { end += scalars[end] == "\\" ? 2 : 1 }
                guard end < scalars.count else { return nil }
                if depth == 2,
                    case .string(let key)? = try? JSONParser.parse(
                        String(String.UnicodeScalarView(scalars[index...end])))
                {
                    pendingKey = key
                }
                index = end + 1
                continue
            case ":" where depth == 2:
                if let key = pendingKey { orders[orders.count - 1]?.append(key) }
            case "{", "[":
                if depth == 0, scalar != "[" { return nil }
                depth += 1
            case "}", "]":
                depth -= 1
            case "," where depth == 1:
                startsElement = true
            default:
                break
            }
            pendingKey = nil
            index += 1
        }
        return orders
    }

    /// `text` with `\/`, and each `\uXXXX` escape of a character from U+0020 up (surrogates excepted),
    /// turned into the characters of the escape itself, as a reader that decodes only the escapes
    /// JSON.stringify writes reads them.
    static func keepingUnusualEscapes(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var inString = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard inString else {
                if scalar == "\"" { inString = true }
                out.append(scalar)
                index += 1
                continue
            }
            if scalar == "\"" { inString = false }
            guard scalar == "\\", index + 1 < scalars.count else {
                out.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if next == "/" {
                out.append(contentsOf: "\\\\/".unicodeScalars)
                index += 2
            } else if next == "u", index + 5 < scalars.count,
                let code = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)...(index + 5)])), radix: 16),
                code >= 0x20, !(0xD800...0xDFFF).contains(code)
            {
                out.append(contentsOf: "\\\\u".unicodeScalars)
                out.append(contentsOf: scalars[(index + 2)...(index + 5)])
                index += 6
            } else {
                out.append(scalar)
                out.append(next)
                index += 2
            }
        }
        return String(out)
    }
}

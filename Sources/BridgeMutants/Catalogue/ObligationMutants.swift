import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import StrictJSON
import WireDialects

extension MutantCatalogue {
    /// Native mutants written from single obligations of the flush, callback, missing-handler and
    /// logging clauses (one "MUST", one listed form, one "and" each), before their checks were written.
    static let obligationMutants: [Mutant] = [
        // FLUSH-7: the responder.
        native(
            "responder-dead-after-return",
            "the responder only works while the handler runs: answers given later are dropped", obligation: .flush7c,
            caughtBy: ["flush.handlers-and-responders"]
        ) {
            Defect(wrapHandler: { handler in
                { data, respond in
                    let running = Box(true)
                    handler(data) { answer in if running.value { respond(answer) } }
                    running.value = false
                }
            })
        },
        native(
            "responder-answers-without-callback-id",
            "a call without callbackId still gets a responder that sends {\"responseId\":\"\",...}",
            obligation: .flush7d, caughtBy: ["flush.handlers-and-responders"]
        ) {
            // The port writes `message["callbackId"] ?? ""`: modelled by giving such calls an empty id.
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil, message["callbackId"] == nil
                        else { return element }
                        message["callbackId"] = ""
                        return .object(message)
                    }
                }
            })
        },
        // MISS-2: other handlers unaffected.
        native(
            "remove-handler-removes-all", "removeHandler(name) empties the whole handler dictionary",
            obligation: .miss2b,
            caughtBy: ["missing-handler.native.removed-handler", "missing-handler.native.removed-before-load"]
        ) {
            Defect(afterRemoveHandler: { adapter, _ in adapter.removeAllHandlers() })
        },
        // FLUSH-1: one fetch for each queue URL.
        native(
            "fetch-skipped-while-one-is-pending",
            "a queue URL decided while a _fetchQueue evaluation is still pending leads to no fetch of its own",
            obligation: .flush1b,
            caughtBy: ["flush.fetch-command.exact-per-queue-url", "flush.fetch-command.per-signal-across-pages"]
        ) {
            // `guard !isFetching else { return }`: the pending fetch drains the whole queue anyway (DISP-2),
            // so only the number of fetches shows it.
            let pending = Box(false)
            return Defect(
                rewriteScript: { script, _ in
                    guard script.kind == .fetch else { return [script.text] }
                    if pending.value { return [] }
                    pending.value = true
                    return [script.text]
                },
                rewriteFetchResult: { result, _ in
                    pending.value = false
                    return result
                })
        },
        // MSG-3: booleans unchanged.
        native(
            "booleans-as-numbers", "booleans reach handlers as 1 and 0 (an NSNumber read with `as? Int` first)",
            obligation: .msg3e,
            caughtBy: ["messages.js-to-native.data-forms"]
        ) {
            Defect(wrapHandler: { handler in { data, respond in handler(data.map(numberingBooleans), respond) } })
        },
        // ESC-3: what the literal carries is the message sent, numbers included.
        native(
            "numbers-as-booleans",
            "numbers 0 and 1 are sent to JS as false and true (the port converts data with `as? Bool` first, which an NSNumber 0 or 1 passes)",
            obligation: .esc3a,
            caughtBy: [
                "messages.native-to-js.numbers-stay-numbers", "situations.js-call-answered.after-a-js-handler-threw",
                "situations.js-call-answered.after-a-missing-handler",
                "situations.js-call-answered.after-a-native-handler-failed", "situations.js-call-answered.after-reset",
                "situations.js-call-answered.before-load", "situations.js-call-answered.inside-a-handler",
                "situations.js-call-answered.on-a-second-page",
                "situations.native-call-answered.after-a-js-handler-threw",
                "situations.native-call-answered.after-a-missing-handler",
                "situations.native-call-answered.after-a-native-handler-failed",
                "situations.native-call-answered.after-reset", "situations.native-call-answered.before-load",
                "situations.native-call-answered.inside-a-handler", "situations.native-call-answered.on-a-second-page",
                "situations.native-calls-in-order.after-a-js-handler-threw",
                "situations.native-calls-in-order.after-a-missing-handler",
                "situations.native-calls-in-order.after-a-native-handler-failed",
                "situations.native-calls-in-order.after-reset", "situations.native-calls-in-order.before-load",
                "situations.native-calls-in-order.inside-a-handler",
                "situations.native-calls-in-order.on-a-second-page",
            ]
        ) {
            Defect(convertSentData: booleaningNumbers)
        },
        native(
            "booleans-sent-as-numbers",
            "true and false are sent to JS as 1 and 0 (the port converts data with `as? Int` first, which a boolean NSNumber passes)",
            obligation: .esc3a,
            caughtBy: ["messages.native-to-js.numbers-stay-numbers"]
        ) {
            Defect(convertSentData: numberingSentBooleans)
        },
        // BOOT-1: every bridge URL cancelled.
        native(
            "load-url-allowed-after-injection",
            "the load URL is allowed once the JS side has been injected (`decisionHandler(.allow)` after injecting)",
            obligation: .boot1b, caughtBy: ["bootstrap.url-classification.https"]
        ) {
            Defect(rewriteDecision: { action, policy in
                guard let url = action.url, BridgeURLKind(url) == .bridgeLoaded else { return policy }
                return .allow
            })
        },
        // ESC-1: exactly one single-quoted literal per message, one evaluation each.
        native(
            "double-quoted-literal", "commands pass the JSON in a double-quoted literal, escaped for double quotes",
            obligation: .esc1b,
            caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            Defect(rewriteScript: { script, _ in
                guard script.kind == .delivery,
                    let json = WireInspector.literalText(ofCommand: script.text, in: .canonical)
                else { return [script.text] }
                let literal = json.replacingOccurrences(of: "\\", with: "\\\\", options: .literal)
                    .replacingOccurrences(of: "\"", with: "\\\"", options: .literal)
                    .replacingOccurrences(of: "\u{2028}", with: "\\u2028", options: .literal)
                    .replacingOccurrences(of: "\u{2029}", with: "\\u2029", options: .literal)
                return ["WebViewJavascriptBridge._handleMessageFromObjC(\"" + literal + "\");"]
            })
        },
        native(
            "deliveries-joined-per-turn", "the commands of one turn are joined into one evaluation",
            obligation: .esc1a,
            caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            let pending = Box<[String]>([])
            return Defect(rewriteScript: { script, page in
                guard script.kind == .delivery else { return [script.text] }
                pending.value.append(script.text)
                if pending.value.count == 1 {
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            let joined = pending.value.joined(separator: "\n")
                            pending.value = []
                            page.evaluateUnchanged(joined)
                        }
                    }
                }
                return []
            })
        },
        // MSG-7 and ESC-3: data sent as itself.
        native(
            "object-data-sent-as-json-string",
            "object and array data is serialized on its own first and sent as a JSON string", obligation: .esc3a,
            caughtBy: ["escaping.corpus.round-trip.native-to-js"]
        ) {
            Defect(rewriteScript: { script, _ in
                [
                    WireRewriting.rewritingMessage(of: script.text) { message in
                        guard let data = message["data"] else { return }
                        switch data {
                        case .object, .array: message["data"] = .string(data.canonicalText)
                        default: break
                        }
                    }
                ]
            })
        },
        // MISS-1 and MISS-5: no response for a missing handler.
        native(
            "missing-handler-answered-nil",
            "a call with a callbackId to a missing native handler is answered with an error response: the MISS-4 extension, on by default",
            obligation: .miss5a,
            caughtBy: [
                "missing-handler.native.batch-continues", "missing-handler.native.removed-handler",
                "missing-handler.native.removed-before-load",
            ]
        ) {
            answeringMissingHandlers { callbackID in callbackID.map { .string($0) } }
        },
        native(
            "missing-handler-answered-without-callback-id",
            "every call to a missing native handler is answered with an error, `responseId: message[\"callbackId\"] ?? NSNull()`, so calls without a callbackId get a response with a null responseId",
            obligation: .miss1c,
            caughtBy: ["missing-handler.native.batch-continues", "missing-handler.native.no-handler-name"]
        ) {
            answeringMissingHandlers { callbackID in callbackID.map { .string($0) } ?? .null }
        },
        native(
            "string-elements-parsed-as-messages",
            "a batch element that is a string holding JSON is parsed and run as a message, as v4-era queues needed",
            obligation: .flush5b,
            caughtBy: ["flush.non-object-elements-skipped", "flush.non-object-elements-among-responses"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard case .string(let text) = element, case .object(let message)? = try? JSONParser.parse(text)
                        else { return element }
                        return .object(message)
                    }
                }
            })
        },
    ]

    /// `value` as a port that reads Swift booleans first converts it: every `NSNumber` 0 or 1 (which `as? Bool`
    /// accepts) becomes a boolean, at any depth.
    nonisolated static func booleaningNumbers(_ value: Any) -> Any {
        convertingLeaves(of: value) { $0 as? Bool }
    }

    /// `value` as a port that reads integers first converts it: every boolean `NSNumber` (which `as? Int`
    /// accepts) becomes 1 or 0, at any depth.
    nonisolated static func numberingSentBooleans(_ value: Any) -> Any {
        convertingLeaves(of: value) { $0 as? Int }
    }

    /// `value` with every boolean turned into 1 or 0, at any depth.
    nonisolated static func numberingBooleans(_ value: Any) -> Any {
        convertingLeaves(of: value) { leaf in (leaf as? Bool).map { $0 ? 1 : 0 } }
    }

    /// `value` with `convert` applied to each leaf, inside arrays and objects at any depth; a leaf it gives nil for
    /// stays as it is.
    private nonisolated static func convertingLeaves(of value: Any, _ convert: (Any) -> Any?) -> Any {
        switch value {
        case let array as [Any]: return array.map { convertingLeaves(of: $0, convert) }
        case let object as [String: Any]: return object.mapValues { convertingLeaves(of: $0, convert) }
        default: return convert(value) ?? value
        }
    }
}

extension MutantCatalogue {
    /// A defect that answers the calls of each fetched batch to handlers the adapter has not registered
    /// with an error response whose `responseId` is `responseID(callbackId)`; nil sends nothing.
    static func answeringMissingHandlers(responseID: @escaping @Sendable (String?) -> JSONValue?) -> Defect {
        Defect(rewriteFetchResult: { result, page in
            guard let adapter = page.owner, let batch = WireRewriting.batch(result) else { return result }
            for element in batch {
                guard let message = element.members, message["responseId"] == nil else { continue }
                if case .string(let name)? = message["handlerName"], adapter.handlerNames.contains(name) { continue }
                var callbackID: String?
                if case .string(let id)? = message["callbackId"], !id.isEmpty { callbackID = id }
                guard let id = responseID(callbackID) else { continue }
                page.evaluateUnchanged(
                    WireRewriting.command(for: ["responseId": id, "responseData": ["error": "no handler"]]))
            }
            return result
        })
    }
}

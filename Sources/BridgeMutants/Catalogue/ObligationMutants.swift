import ConformanceKit
import Foundation
import StrictJSON

extension MutantCatalogue {
    /// Native mutants written from single obligations of the flush, callback, missing-handler and
    /// logging clauses (one "MUST", one listed form, one "and" each), before their checks were written.
    static let obligationMutants: [Mutant] = [
        // FLUSH-7: the responder.
        native("responder-dead-after-return", "the responder only works while the handler runs: answers given later are dropped",
               caughtBy: ["flush.handlers-and-responders"]) {
            Defect(wrapHandler: { handler in
                { data, respond in
                    let running = Box(true)
                    handler(data) { answer in if running.value { respond(answer) } }
                    running.value = false
                }
            })
        },
        native("responder-answers-without-callback-id", "a call without callbackId still gets a responder that sends {\"responseId\":\"\",...}",
               caughtBy: ["flush.handlers-and-responders"]) {
            // The port writes `message["callbackId"] ?? ""`: modelled by giving such calls an empty id.
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil, message["callbackId"] == nil else { return element }
                        message["callbackId"] = ""
                        return .object(message)
                    }
                }
            })
        },
        // MISS-2: other handlers unaffected.
        native("remove-handler-removes-all", "removeHandler(name) empties the whole handler dictionary",
               caughtBy: ["missing-handler.native.removed-handler"]) {
            Defect(afterRemoveHandler: { adapter, _ in adapter.removeAllHandlers() })
        },
        // FLUSH-1: one fetch for each queue URL.
        native("fetch-skipped-while-one-is-pending", "a queue URL decided while a _fetchQueue evaluation is still pending leads to no fetch of its own",
               caughtBy: ["flush.fetch-command.exact-per-queue-url"]) {
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
        // CB-4: JSON null, distinct from nil.
        native("callback-null-as-nil", "a callback gets nil for \"responseData\":null, as an optional Codable field decodes it",
               caughtBy: ["callbacks.native.response-data-forms"]) {
            Defect(wrapCallback: { callback in { answer in callback(answer is NSNull ? nil : answer) } })
        },
        // MSG-3: booleans unchanged.
        native("booleans-as-numbers", "booleans reach handlers as 1 and 0 (an NSNumber read with `as? Int` first)",
               caughtBy: ["messages.js-to-native.data-forms"]) {
            Defect(wrapHandler: { handler in { data, respond in handler(data.map(numberingBooleans), respond) } })
        },
        // LOG-7: traffic logging off by default.
        native("traffic-logged-by-default", "every evaluated message is logged as WVJB SEND: although nobody switched logging on",
               caughtBy: ["logging.native.traffic-off-by-default"]) {
            Defect(rewriteScript: { script, page in
                if script.kind == .delivery, let json = WireInspector.literalText(ofCommand: script.text) {
                    page.recordNativeLog("WVJB SEND: " + json)
                }
                return [script.text]
            })
        },
    ]

    /// `value` with every boolean turned into 1 or 0.
    static func numberingBooleans(_ value: Any) -> Any {
        switch value {
        case let flag as Bool: return flag ? 1 : 0
        case let array as [Any]: return array.map(numberingBooleans)
        case let object as [String: Any]: return object.mapValues(numberingBooleans)
        default: return value
        }
    }
}

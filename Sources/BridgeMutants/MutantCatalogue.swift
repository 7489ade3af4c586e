import ConformanceKit
import ReferenceBridge
import ReferenceBridgeCore

/// Every mutant the kit ships.
public enum MutantCatalogue {
    /// All mutants, in a stable order: native, flush, JS-side, threading.
    public static let all: [Mutant] = nativeMutants + flushMutants + javaScriptSideMutants + threadingMutants

    /// Mutants of the reference native side.
    static let nativeMutants: [Mutant] = [
        core("no-startup-queue", .startupQueueDisabled, "sends before injection are evaluated into a page without the bridge and lost",
             caughtBy: ["startup.calls-before-load.delivered-in-order", "alert-safety.disable-before-load-queued"]),
        core("startup-queue-before-js", .startupQueueFlushedBeforeJavascript, "the startup queue is sent before the JS side is evaluated",
             caughtBy: ["startup.js-side-before-queued-messages"]),
        core("startup-queue-never-off", .startupQueueNeverSwitchedOff, "sends keep being queued after injection",
             caughtBy: ["startup.queue-off-after-injection", "lifecycle.sends-during-navigation",
                       "escaping.corpus.implementation-defined.native-to-js"]),
        core("startup-queue-reversed", .startupQueueReversed, "the startup queue is sent last-first",
             caughtBy: ["startup.calls-before-load.delivered-in-order"]),
        core("reset-does-nothing", .resetDoesNothing, "reset() neither re-arms the startup queue nor drops callbacks",
             caughtBy: ["startup.reset-rearms-queue"]),
        core("batch-reversed", .batchProcessedInReverse, "a fetched batch is processed last-first",
             caughtBy: ["ordering.js-to-native.batch-fifo", "ordering.round-trip.responses-in-call-order"]),
        glue("sends-reversed-within-turn", .sendsReversedWithinTurn, "commands sent in one turn are evaluated last-first",
             caughtBy: ["ordering.native-to-js.fifo"]),
        core("callbacks-not-removed", .callbacksNotRemoved, "a native callback stays registered and runs again on a second answer",
             caughtBy: ["callbacks.native.one-shot"]),
        core("responses-matched-in-call-order", .responsesMatchedInCallOrder, "answers go to the oldest pending callback instead of the one their responseId names",
             caughtBy: ["missing-handler.js.no-answer-next-works", "callbacks.native.ids-unique-among-outstanding"]),
        core("callback-id-reused", .callbackIdNotIncremented, "every callback gets objc_cb_1, so outstanding callbacks overwrite each other",
             caughtBy: ["callbacks.native.ids-unique-among-outstanding"]),
        core("unknown-response-id-aborts-batch", .unknownResponseIdAbortsBatch, "an unknown responseId stops the rest of the batch",
             caughtBy: ["callbacks.native.unknown-response-id-ignored"]),
        core("single-quote-raw", .singleQuoteNotEscaped, "' is not escaped, so payloads end the literal early",
             caughtBy: ["escaping.quotes-and-backslashes.native-to-js", "escaping.corpus.round-trip.native-to-js"]),
        core("line-separators-raw", .lineSeparatorsNotEscaped, "U+2028/U+2029 are left raw in the literal",
             caughtBy: ["escaping.line-terminators.native-to-js"]),
        core("line-separators-es2015", .es2015LineSeparatorEscape, "U+2028/U+2029 are escaped as \\u{2028}/\\u{2029}",
             caughtBy: ["escaping.line-terminators.native-to-js"]),
        core("control-characters-raw", .controlCharactersLeftRaw, "hand-built JSON leaves NUL and other controls raw, so JSON.parse fails",
             caughtBy: ["escaping.nul-and-controls.native-to-js", "escaping.corpus.round-trip.native-to-js"]),
        core("non-bmp-escaped-as-scalar", .nonBMPEscapedAsScalar, "characters beyond U+FFFF are escaped as \\u plus their scalar value",
             caughtBy: ["escaping.non-ascii.native-to-js", "escaping.corpus.round-trip.native-to-js"]),
        core("received-strings-cut-at-nul", .receivedStringsTruncatedAtNUL, "strings handed to native handlers are cut at the first NUL (C-string bridging)",
             caughtBy: ["escaping.corpus.round-trip.js-to-native"]),
        core("received-nulls-stripped", .receivedNullValuesStripped, "null members are stripped from received dictionaries",
             caughtBy: ["escaping.corpus.rejected.js-to-native"]),
        core("unserializable-message-blocks-sends", .unserializableMessageBlocksSends, "after one message cannot be serialized, every later send is dropped",
             caughtBy: ["escaping.corpus.rejected.native-to-js"]),
        core("failed-batch-stops-flushing", .failedBatchStopsFlushing, "after one batch fails to parse, later batches are never processed",
             caughtBy: ["escaping.corpus.implementation-defined.js-to-native"]),
        core("non-object-data-as-nil", .nonObjectDataDeliveredAsNil, "handlers get nil when data is not a JSON object",
             caughtBy: ["messages.js-to-native.data-forms", "escaping.hostile.js-to-native"]),
        core("messages-without-data-dropped", .messagesWithoutDataDropped, "JS calls without data are dropped",
             caughtBy: ["messages.js-to-native.data-forms"]),
        core("nil-answer-omitted", .nullResponseOmitted, "a nil answer is sent without responseData, so JS gets undefined",
             caughtBy: ["messages.native-to-js.nil-answer-is-null"]),
        core("missing-handler-aborts-batch", .missingHandlerAbortsBatch, "a call to a missing handler stops the rest of the batch",
             caughtBy: ["missing-handler.native.batch-continues", "missing-handler.native.no-handler-name"]),
        core("remove-handler-ignored", .removeHandlerIgnored, "removeHandler does nothing",
             caughtBy: ["missing-handler.native.removed-handler"]),
        core("disable-safety-ignored", .disableSafetyTimeoutIgnored, "disableJavscriptAlertBoxSafetyTimeout sends nothing",
             caughtBy: ["alert-safety.disable-from-native"]),
        glue("decides-navigation-twice", .decidesNavigationTwice, "the navigation decision handler is called twice for bridge URLs",
             caughtBy: ["bootstrap.url-classification.https", "bootstrap.url-classification.wvjbscheme"]),
        glue("cancels-bridge-hosts-on-any-scheme", .cancelsBridgeHostsOnAnyScheme, "http://__wvjb_queue_message__ is treated as a bridge URL and cancelled",
             caughtBy: ["bootstrap.url-classification.https"]),
        Mutant(
            id: "disables-safety-on-attach",
            defect: "the bridge switches the JS side to synchronous dispatch as soon as it attaches",
            caughtBy: ["alert-safety.default-dispatch-deferred"],
            make: { ReferenceBridgeAdapter(evaluationStyle: .asynchronous, faults: [], glueFaults: [], afterAttach: { $0.core.disableJavscriptAlertBoxSafetyTimeout() }) }),
        Mutant(
            id: "sync-disables-safety-on-attach",
            defect: "a synchronously evaluating bridge switches the safety off on attach, so alert() in a handler freezes the app",
            caughtBy: ["alert-safety.dialog-in-handler-not-blocking"],
            make: { ReferenceBridgeAdapter(evaluationStyle: .synchronous, faults: [], glueFaults: [], afterAttach: { $0.core.disableJavscriptAlertBoxSafetyTimeout() }) }),
    ]

    /// The mutant named `name`, if any.
    /// - Parameter name: A mutant's id.
    public static func mutant(named name: String) -> Mutant? {
        all.first { $0.id == name }
    }

    static func core(_ id: String, _ fault: BridgeFault, _ defect: String, caughtBy: [String]) -> Mutant {
        Mutant(id: id, defect: defect, caughtBy: caughtBy) {
            ReferenceBridgeAdapter(evaluationStyle: .asynchronous, faults: [fault], glueFaults: [], afterAttach: nil)
        }
    }

    static func glue(_ id: String, _ fault: GlueFault, _ defect: String, caughtBy: [String]) -> Mutant {
        Mutant(id: id, defect: defect, caughtBy: caughtBy) {
            ReferenceBridgeAdapter(evaluationStyle: .asynchronous, faults: [], glueFaults: [fault], afterAttach: nil)
        }
    }
}

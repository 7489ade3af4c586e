/// A deliberate defect that a mutant of the reference bridge switches on.
///
/// Each case models one realistic mistake seen in ports of the protocol. `BridgeCore` checks each case at
/// exactly the one place where the affected behaviour lives; with no faults the core behaves correctly.
package enum BridgeFault: String, CaseIterable, Sendable {
    /// Sends are evaluated at once even before injection, so they are lost in a page without the bridge.
    case startupQueueDisabled
    /// The startup queue is sent before the bridge JS is evaluated, so nothing in the page receives it.
    case startupQueueFlushedBeforeJavascript
    /// After injection sends keep being queued, so they are only delivered at the next injection.
    case startupQueueNeverSwitchedOff
    /// The startup queue is sent last-in first-out instead of in the order the sends were made.
    case startupQueueReversed
    /// A fetched batch of JS messages is processed last-to-first.
    case batchProcessedInReverse
    /// Response callbacks are not removed after use, so a second response calls them again.
    case callbacksNotRemoved
    /// Responses are matched to the oldest pending callback instead of by `responseId` (a callback queue
    /// instead of a map), so an unanswered call steals the next call's answer.
    case responsesMatchedInCallOrder
    /// Every callback gets the same id `objc_cb_1`, so later callbacks overwrite earlier ones.
    case callbackIdNotIncremented
    /// `'` is left raw in the string literal, which ends the literal early (script injection).
    case singleQuoteNotEscaped
    /// U+2028 and U+2029 are left raw in the string literal (a SyntaxError before ES2019).
    case lineSeparatorsNotEscaped
    /// U+2028 and U+2029 are written in the ES2015 form `\u{2028}` / `\u{2029}` (a SyntaxError on ES5).
    case es2015LineSeparatorEscape
    /// The message JSON is built by hand without escaping control characters, so NUL, TAB and the other
    /// C0 controls reach the page raw (LF, CR and FF are still caught by the escaper) and `JSON.parse`
    /// rejects the message.
    case controlCharactersLeftRaw
    /// Characters beyond U+FFFF (emoji) are escaped as `\u` plus the scalar's hex digits (`\u1f600`),
    /// which JavaScript reads as a different BMP character followed by a digit.
    case nonBMPEscapedAsScalar
    /// A message for a missing handler stops processing of the rest of the batch.
    case missingHandlerAbortsBatch
    /// An unknown or already-used `responseId` stops the rest of the batch
    /// (an in-process stand-in for the canonical crash on a nil callback block).
    case unknownResponseIdAbortsBatch
    /// `removeHandler` does nothing, so the handler keeps answering.
    case removeHandlerIgnored
    /// `disableJavscriptAlertBoxSafetyTimeout` sends nothing.
    case disableSafetyTimeoutIgnored
    /// JS-to-native calls whose message has no `data` key are dropped silently.
    case messagesWithoutDataDropped
    /// Handlers get nil when the data is not a JSON object (a string, number, array or null).
    case nonObjectDataDeliveredAsNil
    /// `reset()` does nothing: no re-armed startup queue, callbacks kept, ids not restarted.
    case resetDoesNothing
    /// A nil answer to a JS call is sent without the `responseData` key instead of `"responseData":null`.
    case nullResponseOmitted
    /// A nil or empty `_fetchQueue` result is taken to mean that a new page loaded and resets the bridge
    /// (startup queue re-armed, callbacks dropped), so the page gets no further answers.
    case nilFetchResultResets
    /// The batch is parsed as JSON5 (a lenient decoder), so text that is not valid JSON (trailing commas,
    /// single quotes, unquoted keys) is run instead of dropped.
    case lenientJSONParsing
    /// Trailing commas in the batch are accepted (`[{...},]`), as swift-corelibs-foundation's
    /// `JSONSerialization` and `JSONDecoder` accept them on Linux, so invalid JSON is run.
    case trailingCommasAccepted
    /// A top-level JSON object is run as a one-message batch (a port accepting a message or an array).
    case topLevelObjectRunAsMessage
    /// The batch is cast to an array of objects as a whole (`as? [[String: Any]]`), so one element that
    /// is not an object drops the whole batch.
    case nonObjectElementDropsBatch
    /// The queue text counts as a batch only if it starts exactly with `[{` (a fast path written against
    /// `JSON.stringify` output), so equivalent JSON with whitespace is ignored.
    case batchRecognizedByRawPrefix
    /// Only a string `responseId` marks a response (`as? String`), so a message whose `responseId` is
    /// null or a number is run as a call.
    case nonStringResponseIdTreatedAsCall
    /// A `responseData` of JSON null reaches the callback as nil (`NSNull` mapped to nil), so null and
    /// absent answers look the same.
    case nullResponseDataDeliveredAsNil
    /// A responder sends only its first answer (a once-only completion); later calls are dropped.
    case responderAnswersOnce
    /// A responder for a call without `callbackId` still sends a response, with `responseId` null.
    case responderWithoutCallbackIdSends
    /// A JS callback id that looks like an integer is sent back as a JSON number (ids parsed to index a
    /// table), not as the string JS sent.
    case numericCallbackIdSentAsNumber
    /// A native call without data is sent with `"data":null` instead of without the `data` key.
    case nilDataSentAsNull
    /// Responses to JS calls carry an extra key `"error":null` besides `responseId` and `responseData`.
    case responseCarriesErrorKey
    /// A message that cannot be serialized is still evaluated with the empty text a `try?` left behind,
    /// so the page runs `_handleMessageFromObjC('')` and throws.
    case unserializableMessageSentEmpty
    /// The callback counter advances on every call, with a callback or not, so ids skip numbers.
    case callbackIdCountsEveryCall
    /// The JS side is injected only on the first `__bridge_loaded__` (a flag never cleared), so later
    /// pages in the same web view get no bridge.
    case javascriptInjectedOnlyOnce
    /// Native handlers are cleared when a later page loads the bridge (state rebuilt on every
    /// `__bridge_loaded__`).
    case handlersClearedOnNewPage
    /// On a later `__bridge_loaded__` the callbacks of calls sent to the earlier page are called with nil
    /// (a "cancel pending" sweep), though no response named them.
    case pendingCallbacksCalledOnNewPage
    /// Nothing is logged: the core's log hook is never connected.
    case nothingLogged
    /// Traffic logging (`WVJB SEND: ...` / `WVJB RCVD: ...`) is on by default.
    case trafficLoggedByDefault
    /// Strings handed to native handlers are cut at the first NUL, as when they pass through C strings.
    case receivedStringsTruncatedAtNUL
    /// `NSNull` values are stripped from received dictionaries ("sanitized"), so `{"value":null}` loses its key.
    case receivedNullValuesStripped
    /// After one message cannot be serialized, every later send is dropped (a send queue stuck on it).
    case unserializableMessageBlocksSends
    /// After one batch fails to parse, later batches are never processed (the flush gives up for good).
    case failedBatchStopsFlushing
}

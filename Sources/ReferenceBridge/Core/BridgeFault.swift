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
}

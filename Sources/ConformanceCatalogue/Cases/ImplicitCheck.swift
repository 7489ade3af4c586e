import ConformanceObligations

/// A check every case makes when it ends, whatever its script: the web view's own (decisions, threads, dialogs),
/// those of `EndOfCaseChecks` and the wire lint. The one list of them: the coverage table counts them
/// (`CaseContext.implicitChecks`), and the end of a case cites them.
package enum ImplicitCheck: CaseIterable, Sendable {
    /// The web view decides no navigation request twice.
    case navigationDecidedOnce
    /// Every navigation request is decided by the end of the case.
    case navigationDecided
    /// The web view evaluates JavaScript on the main thread.
    case evaluationOnMainThread
    /// The web view's navigation requests are decided on the main thread.
    case decisionOnMainThread
    /// No dialog opens under a synchronous native evaluation.
    case noDialogUnderSynchronousEvaluation
    /// No page timer is pending when the case ends.
    case noPendingTimer
    /// No payload calls the page's tripwire.
    case noTripwire
    /// No native callback is invoked twice.
    case nativeCallbackOnce
    /// Wire lint: each native command is one message in its own evaluation.
    case commandIsOneMessage
    /// Wire lint: each native command is one call with a single-quoted literal.
    case commandIsOneCall
    /// Wire lint: each native command calls the JS side's entry point and reaches it.
    case commandReachesEntryPoint
    /// Wire lint: a command's literal lexes and holds JSON text.
    case literalHoldsJSON
    /// Wire lint: no unescaped `'` in a command's literal.
    case noUnescapedQuote
    /// Wire lint: no raw LF in a command's literal.
    case noRawLineFeed
    /// Wire lint: no raw CR in a command's literal.
    case noRawCarriageReturn
    /// Wire lint: no raw U+2028 in a command's literal.
    case noRawLineSeparator
    /// Wire lint: no raw U+2029 in a command's literal.
    case noRawParagraphSeparator
    /// Wire lint: no `\u{...}` escape in a command's literal.
    case noBracedEscape
    /// Wire lint: a command's literal holds a JSON object.
    case literalHoldsObject
    /// Wire lint: every native command ends with its `;`.
    case commandEndsWithSemicolon
    /// Wire lint: every native command is written without `window.` and without white space.
    case commandIsBare

    /// The obligation it checks.
    package var obligation: Obligation {
        switch self {
        case .navigationDecidedOnce: return .boot1f
        case .navigationDecided: return .boot1g
        case .evaluationOnMainThread: return .thr1a
        case .decisionOnMainThread: return .thr1b
        case .noDialogUnderSynchronousEvaluation: return .safe3a
        case .noPendingTimer: return .disp12c
        case .noTripwire: return .esc2j
        case .nativeCallbackOnce: return .cb2a
        case .commandIsOneMessage: return .esc1a
        case .commandIsOneCall: return .esc1b
        case .commandReachesEntryPoint: return .esc1c
        case .literalHoldsJSON: return .esc2a
        case .noUnescapedQuote: return .esc2c
        case .noRawLineFeed: return .esc2d
        case .noRawCarriageReturn: return .esc2e
        case .noRawLineSeparator: return .esc2g
        case .noRawParagraphSeparator: return .esc2h
        case .noBracedEscape: return .esc2i
        case .literalHoldsObject: return .esc3a
        case .commandEndsWithSemicolon: return .esc5a
        case .commandIsBare: return .esc5b
        }
    }

    /// What it checks, as the coverage table counts it.
    package var message: String {
        switch self {
        case .navigationDecidedOnce: return "the web view: no navigation request is decided twice"
        case .navigationDecided: return "every navigation request is decided by the end of the case"
        case .evaluationOnMainThread: return "the web view: JavaScript is evaluated on the main thread"
        case .decisionOnMainThread: return "the web view: navigation requests are decided on the main thread"
        case .noDialogUnderSynchronousEvaluation:
            return "the web view: no dialog opens under a synchronous native evaluation"
        case .noPendingTimer: return "no page timer is still pending at the end of the case"
        case .noTripwire: return "no payload calls the page's tripwire"
        case .nativeCallbackOnce: return "no native callback is invoked twice"
        case .commandIsOneMessage: return "every native command is one message in its own evaluation (wire lint)"
        case .commandIsOneCall:
            return "every native command is one call with a single-quoted literal and nothing else (wire lint)"
        case .commandReachesEntryPoint:
            return "every native command calls the JS side's entry point and reaches it without throwing (wire lint)"
        case .literalHoldsJSON: return "a command's literal lexes and holds JSON text (wire lint)"
        case .noUnescapedQuote: return "no unescaped ' in a command's literal (wire lint)"
        case .noRawLineFeed: return "no raw LF in a command's literal (wire lint)"
        case .noRawCarriageReturn: return "no raw CR in a command's literal (wire lint)"
        case .noRawLineSeparator: return "no raw U+2028 in a command's literal (wire lint)"
        case .noRawParagraphSeparator: return "no raw U+2029 in a command's literal (wire lint)"
        case .noBracedEscape: return "no \\u{...} escape in a command's literal (wire lint)"
        case .literalHoldsObject: return "a command's literal holds a JSON object (wire lint)"
        case .commandEndsWithSemicolon: return "every native command ends with its `;` (wire lint)"
        case .commandIsBare:
            return "every native command is written without `window.` and without white space (wire lint)"
        }
    }

    /// The check it records in every case's result.
    package var check: CaseCheck { CaseCheck(obligation, message) }
}

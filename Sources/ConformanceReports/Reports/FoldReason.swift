import ConformanceCatalogue

/// Why a finding was folded under another (`RootCauseFinding.foldedBecause`): the rule (`FixFirstRule`, where
/// every rule is named with its evidence) that found them one cause, and the finding it was folded under.
/// Reports print it beside each folded finding, so that a reader can check the reasoning.
package struct FoldReason: Sendable, Equatable {
    /// The rule.
    package var rule: FixFirstRule
    /// The citation of the finding it was folded under.
    package var cause: String
    /// The protocol layer of that finding (`RootCauses.layer(of:)`), for the words of `moreBasicLayer`.
    package var causeLayer: Int

    /// The reason in words, for reports: e.g. `outcome of the failed injection BOOT-4.a`.
    package var text: String {
        switch rule {
        case .moreBasicLayer:
            switch causeLayer {
            case 0, 1: "only in cases cut short by the \(cause)"
            case 2: "effect of the malformed command \(cause) in each of its cases"
            case 3: "outcome of the failed injection \(cause) in each of its cases"
            case 4: "effect of the message shape \(cause) in each of its cases"
            case 5: "effect of the delivery finding \(cause) in each of its cases"
            case 6: "effect of the callback finding \(cause) in each of its cases"
            default: "consequence of \(cause) in each of its cases"
            }
        case .orderDifference: "ordering consequence of \(cause): the same values in another order"
        case .lostAnswers: "answers lost to responses that name no call, as \(cause)"
        case .secondInjection: "the JS side injected twice on one page, as \(cause)"
        case .wholeResponses: "callbacks given whole responses, as \(cause)"
        case .resetCalled: "only in cases that called reset(), as \(cause)"
        case .handlerRemoved: "only in cases that removed a handler, as \(cause)"
        case .messageDispatchedAgain: "messages dispatched in place of others, as \(cause)"
        case .missingJavaScriptSide: "outcome of the failed injection \(cause): pages without their JS side"
        case .sameCommands: "payloads of the malformed commands of \(cause)"
        case .changedOnTheWayOut: "data the native side changed before sending them, as \(cause)"
        case .sameClause: "same clause as \(cause), in cases it fails too"
        case .outcome: "outcome of \(cause): what it lost never arrived"
        // Re-citations change what a failure cites as its check records it; they fold nothing.
        case .queuedInAnotherOrder, .dispatchedInAnotherOrder: "re-cited as \(cause)"
        }
    }
}

/// Why a finding was folded under another (`RootCauseFinding.foldedBecause`): the rule of `RootCauses` or
/// `SameCauseGroup` that found them one cause, and the finding it was folded under. Reports print it beside
/// each folded finding, so that a reader can check the reasoning.
package struct FoldReason: Sendable, Equatable {
    /// The rules that fold one finding under another.
    package enum Rule: String, Sendable, CaseIterable {
        /// Every case of the finding has the other, on a more basic protocol layer (`RootCauses.layer(of:)`).
        case moreBasicLayer = "more-basic-layer"
        /// Its cases' failures are one order difference, or show a batch handled out of order.
        case orderDifference = "order-difference"
        /// Its cases had a response that named no call, and the other is MSG-2.b.
        case lostAnswers = "lost-answers"
        /// Its cases asked for the JS side twice on one page, and the other is the snippet's joining obligation.
        case secondInjection = "second-injection"
        /// Its cases gave a JS callback a whole response, and the other is DISP-4.a.
        case wholeResponses = "whole-responses"
        /// Its cases called `reset()`, and the other is START-3's.
        case resetCalled = "reset-called"
        /// Its cases called `removeHandler(_:)`, and the other is MISS-2's.
        case handlerRemoved = "handler-removed"
        /// Its cases dispatched a delivered message again in place of another, and the other is DISP-3.a.
        case messageDispatchedAgain = "message-dispatched-again"
        /// Its cases had a page that asked for the JS side and never got it, and the other is the injection's
        /// (BOOT-4, WK-3).
        case missingJavaScriptSide = "missing-js-side"
        /// It is of what a command carries, only in cases with a command the wire lint rejects, as the other is.
        case sameCommands = "same-commands"
        /// It is of the same clause as the other, and every case of it has the other too.
        case sameClause = "same-clause"
        /// It is an outcome (a command, response or call that did not arrive) in cases of the other.
        case outcome

        /// Whether the rule joins findings of one defect's own output (one clause's behaviour, one escaper's
        /// commands), and may fold the finding that leads a group of another rule; the other rules read evidence of
        /// one mechanism, whose leading finding they never take from another mechanism's group.
        var joinsOneDefectsFindings: Bool {
            switch self {
            case .sameClause, .sameCommands: true
            case .moreBasicLayer, .orderDifference, .lostAnswers, .secondInjection, .wholeResponses, .resetCalled,
                .handlerRemoved, .messageDispatchedAgain, .missingJavaScriptSide, .outcome:
                false
            }
        }
    }

    /// The rule.
    package var rule: Rule
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
        case .sameClause: "same clause as \(cause), in cases it fails too"
        case .outcome: "outcome of \(cause): what it lost never arrived"
        }
    }
}

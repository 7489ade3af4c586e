import ConformanceBrowser
import ConformanceObligations
import ConformanceSupport

/// Every rule by which "Fix first" re-cites a failure or folds one finding under another, in one place.
///
/// A rule is its name (`rawValue`: what the JSON report's `foldedBecause.rule` and the benchmarks print), what
/// it says and why (each case's doc comment), and the typed evidence it reads: the obligations a failure or
/// finding cites, a case's verdict and checked values, its transcript's events, never a message's text. Two
/// stages apply them. `CaseContext.fail` re-cites a failure as a check records it (`reCitation`), and the failure
/// keeps the obligation it was first recorded under (`CheckFailure.recitedFrom`). `RootCauses` and
/// `SameCauseGroup` fold a run's findings: under a finding of the rule's `causeClauses` or `causeObligations`,
/// in the cases that show its `caseEvidence` (or, for the rules without, by the findings' own layers, clauses
/// and cases). `FixFirstRuleTests` has a row per rule: a minimal situation where it fires and one where it does
/// not.
package enum FixFirstRule: String, Sendable, CaseIterable {
    // MARK: Re-citations, as a check fails

    /// A failure of the native side's batch order (ORD-2) that saw the expected values in another order is the
    /// JS side's queue order's (ORD-3.a) when the transcript shows the native side handled every message in the
    /// order it fetched them: the JS side queued them in another.
    case queuedInAnotherOrder = "js-side-queued-in-another-order"
    /// A failure of the native side's delivery order (ORD-1, START-1.c, THR-2.c), seen through the order in which
    /// the page's handlers and callbacks ran, that saw the expected values in another order is the JS side's
    /// dispatch order's (DISP-3.b) when the transcript shows the JS side ran what the native side's commands
    /// delivered in another order.
    case dispatchedInAnotherOrder = "js-side-dispatched-in-another-order"

    // MARK: Folds by the findings' layers and clauses

    /// Every case of the finding has the other, on a more basic protocol layer (`RootCauses.layer(of:)`): each
    /// layer needs the ones before it, so the finding goes away when the other is fixed.
    case moreBasicLayer = "more-basic-layer"
    /// It is an end-to-end outcome (`causeObligations`: a command, response or call that did not arrive) in cases
    /// of the other: any defect upstream fails it, so the other says better what to fix.
    case outcome
    /// It is of the same clause as the other, at its level or a stricter one, and every case of it has the other
    /// too: the obligations of one clause describe one behaviour (ESC-2.a and ESC-2.c of one escaper).
    case sameClause = "same-clause"

    // MARK: Folds by what the cases show

    /// Its cases had a page that asked for the JS side and never got it, and the other is the injection's
    /// (WK-3, else BOOT-4): a page without its bridge fails every check of its traffic.
    case missingJavaScriptSide = "missing-js-side"
    /// It is of what a command carries (ESC-2, ESC-3, ESC-4.b), only in cases with a command the wire lint
    /// rejects, as the other is: one escaper fails the check of every payload it broke.
    case sameCommands = "same-commands"
    /// Its cases' native side sent data that differ from what it was handed in numbers or booleans only
    /// (`Transcript.sentDataChangedOnTheWayOut`: an `NSNumber` 1 sent as `true`), and the other is ESC-3.a: every
    /// check of what the page made of those data fails the same way.
    case changedOnTheWayOut = "changed-on-the-way-out"
    /// Its cases called `reset()`, and the other is START-3's: the operation changes state nothing else
    /// touches.
    case resetCalled = "reset-called"
    /// Its cases called `removeHandler(_:)`, and the other is MISS-2's: the operation changes state nothing
    /// else touches.
    case handlerRemoved = "handler-removed"
    /// Its cases had a response that named no call the JS side made, and the other is MSG-2.b: every answer
    /// the page waited for there was lost the same way.
    case lostAnswers = "lost-answers"
    /// Its cases asked for the JS side twice on one page, and the other is the snippet's joining obligation
    /// (BOOT-5.b, WK-4.b): the second injection starts the page's bridge afresh.
    case secondInjection = "second-injection"
    /// Its cases gave a JS callback a whole response, and the other is DISP-4.a: every answer the page got
    /// there was the message.
    case wholeResponses = "whole-responses"
    /// Its cases dispatched a delivered message again in place of another, and the other is DISP-3.a. The
    /// defect is seen directly, so DISP-3.a may fail in other cases too (crafted deliveries the transcript
    /// cannot read).
    case messageDispatchedAgain = "message-dispatched-again"
    /// Its cases' failures are one order difference (`OrderDifference`), or show a batch handled out of its
    /// array order, and the other is of such cases too (an order obligation's first): a batch handled last-first
    /// fails the data, response-id and batch-order checks of many cases.
    case orderDifference = "order-difference"

    /// A rule that re-cites a failure as its check records it: what it re-cites, what it cites instead, and the
    /// transcript's evidence that the other side set the order.
    package struct ReCitation: Sendable {
        /// The obligations it re-cites.
        package let recites: Set<Obligation>
        /// The obligation it cites instead.
        package let cites: Obligation
        /// Whether the transcript so far shows the other side set the order the check saw.
        package let otherSideReordered: @Sendable (Transcript) -> Bool
        /// Why, appended to the failure's message.
        package let why: String
    }

    /// The re-citation this rule makes; nil for a fold.
    package var reCitation: ReCitation? {
        switch self {
        case .queuedInAnotherOrder:
            ReCitation(
                recites: Set(Clause.ord2.obligations), cites: .ord3a, otherSideReordered: { $0.handledInFetchOrder },
                why:
                    " (the native side handled the messages in the order it fetched them: the JS side queued them in another)"
            )
        case .dispatchedInAnotherOrder:
            ReCitation(
                recites: Set(Clause.ord1.obligations + [.start1c, .thr2c]), cites: .disp3b,
                otherSideReordered: { $0.dispatchedSomeMessageOutOfDeliveryOrder },
                why:
                    " (the JS side ran its handlers and callbacks in another order than the native side's commands delivered the messages)"
            )
        default: nil
        }
    }

    /// The re-citation rule for a failure of `obligation` that expected `expected` and saw `actual`: one that
    /// re-cites the obligation, when the values are the expected ones in another order and `transcript` shows
    /// the other side set that order; nil when none applies. The transcript is read only then.
    package static func reCitation(
        of obligation: Obligation, expected: String?, actual: String?, in transcript: () -> Transcript
    ) -> ReCitation? {
        guard let expected, let actual,
            let rule = allCases.lazy.compactMap(\.reCitation).first(where: { $0.recites.contains(obligation) }),
            ReorderedValues.holds(expected: expected, actual: actual), rule.otherSideReordered(transcript())
        else { return nil }
        return rule
    }

    /// What a case shows for the rule to fold the findings that occur only in such cases; nil for the rules that
    /// read only the findings (their layers, clauses and cases) and for re-citations.
    package var caseEvidence: (@Sendable (CaseResult) -> Bool)? {
        switch self {
        case .queuedInAnotherOrder, .dispatchedInAnotherOrder, .moreBasicLayer, .outcome, .sameClause: nil
        case .missingJavaScriptSide: { $0.transcript.askedForTheJSSideWithoutGettingIt }
        case .sameCommands: { !$0.transcript.malformedCommandObligations.isEmpty }
        case .changedOnTheWayOut: { $0.transcript.sentDataChangedOnTheWayOut }
        case .resetCalled: { Self.performed(.reset, in: $0.transcript) }
        case .handlerRemoved: { Self.performed(.removeHandler, in: $0.transcript) }
        case .lostAnswers: { $0.transcript.sentSomeResponseNamingNoCall }
        case .secondInjection: { $0.transcript.askedForTheJSSideTwiceOnOnePage }
        case .wholeResponses: { $0.transcript.gaveAJSCallbackAWholeResponse }
        case .messageDispatchedAgain: { $0.transcript.dispatchedSomeDeliveredMessageAgain }
        case .orderDifference:
            { OrderDifference.holds(for: $0) || ($0.verdict == .fail && $0.transcript.handledSomeBatchOutOfOrder) }
        }
    }

    /// The clauses whose findings the rule folds others under, the first that failed first (any obligation of
    /// them); empty when the rule names obligations (`causeObligations`) or reads only the findings.
    package var causeClauses: [Clause] {
        switch self {
        // The script-message dialect's own injection clause says more than the canonical one it is renamed from.
        case .missingJavaScriptSide: [.wk3, .boot4]
        case .resetCalled: [.start3]
        case .handlerRemoved: [.miss2]
        case .orderDifference: [.ord1, .ord2, .ord3]
        default: []
        }
    }

    /// The obligations whose findings the rule folds others under, the first that failed first (for
    /// `outcome`: the outcomes it folds); empty when it names clauses (`causeClauses`) or reads only the findings.
    package var causeObligations: [Obligation] {
        switch self {
        case .outcome: [.esc1c, .cb1b, .flush7a]
        case .changedOnTheWayOut: [.esc3a]
        case .lostAnswers: [.msg2b]
        case .secondInjection: [.boot5b, .wk4b]
        case .wholeResponses: [.disp4a]
        case .messageDispatchedAgain: [.disp3a]
        // The orders other clauses set: the JS side's dispatch order, the startup queue's and one thread's sends'.
        case .orderDifference: [.disp3b, .start1c, .thr2c]
        default: []
        }
    }

    /// Whether a finding citing `citation` is one the rule folds others under (or, for `outcome`, one it folds):
    /// it cites one of `causeObligations`, or any obligation of `causeClauses` (or the clause alone).
    package func isCause(_ citation: String) -> Bool {
        if let obligation = Obligation(id: citation), causeObligations.contains(obligation) { return true }
        guard let clause = Clause(citation: citation) else { return false }
        return causeClauses.contains(clause)
    }

    /// Whether the rule's own finding may fail in cases without its evidence too: its evidence is the defect seen
    /// directly, so its cases are any it shows in (the others' own finding occurs only where they show).
    package var causeMayFailElsewhere: Bool { self == .messageDispatchedAgain }

    /// Whether the rule joins findings of one defect's own output (one clause's behaviour, one escaper's
    /// commands), and may fold the finding that leads a group of another rule; the other rules read evidence of
    /// one mechanism, whose leading finding they never take from another mechanism's group.
    package var joinsOneDefectsFindings: Bool { self == .sameClause || self == .sameCommands }

    /// Whether the transcript records an adapter action of `kind` (`CaseContext.perform`).
    private static func performed(_ kind: AdapterAction.Kind, in transcript: Transcript) -> Bool {
        transcript.events.contains { event in
            if case .adapterAction(let action) = event { action.kind == kind } else { false }
        }
    }
}

import ConformanceBrowser
import ConformanceCatalogue
import ConformanceObligations

/// Root findings one defect explains though no layer links them (`RootCauses`): each occurs in cases of its
/// own, so none is in every case of another, but the cases share what went wrong. Each group names its rule
/// (`FixFirstRule`: the evidence each reads, and the findings it folds under), which reports print beside each
/// finding folded.
///
/// - **The same missing JS side**: findings that occur only in cases where a page asked for the JS side and never
///   got it (`Transcript.askedForTheJSSideWithoutGettingIt`) fold under the injection's finding (WK-3, else
///   BOOT-4) when it failed too: a page without its bridge fails every check of its traffic.
/// - **The same commands**: findings of what a command carries (ESC-2, ESC-3, ESC-4.b) that occur only in cases
///   where the wire lint rejected a command (`Transcript.malformedCommandObligations`) fold under the lint's own
///   finding of those commands, a security one first: one escaper fails the check of every payload it broke.
/// - **The same clause**: a finding whose every case has another finding of its clause, at its level or a
///   stricter one, folds under it: the obligations of one clause describe one behaviour (ESC-2.a and ESC-2.c of
///   one escaper, BOOT-5.b and BOOT-5.d of one setup snippet).
/// - **The same message dispatched again**: findings that occur only in cases where the JS side ran a handler
///   or callback for a delivered message more often than it was delivered
///   (`Transcript.dispatchedSomeDeliveredMessageAgain`) fold under DISP-3.a when it failed: that message was
///   dispatched in place of another, whatever the case checked of the other.
/// - **The same difference**: findings that occur only in cases whose failures are one order difference
///   (`OrderDifference`), or whose transcript shows a fetched batch handled out of its array order
///   (`Transcript.handledSomeBatchOutOfOrder`), fold under one of them, an order obligation's first. A batch handled
///   last-first fails the data, response-id and batch-order checks of many cases, and the checks of what a
///   message meets that an earlier one of its batch set up (a callback's repeated answer, a handler registered).
/// - **The same lost answers**: findings that occur only in cases where the native side sent a response naming
///   no call the JS side made (`Transcript.sentSomeResponseNamingNoCall`) fold under MSG-2.b, the obligation
///   that a response's `responseId` is its call's `callbackId`, when it failed too: every answer the page
///   waited for in those cases was lost the same way, whatever obligation the case put to the test.
/// - **The same second injection**: findings that occur only in cases where a page asked for the JS side
///   twice (`Transcript.askedForTheJSSideTwiceOnOnePage`) fold under the setup snippet's obligation to join a
///   waiting list instead of asking again (BOOT-5.b, or WK-4.b in the script-message dialect), when it failed
///   too: the JS side injected again over the first starts the page's bridge afresh, and every check after it
///   in those cases sees that.
/// - **The same whole responses**: findings that occur only in cases where a JS callback got a whole response
///   message (`Transcript.gaveAJSCallbackAWholeResponse`) fold under DISP-4.a, the obligation to call it with
///   the message's `responseData`, when it failed too: every answer the page got in those cases was the
///   message, whatever the case checked of it.
/// - **The same changed data**: findings that occur only in cases where the native side sent data that differ
///   from what it was handed in numbers or booleans only (`Transcript.sentDataChangedOnTheWayOut`) fold under
///   ESC-3.a, the obligation that the literal carries the message sent, when it failed too: a port that reads an
///   `NSNumber` 1 as `true` fails every check of what the page made of those data.
/// - **The same operation**: findings that occur only in cases that called `reset()`, or only in cases that
///   called `removeHandler(_:)`, fold under the finding of the clause that defines the operation (START-3,
///   MISS-2) when it failed too. These operations change state that nothing else touches, so a run where the
///   operation's own clause fails and other failures appear only where it was called has one defect to fix
///   there. (The safety switch, SAFE-2, is left out: it is a message send, whose defects show in it too.)
struct SameCauseGroup: Equatable {
    /// The citation of the finding the others fold under.
    var representative: String
    /// The citations of the others.
    var members: [String]
    /// The rule that found them one cause.
    var rule: FixFirstRule

    /// The groups among `roots`, in the order their rules are tried; a finding belongs to one group at most, and a
    /// representative may be a member of another group (`FixFirstRule.joinsOneDefectsFindings`), never of one
    /// led by a finding folded under itself. Interruptions (a crash, a timeout) never fold: they say the case
    /// could not be judged, which no failure explains. A security finding may lead a group, and folds only into
    /// one of its clause led by a security finding.
    /// - Parameters:
    ///   - roots: Findings that are no other's consequence by layer.
    ///   - results: The run's results, for the cases' values and transcripts.
    static func groups(among roots: [RootCauseFinding], in results: [CaseResult]) -> [SameCauseGroup] {
        // A security finding may lead a group but is never folded into one: it is what to fix first.
        let roots = roots.filter { $0.level != nil }
        let members = roots.filter { $0.security == nil }
        var candidates: [SameCauseGroup] = []
        // What the transcript shows first: a page without its JS side, or a command the wire lint rejects, loses
        // whatever the case checked after it.
        if let missing = missingJavaScriptSide(among: roots, members: members, in: results) {
            candidates.append(missing)
        }
        if let malformed = malformedCommands(among: roots, members: members, in: results) {
            candidates.append(malformed)
        }
        // An operation's group next: a case that called it may also have run a batch out of order, and the
        // operation's own clause says better what went wrong there.
        for operation in [FixFirstRule.resetCalled, .handlerRemoved] {
            if let group = sameOperation(operation, among: roots, members: members, in: results) {
                candidates.append(group)
            }
        }
        // The last one's evidence is its defect seen directly (a message dispatched for another), so its own
        // finding may fail elsewhere too (cases that deliver by crafted scripts, which the transcript cannot read).
        for rule in [
            FixFirstRule.lostAnswers, .secondInjection, .wholeResponses, .changedOnTheWayOut, .messageDispatchedAgain,
        ] {
            if let group = evidenceGroup(of: rule, among: roots, members: members, in: results) {
                candidates.append(group)
            }
        }
        if let order = orderDifference(among: members, in: results) { candidates.append(order) }
        candidates += sameClause(among: roots)
        // A finding folds under one representative at most, the first group's, never under a finding folded (at
        // any depth) under itself. The representative of a group found by evidence of a mechanism (lost answers,
        // a page without its JS side, ...) folds into another group only by a rule that joins one defect's own
        // findings (the same clause, the same commands): the evidence of one mechanism does not take the finding
        // of another.
        let representatives = Set(
            candidates.filter { !$0.rule.joinsOneDefectsFindings }.map(\.representative))
        var parent: [String: String] = [:]
        func isFolded(_ citation: String, under ancestor: String) -> Bool {
            var current = citation
            while let next = parent[current] {
                if next == ancestor { return true }
                current = next
            }
            return false
        }
        return candidates.compactMap { group in
            let members = group.members.filter { member in
                guard member != group.representative, parent[member] == nil,
                    !isFolded(group.representative, under: member),
                    !representatives.contains(member) || group.rule.joinsOneDefectsFindings
                else { return false }
                parent[member] = group.representative
                return true
            }
            return members.isEmpty
                ? nil : SameCauseGroup(representative: group.representative, members: members, rule: group.rule)
        }
    }

    /// Two or more findings only in order-difference cases (or cases with a batch handled out of order):
    /// under an order obligation first, then the one in most cases, then the more basic one.
    private static func orderDifference(among roots: [RootCauseFinding], in results: [CaseResult]) -> Self? {
        guard roots.count > 1 else { return nil }
        // Only the roots' cases are read: the evidence parses every batch a case fetched.
        let rule = FixFirstRule.orderDifference
        let orderCases = cases(among: roots, in: results, showing: rule.caseEvidence!)
        return group(of: roots.filter { occursOnlyIn(orderCases, $0) }, rule: rule) {
            (rule.isCause($0.citation) ? 0 : 1, -$0.cases.count, RootCauses.layer(of: $0))
        }
    }

    /// Findings only in the roots' cases that show `rule`'s evidence, under the first of its `causeObligations`
    /// among the roots, when that one too occurs only there (or, when it may fail elsewhere, occurs there at all).
    private static func evidenceGroup(
        of rule: FixFirstRule, among roots: [RootCauseFinding], members: [RootCauseFinding], in results: [CaseResult]
    ) -> Self? {
        guard
            let own = rule.causeObligations.lazy.compactMap({ obligation in
                roots.first { $0.citation == obligation.id }
            }).first
        else { return nil }
        let evidenceCases = cases(among: roots, in: results, showing: rule.caseEvidence!)
        guard
            rule.causeMayFailElsewhere
                ? own.cases.contains(where: evidenceCases.contains) : occursOnlyIn(evidenceCases, own)
        else { return nil }
        let folded = members.filter { $0.citation != own.citation && occursOnlyIn(evidenceCases, $0) }
        return folded.isEmpty
            ? nil : SameCauseGroup(representative: own.citation, members: folded.map(\.citation), rule: rule)
    }

    /// The cases of `roots` that show `evidence`. Only the roots' cases are read: the evidence parses what each
    /// case fetched or evaluated.
    private static func cases(
        among roots: [RootCauseFinding], in results: [CaseResult], showing evidence: (CaseResult) -> Bool
    ) -> Set<String> {
        let rootCases = Set(roots.flatMap(\.cases))
        return Set(results.filter { rootCases.contains($0.caseID) && evidence($0) }.map(\.caseID))
    }

    /// Findings only in cases where a page asked for the JS side and never got it, under the injection's own
    /// finding (WK-3 in the script-message dialect, else BOOT-4, the JS side on every load) when one failed and
    /// occurs only there too: a page without its bridge fails every check of its traffic.
    private static func missingJavaScriptSide(
        among roots: [RootCauseFinding], members: [RootCauseFinding], in results: [CaseResult]
    ) -> Self? {
        let rule = FixFirstRule.missingJavaScriptSide
        let injections = roots.filter { rule.isCause($0.citation) }
        guard !injections.isEmpty else { return nil }
        let evidenceCases = cases(among: roots, in: results, showing: rule.caseEvidence!)
        let own = rule.causeClauses.lazy.compactMap { clause in
            injections.filter { Clause(citation: $0.citation) == clause && occursOnlyIn(evidenceCases, $0) }
                .min(by: rank)
        }.first
        guard let own else { return nil }
        let folded = members.filter { $0.citation != own.citation && occursOnlyIn(evidenceCases, $0) }
        return folded.isEmpty
            ? nil
            : SameCauseGroup(
                representative: own.citation, members: folded.map(\.citation), rule: rule)
    }

    /// Findings of what a command carries (its literal and its value: ESC-2, ESC-3, ESC-4.b) only in cases where
    /// the native side evaluated a command the wire lint rejects, under the lint's own finding of those commands:
    /// the security one first, then the one in most cases. One escaper that breaks a literal also fails the
    /// checks of every payload that literal carried.
    private static func malformedCommands(
        among roots: [RootCauseFinding], members: [RootCauseFinding], in results: [CaseResult]
    ) -> Self? {
        let onTheWire = roots.filter { RootCauses.layer(of: $0) == 2 && !$0.callsAnotherFunction }
        guard onTheWire.count > 1 else { return nil }
        let rootCases = Set(onTheWire.flatMap(\.cases))
        var evidenceCases: Set<String> = []
        var linted: Set<String> = []
        let shows = FixFirstRule.sameCommands.caseEvidence!
        for result in results where rootCases.contains(result.caseID) && shows(result) {
            evidenceCases.insert(result.caseID)
            linted.formUnion(result.transcript.malformedCommandObligations.map(\.id))
        }
        let inThoseCases = onTheWire.filter { occursOnlyIn(evidenceCases, $0) }
        guard
            let own = inThoseCases.filter({ linted.contains($0.citation) }).min(by: { first, second in
                let firstKey = (first.security == nil ? 1 : 0, first.level == .should ? 1 : 0, -first.cases.count)
                let secondKey = (second.security == nil ? 1 : 0, second.level == .should ? 1 : 0, -second.cases.count)
                return firstKey != secondKey ? firstKey < secondKey : first.citation < second.citation
            })
        else { return nil }
        let memberCitations = Set(members.map(\.citation))
        let folded = inThoseCases.filter { $0.citation != own.citation && memberCitations.contains($0.citation) }
        return folded.isEmpty
            ? nil : SameCauseGroup(representative: own.citation, members: folded.map(\.citation), rule: .sameCommands)
    }

    /// Findings of one clause whose cases are all among those of another finding of that clause, at the same
    /// level or a stricter one (a security finding: of the same exposure or a graver one), under the one in most
    /// cases: the obligations of a clause describe one behaviour,
    /// which one defect breaks in the same cases (ESC-2.a and ESC-2.c of one escaper, BOOT-5.b and BOOT-5.d of one
    /// setup snippet). The clause's finding in most cases leads.
    private static func sameClause(among roots: [RootCauseFinding]) -> [Self] {
        var groups: [String: Self] = [:]
        var order: [String] = []
        for member in roots {
            let clause = CheckFailure.citation(member.citation).clause
            let cases = Set(member.cases)
            // A security finding folds only under one of the same clause that is a security finding too.
            let covering = roots.filter { other in
                other.citation != member.citation && CheckFailure.citation(other.citation).clause == clause
                    && (member.security == nil || other.security.map { $0 <= member.security! } == true)
                    && levelRank(other.level) <= levelRank(member.level) && cases.isSubset(of: Set(other.cases))
                    && (other.cases.count > member.cases.count || other.security != nil
                        || (other.cases.count == member.cases.count && other.citation < member.citation))
            }
            guard
                let own = covering.min(by: { first, second in
                    let firstKey = (first.security == nil ? 1 : 0, -first.cases.count)
                    let secondKey = (second.security == nil ? 1 : 0, -second.cases.count)
                    return firstKey != secondKey ? firstKey < secondKey : first.citation < second.citation
                })
            else { continue }
            if groups[own.citation] == nil {
                order.append(own.citation)
                groups[own.citation] = SameCauseGroup(representative: own.citation, members: [], rule: .sameClause)
            }
            groups[own.citation]!.members.append(member.citation)
        }
        return order.compactMap { groups[$0] }
    }

    /// MUST first, then SHOULD, then MAY.
    private static func levelRank(_ level: RequirementLevel?) -> Int {
        switch level {
        case nil, .must?: 0
        case .should?: 1
        default: 2
        }
    }

    /// Two or more findings only in cases that performed the operation of `rule` (`resetCalled`,
    /// `handlerRemoved`), one of them citing its clause: under that one (MUST first, then the one in most cases).
    /// Every case is read: the evidence is one scan of the case's adapter actions.
    private static func sameOperation(
        _ rule: FixFirstRule, among roots: [RootCauseFinding], members: [RootCauseFinding], in results: [CaseResult]
    ) -> Self? {
        let shows = rule.caseEvidence!
        let operationCases = Set(results.filter(shows).map(\.caseID))
        let own = roots.filter { occursOnlyIn(operationCases, $0) && rule.isCause($0.citation) }
        guard let representative = own.min(by: { rank(of: $0, $1) }) else { return nil }
        let folded = members.filter { occursOnlyIn(operationCases, $0) }.map(\.citation).filter {
            $0 != representative.citation
        }
        return folded.isEmpty
            ? nil : SameCauseGroup(representative: representative.citation, members: folded, rule: rule)
    }

    /// MUST before SHOULD, then more cases, then by citation.
    private static func rank(of first: RootCauseFinding, _ second: RootCauseFinding) -> Bool {
        let firstKey = (first.level == .should ? 1 : 0, -first.cases.count)
        let secondKey = (second.level == .should ? 1 : 0, -second.cases.count)
        return firstKey != secondKey ? firstKey < secondKey : first.citation < second.citation
    }

    /// The group of `findings` under the least by `key` (then by citation), when there are two or more.
    private static func group(
        of findings: [RootCauseFinding], rule: FixFirstRule, by key: (RootCauseFinding) -> (Int, Int, Int)
    ) -> Self? {
        guard findings.count > 1 else { return nil }
        let representative = findings.min { first, second in
            let firstKey = key(first), secondKey = key(second)
            return firstKey != secondKey ? firstKey < secondKey : first.citation < second.citation
        }!
        return SameCauseGroup(
            representative: representative.citation,
            members: findings.map(\.citation).filter { $0 != representative.citation }, rule: rule)
    }

    /// Whether every case of `finding` is among `cases`.
    private static func occursOnlyIn(_ cases: Set<String>, _ finding: RootCauseFinding) -> Bool {
        !finding.cases.isEmpty && finding.cases.allSatisfy(cases.contains)
    }
}

import ConformanceBrowser
import ConformanceCatalogue
import ConformanceObligations

/// Groups a run's failures into findings and puts the root causes first: what a person should fix first.
///
/// A finding is every failure citing the same obligation (one defect breaks one obligation in many cases,
/// or on every evaluation of one). A finding is a *consequence* of a more basic one when every case it
/// occurs in has the more basic one too: a literal that breaks on U+2028 loses the message, so the case
/// also fails its ordering and flush checks, which go away with the escaping fix. The order from basic to
/// specific follows the protocol's layers, each of which the next one needs (`layer(of:)`). Then findings
/// that are the same difference, or the same operation's, fold under one of them (`SameCauseGroup`). Each
/// folded finding says why (`RootCauseFinding.foldedBecause`).
///
/// A security finding (`RootCauseFinding.security`: a payload ran, or can run, code in the page) is never
/// folded under another and comes first. The cases the kit could not judge (`UnjudgedCases`: `harness-error`,
/// `adapter-error`) are left out: reports list them apart.
package enum RootCauses {
    /// The run's root findings, most basic first, each with the findings it explains.
    /// - Parameter results: The run's results, in run order.
    /// - Returns: Findings that are no other's consequence: MUST before SHOULD, a cause before an outcome,
    ///   then by the number of cases they explain (most first), then by layer, then by citation.
    package static func findings(in results: [CaseResult]) -> [RootCauseFinding] {
        // The cases the kit could not judge are no finding about the bridge: reports list them apart.
        let results = results.filter { !UnjudgedCases.isUnjudged($0.verdict) }
        let all = allFindings(in: results)
        var candidates: [RootCauseFinding] = []
        var consequences: [String: [RootCauseFinding]] = [:]
        for finding in all {
            if let cause = mostBasicCause(of: finding, among: all) {
                var folded = finding
                folded.foldedBecause = FoldReason(
                    rule: isOutcome(finding) ? .outcome : .moreBasicLayer, cause: cause.citation,
                    causeLayer: layer(of: cause))
                consequences[cause.citation, default: []].append(folded)
            } else {
                candidates.append(finding)
            }
        }
        var foldedUnder: [String: FoldReason] = [:]
        for group in SameCauseGroup.groups(among: candidates, in: results) {
            let representative = candidates.first { $0.citation == group.representative }
            for member in group.members {
                foldedUnder[member] = FoldReason(
                    rule: group.rule, cause: group.representative,
                    causeLayer: representative.map(layer(of:)) ?? layer(of: member))
            }
        }
        var roots: [RootCauseFinding] = []
        for finding in candidates {
            if let reason = foldedUnder[finding.citation] {
                var folded = finding
                folded.foldedBecause = reason
                consequences[reason.cause, default: []].append(folded)
            } else {
                roots.append(finding)
            }
        }
        // A consequence of a consequence (or of a folded finding) is the root's too: every finding shows under
        // a root.
        func explained(by citation: String) -> [RootCauseFinding] {
            (consequences[citation] ?? []).flatMap { [$0] + explained(by: $0.citation) }
        }
        for index in roots.indices {
            roots[index].consequences = explained(by: roots[index].citation).sorted(by: precedes)
        }
        return roots.sorted(by: precedes)
    }

    /// The layer of a finding cited by `citation` alone (a clause or obligation, or an interruption's verdict).
    private static func layer(of citation: String) -> Int {
        layer(
            of: RootCauseFinding(citation: citation, level: nil, message: "", example: nil, cases: [], occurrences: 0))
    }

    /// Every finding of the run, unordered: one per obligation cited (or clause, when a check named no
    /// obligation) and one per kind of interruption.
    static func allFindings(in results: [CaseResult]) -> [RootCauseFinding] {
        var byCitation: [String: RootCauseFinding] = [:]
        var order: [String] = []
        func add(_ citation: String, level: RequirementLevel?, message: String, example: CheckFailure?, in id: String) {
            if byCitation[citation] == nil {
                order.append(citation)
                byCitation[citation] = RootCauseFinding(
                    citation: citation, level: level, message: message, example: example, cases: [], occurrences: 0)
            }
            byCitation[citation]!.occurrences += 1
            if byCitation[citation]!.cases.last != id { byCitation[citation]!.cases.append(id) }
            if let original = example?.recitedFrom?.id, !byCitation[citation]!.recitedFrom.contains(original) {
                byCitation[citation]!.recitedFrom.append(original)
            }
            if let exposure = example?.exposure {
                byCitation[citation]!.security = min(byCitation[citation]!.security ?? exposure, exposure)
            }
            // Only ESC-1.c has the flavour, and reading every message would cost a run of many failures dearly.
            if citation == Obligation.esc1c.id, !byCitation[citation]!.callsAnotherFunction,
                example?.message.contains(WireInspector.callsAnotherFunctionWords) == true
            {
                byCitation[citation]!.callsAnotherFunction = true
            }
        }
        for result in results where result.verdict.category != .clean {
            if result.verdict.category == .error {
                let firstLine = result.interruption?.text.split(separator: "\n").first.map(String.init)
                add(
                    result.verdict.rawValue, level: nil, message: firstLine ?? result.verdict.rawValue, example: nil,
                    in: result.caseID)
            }
            for failure in result.failures {
                add(
                    failure.obligation ?? failure.clause, level: failure.level, message: failure.message,
                    example: failure, in: result.caseID)
            }
        }
        return order.compactMap { byCitation[$0] }
    }

    /// The most basic finding, other than `finding`, on a lower layer, that occurs in every case `finding`
    /// occurs in; nil when there is none (then `finding` is a root).
    private static func mostBasicCause(of finding: RootCauseFinding, among all: [RootCauseFinding])
        -> RootCauseFinding?
    {
        // A security finding is what to fix first, whatever else failed where it did.
        guard finding.security == nil else { return nil }
        let cases = Set(finding.cases)
        return
            all
            .filter { other in
                other.citation != finding.citation && layer(of: other) < layer(of: finding)
                    && cases.isSubset(of: Set(other.cases))
            }
            .min(by: isLikelierCause)
    }

    /// Of two findings that could explain another, whether `first` is the likelier cause: an interruption
    /// before a failure, then the more basic layer, then the one in more cases.
    private static func isLikelierCause(_ first: RootCauseFinding, _ second: RootCauseFinding) -> Bool {
        let firstKey = (first.level == nil ? 0 : 1, layer(of: first), -first.cases.count)
        let secondKey = (second.level == nil ? 0 : 1, layer(of: second), -second.cases.count)
        if firstKey != secondKey { return firstKey < secondKey }
        return first.citation < second.citation
    }

    /// Whether `first` is to be fixed before `second`: a security finding first (code that ran before code that
    /// could), then MUST before SHOULD, a cause before an outcome, then the one that explains more cases (its own
    /// and its consequences'), then the more basic one.
    private static func precedes(_ first: RootCauseFinding, _ second: RootCauseFinding) -> Bool {
        if first.security != second.security {
            guard let firstExposure = first.security else { return false }
            guard let secondExposure = second.security else { return true }
            return firstExposure < secondExposure
        }
        let firstKey = (
            levelRank(first.level), isOutcome(first) ? 1 : 0, -first.explainedCases.count, layer(of: first)
        )
        let secondKey = (
            levelRank(second.level), isOutcome(second) ? 1 : 0, -second.explainedCases.count, layer(of: second)
        )
        if firstKey != secondKey { return firstKey < secondKey }
        return first.citation < second.citation
    }

    /// The end-to-end outcomes (`FixFirstRule.outcome`): a command reaches the entry point (ESC-1.c), a response
    /// reaches its callback (CB-1.b), a call reaches its handler (FLUSH-7.a). Any defect upstream fails them, so where they are a
    /// root next to other findings, those others say better what to fix; alone, they are what to fix. A
    /// command calling another function is no outcome: it is the defect (`layer(of:)`).
    static func isOutcome(_ finding: RootCauseFinding) -> Bool {
        FixFirstRule.outcome.isCause(finding.citation) && !finding.callsAnotherFunction
    }

    /// MUST (and interruptions) first, then SHOULD, then MAY.
    private static func levelRank(_ level: RequirementLevel?) -> Int {
        switch level {
        case nil, .must?: 0
        case .should?: 1
        default: 2
        }
    }

    /// The protocol layer a finding belongs to, from the most basic: each layer needs the ones before it.
    ///
    /// 0. The run could not use the implementation (adapter or harness error).
    /// 1. The implementation died (crash): nothing after it was seen.
    /// 2. What the native side evaluates is wrong on the wire: a literal that breaks or does not hold a
    ///    JSON object, a fetch command that is not the exact one (ESC-2, ESC-3, FLUSH-1). Seen directly in
    ///    the native side's output, while the later layers are seen through their effects.
    /// 3. The JS side does not arrive or does not signal (BOOT, WK).
    /// 4. A message has the wrong shape or id (MSG, ID).
    /// 5. A message is not delivered or fetched (DISP, FLUSH).
    /// 6. A callback or responder misbehaves (CB).
    /// 7. Specific behaviours: ordering, the startup queue, reloads, missing handlers, the safety timeout,
    ///    threads, hostile payloads (ORD, START, LIFE, MISS, SAFE, THR, ESC-4), and hangs (timeout).
    /// 8. The spelling of a command and logs, which no other obligation needs (ESC-5, LOG).
    ///
    /// A navigation request decided twice (BOOT-1.f) is on layer 7: the web view keeps the first decision, and
    /// nothing else depends on the second. A command that does not reach the entry point (ESC-1) is on layer 7
    /// too: it is what a broken literal or a JS side that never arrived looks like, so it is the consequence of
    /// either when they occur. One that calls another function is on layer 2: the command itself shows that
    /// defect (and then ESC-1.c is no outcome either). Other clauses (an implementer's own) are on layer 7.
    package static func layer(of finding: RootCauseFinding) -> Int {
        if finding.callsAnotherFunction { return 2 }
        switch finding.citation {
        case Verdict.adapterError.rawValue, Verdict.harnessError.rawValue: return 0
        case Verdict.crash.rawValue: return 1
        case Verdict.timeout.rawValue: return 7
        // A request decided twice: the web view keeps the first decision and carries on, so nothing else needs it.
        case Obligation.boot1f.id: return 7
        default: break
        }
        let clause = CheckFailure.citation(finding.citation).clause
        switch clause {
        case Clause.esc2.id, Clause.esc3.id, Clause.flush1.id: return 2
        case Clause.esc1.id, Clause.esc4.id: return 7
        case Clause.esc5.id: return 8
        default: break
        }
        switch clause.prefix(while: { $0 != "-" }) {
        case "BOOT", "WK": return 3
        case "MSG", "ID": return 4
        case "DISP", "FLUSH": return 5
        case "CB": return 6
        case "LOG": return 8
        default: return 7
        }
    }
}

/// Root findings one defect explains though no layer links them (`RootCauses`): each occurs in cases of its
/// own, so none is in every case of another, but the cases share what went wrong.
///
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

    /// The operations whose cases are grouped: the action the transcript records, and the clause that defines
    /// the operation.
    static let stateOperations: [(action: String, clause: String)] = [
        ("reset(", "START-3"), ("removeHandler(", "MISS-2"),
    ]

    /// The groups among `roots`, the operations' first; a finding belongs to one group at most, and the
    /// representative of one is never a member of another. Interruptions (a crash, a timeout) never fold:
    /// they say the case could not be judged, which no failure explains; nor does a security finding, which is
    /// what to fix first.
    /// - Parameters:
    ///   - roots: Findings that are no other's consequence by layer.
    ///   - results: The run's results, for the cases' values and transcripts.
    static func groups(among roots: [RootCauseFinding], in results: [CaseResult]) -> [SameCauseGroup] {
        let roots = roots.filter { $0.level != nil && $0.security == nil }
        var candidates: [SameCauseGroup] = []
        // An operation's group first: a case that called it may also have run a batch out of order, and the
        // operation's own clause says better what went wrong there.
        for operation in stateOperations {
            if let group = sameOperation(operation, among: roots, in: results) { candidates.append(group) }
        }
        if let lost = lostAnswers(among: roots, in: results) { candidates.append(lost) }
        if let injected = secondInjection(among: roots, in: results) { candidates.append(injected) }
        if let whole = wholeResponses(among: roots, in: results) { candidates.append(whole) }
        if let order = orderDifference(among: roots, in: results) { candidates.append(order) }
        let representatives = Set(candidates.map(\.representative))
        var taken: Set<String> = []
        return candidates.compactMap { group in
            let members = group.members.filter { !representatives.contains($0) && taken.insert($0).inserted }
            return members.isEmpty ? nil : SameCauseGroup(representative: group.representative, members: members)
        }
    }

    /// Two or more findings only in order-difference cases (or cases with a batch handled out of order):
    /// under an order obligation first, then the one in most cases, then the more basic one.
    private static func orderDifference(among roots: [RootCauseFinding], in results: [CaseResult]) -> Self? {
        guard roots.count > 1 else { return nil }
        // Only the roots' cases are read: the evidence parses every batch a case fetched.
        let rootCases = Set(roots.flatMap(\.cases))
        let orderCases = Set(
            results.filter {
                rootCases.contains($0.caseID)
                    && (OrderDifference.holds(for: $0)
                        || ($0.verdict == .fail && $0.transcript.handledSomeBatchOutOfOrder))
            }.map(\.caseID))
        return group(of: roots.filter { occursOnlyIn(orderCases, $0) }) {
            (isOrderObligation($0.citation) ? 0 : 1, -$0.cases.count, RootCauses.layer(of: $0))
        }
    }

    /// Whether `citation` is an obligation on an order: the ordering clauses (ORD), and the orders other
    /// clauses set, the JS side's dispatch order (DISP-3.b), the startup queue's (START-1.c) and one thread's
    /// sends' (THR-2.c).
    private static func isOrderObligation(_ citation: String) -> Bool {
        citation.hasPrefix("ORD-") || ["DISP-3.b", "START-1.c", "THR-2.c"].contains(citation)
    }

    /// Findings only in cases where a response named no call, under MSG-2.b when it is one of them.
    private static func lostAnswers(among roots: [RootCauseFinding], in results: [CaseResult]) -> Self? {
        evidenceGroup(under: ["MSG-2.b"], among: roots, in: results) { $0.sentSomeResponseNamingNoCall }
    }

    /// Findings only in cases where a page asked for the JS side twice, under the snippet's joining obligation
    /// when it is one of them.
    private static func secondInjection(among roots: [RootCauseFinding], in results: [CaseResult]) -> Self? {
        evidenceGroup(under: ["BOOT-5.b", "WK-4.b"], among: roots, in: results) { $0.askedForTheJSSideTwiceOnOnePage }
    }

    /// Findings only in cases where a JS callback got a whole response, under DISP-4.a when it is one of them.
    private static func wholeResponses(among roots: [RootCauseFinding], in results: [CaseResult]) -> Self? {
        evidenceGroup(under: ["DISP-4.a"], among: roots, in: results) { $0.gaveAJSCallbackAWholeResponse }
    }

    /// Findings only in the roots' cases whose transcript shows `evidence`, under the first of `citations`
    /// among the roots, when that one too occurs only there.
    private static func evidenceGroup(
        under citations: [String], among roots: [RootCauseFinding], in results: [CaseResult],
        evidence: (Transcript) -> Bool
    ) -> Self? {
        guard let own = citations.lazy.compactMap({ citation in roots.first { $0.citation == citation } }).first
        else { return nil }
        // Only the roots' cases are read: the evidence parses what each case fetched.
        let rootCases = Set(roots.flatMap(\.cases))
        let evidenceCases = Set(
            results.filter { rootCases.contains($0.caseID) && evidence($0.transcript) }.map(\.caseID))
        guard occursOnlyIn(evidenceCases, own) else { return nil }
        let members = roots.filter { $0.citation != own.citation && occursOnlyIn(evidenceCases, $0) }.map(\.citation)
        return members.isEmpty ? nil : SameCauseGroup(representative: own.citation, members: members)
    }

    /// Two or more findings only in cases that performed `operation`, one of them citing its clause: under
    /// that one (MUST first, then the one in most cases).
    private static func sameOperation(
        _ operation: (action: String, clause: String), among roots: [RootCauseFinding], in results: [CaseResult]
    ) -> Self? {
        let operationCases = Set(
            results.filter { result in
                result.transcript.events.contains { event in
                    if case .adapterAction(let action) = event { action.hasPrefix(operation.action) } else { false }
                }
            }.map(\.caseID))
        let dependent = roots.filter { occursOnlyIn(operationCases, $0) }
        let own = dependent.filter { CheckFailure.citation($0.citation).clause == operation.clause }
        guard let representative = own.min(by: { rank(of: $0, $1) }) else { return nil }
        let members = dependent.map(\.citation).filter { $0 != representative.citation }
        return members.isEmpty ? nil : SameCauseGroup(representative: representative.citation, members: members)
    }

    /// MUST before SHOULD, then more cases, then by citation.
    private static func rank(of first: RootCauseFinding, _ second: RootCauseFinding) -> Bool {
        let firstKey = (first.level == .should ? 1 : 0, -first.cases.count)
        let secondKey = (second.level == .should ? 1 : 0, -second.cases.count)
        return firstKey != secondKey ? firstKey < secondKey : first.citation < second.citation
    }

    /// The group of `findings` under the least by `key` (then by citation), when there are two or more.
    private static func group(of findings: [RootCauseFinding], by key: (RootCauseFinding) -> (Int, Int, Int))
        -> Self?
    {
        guard findings.count > 1 else { return nil }
        let representative = findings.min { first, second in
            let firstKey = key(first), secondKey = key(second)
            return firstKey != secondKey ? firstKey < secondKey : first.citation < second.citation
        }!
        return SameCauseGroup(
            representative: representative.citation,
            members: findings.map(\.citation).filter { $0 != representative.citation })
    }

    /// Whether every case of `finding` is among `cases`.
    private static func occursOnlyIn(_ cases: Set<String>, _ finding: RootCauseFinding) -> Bool {
        !finding.cases.isEmpty && finding.cases.allSatisfy(cases.contains)
    }
}

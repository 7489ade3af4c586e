import ConformanceBrowser

/// The last stage of a case's run: what its execution gave, judged into its result. Each failure counts at its own
/// clause's level (spec, conventions); the verdict is the interruption's, else `insecure` for a tripwire, else the
/// worst failure's.
package struct CaseJudgement {
    /// The spec, whose clause levels judge each failure.
    let spec: ProtocolSpec

    /// The result of `conformanceCase` whose execution gave `outcome`.
    /// - Parameters:
    ///   - conformanceCase: The case.
    ///   - outcome: What its execution gave (or why it could not run).
    ///   - bridgeJavaScriptSource: The JS side the run injects.
    ///   - duration: How long the case took on the wall clock.
    func result(
        of conformanceCase: ConformanceCase, _ outcome: CaseExecution.Outcome, bridgeJavaScriptSource: String,
        duration: Duration
    ) -> CaseResult {
        let failures = outcome.failures.map { failure in
            var judged = failure
            judged.level = spec.level(ofCitation: failure.clause) ?? conformanceCase.level
            return judged
        }
        return CaseResult(
            caseID: conformanceCase.id, level: conformanceCase.level, clauses: conformanceCase.clauses,
            verdict: Self.verdict(
                interruption: outcome.interruption, failures: failures, transcript: outcome.transcript),
            failures: failures, checks: outcome.checks, interruption: outcome.interruption,
            leftovers: outcome.leftovers, transcript: outcome.transcript,
            bridgeJavaScriptSource: bridgeJavaScriptSource,
            duration: duration)
    }

    /// The verdict of a case interrupted so (nil: it ran to its end), with these judged failures and this
    /// transcript.
    package static func verdict(interruption: CaseInterruption?, failures: [CheckFailure], transcript: Transcript)
        -> Verdict
    {
        if let interruption { return interruption.verdict }
        if transcript.entries.contains(where: {
            if case .tripwire = $0.event { return true }; return false
        }) {
            return .insecure
        }
        switch failures.map(\.level).min() {
        case .must?: return .fail
        case .should?: return .nonStrict
        case .may?, .informational?, nil: return .pass
        }
    }
}

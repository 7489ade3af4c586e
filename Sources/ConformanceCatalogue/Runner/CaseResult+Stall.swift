import ConformanceBrowser
import ConformanceEngine

extension CaseResult {
    /// The result of a case whose engine stalled: a timeout (a harness error when only the kit's scripts
    /// can have caused it), with no transcript, which was lost with the process.
    /// - Parameters:
    ///   - stall: What the guard saw.
    ///   - caseID: The case.
    ///   - level: The case's level.
    ///   - clauses: The clauses the case cites.
    package init(stalled stall: EngineStall, caseID: String, level: RequirementLevel, clauses: [String]) {
        self.init(
            caseID: caseID, level: level, verdict: stall.isKitFault ? .harnessError : .timeout, failures: [],
            interruption: .stopped(
                stall.isKitFault ? .harnessError : .timeout, during: stall.stage, detail: stall.detail),
            leftovers: CaseLeftovers(), transcript: Transcript(),
            bridgeJavaScriptSource: "")
        self.clauses = clauses
    }
}

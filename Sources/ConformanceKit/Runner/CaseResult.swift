/// What running one case against one implementation gave.
package struct CaseResult: Sendable {
    /// The case's id.
    package var caseID: String
    /// The case's level.
    package var level: RequirementLevel
    /// The spec clauses the case cites.
    package var clauses: [String] = []
    /// The outcome.
    package var verdict: Verdict
    /// The broken expectations (empty on pass).
    package var failures: [CheckFailure]
    /// Every explicit check the case made, passed or not: its clause and what it checked (the coverage
    /// table counts them per clause).
    package var checks: [(clause: String, message: String)] = []
    /// Why the case did not run to its end, for timeouts, adapter and harness errors, not applicable.
    package var interruption: String?
    /// What was left over when the case ended, accepted or not.
    package var leftovers: CaseLeftovers
    /// Everything observed.
    package var transcript: Transcript
    /// The JS side that was injected, so renderings can name it instead of printing it.
    package var bridgeJavaScriptSource: String
    /// How long the case took on the wall clock, from the start of its simulated browser to its finish
    /// (adapter creation, script and the judging of leftovers included), as `ConformanceRunner` measured
    /// it; nil for a result made otherwise. Wall clock, so it differs run to run: reports and the verbose
    /// console show it (unless timings are off), and transcripts, goldens, baselines and `report` never do.
    package var duration: Duration? = nil

    /// A multi-line report: verdict, failures, and the case's wire log.
    package var report: String {
        var lines = ["\(verdict.rawValue.uppercased()) \(caseID) [\(level.rawValue)]"]
        if let interruption { lines.append("  \(interruption)") }
        for failure in failures {
            lines.append(contentsOf: failure.description.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 })
        }
        if !leftovers.isEmpty { lines.append("  leftovers: " + leftovers.lines.joined(separator: "; ")) }
        if verdict != .pass && verdict != .notApplicable && !transcript.entries.isEmpty {
            lines.append("  transcript:")
            let rendered = TranscriptRenderer.render(transcript, bridgeJavaScriptSource: bridgeJavaScriptSource)
            lines.append(contentsOf: rendered.split(separator: "\n").map { "    " + $0 })
        }
        return lines.joined(separator: "\n")
    }
}

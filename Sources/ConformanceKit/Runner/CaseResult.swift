/// What running one case against one implementation gave.
public struct CaseResult: Sendable {
    /// The case's id.
    public var caseID: String
    /// The case's level.
    public var level: RequirementLevel
    /// The spec clauses the case cites.
    public var clauses: [String] = []
    /// The outcome.
    public var verdict: Verdict
    /// The broken expectations (empty on pass).
    public var failures: [CheckFailure]
    /// Why the case did not run to its end, for timeouts, adapter and harness errors, not applicable.
    public var interruption: String?
    /// Tasks still pending when the case ended (timers beyond the horizon, ...).
    public var leftovers: [String]
    /// Everything observed.
    public var transcript: Transcript
    /// The JS side that was injected, so renderings can name it instead of printing it.
    public var bridgeJavaScriptSource: String

    /// A multi-line report: verdict, failures, and the case's wire log.
    public var report: String {
        var lines = ["\(verdict.rawValue.uppercased()) \(caseID) [\(level.rawValue)]"]
        if let interruption { lines.append("  \(interruption)") }
        for failure in failures {
            lines.append(contentsOf: failure.description.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 })
        }
        if !leftovers.isEmpty { lines.append("  leftovers: " + leftovers.joined(separator: "; ")) }
        if verdict != .pass && verdict != .notApplicable {
            lines.append("  transcript:")
            let rendered = TranscriptRenderer.render(transcript, bridgeJavaScriptSource: bridgeJavaScriptSource)
            lines.append(contentsOf: rendered.split(separator: "\n").map { "    " + $0 })
        }
        return lines.joined(separator: "\n")
    }
}

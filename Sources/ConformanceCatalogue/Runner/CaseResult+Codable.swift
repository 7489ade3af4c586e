import ConformanceAdapter
import ConformanceBrowser
import StrictJSON

// Case results as JSON, losslessly: a run that must restart its process (`EngineStallGuard`) hands the results
// of the cases that finished to its successor, which reports them with its own. Not a report format: reports
// are `RunReportDocument`, `JUnitRunReport` and `MarkdownRunReport`.

extension CaseResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case caseID, level, clauses, verdict, failures, checks, interruption, leftovers, transcript,
            bridgeJavaScriptSource
        case duration, isExplorationFinding
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            caseID: try container.decode(String.self, forKey: .caseID),
            level: try container.decode(RequirementLevel.self, forKey: .level),
            verdict: try container.decode(Verdict.self, forKey: .verdict),
            failures: try container.decode([CheckFailure].self, forKey: .failures),
            interruption: try container.decodeIfPresent(CaseInterruption.self, forKey: .interruption),
            leftovers: try container.decode(CaseLeftovers.self, forKey: .leftovers),
            transcript: try container.decode(Transcript.self, forKey: .transcript),
            bridgeJavaScriptSource: try container.decode(String.self, forKey: .bridgeJavaScriptSource))
        clauses = try container.decode([String].self, forKey: .clauses)
        checks = try container.decode([CaseCheck].self, forKey: .checks)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration).map { .nanoseconds(Int64($0 * 1e9)) }
        isExplorationFinding = try container.decodeIfPresent(Bool.self, forKey: .isExplorationFinding) ?? false
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(caseID, forKey: .caseID)
        try container.encode(level, forKey: .level)
        try container.encode(clauses, forKey: .clauses)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(failures, forKey: .failures)
        try container.encode(checks, forKey: .checks)
        try container.encodeIfPresent(interruption, forKey: .interruption)
        try container.encode(leftovers, forKey: .leftovers)
        try container.encode(transcript, forKey: .transcript)
        try container.encode(bridgeJavaScriptSource, forKey: .bridgeJavaScriptSource)
        if let duration {
            let (seconds, attoseconds) = duration.components
            try container.encode(Double(seconds) + Double(attoseconds) / 1e18, forKey: .duration)
        }
        // Only a finding says so: the results of a catalogue run encode as they always did.
        if isExplorationFinding { try container.encode(true, forKey: .isExplorationFinding) }
    }
}

extension Verdict: Codable {}

extension RequirementLevel: Codable {}

import StrictJSON

/// What the exploration after a run's cases did (`conformance run --explore`): which programs it ran and what
/// it found. Its findings are results of the run too (`CaseResult.isExplorationFinding`); this says that the
/// programs ran, even when they found nothing.
package struct ExplorationSummary: Sendable, Equatable, Codable {
    /// The seed the programs derive from (`--explore-seed`).
    package var seed: UInt64
    /// How many programs were asked for (`--explore`).
    package var plannedPrograms: Int
    /// How many ran: fewer when a signal, the finding limit or a fault of the kit's reference stopped them.
    package var programsRun: Int
    /// The most steps of a program.
    package var maxOperations: Int
    /// The ids of the new findings, each a result of the run.
    package var findings: [String]
    /// The ids of the findings the baseline expects, which are counted and not shrunk.
    package var knownFindings: [String]

    /// A summary.
    package init(
        seed: UInt64, plannedPrograms: Int, programsRun: Int, maxOperations: Int, findings: [String],
        knownFindings: [String]
    ) {
        self.seed = seed
        self.plannedPrograms = plannedPrograms
        self.programsRun = programsRun
        self.maxOperations = maxOperations
        self.findings = findings
        self.knownFindings = knownFindings
    }

    /// The JSON report's `exploration` object. The seed is a string: a JSON number loses digits above 2^53.
    package var jsonValue: JSONValue {
        .object([
            "seed": .string(String(seed)), "programs": .number(Double(plannedPrograms)),
            "programsRun": .number(Double(programsRun)), "maxOperations": .number(Double(maxOperations)),
            "findings": .array(findings.map(JSONValue.string)),
            "knownFindings": .array(knownFindings.map(JSONValue.string)),
        ])
    }

    /// One line for the console: `explore: 100 programs (seed 1, at most 12 steps): no new finding`.
    package var consoleLine: String {
        let ran =
            programsRun == plannedPrograms
            ? "\(plannedPrograms) program\(plannedPrograms == 1 ? "" : "s")"
            : "\(programsRun) of \(plannedPrograms) programs"
        var outcome =
            findings.isEmpty
            ? "no new finding"
            : "\(findings.count) new finding\(findings.count == 1 ? "" : "s") (\(findings.joined(separator: ", ")))"
        if !knownFindings.isEmpty { outcome += "; known: " + knownFindings.joined(separator: ", ") }
        return "explore: \(ran) against the reference bridge (seed \(seed), at most \(maxOperations) steps): \(outcome)"
    }
}

import ConformanceAdapter
import ConformanceBrowser

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
    /// Every explicit check the case made, passed or not: what it cites and what it checked (the coverage
    /// table counts them per clause).
    package var checks: [CaseCheck] = []
    /// Why the case did not run to its end, for timeouts, adapter and harness errors, crashes, not applicable.
    package var interruption: CaseInterruption?
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
    /// Whether the exploration `conformance run` runs after its cases found this (a finding of
    /// `conformance explore`, named by its id), rather than a case: the catalogue digest leaves it out.
    package var isExplorationFinding = false

    /// A result with every field given (those with a default may be left out).
    package init(
        caseID: String, level: RequirementLevel, clauses: [String] = [], verdict: Verdict, failures: [CheckFailure],
        checks: [CaseCheck] = [], interruption: CaseInterruption? = nil, leftovers: CaseLeftovers,
        transcript: Transcript, bridgeJavaScriptSource: String, duration: Duration? = nil
    ) {
        self.caseID = caseID
        self.level = level
        self.clauses = clauses
        self.verdict = verdict
        self.failures = failures
        self.checks = checks
        self.interruption = interruption
        self.leftovers = leftovers
        self.transcript = transcript
        self.bridgeJavaScriptSource = bridgeJavaScriptSource
        self.duration = duration
    }

    /// The obligations its failures cite (`CheckFailure.citedID`: the clause of a failure that names none),
    /// each once, in the spec's order: what a baseline entry pins (`Baseline.Entry.obligations`), the JSON
    /// report lists and `conformance diff` compares.
    package var failedObligations: [String] { CheckFailure.inSpecOrder(failures.map(\.citedID)) }

    /// A multi-line report: verdict, failures, and the case's wire log, within `CaseOutputLimits` (the first
    /// failures and leftovers, the transcript's beginning and end, each cut saying what it left out). Every
    /// line but the first is indented, whatever the messages hold, and the text is safe on a terminal
    /// (`PrintableText.terminalSafe`): nothing in it can pass for another case's line or move the cursor.
    package var report: String { report(withTranscript: true, collapsingRepeats: false) }

    /// `report`, with or without the case's wire log (a console that shows one case's log per root finding
    /// leaves it out of the others), and with a failure citing the same obligation as an earlier one of the
    /// case counted rather than shown when `collapsingRepeats` (a SHOULD broken on every evaluation).
    package func report(withTranscript: Bool, collapsingRepeats: Bool) -> String {
        var lines = ["\(verdict.rawValue.uppercased()) \(caseID) [\(level.rawValue)]"]
        if let interruption {
            // Its own continuation lines (a crash report's `    | ...`) are already indented; no line starts at the
            // margin.
            let interruptionLines = PrintableText.cut(interruption.text, limit: CaseOutputLimits.interruptionLength)
                .split(
                    separator: "\n", omittingEmptySubsequences: false)
            lines += interruptionLines.enumerated().map { index, line in
                index > 0 && line.hasPrefix(" ") ? String(line) : "  " + line
            }
        }
        var repeats: [String: Int] = [:]
        for failure in failures.prefix(CaseOutputLimits.failures) {
            if collapsingRepeats, repeats[failure.citationLabel] != nil {
                repeats[failure.citationLabel]! += 1
                continue
            }
            repeats[failure.citationLabel] = 0
            lines += Self.indented(failure.description(messageLimit: CaseOutputLimits.messageLength))
        }
        for (citation, count) in repeats.sorted(by: { $0.key < $1.key }) where count > 0 {
            lines.append(
                "  (and \(count) more [\(citation)] failure\(count == 1 ? "" : "s") like it: --verbose shows them)")
        }
        if failures.count > CaseOutputLimits.failures {
            lines.append(
                "  "
                    + CaseOutputLimits.moreLine(
                        failures.count - CaseOutputLimits.failures, of: failures.count, "failures"))
        }
        if !leftovers.isEmpty {
            let shown = leftovers.lines(first: CaseOutputLimits.leftovers)
            let more =
                leftovers.count > shown.count
                ? ["... and \(leftovers.count - shown.count) more (\(leftovers.count) in all)"] : []
            lines.append("  leftovers: " + (shown + more).joined(separator: "; "))
        }
        if withTranscript && verdict.category != .clean && !transcript.entries.isEmpty {
            lines.append("  transcript:")
            let rendered = TranscriptRenderer.render(
                transcript, bridgeJavaScriptSource: bridgeJavaScriptSource,
                maximumBytes: CaseOutputLimits.transcriptBytes)
            lines.append(contentsOf: rendered.split(separator: "\n").map { "    " + $0 })
        }
        return PrintableText.terminalSafe(lines.joined(separator: "\n"))
    }

    /// `text`'s lines, each indented by two spaces.
    private static func indented(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
}

import ConformanceAdapter
import ConformanceCatalogue
import ConformanceSupport
import Foundation
import StrictJSON
import WireDialects

/// What the report writers need to know about a run besides its results.
package struct RunContext: Sendable {
    /// The adapter's name as the user gave it (`reference`, `mutant:x`, ...).
    package var adapter: String
    /// The command that reruns (or replays) the case of an id, unquoted: `ShellCommand` quotes it.
    package var rerun: @Sendable (_ caseID: String) -> ShellCommand
    /// Whether the reports carry the cases' wall-clock durations (`off`: the same bytes for the same run).
    package var timings: ReportTimings
    /// Why the run ended before every selected case ran; nil for a whole run.
    package var stop: RunStop?
    /// The profile the run spoke (`--profile`): a WVJB dialect or the container protocol.
    package var profile: RunProfile = .canonical
    /// The name a comparison gives the implementation (`compare --adapter NAME=COMMAND`); nil when the run
    /// has none, and reports name it by `adapter`.
    package var label: String?
    /// When the run started; reports write it only with timings on (`RunMetadata`).
    package var date: Date?
    /// The exploration that followed the cases (`conformance run --explore`); nil when none ran.
    package var exploration: ExplorationSummary?

    /// What reports name the implementation by: its label, or the adapter as given.
    package var name: String { label ?? adapter }

    /// Creates a run context whose rerun commands are `rerunWords` followed by `--case <id>`.
    /// - Parameters:
    ///   - adapter: The adapter's name.
    ///   - rerunWords: The words of the rerun command before `--case <id>`, unquoted.
    ///   - timings: Whether reports carry durations; on by default.
    ///   - stop: Why the run ended early, if it did.
    package init(adapter: String, rerunWords: [String], timings: ReportTimings = .on, stop: RunStop? = nil) {
        self.init(
            adapter: adapter,
            rerun: { caseID in
                var command = ShellCommand(rerunWords)
                command.option("--case", caseID)
                return command
            }, timings: timings, stop: stop)
    }

    /// Creates a run context with a rerun command of its own for each case (explore's replay lines).
    /// - Parameters:
    ///   - adapter: The adapter's name.
    ///   - rerun: The command that reruns the case of an id.
    ///   - timings: Whether reports carry durations; on by default.
    ///   - stop: Why the run ended early, if it did.
    package init(
        adapter: String, rerun: @escaping @Sendable (_ caseID: String) -> ShellCommand, timings: ReportTimings = .on,
        stop: RunStop? = nil
    ) {
        self.adapter = adapter
        self.rerun = rerun
        self.timings = timings
        self.stop = stop
    }

    /// The command that reruns the case `caseID`, every word quoted (`ShellCommand`): printable ASCII on one line.
    package func rerunCommand(for caseID: String) -> String { rerun(caseID).description }
}

/// The machine-readable report (`--report json:PATH`), documented by
/// `Fixtures/schemas/report.schema.json`. Canonical JSON, so it is printable ASCII whatever the payloads.
/// It names the adapter (and its label in a comparison), the profile (wire dialect) the run spoke, and the
/// run's `metadata` (`RunMetadata`: the kit's version, a digest of the cases, the platform, and with timings
/// on the date).
/// Each case within `CaseOutputLimits`: its first failures (the others counted in `failuresLeftOut`),
/// messages and its interruption cut, expected and actual values cut to a window around their first
/// difference; `obligations` lists every obligation the case's failures cite, the left-out ones' too.
/// With timings on, each case carries `durationSeconds` (wall clock, rounded to the millisecond) and the
/// report their sum; with timings off neither appears, and the same run gives the same bytes. A run that
/// ended early carries `stopped`: why, and the cases it did not run (`cases` and `total` hold those that ran).
/// `findings` groups the failures by root cause, the one to fix first first (`RootCauses`; a security finding says
/// so in `security`, one a rule re-cited names the obligations it was first recorded under in `recitedFrom`, as a
/// failure does, and each finding it explains says why it was folded in `foldedBecause`); `unjudged` lists the
/// cases the kit could not judge (`UnjudgedCases`), which are no finding.
package enum JSONRunReport {
    /// The report document.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - context: The adapter and the rerun command.
    package static func document(_ results: [CaseResult], context: RunContext) -> JSONValue {
        var counts: [String: JSONValue] = [:]
        for result in results {
            counts[result.verdict.rawValue] = .number(
                (counts[result.verdict.rawValue].flatMap { if case .number(let n) = $0 { n } else { nil } } ?? 0) + 1)
        }
        let cases: [JSONValue] = results.map { result in
            var entry: [String: JSONValue] = [
                "id": .string(result.caseID),
                "level": .string(result.level.rawValue),
                "clauses": .array(result.clauses.map(JSONValue.string)),
                "verdict": .string(result.verdict.rawValue),
                "failures": .array(
                    result.failures.prefix(CaseOutputLimits.failures).map { failure in
                        var fields: [String: JSONValue] = [
                            "clause": .string(failure.clause),
                            "message": .string(
                                PrintableText.cut(failure.message, limit: CaseOutputLimits.messageLength)),
                        ]
                        if let obligation = failure.obligation { fields["obligation"] = .string(obligation) }
                        fields["level"] = .string(failure.level.rawValue)
                        let values = shownValues(failure)
                        if let expected = values.expected { fields["expected"] = .string(expected) }
                        if let actual = values.actual { fields["actual"] = .string(actual) }
                        if let original = failure.recitedFrom { fields["recitedFrom"] = .string(original.id) }
                        return .object(fields)
                    }),
                "rerun": .string(context.rerunCommand(for: result.caseID)),
            ]
            if result.failures.count > CaseOutputLimits.failures {
                entry["failuresLeftOut"] = .number(Double(result.failures.count - CaseOutputLimits.failures))
            }
            // Every obligation cited, those of the failures left out included: what `conformance diff` compares.
            if !result.failures.isEmpty {
                entry["obligations"] = .array(result.failedObligations.map(JSONValue.string))
            }
            if let interruption = result.interruption {
                entry["interruption"] = .string(
                    PrintableText.cut(interruption.text, limit: CaseOutputLimits.interruptionLength))
            }
            if context.timings == .on, let duration = result.duration {
                entry["durationSeconds"] = .number(ReportTimings.seconds(duration))
            }
            return .object(entry)
        }
        var document: [String: JSONValue] = [
            "format": "wvjb-conformance-report", "version": 1, "adapter": .string(context.adapter),
            "profile": .string(context.profile.name),
            "total": .number(Double(results.count)), "verdicts": .object(counts), "cases": .array(cases),
        ]
        if let label = context.label { document["label"] = .string(label) }
        document["metadata"] = RunMetadata(results, context: context).jsonValue
        if context.timings == .on, let total = ReportTimings.total(results) {
            document["durationSeconds"] = .number(ReportTimings.seconds(total))
        }
        if let stop = context.stop { document["stopped"] = stop.jsonValue }
        if let exploration = context.exploration { document["exploration"] = exploration.jsonValue }
        document["findings"] = .array(RootCauses.findings(in: results).map { findingValue($0) })
        let unjudged = UnjudgedCases(results)
        if !unjudged.isEmpty {
            document["unjudged"] = .array(
                unjudged.groups.map { group in
                    [
                        "verdict": .string(group.verdict.rawValue),
                        "message": .string(PrintableText.cut(group.message, limit: CaseOutputLimits.messageLength)),
                        "cases": .array(group.cases.map(JSONValue.string)),
                    ]
                })
        }
        return .object(document)
    }

    /// A root finding as the report carries it, with the findings it explains, each with why it was folded.
    private static func findingValue(_ finding: RootCauseFinding, withConsequences: Bool = true) -> JSONValue {
        var fields: [String: JSONValue] = [
            "citation": .string(finding.citation),
            "message": .string(PrintableText.cut(finding.message, limit: CaseOutputLimits.messageLength)),
            "cases": .array(finding.cases.map(JSONValue.string)),
            "occurrences": .number(Double(finding.occurrences)),
        ]
        if let level = finding.level { fields["level"] = .string(level.rawValue) }
        if let security = finding.security { fields["security"] = .string(security.rawValue) }
        if !finding.recitedFrom.isEmpty { fields["recitedFrom"] = .array(finding.recitedFrom.map(JSONValue.string)) }
        if let reason = finding.foldedBecause {
            fields["foldedBecause"] = [
                "rule": .string(reason.rule.rawValue), "under": .string(reason.cause), "reason": .string(reason.text),
            ]
        }
        if withConsequences {
            fields["explains"] = .array(finding.consequences.map { findingValue($0, withConsequences: false) })
        }
        return .object(fields)
    }

    /// The report file's text.
    package static func render(_ results: [CaseResult], context: RunContext) -> String {
        document(results, context: context).canonicalText + "\n"
    }

    /// A failure's expected and actual values as the report carries them: whole when both fit in
    /// `CaseOutputLimits.valueLength` characters; otherwise the same window of that width around their
    /// first difference (`...` marking the cuts), or, for a lone value or equal ones, their beginning.
    private static func shownValues(_ failure: CheckFailure) -> (expected: String?, actual: String?) {
        let width = CaseOutputLimits.valueLength
        let fits = { (value: String?) in (value?.utf16.count ?? 0) <= width }
        if fits(failure.expected) && fits(failure.actual) { return (failure.expected, failure.actual) }
        if let expected = failure.expected, let actual = failure.actual, expected != actual {
            let difference = CheckFailure.alignedDifference(expected: expected, actual: actual, width: width)
            return (difference.expected, difference.actual)
        }
        return (
            failure.expected.map { PrintableText.cut($0, limit: width) },
            failure.actual.map { PrintableText.cut($0, limit: width) }
        )
    }
}

import ArgumentParser
import ConformanceKit

/// The text report of a run: a summary line, unexpected results first (each with a rerun command), then
/// the findings of non-strict cases.
struct RunReport {
    let results: [CaseResult]
    let adapter: String
    let rerunPrefix: String

    /// The run's exit status: adapter and harness problems outrank conformance failures.
    var exitCode: ExitCode {
        if results.contains(where: { $0.verdict == .adapterError || $0.verdict == .harnessError }) { return ExitCodes.configuration }
        if results.contains(where: { !$0.verdict.isSuccess }) { return ExitCodes.conformanceFailures }
        return ExitCodes.conformant
    }

    /// The report text.
    func render(verbose: Bool) -> String {
        var counts: [Verdict: Int] = [:]
        for result in results { counts[result.verdict, default: 0] += 1 }
        let order = Verdict.all
        let tally = order.compactMap { verdict in counts[verdict].map { "\($0) \(verdict)" } }.joined(separator: ", ")
        var lines = ["\(results.count) cases against \(adapter): \(tally)"]
        let unexpected = results.filter { !$0.verdict.isSuccess }
        for result in unexpected {
            lines.append("")
            lines.append(result.report)
            lines.append("  rerun: \(rerunPrefix) --case \(shellQuoted(result.caseID))")
        }
        // A SHOULD broken does not fail the run, but it is a finding: name it with what it broke.
        let nonStrict = results.filter { $0.verdict == .nonStrict }
        if !nonStrict.isEmpty { lines.append("") }
        for result in nonStrict {
            lines.append("NON-STRICT \(result.caseID)")
            lines += result.failures.map { "  [\($0.citationLabel)] \($0.message)" }
        }
        if verbose {
            lines.append("")
            for result in results where result.verdict.isSuccess && result.verdict != .nonStrict {
                lines.append("\(result.verdict.rawValue.uppercased()) \(result.caseID)\(result.interruption.map { " (\($0))" } ?? "")")
            }
        }
        return lines.joined(separator: "\n")
    }
}

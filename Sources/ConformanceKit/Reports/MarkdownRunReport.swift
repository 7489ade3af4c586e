/// The Markdown report (`--report markdown:PATH`) for a CI summary page.
package enum MarkdownRunReport {
    /// The report file's text: a verdict table, then one section per unexpected result.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - context: The adapter and the rerun command.
    package static func render(_ results: [CaseResult], context: RunContext) -> String {
        var counts: [Verdict: Int] = [:]
        for result in results { counts[result.verdict, default: 0] += 1 }
        var lines = ["# WVJB conformance: `\(cell(context.adapter))`", "", "| verdict | cases |", "|---|---|"]
        for verdict in Verdict.all {
            if let count = counts[verdict] { lines.append("| \(verdict.rawValue) | \(count) |") }
        }
        let unexpected = results.filter { !$0.verdict.isSuccess || $0.verdict == .nonStrict }
        if unexpected.isEmpty {
            lines += ["", "All \(results.count) cases conform."]
        }
        for result in unexpected {
            lines += ["", "## \(result.verdict.rawValue): `\(cell(result.caseID))` (\(result.level.rawValue))", ""]
            if let interruption = result.interruption { lines.append("- \(cell(interruption))") }
            for failure in result.failures {
                // Messages may end with a hint of some length (Foundation on Linux, ...): keep it whole.
                var line = "- **\(failure.citationLabel)** \(cell(failure.message, limit: 1_000))"
                // Long values are cut around their first difference, so the differing part is shown.
                let excerpts = failure.excerpts(width: excerptWidth)
                if let expected = excerpts.expected { line += "<br>expected: `\(cell(expected, limit: .max))`" }
                if let actual = excerpts.actual { line += "<br>actual: `\(cell(actual, limit: .max))`" }
                if let first = excerpts.firstDifference { line += "<br>first difference at character \(first)" }
                lines.append(line)
            }
            lines += ["", "Rerun: `\(cell(context.rerunCommand(for: result.caseID)))`"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The longest excerpt of an expected or actual value, in characters.
    static let excerptWidth = 400

    /// Printable, one line, at most about `limit` UTF-16 units, with Markdown's table and code delimiters
    /// neutralized.
    private static func cell(_ text: String, limit: Int = 400) -> String {
        PrintableText.abbreviate(text.replacingOccurrences(of: "\n", with: " "), limit: limit)
            .replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}

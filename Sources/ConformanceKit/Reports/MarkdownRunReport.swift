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
                var line = "- **\(failure.citationLabel)** \(cell(failure.message))"
                if let expected = failure.expected { line += "<br>expected: `\(cell(expected))`" }
                if let actual = failure.actual { line += "<br>actual: `\(cell(actual))`" }
                lines.append(line)
            }
            lines += ["", "Rerun: `\(cell(context.rerunCommand(for: result.caseID)))`"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Printable, one line, with Markdown's table and code delimiters neutralized.
    private static func cell(_ text: String) -> String {
        PrintableText.abbreviate(text.replacingOccurrences(of: "\n", with: " "), limit: 400)
            .replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}

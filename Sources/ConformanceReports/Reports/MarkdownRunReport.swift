import ConformanceAdapter
import ConformanceCatalogue

/// The Markdown report (`--report markdown:PATH`) for a CI summary page.
///
/// With timings on, it also gives the run's total time, a table of the slowest cases, each unexpected
/// result's duration, and every case's duration in a folded table at the end; with timings off, none of them.
/// Under the title, the run's profile and metadata (`RunMetadata`; the adapter's command too when a
/// comparison labelled it). A run that ended early says so under them, with the number of cases it did not
/// run. Each case shows at most what `CaseOutputLimits` allows.
package enum MarkdownRunReport {
    /// The report file's text: a verdict table, what to fix first, the slowest cases, then one section per
    /// unexpected result,
    /// then every case's duration.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - context: The adapter and the rerun command.
    package static func render(_ results: [CaseResult], context: RunContext) -> String {
        var counts: [Verdict: Int] = [:]
        for result in results { counts[result.verdict, default: 0] += 1 }
        let metadata = RunMetadata(results, context: context)
        var about = ["Profile: `\(cell(context.profile.name))`"]
        if let label = context.label, label != context.adapter { about.append("adapter `\(cell(context.adapter))`") }
        about += ["kit \(metadata.kitVersion)", metadata.platform, "catalogue `\(metadata.shortCatalogueDigest)`"]
        if let date = metadata.date { about.append("started \(date)") }
        var lines = [
            "# \(context.profile.reportTitle): `\(cell(context.name))`", "", about.joined(separator: " · "), "",
        ]
        if let stop = context.stop {
            lines += ["**The run was \(stop.summary)**: \(results.count) cases ran, \(stop.notRun.count) did not.", ""]
        }
        lines += ["| verdict | cases |", "|---|---|"]
        for verdict in Verdict.allCases {
            if let count = counts[verdict] { lines.append("| \(verdict.rawValue) | \(count) |") }
        }
        lines +=
            [""]
            + FixFirstSummary.markdownLines(RootCauses.findings(in: results), unjudged: UnjudgedCases(results)) {
                prose($0)
            }
        let unexpected = results.filter { $0.verdict.category != .clean }
        if unexpected.isEmpty && context.stop == nil {
            lines += ["", "All \(results.count) cases conform."]
        }
        let timed = context.timings == .on && results.contains { $0.duration != nil }
        if timed { lines += slowest(results) }
        for result in unexpected {
            let duration = timed ? result.duration.map { ", \(ReportTimings.secondsText($0)) s" } ?? "" : ""
            lines += [
                "", "## \(result.verdict.rawValue): `\(cell(result.caseID))` (\(result.level.rawValue)\(duration))", "",
            ]
            if let interruption = result.interruption { lines.append("- \(prose(interruption.text))") }
            for failure in result.failures.prefix(CaseOutputLimits.failures) {
                // Messages may end with a hint of some length (Foundation on Linux, ...): keep it whole.
                var line =
                    "- **\(failure.citationLabel)** \(prose(failure.message, limit: CaseOutputLimits.messageLength))"
                // Long values are cut around their first difference, so the differing part is shown.
                let excerpts = failure.excerpts(width: excerptWidth)
                if let expected = excerpts.expected { line += "<br>expected: `\(cell(expected, limit: .max))`" }
                if let actual = excerpts.actual { line += "<br>actual: `\(cell(actual, limit: .max))`" }
                if let first = excerpts.firstDifference { line += "<br>first difference at character \(first)" }
                lines.append(line)
            }
            if result.failures.count > CaseOutputLimits.failures {
                lines.append(
                    "- "
                        + CaseOutputLimits.moreLine(
                            result.failures.count - CaseOutputLimits.failures, of: result.failures.count, "failures"))
            }
            lines += ["", "Rerun: " + codeSpan(context.rerunCommand(for: result.caseID))]
        }
        if timed { lines += everyDuration(results) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The run's total time and a table of its slowest cases.
    private static func slowest(_ results: [CaseResult]) -> [String] {
        let total = ReportTimings.total(results).map(ReportTimings.secondsText) ?? "0.000"
        var lines = [
            "", "Total time: \(total) s. Slowest cases:", "", "| case | verdict | seconds |", "|---|---|---:|",
        ]
        for (result, duration) in ReportTimings.slowest(results) {
            lines.append(
                "| `\(cell(result.caseID))` | \(result.verdict.rawValue) | \(ReportTimings.secondsText(duration)) |")
        }
        return lines
    }

    /// Every case's duration, in run order, in a folded table.
    private static func everyDuration(_ results: [CaseResult]) -> [String] {
        var lines = [
            "", "<details><summary>Every case's duration</summary>", "", "| case | verdict | seconds |",
            "|---|---|---:|",
        ]
        for result in results {
            let seconds = result.duration.map(ReportTimings.secondsText) ?? "-"
            lines.append("| `\(cell(result.caseID))` | \(result.verdict.rawValue) | \(seconds) |")
        }
        return lines + ["", "</details>"]
    }

    /// The longest excerpt of an expected or actual value, in characters.
    static let excerptWidth = 400

    /// `text` (printable ASCII on one line, such as a shell command) as a code span that shows it exactly:
    /// fenced with one backtick more than its longest run of backticks, padded when it starts or ends with one.
    static func codeSpan(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }

    /// Printable, one line, at most about `limit` UTF-16 units, with Markdown's table and code delimiters
    /// neutralized.
    /// Text outside a code span: `cell`, with HTML, emphasis and link delimiters neutralized too (`<` is
    /// written `&lt;`, which Markdown shows as `<`), so that a payload, case id or message opens no tag; and
    /// no GFM autolink forms (`https://x`, `www.x`, `a@x.y`), which GitHub makes of bare text: the `:` of `://`
    /// is written `&#58;` and the `.` of `www.` `&#46;` (the autolink extension looks for them in the source, not
    /// in what entities decode to), and a zero-width space follows each `@` (it reads an address from the
    /// decoded text, so only a character that cannot be in a domain stops it; it stops `@name` mentions too).
    package static func prose(_ text: String, limit: Int = 400) -> String {
        let escaped = cell(text, limit: limit).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<", with: "&lt;"
        )
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "*", with: "\\*")
        .replacingOccurrences(of: "_", with: "\\_").replacingOccurrences(of: "[", with: "\\[")
        .replacingOccurrences(of: "]", with: "\\]")
        return withoutAutolinks(escaped)
    }

    /// `text` with the marks GFM's autolink extension starts a link at broken: `://`, `www.` in any case,
    /// and `@`.
    private static func withoutAutolinks(_ text: String) -> String {
        var result = ""
        var characters = Substring(text)
        while let first = characters.first {
            if characters.hasPrefix("://") {
                result += "&#58;"
            } else if first == "@" {
                result += "@&#8203;"
            } else if characters.prefix(4).lowercased() == "www." {
                result += characters.prefix(3) + "&#46;"
                characters = characters.dropFirst(4)
                continue
            } else {
                result.append(first)
            }
            characters = characters.dropFirst()
        }
        return result
    }

    private static func cell(_ text: String, limit: Int = 400) -> String {
        PrintableText.abbreviate(text.replacingOccurrences(of: "\n", with: " "), limit: limit)
            .replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}

import Foundation

/// The "Fix first" section every report starts with: the first root findings of a run (`RootCauses`), a security
/// finding first, each with the cases it occurs in and the findings it explains.
package enum FixFirstSummary {
    /// The most findings the section shows; `--verbose` and the JSON report give every one.
    package static let shownFindings = 5
    /// The most case ids named per finding.
    static let shownCases = 3
    /// The longest message shown per finding, in characters.
    static let messageLength = 200

    /// The console lines: a heading, then one numbered line per finding; nothing when the run has no
    /// finding. Printable on a terminal whatever the messages and case ids hold.
    /// - Parameters:
    ///   - findings: The run's root findings (`RootCauses.findings(in:)`).
    ///   - all: Whether to show every finding (`--verbose`), not only the first ones.
    package static func consoleLines(_ findings: [RootCauseFinding], all: Bool = false) -> [String] {
        guard !findings.isEmpty else { return [] }
        let shown = all ? findings : Array(findings.prefix(shownFindings))
        var lines = ["Fix first (\(countText(findings))):"]
        for (index, finding) in shown.enumerated() {
            lines.append("  \(index + 1). " + line(finding))
        }
        if shown.count < findings.count {
            lines.append(
                "  and \(findings.count - shown.count) more (--verbose lists every finding; the JSON report has them)")
        }
        // A case id or message may hold a line break: each finding stays on its line.
        return lines.map { PrintableText.terminalSafe($0.replacingOccurrences(of: "\n", with: "<U+000A>")) }
    }

    /// The Markdown section: a heading and a numbered list, or nothing when the run has no finding.
    /// - Parameters:
    ///   - findings: The run's root findings.
    ///   - cell: Makes text safe inside a Markdown line (the report's own escaping).
    package static func markdownLines(_ findings: [RootCauseFinding], cell: (String) -> String) -> [String] {
        guard !findings.isEmpty else { return [] }
        var lines = [
            "## Fix first", "", "\(countText(findings)), the first \(min(findings.count, shownFindings)):", "",
        ]
        for (index, finding) in findings.prefix(shownFindings).enumerated() {
            lines.append("\(index + 1). " + cell(line(finding)))
        }
        if findings.count > shownFindings {
            lines += ["", "And \(findings.count - shownFindings) more in the JSON report."]
        }
        return lines
    }

    /// "2 root findings in 7 failing cases" (every case they explain counted once).
    static func countText(_ findings: [RootCauseFinding]) -> String {
        let cases = Set(findings.flatMap(\.explainedCases)).count
        return
            "\(findings.count) root finding\(findings.count == 1 ? "" : "s") in \(cases) case\(cases == 1 ? "" : "s")"
    }

    /// One finding: citation, what it is when it is a security finding, message, cases, and what it explains.
    static func line(_ finding: RootCauseFinding) -> String {
        let message = PrintableText.abbreviate(
            finding.message.split(separator: "\n").joined(separator: " "), limit: messageLength)
        var text = "[\(finding.citationLabel)] "
        if let security = finding.security { text += "SECURITY, \(security.summary): " }
        text += message
        let named = finding.cases.prefix(shownCases).joined(separator: ", ")
        let more = finding.cases.count > shownCases ? " and \(finding.cases.count - shownCases) more" : ""
        text += " (\(finding.cases.count) case\(finding.cases.count == 1 ? "" : "s"): \(named)\(more))"
        if finding.occurrences > finding.cases.count { text += ", \(finding.occurrences) times" }
        if !finding.consequences.isEmpty {
            let explained = finding.consequences.prefix(shownCases).map(\.citationLabel).joined(separator: ", ")
            let moreExplained =
                finding.consequences.count > shownCases ? " and \(finding.consequences.count - shownCases) more" : ""
            let inAll = finding.explainedCases.count
            text += "; explains \(explained)\(moreExplained) (\(inAll) case\(inAll == 1 ? "" : "s") in all)"
        }
        return text
    }
}

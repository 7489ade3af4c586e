import Foundation

/// The "Fix first" section every report starts with: the first root findings of a run (`RootCauses`), a security
/// finding first, each with the cases it occurs in and the findings it explains; then the cases the kit could
/// not judge (`UnjudgedCases`), apart.
package enum FixFirstSummary {
    /// The most findings the section shows; `--verbose` and the JSON report give every one.
    package static let shownFindings = 5
    /// The most case ids named per finding.
    static let shownCases = 3
    /// The longest message shown per finding, in characters.
    static let messageLength = 200
    /// The most groups of cases the kit could not judge named.
    static let shownUnjudgedGroups = 3

    /// The console lines: a heading, then one numbered line per finding, then the cases the kit could not judge;
    /// nothing when the run has neither. Printable on a terminal whatever the messages and case ids hold.
    /// - Parameters:
    ///   - findings: The run's root findings (`RootCauses.findings(in:)`).
    ///   - unjudged: The cases the kit could not judge.
    ///   - all: Whether to show every finding (`--verbose`), not only the first ones.
    package static func consoleLines(
        _ findings: [RootCauseFinding], unjudged: UnjudgedCases = UnjudgedCases([]), all: Bool = false
    ) -> [String] {
        var lines: [String] = []
        if !findings.isEmpty {
            let shown = all ? findings : Array(findings.prefix(shownFindings))
            lines.append("Fix first (\(countText(findings))):")
            for (index, finding) in shown.enumerated() {
                lines.append("  \(index + 1). " + line(finding))
            }
            if shown.count < findings.count {
                lines.append(
                    "  and \(findings.count - shown.count) more (--verbose lists every finding; the JSON report has them)"
                )
            }
        }
        if let note = unjudgedLine(unjudged) { lines.append(note) }
        // A case id or message may hold a line break: each finding stays on its line.
        return lines.map { PrintableText.terminalSafe($0.replacingOccurrences(of: "\n", with: "<U+000A>")) }
    }

    /// The Markdown section: a heading and a numbered list, then the cases the kit could not judge; nothing
    /// when the run has neither.
    /// - Parameters:
    ///   - findings: The run's root findings.
    ///   - unjudged: The cases the kit could not judge.
    ///   - cell: Makes text safe inside a Markdown line (the report's own escaping).
    package static func markdownLines(
        _ findings: [RootCauseFinding], unjudged: UnjudgedCases = UnjudgedCases([]), cell: (String) -> String
    ) -> [String] {
        guard !findings.isEmpty || !unjudged.isEmpty else { return [] }
        var lines = ["## Fix first", ""]
        if !findings.isEmpty {
            lines += ["\(countText(findings)), the first \(min(findings.count, shownFindings)):", ""]
            for (index, finding) in findings.prefix(shownFindings).enumerated() {
                lines.append("\(index + 1). " + cell(line(finding)))
            }
            if findings.count > shownFindings {
                lines += ["", "And \(findings.count - shownFindings) more in the JSON report."]
            }
        }
        if let note = unjudgedLine(unjudged) { lines += (findings.isEmpty ? [] : [""]) + [cell(note)] }
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

    /// "The kit could not judge 3 cases (no finding about the bridge): harness-error in 2 (a, b): ...", or nil.
    static func unjudgedLine(_ unjudged: UnjudgedCases) -> String? {
        guard !unjudged.isEmpty else { return nil }
        let count = unjudged.count
        let groups = unjudged.groups.prefix(shownUnjudgedGroups).map { group in
            let named = group.cases.prefix(shownCases).joined(separator: ", ")
            let more = group.cases.count > shownCases ? " and \(group.cases.count - shownCases) more" : ""
            let message = PrintableText.abbreviate(group.message, limit: messageLength)
            return "\(group.verdict.rawValue) in \(group.cases.count) (\(named)\(more)): \(message)"
        }
        let more =
            unjudged.groups.count > shownUnjudgedGroups
            ? "; and \(unjudged.groups.count - shownUnjudgedGroups) more kinds" : ""
        return
            "The kit could not judge \(count) case\(count == 1 ? "" : "s") (no finding about the bridge): \(groups.joined(separator: "; "))\(more)"
    }
}

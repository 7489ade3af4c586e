import ConformanceAdapter
import Foundation

/// The "Fix first" section every report starts with: the first root findings of a run (`RootCauses`), a security
/// finding first, each with the cases it occurs in and the findings folded under it, grouped by the rule that
/// folded them (`FoldReason`); then the cases the kit could not judge (`UnjudgedCases`), apart.
package enum FixFirstSummary {
    /// The most findings the section shows; `--verbose` and the JSON report give every one.
    package static let shownFindings = 5
    /// The most case ids named per finding.
    static let shownCases = 3
    /// The longest message shown per finding, in characters.
    static let messageLength = 200
    /// The most lines of folded findings shown under a finding (one per rule and finding folded under), unless
    /// every finding is shown.
    static let shownFoldLines = 3
    /// The most citations named per line of folded findings.
    static let shownFoldedCitations = 4
    /// The longest citation shown, in characters: a custom case may cite any clause.
    static let citationLength = 40
    /// The most groups of cases the kit could not judge named.
    static let shownUnjudgedGroups = 3

    /// The console lines: a heading, then one numbered line per finding, each followed by the lines of what is
    /// folded under it, then the cases the kit could not judge; nothing when the run has neither. Printable on a
    /// terminal whatever the messages and case ids hold.
    /// - Parameters:
    ///   - findings: The run's root findings (`RootCauses.findings(in:)`).
    ///   - unjudged: The cases the kit could not judge.
    ///   - all: Whether to show every finding and every fold (`--verbose`), not only the first ones.
    package static func consoleLines(
        _ findings: [RootCauseFinding], unjudged: UnjudgedCases = UnjudgedCases([]), all: Bool = false
    ) -> [String] {
        var lines: [String] = []
        if !findings.isEmpty {
            let shown = all ? findings : Array(findings.prefix(shownFindings))
            lines.append("Fix first (\(countText(findings))):")
            for (index, finding) in shown.enumerated() {
                lines.append("  \(index + 1). " + line(finding))
                lines += foldLines(finding, all: all).map { "       " + $0 }
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

    /// The Markdown section: a heading and a numbered list, each finding with what is folded under it, then the
    /// cases the kit could not judge; nothing when the run has neither.
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
                lines += foldLines(finding, all: false).map { "    - " + cell($0) }
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

    /// One finding: citation, the obligations a rule re-cited it from, what it is when it is a security finding,
    /// message, cases, and what it explains.
    static func line(_ finding: RootCauseFinding) -> String {
        let message = PrintableText.abbreviate(
            finding.message.split(separator: "\n").joined(separator: " "), limit: messageLength)
        var text = "[\(citation(finding.citationLabel))] "
        if !finding.recitedFrom.isEmpty {
            let named = finding.recitedFrom.prefix(shownFoldedCitations).map(citation).joined(separator: ", ")
            let more = finding.recitedFrom.count > shownFoldedCitations ? " and more" : ""
            text += "(re-cited from \(named)\(more)) "
        }
        if let security = finding.security { text += "SECURITY, \(security.summary): " }
        text += message
        let named = finding.cases.prefix(shownCases).joined(separator: ", ")
        let more = finding.cases.count > shownCases ? " and \(finding.cases.count - shownCases) more" : ""
        text += " (\(finding.cases.count) case\(finding.cases.count == 1 ? "" : "s"): \(named)\(more))"
        if finding.occurrences > finding.cases.count { text += ", \(finding.occurrences) times" }
        if !finding.consequences.isEmpty {
            let explained = finding.consequences.prefix(shownCases).map { citation($0.citationLabel) }
                .joined(separator: ", ")
            let moreExplained =
                finding.consequences.count > shownCases ? " and \(finding.consequences.count - shownCases) more" : ""
            let inAll = finding.explainedCases.count
            text += "; explains \(explained)\(moreExplained) (\(inAll) case\(inAll == 1 ? "" : "s") in all)"
        }
        return text
    }

    /// What is folded under `finding`, one line per rule and finding folded under (`folded: MSG-3.a, MSG-3.c
    /// (same clause as MSG-3.b, in cases it fails too)`), in the order of the consequences; at most
    /// `shownFoldLines` unless `all`, then a count of the others.
    static func foldLines(_ finding: RootCauseFinding, all: Bool) -> [String] {
        let groups = foldGroups(finding)
        let shown = all ? groups : Array(groups.prefix(shownFoldLines))
        var lines = shown.map { reason, citations in
            let named = citations.prefix(shownFoldedCitations).map(citation).joined(separator: ", ")
            let more =
                citations.count > shownFoldedCitations ? " and \(citations.count - shownFoldedCitations) more" : ""
            return "folded: \(named)\(more) (\(reasonText(reason)))"
        }
        if shown.count < groups.count {
            let others = groups.dropFirst(shown.count).reduce(0) { $0 + $1.citations.count }
            lines.append("and \(others) more folded for \(groups.count - shown.count) other reasons (--verbose)")
        }
        return lines
    }

    /// The consequences of `finding` grouped by why they were folded, in the order first seen.
    static func foldGroups(_ finding: RootCauseFinding) -> [(reason: FoldReason, citations: [String])] {
        var groups: [(reason: FoldReason, citations: [String])] = []
        for consequence in finding.consequences {
            guard let reason = consequence.foldedBecause else { continue }
            if let index = groups.firstIndex(where: { $0.reason == reason }) {
                groups[index].citations.append(consequence.citationLabel)
            } else {
                groups.append((reason, [consequence.citationLabel]))
            }
        }
        return groups
    }

    /// A reason's words with the cited finding bounded.
    static func reasonText(_ reason: FoldReason) -> String {
        var bounded = reason
        bounded.cause = citation(reason.cause)
        return bounded.text
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

    /// A citation cut to `citationLength` characters.
    static func citation(_ text: String) -> String { PrintableText.abbreviate(text, limit: citationLength) }
}

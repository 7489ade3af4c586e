import ConformanceAdapter
import Foundation

extension ReportDiff {
    /// The text for a terminal: whether the kit changed between the runs (only when it did), a summary line,
    /// then one section per kind of change, each case on its line; printable whatever the reports hold.
    package var text: String {
        var lines = kitLine.map { [$0, summaryLine] } ?? [summaryLine]
        for section in sections where !section.lines.isEmpty {
            lines += ["", "\(section.title) (\(section.lines.count)):"] + section.lines.map { "  " + $0 }
        }
        return lines.map { PrintableText.terminalSafe($0.replacingOccurrences(of: "\n", with: "<U+000A>")) }
            .joined(separator: "\n") + "\n"
    }

    /// Markdown for a pull-request comment: a heading, a table of the counts, then one list per kind of change.
    package var markdown: String {
        var lines = [
            "## WVJB conformance: \(isWorse ? "worse" : isEmpty ? "no change" : "no regression")", "",
            "\(MarkdownRunReport.prose(old.adapter)) → \(MarkdownRunReport.prose(new.adapter))", "",
        ]
        if let kitLine { lines += [MarkdownRunReport.prose(kitLine), ""] }
        lines += ["| change | cases |", "|---|---|"]
        for section in sections { lines.append("| \(section.title) | \(section.lines.count) |") }
        for section in sections where !section.lines.isEmpty {
            lines += ["", "### \(section.title)", ""] + section.lines.map { "- " + MarkdownRunReport.prose($0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "the kit changed between these runs: kit 0.1.0 -> 0.2.0, ...", or that a run's kit is unknown; nil when
    /// there is nothing to say (`kitChange`).
    private var kitLine: String? {
        guard let kitChange else { return nil }
        switch kitChange {
        case .changed: return "the kit changed between these runs: " + kitChange.differences
        case .oldUnknown, .newUnknown: return kitChange.differences
        }
    }

    /// "worse: 2 new failures, 1 fix, ... (OLD adapter -> NEW adapter)".
    private var summaryLine: String {
        let counts = sections.filter { !$0.lines.isEmpty }.map { "\($0.lines.count) \($0.title.lowercased())" }
        let verdict = isWorse ? "worse" : isEmpty ? "no change" : "no regression"
        let between = "\(old.adapter) (\(old.cases.count) cases) -> \(new.adapter) (\(new.cases.count) cases)"
        return "\(verdict)\(counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")) [\(between)]"
    }

    /// The kinds of change in the order a reader needs them, each with one line per case.
    private var sections: [(title: String, lines: [String])] {
        [
            ("New failures", newFailures.map(changeLine)), ("Fixes", fixes.map(changeLine)),
            ("Changed verdicts", changedVerdicts.map(changeLine)),
            ("New failing obligations", newObligations.map { obligationLine($0, "now fails", $0.citationsAdded) }),
            (
                "Fixed obligations",
                fixedObligations.map { obligationLine($0, "no longer fails", $0.citationsRemoved) }
            ),
            ("New cases", addedCases.map { "\($0.id): \($0.verdict.rawValue)" }),
            ("Removed cases", removedCases.map { "\($0.id): was \($0.verdict.rawValue)" }),
        ]
    }

    private func changeLine(_ change: Change) -> String {
        var line = "\(change.id): \(change.old.rawValue) -> \(change.new.rawValue)"
        if !change.citationsAdded.isEmpty { line += "; now cites \(change.citationsAdded.joined(separator: ", "))" }
        if !change.citationsRemoved.isEmpty {
            line += "; no longer \(change.citationsRemoved.joined(separator: ", "))"
        }
        return line
    }

    /// "id (fail): now fails BOOT-2.b", with both verdicts when they differ ("id (fail -> insecure): ...").
    private func obligationLine(_ change: Change, _ what: String, _ obligations: [String]) -> String {
        let verdicts =
            change.old == change.new ? change.new.rawValue : "\(change.old.rawValue) -> \(change.new.rawValue)"
        return "\(change.id) (\(verdicts)): \(what) \(obligations.joined(separator: ", "))"
    }
}

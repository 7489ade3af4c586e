import ConformanceAdapter
import Foundation

extension ReportDiff {
    /// The text for a terminal: whether the kit changed between the runs (only when it did), a summary line,
    /// then one section per kind of change, each case on its line; printable whatever the reports hold.
    package var text: String {
        var lines = (kitLine.map { [$0] } ?? []) + noticeLines + [summaryLine]
        for section in sections where !section.lines.isEmpty {
            lines += ["", "\(section.title) (\(section.lines.count)):"] + Self.shown(section.lines).map { "  " + $0 }
        }
        return lines.map { PrintableText.terminalSafe($0.replacingOccurrences(of: "\n", with: "<U+000A>")) }
            .joined(separator: "\n") + "\n"
    }

    /// Markdown for a pull-request comment: a heading, a table of the counts, then one list per kind of change.
    package var markdown: String {
        var lines = [
            "## WVJB conformance: \(isWorse ? "worse" : isEmpty ? "no change" : "no regression")", "",
            "\(MarkdownRunReport.prose(old.adapter, limit: Self.nameLimit)) → "
                + MarkdownRunReport.prose(new.adapter, limit: Self.nameLimit), "",
        ]
        if let kitLine { lines += [MarkdownRunReport.prose(kitLine), ""] }
        for notice in noticeLines { lines += ["**" + MarkdownRunReport.prose(notice) + "**", ""] }
        lines += ["| change | cases |", "|---|---|"]
        for section in sections { lines.append("| \(section.title) | \(section.lines.count) |") }
        for section in sections where !section.lines.isEmpty {
            lines +=
                ["", "### \(section.title)", ""] + Self.shown(section.lines).map { "- " + MarkdownRunReport.prose($0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most characters of an adapter or profile name shown: the rest is cut, with a marker.
    package static let nameLimit = 80

    /// A name from a report, printable and cut to `nameLimit` characters (` [... N more]`).
    private static func shown(_ name: String) -> String { PrintableText.abbreviate(name, limit: nameLimit) }

    /// The most lines a section shows; a line after them counts the others.
    package static let linesShownPerSection = 50

    /// The first `linesShownPerSection` lines, then `... and N more` when there are more.
    private static func shown(_ lines: [String]) -> [String] {
        guard lines.count > linesShownPerSection else { return lines }
        return lines.prefix(linesShownPerSection) + ["... and \(lines.count - linesShownPerSection) more"]
    }

    /// What a reader must know before the counts: a report of a run that stopped early, and cases missing from
    /// the new report (a regression unless `--allow-missing`).
    private var noticeLines: [String] {
        var lines: [String] = []
        if old.profile != new.profile {
            lines.append(
                "the reports are of different profiles, old \(Self.shown(old.profile)) and new \(Self.shown(new.profile))"
                    + ": a case's verdict may differ because the profiles do, not the implementations")
        }
        for (which, report) in [("old", old), ("new", new)] {
            guard let stop = report.stop else { continue }
            lines.append(
                "the \(which) report is incomplete: the run was \(PrintableText.abbreviate(stop.message, limit: 200)) "
                    + "and \(stop.notRun) selected cases did not run")
        }
        if missingIsRegression {
            lines.append(
                "\(removedCases.count) cases of the old report are missing from the new one, a regression: run them "
                    + "again, or give --allow-missing when they were left out on purpose")
        }
        return lines
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
        let between =
            "\(Self.shown(old.adapter)) (\(old.cases.count) cases) -> \(Self.shown(new.adapter)) (\(new.cases.count) cases)"
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

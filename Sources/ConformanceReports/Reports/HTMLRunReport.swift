import ConformanceAdapter
import ConformanceCatalogue
import ConformanceSupport

/// The HTML report (`--report html:PATH`): one self-contained page for people, showing one implementation's
/// run or several side by side.
///
/// A header with the runs' metadata (`RunMetadata`: the kit's version, the platform, and with timings on the
/// date); a matrix of cases (rows, grouped by area: the first segment of their id, with each case's level and
/// clauses) by implementations (columns, headed by their label or adapter and their profile), each cell marked
/// by colour and symbol (`HTMLCellMark`, with a legend); counts per implementation (with the cases that ran
/// of those that apply, and the catalogue digest) and per area; a filter that keeps only the rows where the
/// implementations differ (`VerdictDifference`); and in each cell of a case that found something or could not
/// finish, a panel (`HTMLCasePanel`) with why the case stopped, its failures, the clauses they break quoted
/// from the spec, and its transcript beside the reference's golden (a case that does not apply says why in
/// its cell's title). Each case shows at most what `CaseOutputLimits` allows, and the page's transcript lines
/// are written once each, within `HTMLLinePool.maximumBytes` (`HTMLLinePool`).
///
/// Everything a run supplies (case ids, messages, payloads in transcripts, adapter names and labels) is
/// escaped (`HTMLText`), attribute values are always double-quoted, no data goes into the script (it reads
/// line numbers from the panels and sets text), and a Content-Security-Policy allows only the page's own
/// inline style and script, by hash (`HTMLPageAssets`): no network, no external asset, nothing a payload
/// could inject would run. With timings off, the same runs give the same bytes (no date, no generated id).
package enum HTMLRunReport {
    /// The page's title.
    package static let title = "WVJB conformance report"

    /// The page of `runs`, one column per run, in order.
    /// - Parameter runs: The implementations' runs; usually of the same cases and profile.
    package static func render(_ runs: [ImplementationRun]) -> String {
        let rows = rows(of: runs)
        let policy = HTMLText.escape(HTMLPageAssets.contentSecurityPolicy)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>\(HTMLPageAssets.style)</style>
            </head>
            <body>

            """
        html += header(runs, rows: rows)
        html += fixFirstSection(runs, rows: rows)
        html += summary(runs, rows: rows)
        html += legend
        var pool = HTMLLinePool()
        html += matrix(runs, rows: rows, lines: &pool)
        html += pool.html
        html += "<script>\(HTMLPageAssets.script)</script>\n</body>\n</html>\n"
        return html
    }

    /// An adapter's name as the page shows it: cut to 120 characters (an out-of-process adapter's name is its
    /// command line, of any length).
    static func shortAdapterName(_ adapter: String) -> String {
        PrintableText.cut(adapter, limit: 120)
    }

    /// One row of the matrix: a case, and its result in each run (nil where it did not run).
    private struct Row {
        var caseID: String
        var level: RequirementLevel?
        var clauses: [String]
        var results: [CaseResult?]

        /// The case's area: the first segment of its id.
        var area: String { String(caseID.prefix { $0 != "." }) }
        /// The mark of each run's cell.
        var marks: [HTMLCellMark] { results.map { $0.map { .verdict($0.verdict) } ?? .notRun } }
        /// Whether the runs' verdicts differ in a way that matters (`VerdictDifference`).
        var differs: Bool { VerdictDifference.matters(results.map { $0?.verdict }) }
    }

    /// The cases of every run, in the order they first appear (the cases a run did not get to after them).
    private static func rows(of runs: [ImplementationRun]) -> [Row] {
        var rows: [Row] = [], indexByID: [String: Int] = [:]
        func row(for caseID: String) -> Int {
            if let index = indexByID[caseID] { return index }
            rows.append(Row(caseID: caseID, clauses: [], results: Array(repeating: nil, count: runs.count)))
            indexByID[caseID] = rows.count - 1
            return rows.count - 1
        }
        for (column, run) in runs.enumerated() {
            for result in run.results {
                let index = row(for: result.caseID)
                guard rows[index].results[column] == nil else { continue }
                rows[index].results[column] = result
                if rows[index].level == nil {
                    rows[index].level = result.level
                    rows[index].clauses = result.clauses
                }
            }
        }
        for run in runs { for caseID in run.context.stop?.notRun ?? [] { _ = row(for: caseID) } }
        return rows
    }

    /// The rows grouped by area, areas in the order they first appear.
    private static func areas(_ rows: [Row]) -> [(area: String, rows: [Row])] {
        var groups: [(area: String, rows: [Row])] = [], indexByArea: [String: Int] = [:]
        for row in rows {
            if let index = indexByArea[row.area] {
                groups[index].rows.append(row)
            } else {
                indexByArea[row.area] = groups.count
                groups.append((row.area, [row]))
            }
        }
        return groups
    }

    /// The title, and what the page holds: how many implementations and cases, the profiles, the kit's
    /// version, the platform and, when the runs carry one, the date the first of them started.
    private static func header(_ runs: [ImplementationRun], rows: [Row]) -> String {
        var profiles: [String] = []
        for run in runs where !profiles.contains(run.context.profile.name) { profiles.append(run.context.profile.name) }
        let implementations = runs.count == 1 ? "1 implementation" : "\(runs.count) implementations"
        var about = ["\(implementations), \(rows.count) cases, profile " + profiles.joined(separator: ", ")]
        about += ["kit " + KitVersion.current, RunMetadata.platform]
        let dates = runs.compactMap { RunMetadata($0.results, context: $0.context).date }
        if let first = dates.min() { about.append("started " + first) }
        return "<header><h1>WVJB conformance</h1><p class=\"meta\" id=\"run-metadata\">"
            + HTMLText.escape(about.joined(separator: " · ")) + "</p></header>\n"
    }

    /// A run's name as a heading shows it: its label or adapter, and under a label the adapter, unless they
    /// are the same.
    private static func nameHTML(_ context: RunContext) -> String {
        var html = "<code>\(HTMLText.escape(shortAdapterName(context.name)))</code>"
        if let label = context.label, label != context.adapter {
            html += "<span class=\"adapter\">\(HTMLText.escape(shortAdapterName(context.adapter)))</span>"
        }
        return html
    }

    /// The section before the matrix that says what to fix first: each implementation's first root findings
    /// (`RootCauses`, `FixFirstSummary`), so that a reader meets them before the matrix.
    private static func fixFirstSection(_ runs: [ImplementationRun], rows: [Row]) -> String {
        let findings = runs.map { RootCauses.findings(in: $0.results) }
        let unjudged = runs.map { UnjudgedCases($0.results) }
        guard findings.contains(where: { !$0.isEmpty }) || unjudged.contains(where: { !$0.isEmpty }) else {
            return ""
        }
        var html = "<section id=\"fix-first\"><h2>Fix first</h2>\n"
        for (index, run) in runs.enumerated() where !findings[index].isEmpty || !unjudged[index].isEmpty {
            let roots = findings[index]
            html += "<h3>\(HTMLText.escape(shortAdapterName(run.context.name)))"
            if !roots.isEmpty { html += ": \(HTMLText.escape(FixFirstSummary.countText(roots)))" }
            html += "</h3>"
            if !roots.isEmpty { html += "<ol>\n" }
            for finding in roots.prefix(FixFirstSummary.shownFindings) {
                html += "<li>\(HTMLText.escape(FixFirstSummary.line(finding)))"
                let folds = FixFirstSummary.foldLines(finding, all: false)
                if !folds.isEmpty {
                    html += "<ul class=\"folded\">" + folds.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>"
                }
                html += "</li>\n"
            }
            if !roots.isEmpty { html += "</ol>\n" }
            if let note = FixFirstSummary.unjudgedLine(unjudged[index]) {
                html += "<p class=\"unjudged\">\(HTMLText.escape(note))</p>\n"
            }
        }
        return html + "</section>\n"
    }

    /// A table of each run: its name and profile, its counts by mark, the cases that ran of those that apply
    /// (`BadgeRunReport.coverage`), per level the cases that passed, and its catalogue digest; then why a run
    /// stopped early.
    private static func summary(_ runs: [ImplementationRun], rows: [Row]) -> String {
        let counts = runs.indices.map { column in count(rows.map { $0.marks[column] }) }
        let shownMarks = HTMLCellMark.all.filter { mark in counts.contains { $0[mark] != nil } }
        var html = "<section id=\"summary\"><h2>Summary</h2><table class=\"summary\"><thead><tr>"
        html += "<th>implementation</th><th>profile</th>"
        for mark in shownMarks {
            html += "<th class=\"\(mark.cssClass)\">\(mark.symbol) \(HTMLText.escape(mark.label))</th>"
        }
        html +=
            "<th title=\"\(HTMLText.escape("the cases that ran, of those that apply in the run's profile"))\">ran</th>"
        html += "<th>passed per level</th>"
        html += "<th title=\"\(HTMLText.escape("SHA-256 of the ids and clauses of the cases"))\">catalogue</th>"
        html += "</tr></thead><tbody>\n"
        for (column, run) in runs.enumerated() {
            let metadata = RunMetadata(run.results, context: run.context)
            html += "<tr><th title=\"\(HTMLText.escape(shortAdapterName(run.context.adapter)))\">"
            html += nameHTML(run.context) + "</th><td>\(HTMLText.escape(metadata.profile))</td>"
            for mark in shownMarks { html += "<td class=\"count\">\(counts[column][mark] ?? 0)</td>" }
            let coverage = BadgeRunReport.coverage(run.results, profile: run.context.profile)
            html += "<td class=\"count\">\(coverage.ran)/\(coverage.applicable)</td>"
            html += "<td>" + HTMLText.escape(BadgeRunReport.countsText(run.results)) + "</td>"
            html += "<td title=\"\(HTMLText.escape(metadata.catalogueDigest))\"><code>"
            html += HTMLText.escape(metadata.shortCatalogueDigest) + "</code></td></tr>\n"
        }
        html += "</tbody></table>"
        for run in runs {
            guard let stop = run.context.stop else { continue }
            html +=
                "<p class=\"note\"><code>\(HTMLText.escape(shortAdapterName(run.context.name)))</code>: the run was "
            html += HTMLText.escape(stop.summary) + "; \(stop.notRun.count) cases did not run.</p>"
        }
        return html + "</section>\n"
    }

    /// Every mark with its symbol, colour and meaning.
    private static let legend: String = {
        var html = "<section id=\"legend\"><h2>Legend</h2><ul class=\"legend\">"
        for mark in HTMLCellMark.all {
            html += "<li><span class=\"swatch \(mark.cssClass)\">\(mark.symbol)</span> <strong>"
            html += HTMLText.escape(mark.label) + "</strong> " + HTMLText.escape(mark.meaning) + "</li>"
        }
        return html + "</ul></section>\n"
    }()

    /// How many of `marks` are of each mark.
    private static func count(_ marks: [HTMLCellMark]) -> [HTMLCellMark: Int] {
        var counts: [HTMLCellMark: Int] = [:]
        for mark in marks { counts[mark, default: 0] += 1 }
        return counts
    }

    /// The marks' counts in legend order, each coloured: `12 ✓ 1 ✗`.
    private static func countsHTML(_ marks: [HTMLCellMark]) -> String {
        let counts = count(marks)
        return HTMLCellMark.all.compactMap { mark in
            counts[mark].map { "<span class=\"\(mark.cssClass)\">\($0) \(mark.symbol)</span>" }
        }.joined()
    }

    private static func matrix(_ runs: [ImplementationRun], rows: [Row], lines pool: inout HTMLLinePool) -> String {
        let spec = try? ProtocolSpec.bundled()
        var goldens = ReferenceGoldens()
        let differing = rows.filter(\.differs).count
        var html = "<section id=\"cases\"><h2>Cases</h2>"
        html +=
            "<label class=\"filter\"><input type=\"checkbox\" id=\"only-differ\"\(runs.count < 2 ? " disabled" : "")>"
        html += " only rows where implementations differ (\(differing) of \(rows.count))</label>"
        html += "<p class=\"note\">They differ when one of them found something or could not finish and the "
        html += "others did not do the same: pass beside not-applicable is no difference.</p>\n"
        html += "<div class=\"matrix-wrap\"><table id=\"matrix\"><thead><tr><th>case</th><th>clauses</th>"
        for run in runs {
            html += "<th class=\"implementation\" title=\"\(HTMLText.escape(shortAdapterName(run.context.adapter)))\">"
            html += "<code>\(HTMLText.escape(shortAdapterName(run.context.name)))</code>"
            html += "<span class=\"profile\">\(HTMLText.escape(run.context.profile.name))</span></th>"
        }
        html += "</tr></thead>\n"
        var rowNumber = 0
        for (area, areaRows) in areas(rows) {
            let areaDiffers = areaRows.contains(where: \.differs)
            html += "<tbody class=\"\(areaDiffers ? "differs" : "same")\" data-area=\"\(HTMLText.escape(area))\">"
            html += "<tr class=\"area\"><th colspan=\"2\">\(HTMLText.escape(area)) <span class=\"meta\">"
            html += "(\(areaRows.count) \(areaRows.count == 1 ? "case" : "cases"))</span></th>"
            for column in runs.indices {
                html += "<td class=\"counts\">" + countsHTML(areaRows.map { $0.marks[column] }) + "</td>"
            }
            html += "</tr>\n"
            for row in areaRows {
                let caseID = HTMLText.escape(row.caseID)
                html += "<tr class=\"case \(row.differs ? "differs" : "same")\" data-case=\"\(caseID)\">"
                html += "<th class=\"case\"><code>\(caseID)</code>"
                if let level = row.level { html += " <span class=\"level\">\(HTMLText.escape(level.rawValue))</span>" }
                let clauses = row.clauses.map { "<span>\(HTMLText.escape($0))</span>" }.joined(separator: ", ")
                html += "</th><td class=\"clauses\">\(clauses)</td>"
                for (column, run) in runs.enumerated() {
                    html += cell(
                        row.results[column], in: run, id: "panel-\(rowNumber)-\(column)", spec: spec,
                        goldens: &goldens, lines: &pool)
                }
                html += "</tr>\n"
                rowNumber += 1
            }
            html += "</tbody>\n"
        }
        return html + "</table></div></section>\n"
    }

    /// A case's cell in one run: its mark, and the panel (of element id `id`) it opens when the case found
    /// something or could not finish; a case that does not apply says why in its title.
    private static func cell(
        _ result: CaseResult?, in run: ImplementationRun, id: String, spec: ProtocolSpec?,
        goldens: inout ReferenceGoldens, lines pool: inout HTMLLinePool
    ) -> String {
        let mark = result.map { HTMLCellMark.verdict($0.verdict) } ?? .notRun
        var title = mark.label
        if let result, result.verdict == .notApplicable, let reason = result.interruption?.text {
            title += ": " + PrintableText.cut(reason, limit: 300)
        }
        if run.context.timings == .on, let duration = result?.duration {
            title += " · " + ReportTimings.secondsText(duration) + " s"
        }
        let open = "<td class=\"cell \(mark.cssClass)\" title=\"\(HTMLText.escape(title))\">"
        guard let result, result.verdict.category != .clean else { return open + "<span>\(mark.symbol)</span></td>" }
        let golden = goldens.lines(of: result.caseID, in: run.context.profile)
        let panel = HTMLCasePanel(result: result, context: run.context, spec: spec, golden: golden)
        return open + "<details><summary>\(mark.symbol)</summary>" + panel.html(id: id, lines: &pool)
            + "</details></td>"
    }
}

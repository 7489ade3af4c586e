/// What a cell of the HTML report's matrix opens: why the case stopped, its failures (the clause and the
/// obligation each breaks quoted from the spec, expected and actual with their first difference marked), its
/// leftovers, its transcript beside the reference's golden with the differing lines marked, its wire log and
/// the command that reruns it; each within `CaseOutputLimits`.
struct HTMLCasePanel {
    /// The most characters of a clause's or obligation's text quoted.
    static let quoteLength = 600
    /// Equal lines shown around each difference of the golden comparison.
    static let contextLines = 2

    /// The case's result in one implementation's run.
    var result: CaseResult
    /// That run.
    var context: RunContext
    /// The spec the clauses are quoted from; nil when it cannot be read.
    var spec: ProtocolSpec?
    /// The reference's golden of the case in the run's profile, one event per line; nil when there is none.
    var golden: [String]?

    /// The panel's HTML.
    var html: String {
        var html = "<div class=\"panel\">"
        html += "<p class=\"panel-head\"><strong>\(HTMLText.escape(result.verdict.rawValue))</strong> "
        html += "<code>\(HTMLText.escape(result.caseID))</code> [\(HTMLText.escape(result.level.rawValue))] in "
        html += "<code>\(HTMLText.escape(HTMLRunReport.shortAdapterName(context.name)))</code></p>"
        if let interruption = result.interruption {
            html += "<pre class=\"interruption\">"
            html += HTMLText.escape(PrintableText.cut(interruption, limit: CaseOutputLimits.interruptionLength))
            html += "</pre>"
        }
        html += failures + clauseQuotes + leftovers
        if !result.transcript.entries.isEmpty {
            html += goldenComparison
            let log = TranscriptRenderer.render(
                result.transcript, bridgeJavaScriptSource: result.bridgeJavaScriptSource,
                maximumBytes: CaseOutputLimits.transcriptBytes)
            html += "<details class=\"wire-log\"><summary>Wire log (the transcript, readable)</summary><pre>"
            html += HTMLText.escape(log) + "</pre></details>"
        }
        html +=
            "<p class=\"rerun\">Rerun: <code>\(HTMLText.escape(context.rerunCommand(for: result.caseID)))</code></p>"
        return html + "</div>"
    }

    /// The first failures, each with its values; the others counted.
    private var failures: String {
        guard !result.failures.isEmpty else { return "" }
        var html = "<ol class=\"failures\">"
        for failure in result.failures.prefix(CaseOutputLimits.failures) {
            html +=
                "<li><p><strong class=\"citation\">\(HTMLText.escape(failure.obligation ?? failure.clause))</strong>"
            html += " <span class=\"level\">\(HTMLText.escape(failure.level.rawValue))</span> "
            html += HTMLText.escape(PrintableText.cut(failure.message, limit: CaseOutputLimits.messageLength)) + "</p>"
            html += values(of: failure) + "</li>"
        }
        html += "</ol>"
        if result.failures.count > CaseOutputLimits.failures {
            let more = CaseOutputLimits.moreLine(
                result.failures.count - CaseOutputLimits.failures, of: result.failures.count, "failures")
            html += "<p class=\"note\">\(HTMLText.escape(more))</p>"
        }
        return html
    }

    /// A failure's expected and actual values, cut to a window around their first difference, the differing
    /// part of each marked.
    private func values(of failure: CheckFailure) -> String {
        let excerpts = failure.excerpts(width: CaseOutputLimits.valueLength)
        guard excerpts.expected != nil || excerpts.actual != nil else { return "" }
        var html = "<dl class=\"values\">"
        if let expected = excerpts.expected, let actual = excerpts.actual, excerpts.firstDifference != nil {
            let (marked, markedActual) = Self.markingDifference(expected, actual)
            html +=
                "<dt>expected</dt><dd><code>\(marked)</code></dd><dt>actual</dt><dd><code>\(markedActual)</code></dd>"
        } else {
            if let expected = excerpts.expected {
                html += "<dt>expected</dt><dd><code>\(HTMLText.escape(expected))</code></dd>"
            }
            if let actual = excerpts.actual {
                html += "<dt>actual</dt><dd><code>\(HTMLText.escape(actual))</code></dd>"
            }
        }
        html += "</dl>"
        if let first = excerpts.firstDifference {
            html += "<p class=\"note\">first difference at character \(first)</p>"
        }
        return html
    }

    /// `left` and `right` escaped, the part where they differ (between their common beginning and their
    /// common end) in `<mark>`.
    static func markingDifference(_ left: String, _ right: String) -> (left: String, right: String) {
        let leftCharacters = Array(left), rightCharacters = Array(right)
        let shorter = min(leftCharacters.count, rightCharacters.count)
        var prefix = 0
        while prefix < shorter, leftCharacters[prefix] == rightCharacters[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix,
            leftCharacters[leftCharacters.count - 1 - suffix] == rightCharacters[rightCharacters.count - 1 - suffix]
        {
            suffix += 1
        }
        func marked(_ characters: [Character]) -> String {
            let end = characters.count - suffix
            return HTMLText.escape(String(characters[..<prefix])) + "<mark>"
                + HTMLText.escape(String(characters[prefix..<end])) + "</mark>"
                + HTMLText.escape(String(characters[end...]))
        }
        return (marked(leftCharacters), marked(rightCharacters))
    }

    /// The clauses the shown failures cite (or, without failures, the case's own), quoted from the spec with
    /// the obligations cited.
    private var clauseQuotes: String {
        guard let spec, result.verdict != .pass, result.verdict != .notApplicable else { return "" }
        let shown = result.failures.prefix(CaseOutputLimits.failures)
        var clauseIDs: [String] = [], obligationIDs: [String] = []
        for citation in shown.isEmpty ? result.clauses : shown.map({ $0.obligation ?? $0.clause }) {
            let clauseID = String(citation.prefix { $0 != "." })
            if !clauseIDs.contains(clauseID) { clauseIDs.append(clauseID) }
            if citation != clauseID, !obligationIDs.contains(citation) { obligationIDs.append(citation) }
        }
        var html = ""
        for clause in clauseIDs.compactMap(spec.clause) {
            html += "<blockquote class=\"clause\"><p><cite>\(HTMLText.escape(clause.id))</cite> "
            html += HTMLText.escape(Self.quote(clause.text)) + "</p>"
            for obligation in clause.obligations where obligationIDs.contains(obligation.id) {
                html += "<p class=\"obligation\"><cite>\(HTMLText.escape(obligation.id))</cite> "
                html += HTMLText.escape(Self.quote(obligation.text)) + "</p>"
            }
            html += "</blockquote>"
        }
        return html
    }

    /// Spec text on one line, cut to `quoteLength` characters.
    private static func quote(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count <= quoteLength ? line : line.prefix(quoteLength) + " …"
    }

    /// What was left over when the case ended, the first few.
    private var leftovers: String {
        guard !result.leftovers.isEmpty else { return "" }
        let shown = result.leftovers.lines(first: CaseOutputLimits.leftovers)
        var html = "<p class=\"leftovers\">Leftovers: "
        html += shown.map(HTMLText.escape).joined(separator: "; ")
        if result.leftovers.count > shown.count {
            html += HTMLText.escape(
                "; ... and \(result.leftovers.count - shown.count) more (\(result.leftovers.count) in all)")
        }
        return html + "</p>"
    }

    /// The case's transcript in the golden form beside the reference's golden, aligned line by line, the
    /// differing rows marked and long runs of equal ones folded; within `CaseOutputLimits.transcriptBytes` of
    /// escaped lines.
    private var goldenComparison: String {
        guard let golden else { return "" }
        guard let lines = ReferenceGoldens.lines(of: result) else {
            return "<p class=\"note\">The transcript is too long to compare with the reference's golden "
                + "(more than \(ReferenceGoldens.maximumEvents) events).</p>"
        }
        let rows = LineAlignment.align(golden, lines)
        let differing = rows.filter(\.differs).count
        let source = "Fixtures/golden/\(context.profile.name)/\(result.caseID).json"
        guard differing > 0 else {
            return "<p class=\"note\">The transcript matches the reference's golden (<code>"
                + HTMLText.escape(source) + "</code>, \(golden.count) events).</p>"
        }
        var html = "<h4>The transcript beside the reference's golden (<code>\(HTMLText.escape(source))</code>)</h4>"
        html += "<table class=\"diff\"><thead><tr><th>#</th><th>reference's golden</th><th>#</th><th>this run</th>"
        html += "</tr></thead><tbody>"
        // A row is shown when it differs or is within `contextLines` of a row that does.
        var shown = [Bool](repeating: false, count: rows.count)
        for (index, row) in rows.enumerated() where row.differs {
            for near in max(0, index - Self.contextLines)...min(rows.count - 1, index + Self.contextLines) {
                shown[near] = true
            }
        }
        var goldenNumber = 0, runNumber = 0, bytes = 0, index = 0
        while index < rows.count {
            guard shown[index] else {
                var end = index
                while end < rows.count, !shown[end] { end += 1 }
                for row in rows[index..<end] {
                    goldenNumber += row.left == nil ? 0 : 1
                    runNumber += row.right == nil ? 0 : 1
                }
                html += "<tr class=\"d-fold\"><td colspan=\"4\">⋯ \(end - index) equal lines</td></tr>"
                index = end
                continue
            }
            let row = rows[index]
            let left = row.left.map { HTMLText.escape(PrintableText.cut($0, limit: 2_000)) }
            let right = row.right.map { HTMLText.escape(PrintableText.cut($0, limit: 2_000)) }
            // Escaped bytes: golden lines are JSON, whose quotes grow sixfold.
            bytes += (left?.utf8.count ?? 0) + (right?.utf8.count ?? 0)
            if bytes > CaseOutputLimits.transcriptBytes {
                let rest = rows[index...].filter(\.differs).count
                html += "<tr class=\"d-fold\"><td colspan=\"4\">… the comparison is cut here: "
                html += "\(rows.count - index) more lines, \(rest) of them differing</td></tr>"
                break
            }
            goldenNumber += left == nil ? 0 : 1
            runNumber += right == nil ? 0 : 1
            html += "<tr class=\"\(row.differs ? "d-differs" : "d-same")\">"
            html += "<td class=\"n\">\(left == nil ? "" : String(goldenNumber))</td>"
            html += "<td><code>\(left ?? "")</code></td>"
            html += "<td class=\"n\">\(right == nil ? "" : String(runNumber))</td>"
            html += "<td><code>\(right ?? "")</code></td></tr>"
            index += 1
        }
        html += "</tbody></table>"
        return html
    }
}

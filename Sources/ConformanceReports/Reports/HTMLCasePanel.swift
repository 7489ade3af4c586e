import ConformanceAdapter
import ConformanceBrowser
import ConformanceCatalogue

/// What a cell of the HTML report's matrix opens: why the case stopped, its failures (the clause and the
/// obligation each breaks quoted from the spec, expected and actual with their first difference marked), its
/// leftovers, its transcript beside the reference's golden with the differing lines marked, its wire log and
/// the command that reruns it; each within `CaseOutputLimits`.
///
/// The transcript's lines and the clauses' quotes are the page's (`HTMLLinePool`): the comparison, the wire
/// log and the quotes hold line numbers, which the page's script turns into text when the panel opens. When
/// the page's pool is full, the panel says the transcript is left out, quotes the clauses in place, and keeps
/// the rest.
package struct HTMLCasePanel {
    /// The most characters of a clause's or obligation's text quoted.
    static let quoteLength = 600
    /// Equal lines shown around each difference of the golden comparison.
    static let contextLines = 2
    /// The most characters of one line of the golden comparison.
    static let comparedLineLength = 2_000

    /// The case's result in one implementation's run.
    var result: CaseResult
    /// That run.
    var context: RunContext
    /// The spec the clauses are quoted from; nil when it cannot be read.
    var spec: ProtocolSpec?
    /// The reference's golden of the case in the run's profile, one event per line; nil when there is none.
    var golden: [String]?

    /// The panel's HTML.
    /// - Parameters:
    ///   - id: The panel's element id: the page's address ending in `#<id>` opens it.
    ///   - pool: The page's transcript lines, which this panel's are added to.
    package func html(id: String, lines pool: inout HTMLLinePool) -> String {
        var html = "<div class=\"panel\" id=\"\(HTMLText.escape(id))\">"
        html += "<p class=\"panel-head\"><strong>\(HTMLText.escape(result.verdict.rawValue))</strong> "
        html += "<code>\(HTMLText.escape(result.caseID))</code> [\(HTMLText.escape(result.level.rawValue))] in "
        html += "<code>\(HTMLText.escape(HTMLRunReport.shortAdapterName(context.name)))</code></p>"
        if let interruption = result.interruption {
            html += "<pre class=\"interruption\">"
            html += HTMLText.escape(PrintableText.cut(interruption.text, limit: CaseOutputLimits.interruptionLength))
            html += "</pre>"
        }
        html += failures + clauseQuotes(lines: &pool) + leftovers
        if !result.transcript.entries.isEmpty { html += transcript(lines: &pool) }
        html +=
            "<p class=\"rerun\">Rerun: <code>\(HTMLText.escape(context.rerunCommand(for: result.caseID)))</code></p>"
        return html + "</div>"
    }

    /// The transcript beside the golden and the wire log, their lines added to `pool`; a note instead when the
    /// pool has no room for them.
    private func transcript(lines pool: inout HTMLLinePool) -> String {
        let comparison = goldenComparison
        let wireLog = TranscriptRenderer.render(
            result.transcript, bridgeJavaScriptSource: result.bridgeJavaScriptSource,
            maximumBytes: CaseOutputLimits.transcriptBytes
        ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var compared: [String] = []
        if case .rows(let rows, _) = comparison {
            for row in rows {
                switch row {
                case .same(let line): compared.append(line)
                case .differs(let left, let right): compared += [left, right].compactMap { $0 }
                case .fold: break
                }
            }
        }
        guard let numbers = pool.numbers(of: compared + wireLog) else {
            return "<p class=\"note\">The transcript is left out: this page already holds "
                + "\(HTMLLinePool.maximumBytes / 1_000_000) MB of transcript lines. Rerun the case to see it.</p>"
        }
        var html = ""
        switch comparison {
        case .none: break
        case .note(let note): html += note
        case .rows(let rows, let cut):
            var next = numbers.makeIterator()
            let tokens = rows.map { row -> String in
                switch row {
                case .same: return HTMLLinePool.token(next.next()!)
                case .differs(let left, let right):
                    let leftToken = left.map { _ in HTMLLinePool.token(next.next()!) } ?? ""
                    return leftToken + "/" + (right.map { _ in HTMLLinePool.token(next.next()!) } ?? "")
                case .fold(let count): return "~\(count)"
                }
            }
            let source = "Fixtures/golden/\(context.profile.name)/\(result.caseID).json"
            html += "<h4>The transcript beside the reference's golden (<code>\(HTMLText.escape(source))</code>)</h4>"
            html += "<table class=\"diff\"><thead><tr><th>#</th><th>reference's golden</th><th>#</th><th>this run</th>"
            html += "</tr></thead><tbody data-rows=\"\(tokens.joined(separator: " "))\"></tbody></table>"
            if let cut { html += "<p class=\"note\">\(HTMLText.escape(cut))</p>" }
        }
        let wireTokens = numbers.suffix(wireLog.count).map(HTMLLinePool.token).joined(separator: " ")
        html += "<details class=\"wire-log\"><summary>Wire log (the transcript, readable)</summary>"
        return html + "<pre data-lines=\"\(wireTokens)\"></pre></details>"
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
    /// the obligations cited; the quotes are lines of the page's pool (the same clause is quoted in many
    /// panels), or written in place when the pool is full.
    private func clauseQuotes(lines pool: inout HTMLLinePool) -> String {
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
            html += Self.pooled(Self.quote(clause.text), in: &pool) + "</p>"
            for obligation in clause.obligations where obligationIDs.contains(obligation.id) {
                html += "<p class=\"obligation\"><cite>\(HTMLText.escape(obligation.id))</cite> "
                html += Self.pooled(Self.quote(obligation.text), in: &pool) + "</p>"
            }
            html += "</blockquote>"
        }
        return html
    }

    /// `text` as an element the page's script fills with the pool's line when the panel opens, or escaped in
    /// place when the pool is full.
    private static func pooled(_ text: String, in pool: inout HTMLLinePool) -> String {
        guard let number = pool.numbers(of: [text])?.first else { return HTMLText.escape(text) }
        return "<span data-line=\"\(HTMLLinePool.token(number))\"></span>"
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

    /// A row of the comparison with the golden: an equal line, lines that differ (either side may be
    /// missing), or equal lines folded.
    private enum ComparedRow {
        case same(String)
        case differs(String?, String?)
        case fold(Int)
    }

    /// What the panel shows of the comparison with the golden.
    private enum GoldenComparison {
        /// No golden to compare with.
        case none
        /// A sentence instead of rows (HTML): the transcript matches, or is too long to compare.
        case note(String)
        /// The rows shown, and the note that says where they were cut, if they were.
        case rows([ComparedRow], cut: String?)
    }

    /// The case's transcript in the golden form beside the reference's golden, aligned line by line, the
    /// differing rows shown with `contextLines` equal ones around them and longer runs of equal ones folded;
    /// within `CaseOutputLimits.transcriptBytes` of escaped lines.
    private var goldenComparison: GoldenComparison {
        guard let golden else { return .none }
        guard let lines = ReferenceGoldens.lines(of: result) else {
            return .note(
                "<p class=\"note\">The transcript is too long to compare with the reference's golden "
                    + "(more than \(ReferenceGoldens.maximumEvents) events).</p>")
        }
        let rows = LineAlignment.align(golden, lines)
        guard rows.contains(where: \.differs) else {
            let source = "Fixtures/golden/\(context.profile.name)/\(result.caseID).json"
            return .note(
                "<p class=\"note\">The transcript matches the reference's golden (<code>"
                    + HTMLText.escape(source) + "</code>, \(golden.count) events).</p>")
        }
        // A row is shown when it differs or is within `contextLines` of a row that does.
        var shown = [Bool](repeating: false, count: rows.count)
        for (index, row) in rows.enumerated() where row.differs {
            for near in max(0, index - Self.contextLines)...min(rows.count - 1, index + Self.contextLines) {
                shown[near] = true
            }
        }
        var compared: [ComparedRow] = [], bytes = 0, index = 0
        while index < rows.count {
            guard shown[index] else {
                var end = index
                while end < rows.count, !shown[end] { end += 1 }
                compared.append(.fold(end - index))
                index = end
                continue
            }
            let row = rows[index]
            let left = row.left.map { PrintableText.cut($0, limit: Self.comparedLineLength) }
            let right = row.right.map { PrintableText.cut($0, limit: Self.comparedLineLength) }
            // Escaped bytes: golden lines are JSON, whose quotes grow sixfold.
            bytes += [left, right].compactMap { $0.map { HTMLText.escape($0).utf8.count } }.reduce(0, +)
            if bytes > CaseOutputLimits.transcriptBytes {
                let rest = rows[index...].filter(\.differs).count
                return .rows(
                    compared,
                    cut: "… the comparison is cut here: \(rows.count - index) more lines, \(rest) of them differing")
            }
            compared.append(row.differs ? .differs(left, right) : .same(right ?? left ?? ""))
            index += 1
        }
        return .rows(compared, cut: nil)
    }
}

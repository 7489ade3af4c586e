import ConformanceAdapter
import ConformanceObligations

/// One broken expectation: the spec clause and obligation, what was checked, and what was expected and seen.
package struct CheckFailure: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The spec clause broken (e.g. `ESC-2`).
    package var clause: String
    /// The obligation of `clause` broken (e.g. `ESC-2.c`, spec appendix C), when the check named one.
    package var obligation: String?
    /// The level of `clause`, which the failure is judged at (spec: a check is judged at the level of the
    /// clause it cites); set by the runner from the spec, MUST until then.
    package var level: RequirementLevel = .must
    /// What was being checked when it broke.
    package var message: String
    /// What the clause requires, printable; nil when the message says it all.
    package var expected: String?
    /// What the implementation did, printable.
    package var actual: String?
    /// The platform's own behaviour the check recognised as the likely cause (Foundation on Linux), whose
    /// hint ends `message`; nil when the check knows of none. `--update-baseline` limits the entry of a case
    /// whose every failure has one to the platforms that behave so.
    package var likelyCause: PlatformBehaviour?
    /// Why the failure is a security finding (a payload ran, or can run, code in the page); nil when it is not
    /// one. Set by the check from what it saw.
    package var exposure: SecurityExposure?
    /// The obligation the check first recorded the failure under, when a rule re-cited it as it was recorded
    /// (`FixFirstRule.reCitation`: an order failure that is the other side's); nil when the failure cites what
    /// its check named. Reports show it beside the finding ("re-cited from ORD-2.a").
    package var recitedFrom: Obligation?

    /// Creates a failure.
    /// - Parameters:
    ///   - clause: The broken clause (`ESC-2`) or obligation (`ESC-2.c`).
    ///   - message: What was being checked (ending with the likely cause's hint, when there is one).
    ///   - expected: The expected value or behaviour.
    ///   - actual: The observed value or behaviour.
    ///   - likelyCause: The platform's behaviour the check recognised as the likely cause, if any.
    ///   - exposure: Why the failure is a security finding, if it is one.
    package init(
        clause: String, message: String, expected: String? = nil, actual: String? = nil,
        likelyCause: PlatformBehaviour? = nil, exposure: SecurityExposure? = nil
    ) {
        let cited = Self.citation(clause)
        self.clause = cited.clause
        self.obligation = cited.obligation
        self.message = message
        self.expected = expected
        self.actual = actual
        self.likelyCause = likelyCause
        self.exposure = exposure
    }

    /// What the failure cites, without its level: the obligation, or the clause when it names none
    /// (`ESC-2.c`, `ESC-2`). Baselines pin these (`Baseline.Entry.obligations`) and `conformance diff`
    /// compares them.
    package var citedID: String { obligation ?? clause }

    /// A readable description: the clause and message, then expected and actual on aligned lines with
    /// a caret under their first difference (long values are cut to a window around it). A failure of a
    /// clause below MUST names its level: `[ID-2.a, SHOULD]`.
    package var description: String { description(messageLimit: .max) }

    /// `description` with the message cut to its first `messageLimit` UTF-16 units (reports of bounded size).
    package func description(messageLimit: Int) -> String {
        var text = "[\(citationLabel)] \(PrintableText.cut(message, limit: messageLimit))"
        guard let expected, let actual else {
            if let expected { text += "\n    expected: \(expected)" }
            if let actual { text += "\n    actual:   \(actual)" }
            return text
        }
        let difference = Self.alignedDifference(expected: expected, actual: actual)
        text += "\n    expected: \(difference.expected)\n    actual:   \(difference.actual)"
        if let caret = difference.caret { text += "\n              \(caret)" }
        return text
    }

    /// What the failure cites, as reports print it: the obligation (or clause), and the level when it is
    /// below MUST, e.g. `ESC-2.c` or `ID-2.a, SHOULD`.
    package var citationLabel: String {
        (obligation ?? clause) + (level == .must ? "" : ", " + level.rawValue)
    }

    /// `ids`, each once, in the spec's order: by clause name, then clause and obligation numbers compared as
    /// numbers (`BOOT-2.b` before `BOOT-10.a`), then letters.
    /// - Parameter ids: Obligation or clause ids (`citedID`).
    package static func inSpecOrder(_ ids: some Sequence<String>) -> [String] {
        Set(ids).sorted { left, right in
            let (leftParts, rightParts) = (orderParts(left), orderParts(right))
            for (leftPart, rightPart) in zip(leftParts, rightParts) where leftPart != rightPart {
                switch (Int(leftPart), Int(rightPart)) {
                case let (leftNumber?, rightNumber?): return leftNumber < rightNumber
                default: return leftPart < rightPart
                }
            }
            return leftParts.count != rightParts.count ? leftParts.count < rightParts.count : left < right
        }
    }

    /// `id` cut into its runs of digits and of other characters: `BOOT-10.a` gives `BOOT-`, `10`, `.a`.
    private static func orderParts(_ id: String) -> [Substring] {
        func isDigit(_ index: String.Index) -> Bool { ("0"..."9").contains(id[index]) }
        var parts: [Substring] = []
        var start = id.startIndex
        for index in id.indices.dropFirst() where isDigit(index) != isDigit(id.index(before: index)) {
            parts.append(id[start..<index])
            start = index
        }
        if start < id.endIndex { parts.append(id[start...]) }
        return parts
    }

    /// Creates a failure of `obligation`; the other parameters are the other initializer's.
    package init(
        clause obligation: Obligation, message: String, expected: String? = nil, actual: String? = nil,
        likelyCause: PlatformBehaviour? = nil, exposure: SecurityExposure? = nil
    ) {
        self.init(
            clause: obligation.id, message: message, expected: expected, actual: actual, likelyCause: likelyCause,
            exposure: exposure)
    }

    /// Splits a citation into its clause and, when it names one, its obligation: `ESC-2.c` gives
    /// (`ESC-2`, `ESC-2.c`) and `ESC-2` gives (`ESC-2`, nil).
    /// - Parameter citation: A clause or obligation id.
    package static func citation(_ citation: String) -> (clause: String, obligation: String?) {
        guard let dot = citation.firstIndex(of: ".") else { return (citation, nil) }
        return (String(citation[..<dot]), citation)
    }

    /// `expected` and `actual` as reports show them, each at most about `width` characters: when both are
    /// there, cut to the same window around their first difference (as the console shows them), with the
    /// difference's position (1-based, nil when they are equal); a lone value is cut from its start.
    /// - Parameter width: The longest window, in characters.
    package func excerpts(width: Int) -> (expected: String?, actual: String?, firstDifference: Int?) {
        guard let expected, let actual else {
            return (
                expected.map { PrintableText.abbreviate($0, limit: width) },
                actual.map { PrintableText.abbreviate($0, limit: width) }, nil
            )
        }
        let difference = Self.alignedDifference(expected: expected, actual: actual, width: width)
        return (difference.expected, difference.actual, difference.firstDifference)
    }

    /// `expected` and `actual` cut to the same window of at most `width` characters around their first
    /// difference (a third of the window before it), a line with `^` under it, and the difference's
    /// position, 1-based (both nil when they are equal).
    package static func alignedDifference(expected: String, actual: String, width: Int = 100) -> (
        expected: String, actual: String, caret: String?, firstDifference: Int?
    ) {
        let want = Array(expected), got = Array(actual)
        guard want != got else { return (expected, actual, nil, nil) }
        let first = zip(want, got).prefix { $0 == $1 }.count
        let start = max(0, first - width / 3)
        func window(_ characters: [Character]) -> String {
            let end = min(characters.count, start + width)
            let lead = start > 0 ? "..." : "", tail = end < characters.count ? "..." : ""
            return lead + String(characters[min(start, characters.count)..<end]) + tail
        }
        let column = first - start + (start > 0 ? 3 : 0)
        return (
            window(want), window(got),
            String(repeating: " ", count: column) + "^ first difference (character \(first + 1))", first + 1
        )
    }
}

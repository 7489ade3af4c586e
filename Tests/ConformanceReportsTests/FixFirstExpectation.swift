import BridgeMutants

@testable import ConformanceCatalogue
@testable import ConformanceReports

/// What "Fix first" said about one single mutant, as `Expectations/fix-first.txt` keeps it: where the mutant's own
/// clause stands among the root findings, the first ones (those a report shows), and the cases that failed.
///
/// Two lines each, so that a change of attribution and a change of failing cases show apart in a diff:
///
///     batch-reversed [ORD-2.a] first, 1 finding: ORD-2.a
///       fails: ordering.batch ordering.two-calls=timeout
///
/// A failing case whose verdict is not `fail` carries it after `=`.
struct FixFirstExpectation: Equatable, Sendable {
    /// Where the mutant's own clause (for a trapping mutant, its crash) stands among the root findings.
    enum Standing: Equatable, Sendable {
        /// The first finding: what "Fix first" puts at the top.
        case first
        /// Among the findings a report shows, at this 1-based place (2 to `FixFirstSummary.shownFindings`).
        case shown(Int)
        /// A root finding, at this 1-based place after the ones shown.
        case notShown(Int)
        /// Not a root finding: folded under another, or not found at all.
        case absent

        /// The standing of a root finding at 1-based `place`, or `absent` for nil.
        init(place: Int?) {
            switch place {
            case nil: self = .absent
            case 1?: self = .first
            case let place? where place <= FixFirstSummary.shownFindings: self = .shown(place)
            case let place?: self = .notShown(place)
            }
        }

        /// Its words in the file: `first`, `shown #3`, `not shown (#7)`, `absent`.
        var text: String {
            switch self {
            case .first: "first"
            case .shown(let place): "shown #\(place)"
            case .notShown(let place): "not shown (#\(place))"
            case .absent: "absent"
            }
        }

        /// Whether the mutant's clause is among the findings a report shows.
        var isShown: Bool {
            switch self {
            case .first, .shown: true
            case .notShown, .absent: false
            }
        }
    }

    /// A case of the run that did not end clean, with its verdict.
    struct FailingCase: Equatable, Comparable, Sendable {
        /// The case's id.
        var id: String
        /// How it ended: `fail`, or an interruption, `insecure`, `non-strict`.
        var verdict: Verdict

        /// Its words in the file: the id, then `=` and the verdict unless it is `fail`.
        var text: String { verdict == .fail ? id : id + "=" + verdict.rawValue }

        static func < (first: Self, second: Self) -> Bool {
            (first.id, first.verdict.rawValue) < (second.id, second.verdict.rawValue)
        }
    }

    /// The mutant's id.
    var mutant: String
    /// The obligation it breaks.
    var obligation: String
    /// Where its own clause stands.
    var standing: Standing
    /// How many root findings there are.
    var findingCount: Int
    /// The citations of the findings a report shows, first one first.
    var shown: [String]
    /// The cases that did not end clean, by id.
    var failingCases: [FailingCase]

    /// What "Fix first" makes of `results`, a run against `mutant`.
    init(mutant: Mutant, results: [CaseResult]) {
        let roots = RootCauses.findings(in: results)
        let place = roots.firstIndex { finding in
            CheckFailure.citation(finding.citation).clause == mutant.clause.id
                || (mutant.crashes && finding.citation == Verdict.crash.rawValue)
        }
        self.init(
            mutant: mutant.id, obligation: mutant.obligation.id, standing: Standing(place: place.map { $0 + 1 }),
            findingCount: roots.count, shown: roots.prefix(FixFirstSummary.shownFindings).map(\.citation),
            failingCases: results.filter { $0.verdict.category != .clean }.map {
                FailingCase(id: $0.caseID, verdict: $0.verdict)
            }.sorted())
    }

    /// A value of every field.
    init(
        mutant: String, obligation: String, standing: Standing, findingCount: Int, shown: [String],
        failingCases: [FailingCase]
    ) {
        (self.mutant, self.obligation, self.standing) = (mutant, obligation, standing)
        (self.findingCount, self.shown, self.failingCases) = (findingCount, shown, failingCases)
    }

    /// The citation of the first finding, or nil when there is none.
    var first: String? { shown.first }

    /// Its two lines in the file.
    var lines: [String] {
        let count = "\(findingCount) finding\(findingCount == 1 ? "" : "s")"
        let shownText = shown.isEmpty ? "-" : shown.joined(separator: " ")
        let fails = failingCases.isEmpty ? "-" : failingCases.map(\.text).joined(separator: " ")
        return ["\(mutant) [\(obligation)] \(standing.text), \(count): \(shownText)", "  fails: \(fails)"]
    }

    /// The words of its lines: whether each id, citation and case id is one word the file can hold.
    var isWritable: Bool {
        ([mutant, obligation] + shown + failingCases.map(\.id)).allSatisfy { word in
            !word.isEmpty && !word.contains { $0.isWhitespace || "[]=:,#()".contains($0) }
        }
    }

    /// What changed from `old` to this one, field by field, e.g. `first ORD-2.a -> CB-1.b; own first -> shown #2`;
    /// nil when nothing did.
    func changes(from old: Self) -> String? {
        var changes: [String] = []
        if old.first != first { changes.append("first \(old.first ?? "-") -> \(first ?? "-")") }
        if old.standing != standing { changes.append("own \(old.standing.text) -> \(standing.text)") }
        if old.obligation != obligation { changes.append("obligation \(old.obligation) -> \(obligation)") }
        if old.findingCount != findingCount { changes.append("findings \(old.findingCount) -> \(findingCount)") }
        if old.shown != shown {
            changes.append("shown \(old.shown.joined(separator: " ")) -> \(shown.joined(separator: " "))")
        }
        if old.failingCases != failingCases {
            let removed = old.failingCases.filter { !failingCases.contains($0) }.map { "-" + $0.text }
            let added = failingCases.filter { !old.failingCases.contains($0) }.map { "+" + $0.text }
            changes.append("fails " + (removed + added).joined(separator: " "))
        }
        return changes.isEmpty ? nil : changes.joined(separator: "; ")
    }
}

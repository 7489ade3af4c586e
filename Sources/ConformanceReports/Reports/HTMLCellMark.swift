import ConformanceCatalogue

/// What a cell of the HTML report's matrix shows: a case's verdict in one implementation's run, or that
/// the case did not run there. Each mark has a colour (its CSS class) and a symbol, so that the matrix reads
/// without colour too; the symbols are in fonts every desktop has (DejaVu Sans on Linux), not emoji.
enum HTMLCellMark: Hashable, Sendable {
    /// The case ran and got this verdict.
    case verdict(Verdict)
    /// The case is not in this run's results: not selected, or left when the run stopped early.
    case notRun

    /// Every mark, in the order the legend and the counts list them.
    static let all: [HTMLCellMark] = Verdict.allCases.map(HTMLCellMark.verdict) + [.notRun]

    /// The symbol shown in the cell.
    var symbol: String {
        switch self {
        case .verdict(let verdict):
            switch verdict {
            case .pass: "✓"
            case .fail: "✗"
            case .insecure: "☠"
            case .nonStrict: "⚠"
            case .notApplicable: "–"
            case .timeout: "◷"
            case .crash: "✹"
            case .adapterError: "⚡"
            case .harnessError: "⚙"
            }
        case .notRun: "·"
        }
    }

    /// The name in the legend and in cell titles: the verdict's raw value, or `not run`.
    var label: String {
        switch self {
        case .verdict(let verdict): verdict.rawValue
        case .notRun: "not run"
        }
    }

    /// What the mark means, in a few words, for the legend.
    var meaning: String {
        switch self {
        case .verdict(let verdict):
            switch verdict {
            case .pass: "every check held"
            case .fail: "a MUST broken"
            case .insecure: "a payload ran code in the page"
            case .nonStrict: "only SHOULDs broken"
            case .notApplicable: "the case does not apply (a capability or the profile)"
            case .timeout: "the page never went idle, or the implementation stopped answering"
            case .crash: "the implementation died"
            case .adapterError: "the adapter threw or could not be created"
            case .harnessError: "the kit itself failed"
            }
        case .notRun: "the case is not in this run"
        }
    }

    /// The CSS class that colours the cell (`v-pass`, `v-non-strict`, `v-not-run`).
    var cssClass: String { "v-" + label.replacingOccurrences(of: " ", with: "-") }
}

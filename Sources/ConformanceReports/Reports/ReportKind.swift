import ConformanceCatalogue

/// The report formats a run writes: `--report KIND:PATH` from the CLI, the `reports:` files of
/// `ConformanceXCTest.assertConformance` from `swift test`.
package enum ReportKind: String, CaseIterable, Sendable {
    /// `JSONRunReport`, documented by `Fixtures/schemas/report.schema.json`.
    case json
    /// `JUnitRunReport`, for CI systems.
    case junit
    /// `MarkdownRunReport`, for a pull-request comment.
    case markdown
    /// `HTMLRunReport`, one self-contained page for people.
    case html
    /// `BadgeRunReport`, a shields.io endpoint document for a README badge.
    case badge

    /// The report of `results` in this format.
    package func render(_ results: [CaseResult], context: RunContext) -> String {
        switch self {
        case .json: JSONRunReport.render(results, context: context)
        case .junit: JUnitRunReport.render(results, context: context)
        case .markdown: MarkdownRunReport.render(results, context: context)
        case .html: HTMLRunReport.render([ImplementationRun(context: context, results: results)])
        case .badge: BadgeRunReport.render(results, context: context)
        }
    }
}

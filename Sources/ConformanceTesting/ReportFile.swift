import ConformanceKit
import Foundation

/// A report file `ConformanceXCTest.assertConformance(reports:)` writes, its kind read from its extension.
struct ReportFile {
    private let url: URL
    private let kind: ReportKind

    /// The report `url` names: `.json`, `.xml` (JUnit), `.md` (Markdown), `.html`, or a name ending in
    /// `.badge.json` (the shields.io badge); nil for another extension.
    init?(_ url: URL) {
        switch url.pathExtension.lowercased() {
        case "json" where url.lastPathComponent.lowercased().hasSuffix(".badge.json"): kind = .badge
        case "json": kind = .json
        case "xml": kind = .junit
        case "md": kind = .markdown
        case "html": kind = .html
        default: return nil
        }
        self.url = url
    }

    /// Writes the report of `results`.
    /// - Throws: `TextDestination.Failure` naming the path when it cannot be written.
    func write(_ results: [CaseResult], context: RunContext) throws(TextDestination.Failure) {
        try TextDestination(path: url.path, dashIsStandardOutput: false).write(kind.render(results, context: context))
    }
}

import ArgumentParser
import ConformanceKit
import Foundation

/// One `--report KIND:PATH` option.
struct ReportRequest: ExpressibleByArgument {
    enum Kind: String, CaseIterable {
        case json, junit, markdown
    }

    let kind: Kind
    let path: String

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":"), let kind = Kind(rawValue: String(argument[..<colon])),
              argument.index(after: colon) < argument.endIndex else { return nil }
        self.kind = kind
        path = String(argument[argument.index(after: colon)...])
    }

    static var defaultCompletionKind: CompletionKind { .file() }

    /// Writes this report.
    /// - Throws: The file system's error.
    func write(_ results: [CaseResult], context: RunContext) throws {
        let text: String
        switch kind {
        case .json: text = JSONRunReport.render(results, context: context)
        case .junit: text = JUnitRunReport.render(results, context: context)
        case .markdown: text = MarkdownRunReport.render(results, context: context)
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

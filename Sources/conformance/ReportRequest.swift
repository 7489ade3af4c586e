import ArgumentParser
import ConformanceKit
import Foundation

/// One `--report KIND:PATH` option. `PATH` may be `-` (standard output, after the summary), a FIFO or a
/// device such as `/dev/stdout`, or a symlink: they are written through, never replaced (`TextDestination`).
struct ReportRequest: ExpressibleByArgument, Sendable {
    /// The report formats.
    typealias Kind = ReportKind

    /// The report's format.
    let kind: Kind
    /// The path as given.
    let path: String

    /// Parses `KIND:PATH`; nil (a usage error) for an unknown kind or an empty path.
    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":"), let kind = Kind(rawValue: String(argument[..<colon])),
            argument.index(after: colon) < argument.endIndex
        else { return nil }
        self.kind = kind
        path = String(argument[argument.index(after: colon)...])
    }

    /// Shells complete the value as a file path.
    static var defaultCompletionKind: CompletionKind { .file() }

    /// Where the report goes.
    var destination: TextDestination { TextDestination(path: path) }

    /// Refuses two requests that name one file (after making the paths absolute and standard: `a.json`,
    /// `./a.json`), since the second would overwrite the first; standard output (`-`) may take several.
    /// - Parameter requests: The `--report` options, in the order given.
    /// - Throws: `ValidationError` (a usage error) naming the file.
    static func refuseSharedPaths(_ requests: [ReportRequest]) throws {
        var seen = Set<String>()
        for request in requests where request.path != "-" {
            let path = URL(fileURLWithPath: request.path).standardizedFileURL.path
            guard seen.insert(path).inserted else {
                throw ValidationError(
                    "two --report options write \(PrintableText.terminalSafe(path)), and the second would overwrite the first: give each report a path of its own"
                )
            }
        }
    }

    /// Checks, before the run, that the report can be written where it is asked for.
    /// - Throws: `TextDestination.Failure` naming the path and the problem.
    func check() throws(TextDestination.Failure) {
        try destination.check()
    }

    /// Writes this report.
    /// - Throws: `TextDestination.Failure` naming the path and the system's reason.
    func write(_ results: [CaseResult], context: RunContext) throws(TextDestination.Failure) {
        try destination.write(kind.render(results, context: context))
    }
}

import ArgumentParser
import ConformanceKit
import StrictJSON

/// `conformance diff OLD.json NEW.json`: what changed between two JSON run reports, as text or as Markdown
/// for a pull-request comment; exit 1 when something got worse (`ReportDiff`), a new violation inside a case
/// that failed before and a case missing from the new report (unless `--allow-missing`) included.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two JSON run reports: new failures, fixes, changed verdicts, new failing and fixed obligations, new and removed cases.",
        discussion: """
            Exit status: 0 when nothing got worse, 1 when a case newly fails the run, its verdict is more \
            severe or it fails an obligation it did not (or a new case fails), or a case of the old report is \
            missing from the new one (a run that stopped early, or a narrower selection; --allow-missing \
            accepts that), 78 when a report cannot be read.
            """)

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    @Argument(help: "The old report (`conformance run --report json:PATH`).")
    var old: String

    @Argument(help: "The new report.")
    var new: String

    @Option(help: "text, or markdown for a pull-request comment.")
    var format: Format = .text

    @Flag(
        name: .customLong("allow-missing"),
        help: "Cases of the old report missing from the new one are no regression (a narrower selection on purpose).")
    var allowMissing = false

    /// The largest report read: a whole catalogue's report is well under a megabyte.
    static let maximumReportBytes = 64 << 20

    func run() throws {
        let diff = ReportDiff(
            old: try Self.snapshot(at: old), new: try Self.snapshot(at: new), allowsMissing: allowMissing)
        print(format == .text ? diff.text : diff.markdown, terminator: "")
        if diff.isWorse { throw ExitCodes.conformanceFailures }
    }

    /// The report at `path`, or exit 78 saying which file and what is wrong with it.
    private static func snapshot(at path: String) throws -> ReportSnapshot {
        let shown = PrintableText.terminalSafe(path)
        do {
            let text = try TextFileReader.text(atPath: path, maximumBytes: maximumReportBytes)
            return try ReportSnapshot(try JSONParser.parse(text, duplicateKeys: .reject))
        } catch let problem as TextFileReader.Problem {
            printError("cannot read the report \(shown): \(problem)")
        } catch let problem as JSONParser.ParseError {
            printError(
                "the report \(shown) is not JSON the kit reads (\(problem)); give a file written by --report json:PATH")
        } catch let problem as ReportSnapshot.Problem {
            printError("the report \(shown) \(problem); give a file written by --report json:PATH")
        }
        throw ExitCodes.configuration
    }
}

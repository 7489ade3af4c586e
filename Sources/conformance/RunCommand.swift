import ArgumentParser
import BridgeMutants
import ConformanceKit
import Foundation

/// `conformance run`: runs the selected cases against one adapter and reports.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run conformance cases against an adapter.",
        discussion: """
            Adapters: \(BuiltInAdapters.descriptions.map(\.name).prefix(2).joined(separator: ", ")), or mutant:<name> \
            (see `conformance list --adapters`). Case globs: `*` matches within one id segment, `**` across segments.
            """)

    @Option(name: .long, help: "The adapter to test: reference, reference-sync, or mutant:<name>.")
    var adapter = "reference"

    @Option(name: .customLong("case"), help: "Run only cases whose id matches this glob (repeatable).")
    var cases: [String] = []

    @Option(name: .long, help: "Skip cases whose id matches this glob (repeatable).")
    var skip: [String] = []

    @Option(name: .long, help: "Run only cases at this level or stricter: MUST, SHOULD, MAY, INFO.")
    var level: String?

    @Option(name: .customLong("js-side"), help: "Inject this JS side instead of the kit's reference one.")
    var jsSide: String?

    @Option(name: .long, help: ArgumentHelp(
        "Also write a report: json:PATH, junit:PATH or markdown:PATH (repeatable).", valueName: "kind:path"))
    var report: [ReportRequest] = []

    @Flag(name: .long, help: "Print every case's result, not only unexpected ones.")
    var verbose = false

    func validate() throws {
        if let level, RequirementLevel(rawValue: level.uppercased()) == nil {
            throw ValidationError("--level must be one of MUST, SHOULD, MAY, INFO (got \(level))")
        }
    }

    func run() throws {
        guard let factory = BuiltInAdapters.factory(named: adapter) else {
            printError("unknown adapter '\(adapter)'. Known adapters: \(BuiltInAdapters.descriptions.map(\.name).joined(separator: ", "))")
            throw ExitCodes.configuration
        }
        let selector = CaseSelector(include: cases, exclude: skip)
        var selected = selector.select(Catalogue.all)
        if let level, let maximum = RequirementLevel(rawValue: level.uppercased()) {
            selected = selected.filter { $0.level <= maximum }
        }
        let unmatched = selector.unmatchedPatterns(in: Catalogue.all)
        guard unmatched.isEmpty else {
            printError("no case matches \(unmatched.joined(separator: ", ")); see `conformance list`")
            throw ExitCodes.usage
        }

        var javaScriptSide: String?
        if let jsSide {
            do {
                javaScriptSide = try String(contentsOfFile: jsSide, encoding: .utf8)
            } catch {
                printError("cannot read the JS side \(jsSide): \(error.localizedDescription)")
                throw ExitCodes.configuration
            }
        }

        let mutant = BuiltInAdapters.mutant(named: adapter)
        let outcome = MainThreadDriver.run { [selected, javaScriptSide] in
            await Self.runCases(selected, factory: factory, javaScriptSide: javaScriptSide, mutant: mutant)
        }
        guard case .success(let results) = outcome else {
            if case .failure(let error) = outcome { printError(error.description) }
            throw ExitCodes.configuration
        }
        let summary = RunReport(results: results, adapter: adapter, rerunPrefix: rerunPrefix)
        print(summary.render(verbose: verbose))
        let context = RunContext(adapter: adapter, rerunPrefix: rerunPrefix)
        for request in report {
            do {
                try request.write(results, context: context)
            } catch {
                printError("cannot write the \(request.kind.rawValue) report to \(request.path): \(error.localizedDescription)")
                throw ExitCodes.configuration
            }
        }
        throw summary.exitCode
    }

    @MainActor
    private static func runCases(
        _ cases: [ConformanceCase], factory: AdapterFactory, javaScriptSide: String?, mutant: Mutant?
    ) async -> Result<[CaseResult], HarnessError> {
        do throws(HarnessError) {
            var javaScriptSide = javaScriptSide
            if javaScriptSide == nil, let mutant {
                // A JS-side mutant runs with its broken copy of the reference JS side.
                javaScriptSide = mutant.javaScriptSide(from: try ConformanceRunner.referenceJavaScriptSide())
            }
            let runner = try ConformanceRunner(configuration: .init(bridgeJavaScriptSource: javaScriptSide))
            return .success(await runner.run(cases, adapter: factory))
        } catch {
            return .failure(error)
        }
    }

    /// The command that reruns one case with the same adapter and JS side.
    private var rerunPrefix: String {
        var words = ["conformance", "run", "--adapter", adapter]
        if let jsSide { words += ["--js-side", jsSide] }
        return words.map(shellQuoted).joined(separator: " ")
    }
}

/// Quotes `word` for a POSIX shell when it needs it.
func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=*".contains($0) }
    return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("conformance: " + message + "\n").utf8))
}

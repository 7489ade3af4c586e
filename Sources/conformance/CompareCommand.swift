import ArgumentParser
import ConformanceKit
import Foundation
import StrictJSON

/// `conformance compare --adapter A --adapter B ...`: the same cases against several implementations, side by
/// side in one report.
///
/// A verb of its own rather than a repeatable `run --adapter`: each implementation runs in a `conformance run`
/// process of its own (up to `--jobs` at once), so the runs use every core (a run's page lives on its process's
/// main thread), one implementation that crashes the harness or hangs cannot take the others down, and each
/// keeps `run`'s progress, signals, limits and baseline gate. `compare` then reads their whole results back and
/// writes one report of them all.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Run the cases against several adapters, in parallel, and write one report of them all.",
        discussion: """
            Each adapter runs in a `conformance run` process of its own; their console reports print in the \
            order the adapters were given. Exit status: the worst of the runs (a signal, then 78, then 1, then \
            74), 64 for a usage error.
            """)

    @Option(
        name: .customLong("adapter"),
        help: ArgumentHelp(
            "An implementation to compare, as `run --adapter` takes it (repeatable; at least two).",
            valueName: "name-or-command"))
    var adapters: [String] = []

    @Option(name: .customLong("case"), help: "Run only cases whose id matches this glob (repeatable).")
    var cases: [String] = []

    @Option(name: .long, help: "Skip cases whose id matches this glob (repeatable).")
    var skip: [String] = []

    @Option(name: .long, help: "Run only cases at this level or stricter.")
    var level: RequirementLevel?

    @Option(
        name: .customLong("profile"),
        help: ArgumentHelp("The profile (wire dialect) of every run.", valueName: "profile")
    )
    var profile: ProfileChoice = .canonical

    @Option(
        name: .customLong("adapter-timeout"),
        help: ArgumentHelp(
            "Passed to each run (seconds an out-of-process adapter may stay silent).", valueName: "seconds"))
    var adapterTimeout: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a report of every implementation: html:PATH (one column each), json:PATH (the runs' reports in one document) or markdown:PATH (repeatable).",
            valueName: "kind:path"))
    var report: [ReportRequest] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Gate one implementation's run with its baseline: NAME=FILE, NAME as given to --adapter (repeatable).",
            valueName: "name=file"))
    var baseline: [String] = []

    @Option(name: .long, help: "How many runs at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    /// The report kinds one document of several runs can be.
    static let comparableKinds: Set<ReportKind> = [.html, .json, .markdown]

    func validate() throws {
        guard adapters.count >= 2 else {
            throw ValidationError("compare needs at least two --adapter options (one run is `conformance run`)")
        }
        guard Set(adapters).count == adapters.count else { throw ValidationError("an --adapter is given twice") }
        for adapter in adapters { _ = try AdapterChoice(argument: adapter) }
        try profile.validated()
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more (got \(jobs))") }
        if let kind = report.map(\.kind).first(where: { !Self.comparableKinds.contains($0) }) {
            throw ValidationError(
                "a \(kind.rawValue) report is of one run: give it to `conformance run`; compare writes html, json and markdown"
            )
        }
        for entry in baseline {
            guard let name = entry.split(separator: "=", maxSplits: 1).first.map(String.init),
                entry.contains("="), adapters.contains(name)
            else {
                throw ValidationError(
                    "--baseline takes NAME=FILE, NAME one of the --adapter values (got \(PrintableText.terminalSafe(entry)))"
                )
            }
        }
    }

    func run() throws {
        for request in report {
            do throws(TextDestination.Failure) { try request.check() } catch {
                printError("the \(request.kind.rawValue) report cannot be written: \(error.message)")
                throw ExitCodes.configuration
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-compare-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = ComparedRun.runAll(
            adapters.enumerated().map { index, adapter in
                ComparedRun(
                    adapter: adapter, arguments: arguments(for: adapter),
                    resultsFile: folder.appendingPathComponent("\(index).json").path)
            }, jobs: jobs)
        for run in runs {
            print("== \(PrintableText.terminalSafe(run.adapter)) ==")
            print(run.output.standardOutput, terminator: run.output.standardOutput.hasSuffix("\n") ? "" : "\n")
            if run.results == nil {
                printError(
                    "the run against \(PrintableText.terminalSafe(run.adapter)) exited \(run.output.status) without results; it said:\n"
                        + run.output.standardError)
            }
        }
        let finished = runs.compactMap { run in
            run.results.map { ImplementationRun(context: context(for: run), results: $0.results) }
        }
        print(summaryLine(finished, of: runs.count))
        var written = true
        for request in report {
            do throws(TextDestination.Failure) {
                try request.destination.write(Self.render(request.kind, finished))
            } catch {
                printError("cannot write the \(request.kind.rawValue) report: \(error.message)")
                written = false
            }
        }
        let worst = ComparedRun.worstStatus(runs.map(\.output.status))
        if worst == 0 && !written { throw ExitCodes.outputError }
        throw ExitCode(worst)
    }

    /// The `conformance run` arguments for one adapter: the shared selection, its baseline, and the results file
    /// (added by `ComparedRun`).
    private func arguments(for adapter: String) -> [String] {
        var words = ["run", "--adapter", adapter, "--progress", "never", "--report-timings", "off"]
        words += cases.flatMap { ["--case", $0] } + skip.flatMap { ["--skip", $0] }
        if let level { words += ["--level", level.rawValue.lowercased()] }
        if profile != .canonical { words += ["--profile", profile.argument] }
        if let adapterTimeout { words += ["--adapter-timeout", "\(adapterTimeout)"] }
        for entry in baseline where entry.hasPrefix(adapter + "=") {
            words += ["--baseline", String(entry.dropFirst(adapter.count + 1))]
        }
        return words
    }

    /// The run context the reports name an implementation and its rerun commands with.
    private func context(for run: ComparedRun) -> RunContext {
        var context = RunContext(
            adapter: run.adapter, rerunWords: conformanceInvocation() + run.arguments.prefix(3), timings: .off)
        context.profile = profile.dialect
        return context
    }

    /// "compare: 3 implementations, 139 cases; 41 differ between them": the cases whose verdicts differ in a
    /// way that matters (`VerdictDifference`), a case that did not run in one implementation counted as
    /// clean there.
    private func summaryLine(_ runs: [ImplementationRun], of total: Int) -> String {
        var verdicts: [String: [Verdict?]] = [:]
        for (column, run) in runs.enumerated() {
            for result in run.results {
                verdicts[result.caseID, default: Array(repeating: nil, count: runs.count)][column] = result.verdict
            }
        }
        let differing = verdicts.values.filter(VerdictDifference.matters).count
        let missing = total - runs.count
        return
            "compare: \(runs.count) implementations, \(verdicts.count) cases; \(differing) differ between them"
            + (missing > 0 ? "; \(missing) run\(missing == 1 ? "" : "s") gave no results" : "")
    }

    /// One report of every run that finished.
    static func render(_ kind: ReportKind, _ runs: [ImplementationRun]) -> String {
        switch kind {
        case .html: return HTMLRunReport.render(runs)
        case .markdown:
            return runs.map { MarkdownRunReport.render($0.results, context: $0.context) }.joined(separator: "\n---\n\n")
        default:
            let reports = runs.map { JSONRunReport.document($0.results, context: $0.context) }
            let document: JSONValue = .object([
                "format": "wvjb-conformance-comparison", "version": 1, "reports": .array(reports),
            ])
            return document.canonicalText + "\n"
        }
    }
}

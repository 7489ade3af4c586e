import ArgumentParser
import ConformanceKit
import Foundation

/// `conformance run`: runs the selected cases against one adapter and reports.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run conformance cases against an adapter.",
        discussion: """
            Adapters: reference, reference-sync, mutant:<id> (see `conformance list --adapters`), or a command \
            that starts an out-of-process adapter (spec/adapter-protocol.md), e.g. `--adapter .build/debug/my-adapter`; \
            each case then gets a fresh process. Case globs: `*` matches within one id segment, `**` across segments.
            """)

    @OptionGroup var adapter: AdapterOptions

    @Option(name: .customLong("case"), help: "Run only cases whose id matches this glob (repeatable).")
    var cases: [String] = []

    @Option(name: .long, help: "Skip cases whose id matches this glob (repeatable).")
    var skip: [String] = []

    @Option(name: .long, help: "Run only cases at this level or stricter (any case: must is MUST).")
    var level: RequirementLevel?

    @Option(name: .customLong("js-side"), help: "Inject this JS side instead of the kit's reference one.")
    var jsSide: String?

    @Option(name: .long, help: ArgumentHelp(
        "Also write a report: json:PATH, junit:PATH or markdown:PATH (repeatable).", valueName: "kind:path"))
    var report: [ReportRequest] = []

    @Option(name: .customLong("report-timings"), help: ArgumentHelp(
        "Whether reports and --verbose carry each case's wall-clock duration; off gives the same bytes for the same run.",
        valueName: "timings"))
    var reportTimings: ReportTimings = .on

    @Option(name: .long, help: "Gate the run with a baseline of expected failures (JSON; see the README).")
    var baseline: String?

    @Flag(name: .customLong("update-baseline"), help: "Rewrite the --baseline file to match this run, printing the diff first.")
    var updateBaseline = false

    @Flag(name: .long, help: "Print every case's result, not only unexpected ones.")
    var verbose = false

    func validate() throws {
        if updateBaseline && baseline == nil {
            throw ValidationError("--update-baseline needs --baseline FILE")
        }
    }

    func run() throws {
        let selected = try selectCases(include: cases, exclude: skip, level: level)

        var javaScriptSide: String?
        if let jsSide {
            do {
                javaScriptSide = try String(contentsOfFile: jsSide, encoding: .utf8)
            } catch {
                printError("cannot read the JS side \(jsSide): \(error.localizedDescription)")
                throw ExitCodes.configuration
            }
        }

        let results = try adapter.run(selected, javaScriptSide: javaScriptSide)
        let summary = RunReport(results: results, adapter: adapter.choice.argument, rerunPrefix: rerunPrefix, timings: reportTimings)
        print(summary.render(verbose: verbose))
        let context = RunContext(adapter: adapter.choice.argument, rerunPrefix: rerunPrefix, timings: reportTimings)
        for request in report {
            do {
                try request.write(results, context: context)
            } catch {
                printError("cannot write the \(request.kind.rawValue) report to \(request.path): \(error.localizedDescription)")
                throw ExitCodes.configuration
            }
        }
        if let baseline {
            throw try gate(results, baselinePath: baseline)
        }
        throw summary.exitCode
    }

    /// Applies the baseline (or rewrites it); returns the exit code.
    private func gate(_ results: [CaseResult], baselinePath: String) throws -> ExitCode {
        let url = URL(fileURLWithPath: baselinePath)
        var current = Baseline(entries: [])
        if FileManager.default.fileExists(atPath: baselinePath) || !updateBaseline {
            do { current = try Baseline.load(from: url) } catch {
                printError(error.description)
                throw ExitCodes.configuration
            }
        }
        if updateBaseline {
            let updated = Baseline.updated(from: results, keeping: current)
            let old = Set(current.fileText.split(separator: "\n")), new = Set(updated.fileText.split(separator: "\n"))
            let removed = current.fileText.split(separator: "\n").filter { !new.contains($0) }.map { "- " + $0 }
            let added = updated.fileText.split(separator: "\n").filter { !old.contains($0) }.map { "+ " + $0 }
            print((["baseline \(baselinePath): \(removed.count) lines removed, \(added.count) added"] + removed + added).joined(separator: "\n"))
            do { try updated.fileText.write(to: url, atomically: true, encoding: .utf8) } catch {
                printError("cannot write \(baselinePath): \(error.localizedDescription)")
                throw ExitCodes.configuration
            }
            return ExitCodes.conformant
        }
        let gate = current.gate(results, catalogueIDs: Catalogue.all.map(\.id))
        let updateCommand = (rerunWords + ["--baseline", baselinePath, "--update-baseline"]).map(shellQuoted).joined(separator: " ")
        print(gate.render(updateCommand: updateCommand))
        return gate.isSatisfied ? ExitCodes.conformant : ExitCodes.conformanceFailures
    }

    /// The command that reruns one case with the same adapter and JS side.
    private var rerunPrefix: String {
        rerunWords.map(shellQuoted).joined(separator: " ")
    }

    private var rerunWords: [String] {
        conformanceInvocation() + ["run"] + adapter.rerunWords + (jsSide.map { ["--js-side", $0] } ?? [])
    }
}

/// The words that start this `conformance` again from the current directory, for the commands it prints
/// (`rerun:`, the baseline update, smoke's next step): `swift run conformance` when it was started by
/// `swift run` in a package checkout (with `--scratch-path` and `-c release` when the build it runs from is
/// not the default one), and otherwise the executable's real path, which works from anywhere.
/// - Parameters:
///   - environment: The process environment; `_` is where the shell put the command it started (`swift`
///     under `swift run`).
///   - currentDirectory: The directory the command was started in.
func conformanceInvocation(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
) -> [String] {
    let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    guard let started = environment["_"], URL(fileURLWithPath: started).lastPathComponent == "swift" else { return [executable.path] }
    // A SwiftPM build folder: <scratch>/<triple>/<debug|release>/conformance.
    let configuration = executable.deletingLastPathComponent()
    let scratch = configuration.deletingLastPathComponent().deletingLastPathComponent()
    let here = URL(fileURLWithPath: currentDirectory).resolvingSymlinksInPath()
    // `swift run` finds the package from the current directory upwards.
    var root: URL? = here
    while let folder = root, !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        root = folder.path == "/" ? nil : folder.deletingLastPathComponent()
    }
    guard ["debug", "release"].contains(configuration.lastPathComponent), let root else { return [executable.path] }
    var words = ["swift", "run"]
    if scratch.standardizedFileURL.path != root.appendingPathComponent(".build").standardizedFileURL.path {
        let inside = scratch.path.hasPrefix(here.path + "/")
        words += ["--scratch-path", inside ? String(scratch.path.dropFirst(here.path.count + 1)) : scratch.path]
    }
    if configuration.lastPathComponent == "release" { words += ["-c", "release"] }
    return words + ["conformance"]
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

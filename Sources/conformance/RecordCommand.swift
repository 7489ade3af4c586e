import ArgumentParser
import ConformanceKit
import Foundation

/// `conformance record`: writes golden transcripts explicitly, never as a side effect of a run.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record golden transcripts (Fixtures/golden/<case id>.json) from the reference bridge.",
        discussion: """
            Writes goldens for the selected cases, compared semantically with what is there (spec/protocol.md, \
            appendix A). Review the written files with `git diff`, then commit them. Refused when CI is set: \
            goldens are recorded locally and reviewed, never on CI. Goldens record the reference bridge: a \
            mutant adapter is refused unless --allow-mutant is given. Exit status 0 when every selected golden \
            is now up to date, 1 when some are missing or stale (with --mode never), 78 when the folder is \
            unusable.
            """)

    @OptionGroup var adapter: AdapterOptions

    @Option(name: .customLong("case"), help: "Record only cases whose id matches this glob (repeatable).")
    var cases: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "missing: write goldens that do not exist; failed: also rewrite those that differ; all: rewrite every one; never: only check.",
        valueName: "mode"))
    var mode: GoldenStore.RecordMode = .missing

    @Flag(name: .customLong("allow-mutant"), help: "Record with a mutant adapter anyway (goldens normally record the reference bridge).")
    var allowMutant = false

    @Option(name: .customLong("golden-dir"), help: "The goldens folder (default: Fixtures/golden under the current directory, the kit's checkout).")
    var goldenDirectory: String?

    func validate() throws {
        if let mutant = adapter.choice.mutant, !allowMutant {
            throw ValidationError("""
                refusing to record with mutant:\(mutant.id): goldens record the reference bridge, and a mutant is broken \
                on purpose. Pass --allow-mutant to record it anyway (into a scratch --golden-dir)
                """)
        }
    }

    func run() throws {
        // A command line that selects nothing is a usage error wherever it runs, so it is checked first.
        let selected = try selectCases(include: cases)
        if mode != .never, ProcessInfo.processInfo.environment["CI"] != nil {
            printError("recording is refused when CI is set: record goldens locally, review them with `git diff`, and commit them")
            throw ExitCodes.configuration
        }
        let directory = URL(fileURLWithPath: goldenDirectory ?? "Fixtures/golden")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue else {
            printError("no goldens folder at \(directory.path): run `conformance record` from the kit's checkout, or pass --golden-dir FOLDER (it must exist)")
            throw ExitCodes.configuration
        }
        let store = GoldenStore(directory: directory)
        let results = try adapter.run(selected, javaScriptSide: nil)
        var recorded = 0, unchanged = 0, problems = 0
        for result in results {
            let document = GoldenTranscript.document(for: result.transcript, bridgeJavaScriptSource: result.bridgeJavaScriptSource)
            switch store.check(document, caseID: result.caseID, mode: mode) {
            case .matches:
                unchanged += 1
            case .recorded(let path):
                recorded += 1
                print("recorded \(path)")
            case .missing(let path):
                problems += 1
                print("missing  \(path)")
            case let .stale(path, difference):
                problems += 1
                print("stale    \(path)\n\(difference.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))")
            case let .malformed(path, problem):
                problems += 1
                print("broken   \(path): \(problem)")
            }
            if result.verdict != .pass && result.verdict != .notApplicable {
                print("warning: \(result.caseID) is \(result.verdict) on \(adapter.choice.argument); its golden records a non-conformant run")
            }
        }
        print("\(recorded) recorded, \(unchanged) unchanged, \(problems) missing or stale" + (recorded > 0 ? "; review with `git diff \(directory.path)` and commit" : ""))
        if problems > 0 { throw ExitCodes.conformanceFailures }
    }
}

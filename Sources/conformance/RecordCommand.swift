import ArgumentParser
import ConformanceKit
import Foundation
import WireDialects

/// `conformance record`: writes golden transcripts explicitly, never as a side effect of a run.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record golden transcripts (Fixtures/golden/<profile>/<case id>.json) from the reference bridge.",
        discussion: """
            Writes goldens for the selected cases, compared semantically with what is there (spec/protocol.md, \
            appendix A). Review the written files with `git diff`, then commit them. Refused when CI is set: \
            goldens are recorded locally and reviewed, never on CI. Goldens record the reference bridge: a \
            mutant adapter is refused unless --allow-mutant is given. Each profile keeps its own goldens \
            (--profile wkwvjb: Fixtures/golden/wkwvjb); a case that does not run in the profile has none there and \
            is left out (`conformance list --profile P` says which).

            Only a case that ran to its end is recorded (or checked). A case the adapter cannot run (not \
            applicable: out of process, the cases that need sends from any thread or throwing handlers, and the \
            JS-side cases) or that was cut short (timeout, crash, adapter or harness error) is \
            skipped: its golden is left as it was, its line says why, and the exit status is not 0. The cases \
            that ran are still recorded, since a skipped case's golden is never touched: nothing is lost, and \
            what is missing is named.

            SIGINT, SIGTERM or SIGHUP ends the testee's process group and records the cases that finished \
            (never the one that was running), lists the rest as not run, and exits 128 + the signal (130, 143, \
            129).

            Exit status: 0 when every selected golden is now up to date; 1 when some are missing or stale (with \
            --mode never), could not be written, or were skipped for a timeout or a crash; 78 when the folder is \
            unusable, or goldens were skipped because the adapter cannot run their cases (not applicable, \
            adapter or harness error); 130, 143 or 129 when stopped by a signal.
            """)

    @OptionGroup var adapter: AdapterOptions

    @Option(name: .customLong("case"), help: "Record only cases whose id matches this glob (repeatable).")
    var cases: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "missing: write goldens that do not exist; failed: also rewrite those that differ; all: rewrite every one; never: only check.",
            valueName: "mode"))
    var mode: GoldenStore.RecordMode = .missing

    @Flag(
        name: .customLong("allow-mutant"),
        help: "Record with a mutant adapter anyway (goldens normally record the reference bridge).")
    var allowMutant = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print a line per case on standard error as it starts: always, never, or auto (when standard error is a terminal).",
            valueName: "when"))
    var progress: ProgressMode = .auto

    @Option(
        name: .customLong("golden-dir"),
        help: "The goldens folder (default: Fixtures/golden/<profile> under the current directory, the kit's checkout)."
    )
    var goldenDirectory: String?

    func validate() throws {
        try adapter.profile.validated(allowingContainer: false)
        if let mutant = adapter.choice.mutant, !allowMutant {
            throw ValidationError(
                """
                refusing to record with mutant:\(mutant.id): goldens record the reference bridge, and a mutant is broken \
                on purpose. Pass --allow-mutant to record it anyway (into a scratch --golden-dir)
                """)
        }
    }

    func run() throws {
        // A command line that selects nothing is a usage error wherever it runs, so it is checked first.
        let dialect = adapter.profile.dialect
        // A case that does not run in the profile has no golden there (spec section 13.1): it is left out,
        // not skipped.
        let selected = try selectCases(include: cases).filter {
            DialectApplicability.whyNotApplicable($0, in: dialect) == nil
        }
        if selected.isEmpty {
            printError(
                "no selected case runs in the \(dialect.name) profile: see `conformance list --profile \(dialect.name)`"
            )
            throw ExitCodes.usage
        }
        if mode != .never, ProcessInfo.processInfo.environment["CI"] != nil {
            printError(
                "recording is refused when CI is set: record goldens locally, review them with `git diff`, and commit them"
            )
            throw ExitCodes.configuration
        }
        let directory = URL(fileURLWithPath: goldenDirectory ?? "Fixtures/golden/\(dialect.name)")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue else {
            printError(
                "no goldens folder at \(directory.path): run `conformance record` from the kit's checkout, or pass --golden-dir FOLDER (it must exist)"
            )
            throw ExitCodes.configuration
        }
        // The goldens root holds a folder per profile: recording into it would write a second set beside them.
        let profileFolders = WireDialect.shipped.map(\.name).filter { name in
            var isProfileFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(name).path, isDirectory: &isProfileFolder)
                && isProfileFolder.boolValue
        }
        if !profileFolders.isEmpty {
            let shown = PrintableText.terminalSafe(directory.path)
            printError(
                "\(shown) holds the per-profile goldens folders (\(profileFolders.joined(separator: ", "))): it is the goldens root, and recording there would write a second set beside them; pass --golden-dir \(shown)/\(dialect.name)"
            )
            throw ExitCodes.configuration
        }
        let recording = GoldenRecording(
            store: GoldenStore(directory: directory), mode: mode, adapter: adapter.choice.argument)
        let run = try StoppableCaseRun.run(
            selected, on: adapter, javaScriptSide: nil, progress: progress,
            finishing: "writing the goldens of the cases that finished"
        ) { finished, stop in _ = recording.record(finished, stop: stop) }
        let status = recording.record(run.results, stop: run.stop)
        throw ExitCodes.afterRun(status, outputsWritten: true, stoppedBy: run.reason)
    }
}

import ArgumentParser
import ConformanceKit

/// The `conformance` command: runs the WVJB conformance suite from the shell.
@main
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Check a WebViewJavascriptBridge implementation against the WVJB protocol spec.",
        discussion: """
            Runs the conformance cases in real JavaScriptCore against an implementation behind an adapter.

            Exit status (after a run, the first that applies: 130/143/129, 78 or 1, 74, 0):
              0   conformant
              1   conformance failures
              64  usage error
              74  a report or the baseline could not be written after the run
              78  adapter or configuration problem
              130 interrupted by SIGINT (143: SIGTERM, 129: SIGHUP): what finished is written
            """,
        version: KitVersion.current,
        subcommands: [
            RunCommand.self, ExploreCommand.self, ListCommand.self, ExplainCommand.self, RecordCommand.self,
            SmokeCommand.self, CompareCommand.self, DiffCommand.self, MergeCommand.self,
        ],
        defaultSubcommand: RunCommand.self)
}

import ArgumentParser

/// The `conformance` command: runs the WVJB conformance suite from the shell.
@main
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Check a WebViewJavascriptBridge implementation against the WVJB protocol spec.",
        discussion: """
            Runs the conformance cases in real JavaScriptCore against an implementation behind an adapter.

            Exit status:
              0   conformant
              1   conformance failures
              64  usage error
              78  adapter or configuration problem
            """,
        subcommands: [RunCommand.self, ListCommand.self, ExplainCommand.self, RecordCommand.self, SmokeCommand.self],
        defaultSubcommand: RunCommand.self)
}

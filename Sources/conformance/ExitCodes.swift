import ArgumentParser

/// The exit statuses of `conformance`, sysexits style.
enum ExitCodes {
    /// Every selected case passed (or was not applicable).
    static let conformant = ExitCode(0)
    /// At least one case failed.
    static let conformanceFailures = ExitCode(1)
    /// The command line was wrong.
    static let usage = ExitCode(64)
    /// The adapter or the configuration is broken (unknown adapter, unreadable JS side, adapter errors).
    static let configuration = ExitCode(78)
}

import ArgumentParser

/// The exit statuses of `conformance`, sysexits style.
///
/// Before any case runs, a usage error (64) is found first, then a configuration error (78: the adapter
/// does not start, the JS side or baseline cannot be read, a report or baseline cannot be written where it
/// is asked for); either ends the command at once. After the run, one status wins, in this order:
///
/// 1. interrupted: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP (128 + the signal, as shells report
///    it);
/// 2. what the run found: 78 when a case ended in an adapter or harness error, else 1 for conformance
///    failures (a timeout, and a run stopped by `--stop-after-timeouts`, included) or a baseline gate not
///    satisfied;
/// 3. 74 when a report or the baseline could not be written after a run that was otherwise 0;
/// 4. 0, conformant.
///
/// So a failing run is never reported as a write error, and a write error never passes as conformant.
enum ExitCodes {
    /// Every selected case passed (or was not applicable).
    static let conformant = ExitCode(0)
    /// At least one case failed.
    static let conformanceFailures = ExitCode(1)
    /// The command line was wrong.
    static let usage = ExitCode(64)
    /// A report or the baseline could not be written after the run (EX_IOERR).
    static let outputError = ExitCode(74)
    /// The adapter or the configuration is broken (unknown adapter, unreadable JS side, adapter errors,
    /// a report path that cannot be written).
    static let configuration = ExitCode(78)

    /// The status of a command that stopped early for `reason`: 128 + the signal (130 for SIGINT, 143
    /// for SIGTERM, 129 for SIGHUP).
    static func stopped(by reason: FinishReason) -> ExitCode { ExitCode(reason.exitStatus) }

    /// The status after a run, by the precedence in the type's comment.
    /// - Parameters:
    ///   - runStatus: What the run found: the results' status, or the baseline gate's.
    ///   - outputsWritten: Whether every report (and the baseline, when updated) was written.
    ///   - reason: Why the command stopped early (a signal), if it did.
    static func afterRun(_ runStatus: ExitCode, outputsWritten: Bool, stoppedBy reason: FinishReason?) -> ExitCode {
        if let reason { return stopped(by: reason) }
        if runStatus != conformant { return runStatus }
        return outputsWritten ? conformant : outputError
    }
}

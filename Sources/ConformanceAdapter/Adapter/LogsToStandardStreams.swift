/// Adopted by an adapter whose implementation logs with `print`, `debugPrint` or `NSLog` instead of
/// `SimulatedWebView.recordNativeLog(_:)`: while a case runs in process, the harness captures the
/// process's standard output and standard error, records each complete line as a native log line of the
/// case (`NSLog`'s date and process prefix removed), and writes everything it captured on to the
/// process's real standard error, so that nothing is lost.
///
/// ```swift
/// final class MyBridgeAdapter: BridgeAdapter, LogsToStandardStreams { ... }
/// ```
///
/// While such a case runs, whatever the whole process writes is that case's: run capturing tests on their
/// own (a serialized suite), not next to tests that print. Cases of capturing adapters run one at a time.
/// Out of process no adoption is needed: a testee's standard error is always its native log
/// (`spec/adapter-protocol.md`, ADP-16).
@MainActor
public protocol LogsToStandardStreams: BridgeAdapter {}

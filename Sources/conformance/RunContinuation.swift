import ConformanceKit
import Foundation
import StrictJSON

#if canImport(Glibc)
    import Glibc
#endif

/// A run that goes on in a fresh process after the engine stalled in one of its cases.
///
/// JavaScriptCore cannot stop a microtask chain that never ends (`EngineStallGuard`), so the thread running
/// the case is lost. The guard's handler writes the results of the cases that finished, and the stalled
/// case's own (a timeout, or a harness error when only the kit's scripts were running), to a file, ends
/// every testee process, and replaces the process with a fresh copy of the same command line, which finds
/// the file through `CONFORMANCE_CONTINUATION`, takes those results as its own, and runs the cases left.
/// The command line is the same, so every rerun command printed is too; standard output and standard error
/// carry on where they were.
struct RunContinuation: Codable {
    /// The environment variable naming the file.
    static let environmentKey = "CONFORMANCE_CONTINUATION"

    /// The command line of the run, which the successor must have too.
    var arguments: [String]
    /// The results so far, in run order; the last is the case that stalled.
    var results: [CaseResult]
    /// How many times the run has restarted.
    var restarts: Int
    /// The JS side `--js-side` gave, as the first process read it: a pipe (`/dev/stdin`, `<(...)`) gives it
    /// once, so the successor takes it from here rather than reading the path again.
    var javaScriptSide: String?

    /// The JS side this process read (`readJavaScriptSide`), for a successor.
    static let javaScriptSideRead = LockedValue<String?>(nil)

    /// The continuation this process was started with, if any: read once, its file removed, the variable
    /// cleared (so testees and later restarts do not see it). A file that cannot be read is reported and
    /// ignored: the run then starts from the beginning.
    static let inherited: RunContinuation? = {
        guard let path = ProcessInfo.processInfo.environment[environmentKey] else { return nil }
        unsetenv(environmentKey)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let continuation = try JSONValueDecoder.decode(RunContinuation.self, from: try JSONParser.parse(text))
            guard continuation.arguments == CommandLine.arguments else {
                printError("ignoring \(environmentKey): it continues another command line; running every case")
                return nil
            }
            return continuation
        } catch {
            printError("ignoring \(environmentKey) (\(path)): \(error); running every case")
            return nil
        }
    }()

    /// Hands the run on to a fresh process of the same command line; returns only when that cannot be
    /// done (after saying why), for the caller to finish another way.
    /// - Parameters:
    ///   - results: The results so far, the stalled case's last.
    ///   - previous: The continuation this process was started with.
    static func restart(with results: [CaseResult], after previous: RunContinuation?) {
        let continuation = RunContinuation(
            arguments: CommandLine.arguments, results: results, restarts: (previous?.restarts ?? 0) + 1,
            javaScriptSide: javaScriptSideRead.withLock { $0 })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conformance-continuation-\(getpid()).json"
        ).path
        do {
            let text = CanonicalJSON.encodeKeepingNonASCII(try JSONValueEncoder.encode(continuation))
            guard
                FileManager.default.createFile(
                    atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
            else {
                printError("cannot write \(path) to carry the run on")
                return
            }
        } catch {
            printError("cannot carry the run on: \(error)")
            return
        }
        setenv(environmentKey, path, 1)
        TesteeProcessGroups.endAll()
        fflush(nil)
        // Signals the watcher ignores stay ignored across exec until the successor watches them again, so
        // a Ctrl-C in between is not lost as a kill without reports.
        let executable = Self.executablePath
        var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
        execv(executable, &argv)
        let reason = String(cString: strerror(errno))
        unsetenv(environmentKey)
        try? FileManager.default.removeItem(atPath: path)
        printError("cannot restart \(executable) to carry the run on: \(reason)")
    }

    /// This program's file.
    private static var executablePath: String {
        #if os(Linux)
            return "/proc/self/exe"
        #else
            return Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }
}

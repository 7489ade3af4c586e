import ConformanceKit
import Foundation

/// One implementation's `conformance run` process in a `conformance compare`: its arguments, what it printed
/// and the results it wrote back.
struct ComparedRun: Sendable {
    /// What a finished process printed, and its exit status.
    struct Output: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The adapter as `run --adapter` takes it.
    let adapter: String
    /// The label the comparison names it by (`ComparedAdapter`).
    let label: String
    /// The profile it runs in.
    let profile: ProfileChoice
    /// The `conformance run` arguments, without the results file.
    let arguments: [String]
    /// Where the run writes its results (`--results-file`).
    let resultsFile: String
    /// What the process printed, once it ran.
    var output = Output(status: -1, standardOutput: "", standardError: "")
    /// The results it wrote; nil when it wrote none (it could not start, or was killed).
    var results: ComparisonResults?
    /// Whether its process started: false when the comparison stopped before its turn, or it could not.
    var wasStarted = false

    /// Where a sharded comparison's run writes its shard (`run --shard-file`), beside its results file.
    static func shardFile(besideResults resultsFile: String) -> String { resultsFile + ".shard" }

    /// Where this run writes its shard in a sharded comparison.
    var shardFile: String { Self.shardFile(besideResults: resultsFile) }

    init(adapter: ComparedAdapter, profile: ProfileChoice, arguments: [String], resultsFile: String) {
        self.adapter = adapter.argument
        label = adapter.label
        self.profile = profile
        self.arguments = arguments
        self.resultsFile = resultsFile
    }

    /// Runs every run, at most `jobs` at once, each to its end, telling `progress` as each starts and ends;
    /// returns them in the order given.
    static func runAll(_ runs: [ComparedRun], jobs: Int, progress: CompareProgress) -> [ComparedRun] {
        let finished = LockedValue<[Int: ComparedRun]>([:])
        let slots = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        for (index, run) in runs.enumerated() {
            slots.wait()
            group.enter()
            // A thread of its own: the wait for a process blocks it.
            Thread {
                var run = run
                progress.runWillStart(run, index: index)
                run.execute()
                progress.runDidFinish(run, index: index)
                finished.withLock { $0[index] = run }
                slots.signal()
                group.leave()
            }.start()
        }
        group.wait()
        return finished.withLock { done in runs.indices.compactMap { done[$0] } }
    }

    /// The exit status of a comparison: the worst of its runs' (a signal's, then 78, 64, 1, 74, then 0).
    static func worstStatus(_ statuses: [Int32]) -> Int32 {
        let order: [Int32] = [130, 143, 129, 78, 64, 1, 74]
        return order.first { statuses.contains($0) } ?? statuses.first { $0 != 0 } ?? 0
    }

    /// Starts `conformance run` (this same executable) in a process group of its own (`ChildRunGroups`),
    /// waits for it and reads its results. Does nothing when the comparison is stopping.
    private mutating func execute() {
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().path
        // Files, not pipes: a run's output can be megabytes, and nobody reads a pipe while the process runs.
        let outPath = resultsFile + ".out", errPath = resultsFile + ".err"
        let descriptors = [
            open("/dev/null", O_RDONLY | O_CLOEXEC), open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600),
            open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600),
        ]
        defer { for descriptor in descriptors where descriptor >= 0 { close(descriptor) } }
        func cannotStart(_ why: String) -> Output {
            Output(status: 78, standardOutput: "", standardError: "cannot start \(executable): \(why)")
        }
        guard !descriptors.contains(where: { $0 < 0 }) else {
            output = cannotStart("cannot open its output files: \(String(cString: strerror(errno)))")
            return
        }
        let words = [executable] + arguments + ["--results-file", resultsFile]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let started: pid_t?
        do {
            started = try ChildRunGroups.register {
                let (pid, code) = ChildProcessSpawn.spawn(
                    words, environment, standardStreams: descriptors, executable: executable)
                guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
                return pid
            }
        } catch {
            output = cannotStart("\(error)")
            return
        }
        guard let pid = started else { return }
        wasStarted = true
        // Exited, not yet reaped: the group is taken off the list while its number cannot be reused.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        ChildRunGroups.finished(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WTERMSIG, which Swift does not import as functions on every platform; a signal as a shell
        // reports it, 128 + the signal.
        let signal = status & 0x7F
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        output = Output(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, standardOutput: read(outPath),
            standardError: read(errPath))
        results = try? ComparisonResults.read(from: resultsFile)
    }
}

extension ComparedRun {
    /// The run as its files tell it, for a comparison finishing without waiting for it: its results and
    /// output so far, its status unknown (-1).
    func readingWhatItLeft() -> ComparedRun {
        var run = self
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        run.output = Output(
            status: -1, standardOutput: read(resultsFile + ".out"), standardError: read(resultsFile + ".err"))
        run.results = try? ComparisonResults.read(from: resultsFile)
        run.wasStarted = FileManager.default.fileExists(atPath: resultsFile + ".out")
        return run
    }
}

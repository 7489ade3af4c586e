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

    /// Starts `conformance run` (this same executable) and waits for it; reads its results.
    private mutating func execute() {
        let process = Process()
        process.executableURL = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath()
        process.arguments = arguments + ["--results-file", resultsFile]
        let outURL = URL(fileURLWithPath: resultsFile + ".out"), errURL = URL(fileURLWithPath: resultsFile + ".err")
        // Files, not pipes: a run's output can be megabytes, and nobody reads a pipe while the process runs.
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        do {
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
            process.currentDirectoryURL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            try process.run()
            process.waitUntilExit()
        } catch {
            output = Output(
                status: 78, standardOutput: "",
                standardError: "cannot start \(process.executableURL?.path ?? "conformance"): \(error)")
            return
        }
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        output = Output(status: process.terminationStatus, standardOutput: read(outURL), standardError: read(errURL))
        results = try? ComparisonResults.read(from: resultsFile)
    }
}

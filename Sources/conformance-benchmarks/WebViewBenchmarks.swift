import Foundation

/// The catalogue on each web view: `conformance run --adapter reference --web-view simulated|webkitgtk
/// --explore 0` as a process, its wall time and each case's time from the JSON report; then the WebKitGTK run split
/// over the cores by the kit's sharding (`run --shard K/N` in parallel, then `merge`), with its verdicts compared to
/// the simulated run's. The WebKitGTK lines need the kit built with `CONFORMANCE_WEBKITGTK=1` and a display
/// (`scripts/webkitgtk-run` gives both; docs/real-webkit.md).
enum WebViewBenchmarks {
    /// One web view's run: its wall time and the JSON report it wrote.
    private struct Run {
        var seconds: Double
        var report: [String: Any]
    }

    /// Prints, for each web view, the run's wall time and the median, 90th percentile and slowest case; then the
    /// sharded WebKitGTK run.
    static func run() {
        guard let executable = Benchmarks.siblingExecutable("conformance") else {
            print("  web views: skipped, build conformance first (swift build -c release)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conformance-benchmarks-web-view-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return print("  web views: cannot make \(folder.path): \(error)")
        }
        var simulated: Run?
        for webView in ["simulated", "webkitgtk"] {
            let report = folder.appendingPathComponent("\(webView).json").path
            // The catalogue alone on both: a run of every case on the simulated web view explores 100 programs by
            // default, which the WebKitGTK run does not.
            let arguments = [
                "run", "--adapter", "reference", "--web-view", webView, "--explore", "0", "--report", "json:" + report,
            ]
            guard let run = timedRun(executable, [arguments], reportPath: report, label: webView) else { continue }
            printTimes(webView, run)
            if let simulated { print("    " + compareVerdicts(run.report, with: simulated.report)) }
            if webView == "simulated" { simulated = run }
        }
        let shards = ProcessInfo.processInfo.activeProcessorCount
        guard shards > 1 else { return }
        let shardFiles = (1...shards).map { folder.appendingPathComponent("shard-\($0).json").path }
        let merged = folder.appendingPathComponent("merged.json").path
        let shardRuns = shardFiles.enumerated().map { index, file in
            [
                "run", "--adapter", "reference", "--web-view", "webkitgtk", "--explore", "0", "--shard",
                "\(index + 1)/\(shards)", "--shard-file", file,
            ]
        }
        let label = "webkitgtk, \(shards) shards in parallel, then merge"
        guard
            let run = timedRun(
                executable, shardRuns, then: ["merge"] + shardFiles + ["--report", "json:" + merged],
                reportPath: merged,
                label: label)
        else { return }
        printTimes(label, run)
        if let simulated { print("    " + compareVerdicts(run.report, with: simulated.report)) }
    }

    /// Runs the `conformance` processes of `parallel` side by side, then `then` after them; times the whole.
    /// - Returns: The time and the report at `reportPath`; nil after printing why when a process failed.
    private static func timedRun(
        _ executable: URL, _ parallel: [[String]], then: [String]? = nil, reportPath: String, label: String
    ) -> Run? {
        let start = DispatchTime.now()
        let processes = parallel.map { arguments in process(executable, arguments) }
        for process in processes {
            do {
                try process.run()
            } catch {
                processes.filter(\.isRunning).forEach { $0.terminate() }
                print("  \(label): cannot start \(executable.path): \(error)")
                return nil
            }
        }
        processes.forEach { $0.waitUntilExit() }
        var statuses = processes.map(\.terminationStatus)
        if let then, statuses.allSatisfy({ $0 == 0 }) {
            let last = process(executable, then)
            do {
                try last.run()
            } catch {
                print("  \(label): cannot start \(executable.path): \(error)")
                return nil
            }
            last.waitUntilExit()
            statuses.append(last.terminationStatus)
        }
        let seconds = Benchmarks.seconds(since: start)
        guard statuses.allSatisfy({ $0 == 0 }), let report = readReport(reportPath) else {
            print(
                "  \(label): exit \(statuses.map(String.init).joined(separator: ", ")), no timings (WebKitGTK: build with CONFORMANCE_WEBKITGTK=1 and run under xvfb-run -a; scripts/webkitgtk-run)"
            )
            return nil
        }
        return Run(seconds: seconds, report: report)
    }

    private static func process(_ executable: URL, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    private static func printTimes(_ label: String, _ run: Run) {
        let sorted = caseTimes(in: run.report).sorted()
        guard !sorted.isEmpty else { return print("  \(label): no case timed") }
        print(
            String(
                format: "  %@: %.2f s wall, %d cases timed, per case: median %.1f ms, p90 %.1f ms, max %.1f ms",
                label, run.seconds, sorted.count, sorted[sorted.count / 2] * 1000, sorted[sorted.count * 9 / 10] * 1000,
                sorted[sorted.count - 1] * 1000))
    }

    private static func readReport(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Each case's verdict in a JSON report, by id.
    private static func verdicts(in report: [String: Any]) -> [String: String] {
        let cases = report["cases"] as? [[String: Any]] ?? []
        return Dictionary(
            cases.compactMap { entry in
                (entry["id"] as? String).flatMap { id in (entry["verdict"] as? String).map { (id, $0) } }
            }, uniquingKeysWith: { first, _ in first })
    }

    /// How the verdicts of a real web view's run compare with the simulated run's, leaving out the cases not
    /// applicable on the real one (they need the simulation).
    private static func compareVerdicts(_ real: [String: Any], with simulated: [String: Any]) -> String {
        let real = verdicts(in: real), simulated = verdicts(in: simulated)
        let compared = real.filter { $0.value != "not-applicable" }
        let differing = compared.filter { simulated[$0.key] != $0.value }.keys.sorted()
        return
            "verdicts: the same as the simulated run's in \(compared.count - differing.count) of \(compared.count) cases"
            + (differing.isEmpty ? "" : "; differing: " + differing.joined(separator: ", "))
    }

    /// Each case's duration in a JSON report, leaving out cases not applicable on the web view.
    private static func caseTimes(in report: [String: Any]) -> [Double] {
        let cases = report["cases"] as? [[String: Any]] ?? []
        return cases.compactMap { entry -> Double? in
            guard entry["verdict"] as? String != "not-applicable" else { return nil }
            return entry["durationSeconds"] as? Double
        }
    }
}

import Foundation

/// The catalogue on each web view: `conformance run --adapter reference --web-view simulated|webkitgtk` as a
/// process, its wall time and each case's time from the JSON report. The WebKitGTK line needs the kit built with
/// `CONFORMANCE_WEBKITGTK=1` and a display (`scripts/webkitgtk-run` gives both; docs/real-webkit.md).
enum WebViewBenchmarks {
    /// Prints, for each web view, the run's wall time and the median, 90th percentile and slowest case.
    static func run() {
        guard let executable = Benchmarks.siblingExecutable("conformance") else {
            print("  web views: skipped, build conformance first (swift build -c release)")
            return
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conformance-benchmarks-web-view-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: report) }
        for webView in ["simulated", "webkitgtk"] {
            let process = Process()
            process.executableURL = executable
            process.arguments = [
                "run", "--adapter", "reference", "--web-view", webView, "--report", "json:" + report.path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = DispatchTime.now()
            do {
                try process.run()
            } catch {
                return print("  web views: cannot start \(executable.path): \(error)")
            }
            process.waitUntilExit()
            let wall = Benchmarks.seconds(since: start)
            guard process.terminationStatus == 0, let times = caseTimes(in: report) else {
                print(
                    "  \(webView): exit \(process.terminationStatus), no timings (WebKitGTK: build with CONFORMANCE_WEBKITGTK=1 and run under xvfb-run -a; scripts/webkitgtk-run)"
                )
                continue
            }
            let sorted = times.sorted()
            print(
                String(
                    format: "  %@: %.2f s wall, %d cases timed, per case: median %.1f ms, p90 %.1f ms, max %.1f ms",
                    webView, wall, sorted.count, sorted[sorted.count / 2] * 1000, sorted[sorted.count * 9 / 10] * 1000,
                    sorted[sorted.count - 1] * 1000))
        }
    }

    /// Each case's duration in a JSON report, leaving out cases not applicable on the web view.
    private static func caseTimes(in report: URL) -> [Double]? {
        guard let data = try? Data(contentsOf: report),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = document["cases"] as? [[String: Any]]
        else { return nil }
        let times = cases.compactMap { entry -> Double? in
            guard entry["verdict"] as? String != "not-applicable" else { return nil }
            return entry["durationSeconds"] as? Double
        }
        return times.isEmpty ? nil : times
    }
}

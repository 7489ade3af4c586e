import Foundation

/// `conformance run --adapter reference` as a whole process: start-up, fixture loading, the catalogue and
/// the reports, the way a CI job pays for it.
enum ProcessBenchmarks {
    /// Runs.
    static let runs = 10

    /// Prints the median of `runs` runs of the `conformance` executable built next to this one, and that
    /// time projected to the grown catalogue from the in-process times, when they were measured.
    /// - Parameter inProcess: The in-process times of the catalogue and of the grown catalogue.
    @MainActor
    static func run(inProcess: (catalogue: Double, grown: Double)?) async {
        guard let executable = Benchmarks.siblingExecutable("conformance") else {
            print("  conformance run as a process: skipped, build conformance first (swift build -c release)")
            return
        }
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conformance-benchmarks-\(getpid())")
        try? FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: reports) }
        let arguments = [
            "run", "--adapter", "reference", "--report", "json:" + reports.appendingPathComponent("report.json").path,
            "--report", "junit:" + reports.appendingPathComponent("report.xml").path,
        ]
        var times: [Double] = []
        for _ in 0..<runs {
            guard let seconds = timeProcess(executable, arguments) else { return }
            times.append(seconds)
        }
        let median = times.sorted()[runs / 2]
        Benchmarks.report(
            "`conformance run --adapter reference` as a process, JSON and JUnit reports written, median of \(runs)",
            median, budget: nil)
        compareFourOutOfProcess(executable, reports: reports)
        guard let inProcess else {
            print("  (run the `catalogue` section too for the time at \(Benchmarks.grownCatalogueSize) cases)")
            return
        }
        let projected = median + inProcess.grown - inProcess.catalogue
        Benchmarks.report(
            "the same at \(Benchmarks.grownCatalogue().count) cases (the process plus the grown catalogue's extra time in process)",
            projected, budget: 1.2)
    }

    /// Four out-of-process adapters (the reference testee, four times under distinct commands): one
    /// `conformance compare` against four `conformance run`s one after the other, best of 3 each.
    private static func compareFourOutOfProcess(_ executable: URL, reports: URL) {
        guard let testees = Benchmarks.siblingExecutable("conformance-testees") else {
            print("  compare: skipped, build conformance-testees first (swift build -c release)")
            return
        }
        let adapters = (1...4).map { "env CONFORMANCE_BENCHMARK_TESTEE=\($0) '\(testees.path)' reference" }
        let html = reports.appendingPathComponent("compare.html").path
        var compare: [Double] = [], sequential: [Double] = []
        for _ in 0..<3 {
            guard
                let together = timeProcess(
                    executable, ["compare", "--report", "html:" + html] + adapters.flatMap { ["--adapter", $0] })
            else { return }
            compare.append(together)
            var apart = 0.0
            for adapter in adapters {
                guard let seconds = timeProcess(executable, ["run", "--adapter", adapter]) else { return }
                apart += seconds
            }
            sequential.append(apart)
        }
        Benchmarks.report(
            "four out-of-process adapters: `conformance compare` (\(ProcessInfo.processInfo.activeProcessorCount) jobs, one HTML report), best of 3",
            compare.min()!, budget: nil)
        Benchmarks.report(
            "the same four as `conformance run`s one after the other, best of 3", sequential.min()!, budget: nil)
    }

    /// Seconds from launch to exit; nil (and a message) when it cannot start or fails.
    private static func timeProcess(_ executable: URL, _ arguments: [String]) -> Double? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let start = DispatchTime.now()
        do {
            try process.run()
        } catch {
            print("  conformance run as a process: cannot start \(executable.path): \(error)")
            return nil
        }
        exited.wait()
        let seconds = Benchmarks.seconds(since: start)
        guard process.terminationStatus == 0 else {
            print("  conformance run as a process: exited \(process.terminationStatus); run it by hand to see why")
            return nil
        }
        return seconds
    }
}

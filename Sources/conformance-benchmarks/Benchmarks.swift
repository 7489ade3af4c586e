import ConformanceKit
import Foundation
import ReferenceBridge
import ReferenceBridgeCore
import ReferenceOracle

/// Measures the kit against its budgets and prints each budget beside its measurement. Run it in release:
///
///     swift run -c release conformance-benchmarks [catalogue] [cases] [process] [messages] [out-of-process] [escaper] [explore] [explore-mutants] [mutation] [native-mutation] [fix-first] [webkitgtk]
///
/// Without arguments every section runs. Prints wall times; it asserts nothing (budgets are checked by
/// reading, never by a timed test).
@main
enum Benchmarks {
    /// The sections, in the order they run.
    static let sections = [
        "catalogue", "cases", "process", "messages", "out-of-process", "escaper", "explore", "container",
    ]
    /// Sections that run only when asked for: they take minutes, or need WebKitGTK and a display.
    static let optionalSections = ["explore-mutants", "mutation", "native-mutation", "fix-first", "webkitgtk"]

    /// The catalogue size the budgets are set at: the catalogue will grow, and they must hold when it has.
    static let grownCatalogueSize = 150

    static func main() {
        let asked = Array(CommandLine.arguments.dropFirst())
        if let unknown = asked.first(where: { !sections.contains($0) && !optionalSections.contains($0) }) {
            print(
                "unknown section `\(unknown)`; the sections are: \((sections + optionalSections).joined(separator: ", "))"
            )
            exit(2)
        }
        MainQueuePump.run { await runAll(asked.isEmpty ? sections : asked) }
    }

    @MainActor
    static func runAll(_ chosen: [String]) async {
        print(
            "conformance benchmarks (\(isOptimized ? "release" : "DEBUG: numbers are not meaningful")), \(Catalogue.all.count) cases"
        )
        let runner: ConformanceRunner
        do {
            runner = try ConformanceRunner(configuration: .init(javaScriptSideUnderTest: true))
        } catch {
            print("cannot start the harness: \(error)")
            return
        }
        _ = await runner.run(Catalogue.all) { ReferenceBridgeAdapter() }  // warm up
        var catalogueTimes: (catalogue: Double, grown: Double)?
        for section in chosen {
            switch section {
            case "catalogue": catalogueTimes = await benchmarkCatalogue(runner)
            case "cases": await benchmarkCases(runner)
            case "process": await ProcessBenchmarks.run(inProcess: catalogueTimes)
            case "messages": await MessageBenchmarks.run(runner)
            case "out-of-process": await benchmarkOutOfProcess(runner)
            case "explore": await ExploreBenchmarks.run()
            case "container": await ContainerBenchmarks.run()
            case "explore-mutants": await ExploreMutantStudy.run()
            case "mutation": await MechanicalMutationBenchmark.run()
            case "native-mutation": await MechanicalMutationBenchmark.runNative()
            case "fix-first": await FixFirstStudy.run()
            case "webkitgtk": WebViewBenchmarks.run()
            default: benchmarkEscaper()
            }
        }
    }

    /// The whole catalogue in process, a fresh page per case, best of five; and the catalogue repeated up
    /// to at least `grownCatalogueSize` cases, where the budget is set. Returns both times.
    @MainActor
    static func benchmarkCatalogue(_ runner: ConformanceRunner) async -> (catalogue: Double, grown: Double) {
        let catalogue = await best(of: 5) {
            let results = await runner.run(Catalogue.all) { ReferenceBridgeAdapter() }
            // Cases for another dialect's capabilities are not applicable to the reference; none may fail.
            let unclean = results.filter { $0.verdict.category != .clean }.map { "\($0.caseID): \($0.verdict)" }
            precondition(unclean.isEmpty, "the reference must pass: \(unclean)")
        }
        report(
            "whole catalogue in process (\(Catalogue.all.count) cases, a fresh page each), best of 5", catalogue,
            budget: nil)
        let grown = grownCatalogue()
        let grownSeconds = await best(of: 5) { _ = await runner.run(grown) { ReferenceBridgeAdapter() } }
        report(
            "the catalogue repeated to \(grown.count) cases (the budget's size, >= \(grownCatalogueSize)), best of 5",
            grownSeconds, budget: 1.0)
        return (catalogue, grownSeconds)
    }

    /// The catalogue, then its cases again from the start, until there are at least `grownCatalogueSize`.
    static func grownCatalogue() -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        while cases.count < grownCatalogueSize { cases += Catalogue.all }
        return cases
    }

    /// Each case on its own, best of five: the median and the five slowest.
    @MainActor
    static func benchmarkCases(_ runner: ConformanceRunner) async {
        var times: [(id: String, seconds: Double)] = []
        for conformanceCase in Catalogue.all {
            let seconds = await best(of: 5) { _ = await runner.run(conformanceCase) { ReferenceBridgeAdapter() } }
            times.append((conformanceCase.id, seconds))
        }
        let sorted = times.sorted { $0.seconds > $1.seconds }
        let median = sorted[sorted.count / 2].seconds
        print(
            String(
                format: "  one case, best of 5: median %.2f ms  (budget 4 ms: %@); the five slowest:", 1000 * median,
                median <= 0.004 ? "ok" : "OVER"))
        for (id, seconds) in sorted.prefix(5) { print(String(format: "    %7.2f ms  %@", 1000 * seconds, id)) }
    }

    /// The catalogue against the reference served by `conformance-testees` (built next to this
    /// executable), side by side: a fresh process per case (mostly process start-up), and one process
    /// kept for the run, a fresh adapter and page in it per case (ADP-17). Each mode runs twice and the
    /// faster run counts, so a busy moment of the machine does not decide the comparison.
    @MainActor
    static func benchmarkOutOfProcess(_ runner: ConformanceRunner) async {
        guard let testees = siblingExecutable("conformance-testees") else {
            print("  out of process: skipped, build conformance-testees first (swift build -c release)")
            return
        }
        let configuration = ProcessBridgeAdapter.Configuration(command: "'\(testees.path)' reference")
        let modes: [(label: String, persistent: Bool)] = [
            ("a fresh process per case", false), ("one process for the run", true),
        ]
        for (label, persistent) in modes {
            var count = 0
            let seconds = await best(of: 2) {
                let testee = persistent ? PersistentTestee(configuration: configuration) : nil
                let results = await runner.run(Catalogue.all) {
                    if let testee {
                        try ProcessBridgeAdapter(persistent: testee)
                    } else {
                        try ProcessBridgeAdapter(configuration: configuration)
                    }
                }
                testee?.close()
                count = results.count
                precondition(
                    results.allSatisfy { $0.verdict.category == .clean },
                    "the reference must pass out of process (\(label))")
            }
            let perCase = seconds / Double(count)
            let budget = persistent ? String(format: "  (budget 10 ms: %@)", perCase <= 0.010 ? "ok" : "OVER") : ""
            print(
                String(
                    format: "  whole catalogue out of process, %@, best of 2: %.3f s, %.1f ms per case", label, seconds,
                    1000 * perCase) + budget)
        }
    }

    static func benchmarkEscaper() {
        let unit = "abc'\"\\\n\u{2028}😀 payload text "
        let payload = String(repeating: unit, count: (16 << 20) / unit.utf16.count)
        var start = DispatchTime.now()
        let onePass = MessageEscaper.escapeForSingleQuotedLiteral(payload)
        let onePassTime = seconds(since: start)
        start = DispatchTime.now()
        let chain = ReplacementChain.escape(payload)
        let chainTime = seconds(since: start)
        precondition(onePass == chain, "the one-pass escaper and the replacement chain disagree")
        report("escaper, one pass over \(payload.utf16.count >> 20) Mi UTF-16 units", onePassTime, budget: nil)
        report("escaper, chain of eight replace-all passes", chainTime, budget: nil)
        let half = String(payload.prefix(payload.count / 2))
        start = DispatchTime.now()
        _ = MessageEscaper.escapeForSingleQuotedLiteral(half)
        let halfTime = seconds(since: start)
        print(
            String(
                format: "  escaper scaling: half the input took %.0f%% of the time (linear: ~50%%)",
                100 * halfTime / onePassTime))
    }

    // MARK: Helpers

    /// The fastest of `rounds` runs of `body`, in seconds.
    @MainActor
    static func best(of rounds: Int, _ body: @MainActor () async -> Void) async -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now()
            await body()
            best = min(best, seconds(since: start))
        }
        return best
    }

    /// An executable built next to this one, if it is there.
    static func siblingExecutable(_ name: String) -> URL? {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    static func report(_ label: String, _ seconds: Double, budget: Double?) {
        let verdict = budget.map { seconds <= $0 ? "  (budget \($0) s: ok)" : "  (budget \($0) s: OVER)" } ?? ""
        print(String(format: "  %@: %.3f s", label, seconds) + verdict)
    }

    static var isOptimized: Bool {
        #if DEBUG
            return false
        #else
            return true
        #endif
    }
}

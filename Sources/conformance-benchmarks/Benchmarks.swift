import ConformanceKit
import Foundation
import ReferenceBridge
import ReferenceBridgeCore

/// Measures the kit against the budgets in the design notes. Run it in release:
///
///     swift run -c release conformance-benchmarks
///
/// Prints wall times; it asserts nothing (budgets are checked by reading, never by a timed test).
@main
enum Benchmarks {
    static func main() {
        MainQueuePump.run { await runAll() }
    }

    @MainActor
    static func runAll() async {
        print("conformance benchmarks (\(isOptimized ? "release" : "DEBUG: numbers are not meaningful"))")
        do {
            let runner = try ConformanceRunner(configuration: .init(javaScriptSideUnderTest: true))
            if CommandLine.arguments.dropFirst().first == "messages" {
                await MessageBenchmarks.run(runner)
                return
            }
            _ = await runner.run(Catalogue.all) { ReferenceBridgeAdapter() }  // warm up
            let rounds = 5
            var best = Double.infinity
            for _ in 0..<rounds {
                let start = DispatchTime.now()
                let results = await runner.run(Catalogue.all) { ReferenceBridgeAdapter() }
                best = min(best, seconds(since: start))
                precondition(results.allSatisfy { $0.verdict == .pass }, "the reference must pass")
            }
            report("full catalogue (\(Catalogue.all.count) cases, fresh page each), best of \(rounds)", best, budget: 2.0)
            await benchmarkCases(runner)
            await MessageBenchmarks.run(runner)
            await benchmarkOutOfProcess(runner)
        } catch {
            print("cannot start the harness: \(error)")
        }
        benchmarkEscaper()
    }

    /// Each case on its own, best of five: the median and the five slowest.
    @MainActor
    static func benchmarkCases(_ runner: ConformanceRunner) async {
        var times: [(id: String, seconds: Double)] = []
        for conformanceCase in Catalogue.all {
            var best = Double.infinity
            for _ in 0..<5 {
                let start = DispatchTime.now()
                _ = await runner.run(conformanceCase) { ReferenceBridgeAdapter() }
                best = min(best, seconds(since: start))
            }
            times.append((conformanceCase.id, best))
        }
        let sorted = times.sorted { $0.seconds > $1.seconds }
        let median = sorted[sorted.count / 2].seconds
        print(String(format: "  per case, best of 5: median %.2f ms (budget 4 ms: %@); slowest:", 1000 * median, median <= 0.004 ? "ok" : "OVER"))
        for (id, seconds) in sorted.prefix(5) { print(String(format: "    %7.2f ms  %@", 1000 * seconds, id)) }
    }

    /// The catalogue against the reference served by `conformance-testees` (built next to this
    /// executable), side by side: a fresh process per case (mostly process start-up), and one process
    /// kept for the run, a fresh adapter and page in it per case (ADP-17). Each mode runs twice and the
    /// faster run counts, so a busy moment of the machine does not decide the comparison.
    @MainActor
    static func benchmarkOutOfProcess(_ runner: ConformanceRunner) async {
        let testees = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("conformance-testees")
        guard FileManager.default.isExecutableFile(atPath: testees.path) else {
            print("  out of process: skipped, build conformance-testees first (swift build -c release)")
            return
        }
        let configuration = ProcessBridgeAdapter.Configuration(command: "'\(testees.path)' reference")
        let modes: [(label: String, persistent: Bool)] = [("a fresh process per case", false), ("one process for the run", true)]
        for (label, persistent) in modes {
            var best = Double.infinity
            var count = 0
            for _ in 0..<2 {
                let testee = persistent ? PersistentTestee(configuration: configuration) : nil
                let start = DispatchTime.now()
                let results = await runner.run(Catalogue.all) {
                    if let testee { try ProcessBridgeAdapter(persistent: testee) } else { try ProcessBridgeAdapter(configuration: configuration) }
                }
                testee?.close()
                best = min(best, seconds(since: start))
                count = results.count
                precondition(results.allSatisfy { $0.verdict == .pass || $0.verdict == .notApplicable }, "the reference must pass out of process (\(label))")
            }
            report("full catalogue out of process, \(label), best of 2", best, budget: nil)
            let perCase = best / Double(count)
            let budget = persistent ? String(format: " (budget 10 ms: %@)", perCase <= 0.010 ? "ok" : "OVER") : ""
            print(String(format: "  out of process, %@: %.1f ms per case", label, 1000 * perCase) + budget)
        }
    }

    static func benchmarkEscaper() {
        let unit = "abc'\"\\\n\u{2028}😀 payload text "
        let payload = String(repeating: unit, count: (16 << 20) / unit.utf16.count)
        var start = DispatchTime.now()
        let onePass = MessageEscaper.escapeForSingleQuotedLiteral(payload)
        let onePassTime = seconds(since: start)
        start = DispatchTime.now()
        let chain = MessageEscaper.escapeByReplacementChain(payload)
        let chainTime = seconds(since: start)
        precondition(onePass == chain, "the one-pass escaper and the replacement chain disagree")
        report("escaper, one pass over \(payload.utf16.count >> 20) Mi UTF-16 units", onePassTime, budget: nil)
        report("escaper, chain of eight replace-all passes", chainTime, budget: nil)
        let half = String(payload.prefix(payload.count / 2))
        start = DispatchTime.now()
        _ = MessageEscaper.escapeForSingleQuotedLiteral(half)
        let halfTime = seconds(since: start)
        print(String(format: "  escaper scaling: half the input took %.0f%% of the time (linear: ~50%%)", 100 * halfTime / onePassTime))
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

import BridgeMutants
import ConformanceKit
import Foundation
import WireDialects

/// `conformance-benchmarks mutation`: every mechanical mutant (`MechanicalMutator`) of the kit's JS sides and
/// page setup snippets, canonical and wkwvjb, against the catalogue in the script's profile, and of the
/// reference's native core and glue, each built into an out-of-process testee (`NativeMutantWorkspace`) and
/// run in both profiles; for those no case catches, a seeded exploration. Prints the score per file and
/// operator and every mutant the catalogue let through. Not part of the default run: it takes minutes.
enum MechanicalMutationBenchmark {
    /// Programs explore runs against a mutant no case catches.
    static let explorePrograms = 300

    /// The scripts mutated: what they are, which file, in which dialect.
    static let scripts: [(MechanicalMutationStudy.Subject, String, WireDialect)] = [
        (.javaScriptSide, "Fixtures/js/WebViewJavascriptBridge.js", .canonical),
        (.pageSetup, "Fixtures/js/page-setup.js", .canonical),
        (.javaScriptSide, "Fixtures/js/wkwvjb/WKWebViewJavascriptBridge.js", .wkwvjb),
        (.pageSetup, "Fixtures/js/wkwvjb/page-setup.js", .wkwvjb),
    ]

    @MainActor
    static func run() async {
        var all: [MechanicalMutationStudy.Outcome] = []
        for (subject, file, dialect) in scripts {
            do {
                let source =
                    subject == .javaScriptSide
                    ? try ConformanceRunner.referenceJavaScriptSide(in: dialect)
                    : try ConformanceRunner.referencePageSetup(in: dialect)
                all += try await study(subject, file: file, source: source, dialect: dialect)
            } catch {
                print("  cannot run the mechanical mutants of \(file): \(error)")
            }
        }
        print("  every script: \(score(all))")
        await runNative()  // alone: `native-mutation`
    }

    /// Programs explore runs against a native mutant no case catches: out of process, each costs a testee round
    /// trip per step.
    static let nativeExplorePrograms = 100

    /// The testee's runs a native mutant goes through, in order, until one's catalogue kills it: each profile
    /// with WKWebView's asynchronous evaluation, then the canonical one with UIWebView's synchronous evaluation
    /// (the wkwvjb dialect is WKWebView's: synchronous evaluation does not occur there).
    static let runs: [(WireDialect, synchronous: Bool)] = [(.canonical, false), (.wkwvjb, false), (.canonical, true)]

    /// The native core's and the glue's mechanical mutants, each built into `reference-testee` in a copy of
    /// the package and judged in each of `runs` until one kills it.
    @MainActor
    static func runNative() async {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let workspace: NativeMutantWorkspace
        do {
            workspace = try NativeMutantWorkspace(copying: root, removingOnSignals: true)
        } catch {
            print("  cannot build the native side's mutants: \(error)")
            return
        }
        var all: [MechanicalMutationStudy.Outcome] = [], stillborn = 0
        for path in NativeMutantWorkspace.mutatedSources {
            guard let source = workspace.original(of: path) else { continue }
            do {
                _ = try workspace.build(nil, at: path)
                var studies: [(label: String, study: MechanicalMutationStudy)] = []
                for (dialect, synchronous) in runs {
                    let study = try await MechanicalMutationStudy(
                        .nativeSide(testee: workspace.testeeCommand(dialect: dialect.name, synchronous: synchronous)),
                        original: source, dialect: dialect, cases: Catalogue.all,
                        explorePrograms: nativeExplorePrograms)
                    studies.append((dialect.name + (synchronous ? " sync" : ""), study))
                }
                let name = path.split(separator: "/").last.map(String.init) ?? path
                let mutants = MechanicalMutator(source: source, file: name, language: .swift).mutants()
                print(
                    "  \(path): \(mutants.count) mechanical mutants, each built, against \(Catalogue.all.count) cases out of process in \(runs.count) runs, then \(nativeExplorePrograms) explore programs"
                )
                var outcomes: [MechanicalMutationStudy.Outcome] = [], lines: [String] = []
                let clock = ContinuousClock(), start = clock.now
                for mutant in mutants {
                    guard try workspace.build(mutant.source, at: path) else {
                        stillborn += 1
                        continue
                    }
                    // The first run's outcome, unless a later run's catalogue kills what it let through.
                    var outcome = try await studies[0].study.outcome(of: mutant)
                    for (label, study) in studies.dropFirst() where !outcome.isKilled {
                        let later = try await study.outcome(of: mutant)
                        if case .killedByCatalogue(let caseID, let verdict, let clause) = later {
                            outcome = .killedByCatalogue(
                                caseID: label + ": " + caseID, verdict: verdict, clause: clause)
                        }
                    }
                    outcomes.append(outcome)
                    if let line = notCaughtLine(mutant, outcome) { lines.append(line) }
                }
                _ = try workspace.build(nil, at: path)
                print("    all: \(score(outcomes)) (\(start.duration(to: clock.now)))")
                lines.forEach { print($0) }
                all += outcomes
            } catch {
                print("  cannot run the native mutants of \(path): \(error)")
            }
        }
        print("  the native side: \(score(all)); \(stillborn) did not compile (not counted)")
    }

    /// The line of a mutant the catalogue let through; nil for one it caught.
    private static func notCaughtLine(_ mutant: MechanicalMutant, _ outcome: MechanicalMutationStudy.Outcome)
        -> String?
    {
        let what: String
        switch outcome {
        case .killedByCatalogue: return nil
        case let .survived(caseID, difference): what = "SURVIVED (\(caseID), \(difference))"
        case let .killedByExplore(programs, clause):
            what = "killed by explore in \(programs) programs, citing \(clause ?? "no clause")"
        case .equivalentOnCatalogue: what = "equivalent on the catalogue"
        }
        return "    \(mutant.id): \(mutant.change): \(what)"
    }

    @MainActor
    private static func study(
        _ subject: MechanicalMutationStudy.Subject, file: String, source: String, dialect: WireDialect
    ) async throws -> [MechanicalMutationStudy.Outcome] {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let mutants = MechanicalMutator(source: source, file: name).mutants()
        let study = try await MechanicalMutationStudy(
            subject, original: source, dialect: dialect, cases: Catalogue.all, explorePrograms: explorePrograms)
        print(
            "  \(file) (\(dialect.name)): \(mutants.count) mechanical mutants, against \(Catalogue.all.count) cases, then \(explorePrograms) explore programs"
        )
        var byOperator: [MutationOperator: [MechanicalMutationStudy.Outcome]] = [:]
        // Every mutant the catalogue let through: explore's finds, the equivalent ones, the survivors.
        var notCaught: [(MechanicalMutant, MechanicalMutationStudy.Outcome)] = []
        let clock = ContinuousClock(), start = clock.now
        for mutant in mutants {
            let outcome = try await study.outcome(of: mutant)
            byOperator[mutant.mutationOperator, default: []].append(outcome)
            if case .killedByCatalogue = outcome { continue }
            notCaught.append((mutant, outcome))
        }
        for mutationOperator in MutationOperator.allCases {
            guard let outcomes = byOperator[mutationOperator] else { continue }
            print("    \(mutationOperator.rawValue): \(score(outcomes))")
        }
        let outcomes = byOperator.values.flatMap { $0 }
        print("    all: \(score(outcomes)) (\(start.duration(to: clock.now)))")
        for (mutant, outcome) in notCaught {
            if let line = notCaughtLine(mutant, outcome) { print(line) }
        }
        return outcomes
    }

    private static func score(_ outcomes: [MechanicalMutationStudy.Outcome]) -> String {
        let catalogue = outcomes.filter { if case .killedByCatalogue = $0 { true } else { false } }.count
        let explore = outcomes.filter { if case .killedByExplore = $0 { true } else { false } }.count
        let equivalent = outcomes.filter { $0 == .equivalentOnCatalogue }.count
        let survived = outcomes.count - catalogue - explore - equivalent
        let judged = outcomes.count - equivalent
        let percent = judged == 0 ? 100 : Double(catalogue + explore) * 100 / Double(judged)
        return
            "\(outcomes.count) generated, \(catalogue) killed by the catalogue, \(explore) by explore, \(equivalent) equivalent on the catalogue, \(survived) survived: \(String(format: "%.1f", percent))% of the non-equivalent killed"
    }
}

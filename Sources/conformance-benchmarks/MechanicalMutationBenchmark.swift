import BridgeMutants
import ConformanceKit
import Foundation
import WireDialects

/// `conformance-benchmarks mutation`: every mechanical mutant (`MechanicalMutator`) of the kit's JS sides and
/// page setup snippets, canonical and wkwvjb, against the catalogue in the script's profile and, for those no
/// case catches, a seeded exploration; prints the score per script and operator and every mutant the catalogue
/// let through. Not part of the default run: it takes minutes.
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
            let what: String
            switch outcome {
            case let .survived(caseID, difference): what = "SURVIVED (\(caseID), \(difference))"
            case let .killedByExplore(programs, clause):
                what = "killed by explore in \(programs) programs, citing \(clause ?? "no clause")"
            case .killedByCatalogue, .equivalentOnCatalogue: what = "equivalent on the catalogue"
            }
            print("    \(mutant.id): \(mutant.change): \(what)")
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

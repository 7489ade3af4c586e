import BridgeMutants
import ConformanceKit
import Foundation

/// `conformance-benchmarks mutation`: every mechanical mutant of the kit's canonical JS side
/// (`JavaScriptMutator`) against the catalogue and, for those no case catches, a seeded exploration; prints
/// the score per operator and every mutant the kit did not catch. Not part of the default run: it takes
/// minutes.
enum MechanicalMutationBenchmark {
    /// Programs explore runs against a mutant no case catches.
    static let explorePrograms = 300

    @MainActor
    static func run() async {
        do {
            let source = try ConformanceRunner.referenceJavaScriptSide(in: .canonical)
            let mutants = JavaScriptMutator(source: source, file: "WebViewJavascriptBridge.js").mutants()
            let study = try await MechanicalMutationStudy(
                javaScriptSide: source, cases: Catalogue.all, explorePrograms: explorePrograms)
            print(
                "  mechanical mutants of Fixtures/js/WebViewJavascriptBridge.js: \(mutants.count), against \(Catalogue.all.count) cases, then \(explorePrograms) explore programs"
            )
            var byOperator: [JavaScriptMutationOperator: [MechanicalMutationStudy.Outcome]] = [:]
            var notCaught: [(MechanicalMutant, MechanicalMutationStudy.Outcome)] = []
            let clock = ContinuousClock(), start = clock.now
            for mutant in mutants {
                let outcome = try await study.outcome(of: mutant)
                byOperator[mutant.mutationOperator, default: []].append(outcome)
                if !outcome.isKilled { notCaught.append((mutant, outcome)) }
            }
            func score(_ outcomes: [MechanicalMutationStudy.Outcome]) -> String {
                let catalogue = outcomes.filter { if case .killedByCatalogue = $0 { true } else { false } }.count
                let explore = outcomes.filter { if case .killedByExplore = $0 { true } else { false } }.count
                let equivalent = outcomes.filter { $0 == .equivalentOnCatalogue }.count
                let survived = outcomes.count - catalogue - explore - equivalent
                let judged = outcomes.count - equivalent
                let percent = judged == 0 ? 100 : Double(catalogue + explore) * 100 / Double(judged)
                return
                    "\(outcomes.count) generated, \(catalogue) killed by the catalogue, \(explore) by explore, \(equivalent) equivalent on the catalogue, \(survived) survived: \(String(format: "%.1f", percent))% of the non-equivalent killed"
            }
            for mutationOperator in JavaScriptMutationOperator.allCases {
                guard let outcomes = byOperator[mutationOperator] else { continue }
                print("    \(mutationOperator.rawValue): \(score(outcomes))")
            }
            print("  all: \(score(byOperator.values.flatMap { $0 })) (\(start.duration(to: clock.now)))")
            for (mutant, outcome) in notCaught {
                let what: String
                switch outcome {
                case let .survived(caseID, difference): what = "SURVIVED (\(caseID), \(difference))"
                default: what = "equivalent on the catalogue"
                }
                print("    \(mutant.id): \(mutant.change): \(what)")
            }
        } catch {
            print("  cannot run the mechanical mutants: \(error)")
        }
    }
}

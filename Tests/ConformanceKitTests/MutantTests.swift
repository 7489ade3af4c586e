import BridgeMutants
import ConformanceKit
import Testing

@Suite("Mutants: every deliberately broken bridge is caught")
@MainActor
struct MutantTests {
    @Test("is caught by the cases it names, with a failure citing the clause of the obligation it breaks", arguments: MutantCatalogue.all)
    func mutantIsCaught(_ mutant: Mutant) async throws {
        let cases = mutant.caughtBy.compactMap(Catalogue.case(withID:))
        try #require(cases.count == mutant.caughtBy.count)
        let results = try await Kit.run(cases, against: mutant)
        for (conformanceCase, result) in zip(cases, results) {
            // A broken MUST fails (or is insecure); a broken SHOULD is non-strict.
            let caught: Set<Verdict> = conformanceCase.level == .should ? [.nonStrict] : [.fail, .insecure]
            #expect(caught.contains(result.verdict), "mutant \(mutant.id) was not caught by \(conformanceCase.id):\n\(result.report)")
            #expect(result.report.contains(conformanceCase.id))
            #expect(conformanceCase.clauses.contains(mutant.clause), "\(conformanceCase.id) does not cite \(mutant.clause), the clause of \(mutant.obligation)")
            let citesClause = result.failures.contains { $0.clause == mutant.clause }
            #expect(citesClause, "mutant \(mutant.id) breaks \(mutant.obligation), but no failure of \(conformanceCase.id) cites \(mutant.clause): \(result.failures)")
        }
    }

    @Test("mutation score: every mutant is killed by the cases that name it (score printed)")
    func mutationScore() async throws {
        var survivors: [String] = []
        for mutant in MutantCatalogue.all {
            let cases = mutant.caughtBy.compactMap(Catalogue.case(withID:))
            let results = try await Kit.run(cases, against: mutant)
            if results.allSatisfy({ $0.verdict == .pass || $0.verdict == .notApplicable }) { survivors.append(mutant.id) }
        }
        let killed = MutantCatalogue.all.count - survivors.count
        print("mutation score: \(killed)/\(MutantCatalogue.all.count) mutants killed by the cases that name them")
        #expect(survivors.isEmpty, "surviving mutants: \(survivors)")
    }

    @Test("every mutant breaks an obligation of the spec, and every MUST and SHOULD obligation has a mutant or a stated reason")
    func everyObligationHasAMutant() throws {
        let spec = try ProtocolSpec.bundled()
        let obligations = spec.clauses.filter { $0.level == .must || $0.level == .should }.flatMap(\.obligations)
        let known = Set(spec.clauses.flatMap(\.obligations).map(\.id))
        for mutant in MutantCatalogue.all {
            #expect(known.contains(mutant.obligation), "mutant \(mutant.id) breaks \(mutant.obligation), which appendix C does not define")
        }
        let broken = Set(MutantCatalogue.all.map(\.obligation))
        for obligation in obligations {
            let reason = MutantCatalogue.obligationsWithoutMutants[obligation.id]
            #expect(broken.contains(obligation.id) || reason != nil, "no mutant breaks \(obligation.id): \(obligation.text)")
            #expect(!(broken.contains(obligation.id) && reason != nil), "\(obligation.id) has a mutant now: drop it from MutantCatalogue.obligationsWithoutMutants")
        }
        let ids = MutantCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate mutant ids")
        print("mutants: \(MutantCatalogue.all.count) over \(broken.count) of \(obligations.count) MUST and SHOULD obligations; \(MutantCatalogue.obligationsWithoutMutants.count) without, each with a reason")
    }

    @Test("every JS-side mutant changes the reference JS side", arguments: MutantCatalogue.all)
    func javaScriptSideMutantsApply(_ mutant: Mutant) throws {
        let reference = try ConformanceRunner.referenceJavaScriptSide()
        guard let broken = mutant.javaScriptSide(from: reference) else { return }
        #expect(broken != reference, "mutant \(mutant.id) no longer matches the reference JS side")
    }

    @Test("a callback invoked twice is reported as such, naming the callback and the call")
    func callbackInvokedTwice() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "callbacks-not-removed"))
        let result = try await Kit.run([try #require(Catalogue.case(withID: "callbacks.native.one-shot"))], against: mutant)[0]
        let messages = result.failures.map(\.message)
        #expect(messages.contains { $0.contains("native callback first") && $0.contains("invoked twice") && $0.contains("answerTwice") }, "\(messages)")
    }
}

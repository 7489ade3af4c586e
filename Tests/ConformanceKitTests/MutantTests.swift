import BridgeMutants
import ConformanceKit
import Testing

@Suite("Mutants: every deliberately broken bridge is caught")
@MainActor
struct MutantTests {
    @Test("is caught by the cases it names, with a failure naming the case and one of its clauses", arguments: MutantCatalogue.all)
    func mutantIsCaught(_ mutant: Mutant) async throws {
        let cases = mutant.caughtBy.compactMap(Catalogue.case(withID:))
        try #require(cases.count == mutant.caughtBy.count)
        let results = try await Kit.run(cases) { mutant.makeAdapter() }
        for (conformanceCase, result) in zip(cases, results) {
            #expect(result.verdict == .fail, "mutant \(mutant.id) was not caught by \(conformanceCase.id):\n\(result.report)")
            #expect(result.report.contains(conformanceCase.id))
            let citesClause = result.failures.contains { conformanceCase.clauses.contains($0.clause) }
            #expect(citesClause, "no failure names a clause of \(conformanceCase.id): \(result.failures)")
        }
    }

    @Test("the whole catalogue kills every mutant (mutation score 100%)")
    func mutationScore() async throws {
        var survivors: [String] = []
        for mutant in MutantCatalogue.all {
            let results = try await Kit.run(Catalogue.all) { mutant.makeAdapter() }
            if results.allSatisfy(\.verdict.isSuccess) { survivors.append(mutant.id) }
        }
        let killed = MutantCatalogue.all.count - survivors.count
        print("mutation score: \(killed)/\(MutantCatalogue.all.count) mutants caught")
        #expect(survivors.isEmpty, "surviving mutants: \(survivors)")
    }

    @Test("a callback invoked twice is reported as such, naming the callback and the call")
    func callbackInvokedTwice() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "callbacks-not-removed"))
        let result = try await Kit.run(try #require(Catalogue.case(withID: "callbacks.native.one-shot"))) { mutant.makeAdapter() }
        let messages = result.failures.map(\.message)
        #expect(messages.contains { $0.contains("native callback first") && $0.contains("invoked twice") && $0.contains("answerTwice") }, "\(messages)")
    }
}

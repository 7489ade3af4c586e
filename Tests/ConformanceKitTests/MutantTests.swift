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
        let results = try await Kit.run(cases, against: mutant)
        for (conformanceCase, result) in zip(cases, results) {
            // A broken MUST fails (or is insecure); a broken SHOULD is non-strict.
            let caught: Set<Verdict> = conformanceCase.level == .should ? [.nonStrict] : [.fail, .insecure]
            #expect(caught.contains(result.verdict), "mutant \(mutant.id) was not caught by \(conformanceCase.id):\n\(result.report)")
            #expect(result.report.contains(conformanceCase.id))
            let citesClause = result.failures.contains { conformanceCase.clauses.contains($0.clause) }
            #expect(citesClause, "no failure names a clause of \(conformanceCase.id): \(result.failures)")
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

import BridgeMutants
import ConformanceKit
import ConformanceObligations
import KitTestSupport
import TestTiers
import Testing

@Suite("Mutants: every deliberately broken bridge is caught")
@MainActor
struct MutantTests {
    @Test(
        "is caught by the cases it names, with a failure citing the clause of the obligation it breaks",
        arguments: TestTier.sample(MutantCatalogue.all))
    func mutantIsCaught(_ mutant: Mutant) async throws {
        let cases = mutant.caughtBy.compactMap(Catalogue.case(withID:))
        try #require(cases.count == mutant.caughtBy.count)
        let results = try await Self.results(of: mutant)
        let level = try #require(ProtocolSpec.bundled().level(ofCitation: mutant.obligation.id))
        for (conformanceCase, result) in zip(cases, results) {
            // A defect of the bridge is never a fault of the kit.
            #expect(result.verdict != .harnessError, "mutant \(mutant.id): \(result.interruption?.text ?? "")")
            #expect(
                conformanceCase.clauses.contains(mutant.clause.id),
                "\(conformanceCase.id) does not cite \(mutant.clause.id), the clause of \(mutant.obligation.id)")
            if mutant.crashes {
                // A trap ends the case where it happens: the case's verdict is the crash, its cause the trap.
                #expect(
                    result.verdict == .crash,
                    "mutant \(mutant.id) did not crash \(conformanceCase.id):\n\(result.report)")
                #expect(result.interruption?.text.contains("Fatal error") == true, "\(result.interruption?.text ?? "")")
                continue
            }
            // A broken MUST fails (or is insecure), whatever the case's level; a broken SHOULD is non-strict
            // unless the defect also breaks a MUST.
            let caught: Set<Verdict> = level == .should ? [.nonStrict, .fail, .insecure] : [.fail, .insecure]
            #expect(
                caught.contains(result.verdict),
                "mutant \(mutant.id) was not caught by \(conformanceCase.id):\n\(result.report)")
            let judged = result.failures.filter { $0.clause == mutant.clause.id }.map(\.level)
            #expect(
                judged.allSatisfy { $0 == level },
                "failures citing \(mutant.clause.id) are judged at \(judged), not at its level \(level)")
            #expect(result.caseID == conformanceCase.id)
            let citesClause = result.failures.contains { $0.clause == mutant.clause.id }
            #expect(
                citesClause,
                "mutant \(mutant.id) breaks \(mutant.obligation.id), but no failure of \(conformanceCase.id) cites \(mutant.clause.id): \(result.failures)"
            )
        }
    }

    @Test("mutation score: every mutant is killed by the cases that name it (score printed)")
    func mutationScore() async throws {
        // The quick tier scores the sample `mutantIsCaught` runs; the full tier every mutant.
        let mutants = TestTier.sample(MutantCatalogue.all)
        var survivors: [String] = []
        for mutant in mutants {
            let results = try await Self.results(of: mutant)
            if results.allSatisfy({ $0.verdict == .pass || $0.verdict == .notApplicable }) {
                survivors.append(mutant.id)
            }
        }
        let killed = mutants.count - survivors.count
        print(
            "mutation score: \(killed)/\(mutants.count) mutants killed by the cases that name them"
                + (TestTier.current == .quick ? " (the quick tier's sample of \(MutantCatalogue.all.count))" : ""))
        #expect(survivors.isEmpty, "surviving mutants: \(survivors)")
    }

    @Test(
        "every mutant breaks an obligation of the spec, and every MUST and SHOULD obligation has a mutant or a stated reason"
    )
    func everyObligationHasAMutant() throws {
        let spec = try ProtocolSpec.bundled()
        let obligations = spec.clauses.filter { $0.level == .must || $0.level == .should }.flatMap(\.obligations)
        let known = Set(spec.clauses.flatMap(\.obligations).map(\.id))
        for mutant in MutantCatalogue.all {
            #expect(
                known.contains(mutant.obligation.id),
                "mutant \(mutant.id) breaks \(mutant.obligation.id), which appendix C does not define")
        }
        let broken = Set(MutantCatalogue.all.map(\.obligation.id))
        for obligation in obligations {
            let reason = Obligation(id: obligation.id).flatMap { MutantCatalogue.obligationsWithoutMutants[$0] }
            #expect(
                broken.contains(obligation.id) || reason != nil, "no mutant breaks \(obligation.id): \(obligation.text)"
            )
            #expect(
                !(broken.contains(obligation.id) && reason != nil),
                "\(obligation.id) has a mutant now: drop it from MutantCatalogue.obligationsWithoutMutants")
        }
        let ids = MutantCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate mutant ids")
        print(
            "mutants: \(MutantCatalogue.all.count) over \(broken.count) of \(obligations.count) MUST and SHOULD obligations; \(MutantCatalogue.obligationsWithoutMutants.count) without, each with a reason"
        )
    }

    @Test("every JS-side and page-snippet mutant changes the reference it breaks", arguments: MutantCatalogue.all)
    func javaScriptSideMutantsApply(_ mutant: Mutant) throws {
        let reference = try ConformanceRunner.referenceJavaScriptSide(in: mutant.dialect)
        if let broken = mutant.javaScriptSide(from: reference) {
            #expect(broken != reference, "mutant \(mutant.id) no longer matches the reference JS side")
        }
        let snippet = try ConformanceRunner.referencePageSetup(in: mutant.dialect)
        if let broken = mutant.pageSetup(from: snippet) {
            #expect(broken != snippet, "mutant \(mutant.id) no longer matches the kit's page setup snippet")
        }
    }

    /// The results of each mutant's `caughtBy` cases, run once for both tests that read them.
    private static var resultsByMutant: [String: [CaseResult]] = [:]

    /// The results of `mutant`'s `caughtBy` cases, run on first use.
    private static func results(of mutant: Mutant) async throws -> [CaseResult] {
        if let results = resultsByMutant[mutant.id] { return results }
        let results = try await Kit.run(mutant.caughtBy.compactMap(Catalogue.case(withID:)), against: mutant)
        resultsByMutant[mutant.id] = results
        return results
    }

    @Test("the WebKit glue the glue mutants break passes every case it can take, in WebKit's shape", .fullTier)
    @MainActor
    func webKitGlueWithoutDefectPasses() async throws {
        let results = await (try ConformanceRunner()).run(
            Catalogue.all, adapter: { WebKitGlueBridgeAdapter(defect: nil) })
        let bad = results.filter { ![.pass, .notApplicable].contains($0.verdict) }
        #expect(bad.isEmpty, "\(bad.map(\.report).joined(separator: "\n\n"))")
        #expect(results.contains { $0.caseID.hasPrefix("bootstrap.glue.") && $0.verdict == .pass })
    }

    @Test("a callback invoked twice is reported as such, naming the callback and the call")
    func callbackInvokedTwice() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "callbacks-not-removed"))
        let result = try await Kit.run(
            [try #require(Catalogue.case(withID: "callbacks.native.one-shot"))], against: mutant)[0]
        let messages = result.failures.map(\.message)
        #expect(
            messages.contains {
                $0.contains("native callback first") && $0.contains("invoked twice") && $0.contains("answerTwice")
            }, "\(messages)")
    }
}

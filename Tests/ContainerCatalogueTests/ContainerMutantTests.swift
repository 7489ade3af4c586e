import ConformanceCatalogue
import ContainerCatalogue
import Testing

@testable import BridgeMutants

/// Every container mutant is caught by the cases it names, each citing the obligation the mutant breaks; no case
/// fails on the reference for a reason a mutant would hide behind.
@MainActor
@Suite struct ContainerMutantTests {
    @Test(arguments: ContainerMutantCatalogue.all.map(\.id))
    func mutantIsCaughtCitingItsObligation(_ id: String) async throws {
        let mutant = try #require(ContainerMutantCatalogue.all.first { $0.id == id })
        let kit = try ContainerRunner.kitJavaScriptSide()
        let javaScriptSide = try #require(
            mutant.javaScriptSide(from: kit), "the text \(id) replaces is no longer in the kit's JS side")
        let runner = try ContainerRunner(javaScriptSide: javaScriptSide)
        for caseID in mutant.caughtBy {
            let containerCase = try #require(ContainerCatalogue.all.first { $0.id == caseID }, "no case \(caseID)")
            let result = await runner.run(containerCase) { mutant.makeAdapter() }
            #expect(
                result.verdict == .fail || result.verdict == .insecure, "\(caseID) lets \(id) pass: \(result.verdict)")
            #expect(
                result.failures.contains { $0.citedID == mutant.obligation },
                "\(caseID) catches \(id) without citing \(mutant.obligation): \(result.failures.map(\.citedID))")
        }
    }

    @Test func mutantIDsAreUnique() {
        let ids = ContainerMutantCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count)
    }
}

import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceBridge
import Testing
import WebKitGTKHost

/// The simulated web view proven faithful to a real one: the catalogue runs on the simulated host and on a
/// real WebKitGTK web view, against the reference and a sample of mutants, and every case that can run on
/// both gets the same verdict on both. Built only with CONFORMANCE_WEBKITGTK=1; runs under `xvfb-run -a`.
/// Cases whose difference is known and explained are listed in `knownDifferences`, each with what real
/// WebKit does; the test fails on any other.
@Suite("WebKitGTK fidelity: the simulated web view and a real one give the same verdicts")
@MainActor
struct WebKitGTKFidelityTests {
    /// Cases that cannot run the same way on WebKitGTK, and why (the closing note and the README list them).
    static let knownDifferences: [String: String] = [:]

    /// Mutants whose defect the real engine must show as the simulation does.
    static let sampledMutants = [
        "batch-reversed", "reset-does-nothing", "remove-handler-ignored",
    ]

    struct Comparison: CustomStringConvertible {
        let implementation: String
        let same: Int
        let differing: [(caseID: String, simulated: Verdict, real: Verdict, why: String)]
        let notApplicableOnReal: Int

        var description: String {
            "\(implementation): \(same) cases with the same verdict, \(differing.count) differing, \(notApplicableOnReal) not applicable on WebKitGTK"
        }
    }

    /// Runs `cases` against `adapter` on both hosts and compares the verdicts.
    static func compare(
        _ implementation: String, cases: [ConformanceCase], adapter: @escaping AdapterFactory,
        configuration: ConformanceRunner.Configuration
    ) async throws -> Comparison {
        var simulated = configuration
        simulated.pageHost = simulatedBrowserPageHost
        var real = configuration
        real.pageHost = webKitGTKPageHost
        let onSimulated = await (try ConformanceRunner(configuration: simulated)).run(cases, adapter: adapter)
        let onReal = await (try ConformanceRunner(configuration: real)).run(cases, adapter: adapter)
        var same = 0, notApplicable = 0
        var differing: [(String, Verdict, Verdict, String)] = []
        for (a, b) in zip(onSimulated, onReal) {
            if b.verdict == .notApplicable && a.verdict != .notApplicable {
                notApplicable += 1
            } else if a.verdict == b.verdict {
                same += 1
            } else {
                differing.append((a.caseID, a.verdict, b.verdict, b.failures.map(\.description).joined(separator: "; ") + (b.interruption ?? "")))
            }
        }
        return Comparison(implementation: implementation, same: same, differing: differing, notApplicableOnReal: notApplicable)
    }

    @Test("the reference bridge gets the same verdict on both hosts in every case both can run")
    func referenceMatches() async throws {
        try WebKitGTKEngine.start()
        let comparison = try await Self.compare(
            "reference", cases: Catalogue.all, adapter: { ReferenceBridgeAdapter() }, configuration: .init())
        print("fidelity: \(comparison)")
        for difference in comparison.differing where Self.knownDifferences[difference.caseID] == nil {
            Issue.record(
                "\(difference.caseID): \(difference.simulated) simulated, \(difference.real) on WebKitGTK: \(difference.why)")
        }
    }

    @Test("a mutant fails on WebKitGTK the cases that catch it in the simulation", arguments: sampledMutants)
    func mutantMatches(_ name: String) async throws {
        try WebKitGTKEngine.start()
        let mutant = try #require(MutantCatalogue.mutant(named: name))
        let cases = mutant.caughtBy.compactMap(Catalogue.case(withID:))
        let comparison = try await Self.compare(
            "mutant:\(name)", cases: cases, adapter: { mutant.makeAdapter() }, configuration: try mutant.configuration())
        print("fidelity: \(comparison)")
        #expect(comparison.differing.isEmpty, "\(comparison.differing)")
        #expect(comparison.same == cases.count, "\(comparison)")
    }
}

import BridgeMutants
import KitTestSupport
import ReferenceBridge
import TestTiers
import Testing
import WireDialects

@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports

/// Hurried ports with several independent defects of different kinds (`MultiDefectPort`, `MutantCombination`):
/// "Fix first" names each real cause (each defect's obligation), and leads with one.
@Suite("Fix first on ports with several defects")
@MainActor
struct FixFirstPortTests {
    @Test("native, glue, JS side and snippet defects combine; what cannot combine is refused with the reason")
    func combinations() throws {
        let port = try MutantCombination([
            "glue-bridge-request-decided-twice", "escape-chain-backslash-last", "js-queue-built-newest-first",
            "setup-snippet-ignores-pending-callbacks",
        ])
        #expect(port.obligations.map(\.id) == ["BOOT-1.f", "ESC-2.a", "ORD-3.a", "BOOT-5.b"])
        #expect(port.configuration.bridgeJavaScriptSource != nil && port.configuration.pageSetupSource != nil)
        #expect(port.makeAdapter() is WebKitGlueBridgeAdapter)
        func problem(_ ids: [String]) -> String {
            do {
                _ = try MutantCombination(ids)
                return "combined"
            } catch {
                return error.description
            }
        }
        // reset-does-nothing leaves an operation undone at the adapter seam, which the glue does not pass through.
        #expect(problem(["glue-bridge-request-decided-twice", "reset-does-nothing"]).contains("adapter hook"))
        #expect(problem(["single-quote-raw", "line-separators-raw"]).contains("hook rewriteScript"))
        #expect(problem(["js-queue-built-newest-first", "js-queue-built-newest-first"]).contains("no longer applies"))
        #expect(problem(["single-quote-raw", "wkwvjb-js-posts-the-message"]).contains("different dialects"))
        #expect(problem(["single-quote-raw"]).contains("two or more"))
        #expect(problem(["single-quote-raw", "no-such-mutant"]) == "no mutant no-such-mutant")
    }

    @Test("each port has three or more defects of two kinds or more, and every defect fails the catalogue")
    func portsAreHurried() throws {
        for port in MultiDefectPort.all {
            let combination = try port.combination()
            #expect(combination.mutants.count >= 3, "\(port.id)")
            #expect(Set(combination.mutants.map(Self.kind)).count >= 2, "\(port.id)")
        }
    }

    @Test(
        "on every hurried port, every real cause is among the root findings and the first is one of them",
        .fullTier, arguments: MultiDefectPort.all.map(\.id))
    func everyCauseNamed(_ id: String) async throws {
        let port = try #require(MultiDefectPort.all.first { $0.id == id })
        let combination = try port.combination()
        let results = try await Kit.run(Catalogue.all, configuration: combination.configuration) {
            combination.makeAdapter()
        }
        let roots = RootCauses.findings(in: results)
        let causes = Set(combination.mutants.map(\.clause.id))
        let named = Set(roots.map { CheckFailure.citation($0.citation).clause })
        #expect(causes.isSubset(of: named), "missing \(causes.subtracting(named).sorted()) in \(roots.map(\.citation))")
        let first = try #require(roots.first)
        #expect(causes.contains(CheckFailure.citation(first.citation).clause), "\(roots.map(\.citation))")
        // Measured (conformance-benchmarks fix-first): 1.2 to 3.2 root findings per real cause on these ports,
        // 6 and 10 on two of them before the typed folds.
        #expect(roots.count < 4 * causes.count, "\(roots.count) findings: \(roots.map(\.citation))")
    }

    /// The kind of a mutant's defect, from what it changes.
    static func kind(_ mutant: Mutant) -> String {
        let configuration = try? mutant.configuration()
        if configuration?.bridgeJavaScriptSource != nil { return "JS side" }
        if configuration?.pageSetupSource != nil { return "page snippet" }
        return mutant.makeAdapter() is WebKitGlueBridgeAdapter ? "glue" : "native"
    }
}

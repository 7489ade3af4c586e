import BridgeMutants
import ConformanceKit
import Foundation
import TestTiers
import Testing

/// Mechanical mutants of the reference's native side (`MechanicalMutator` in Swift), each built into
/// `reference-testee` in a copy of the package (`NativeMutantWorkspace`) and judged out of process; the whole
/// study is `conformance-benchmarks native-mutation`.
@Suite("Mechanical mutation of the native side: each mutant built into a testee of its own")
@MainActor
struct NativeMutationTests {
    @Test(
        "a negated load-signal test built into the testee is killed out of process, citing a bootstrap clause; a mutant that leaves self unset does not compile; the package's own source is untouched",
        .fullTier)
    func nativeMutantsAreBuiltAndJudged() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = "Sources/ReferenceBridge/Core/BridgeURLKind.swift"
        let workspace = try NativeMutantWorkspace(copying: root)
        let source = try #require(workspace.original(of: path))
        let mutants = MechanicalMutator(source: source, file: "BridgeURLKind.swift", language: .swift).mutants()
        let cases = Catalogue.all.filter { $0.id.hasPrefix("bootstrap.") }
        let study = try await MechanicalMutationStudy(
            .nativeSide(testee: workspace.testeeCommand(dialect: "canonical")), original: source, cases: cases,
            explorePrograms: 0)

        let negated = try #require(
            mutants.first { $0.mutationOperator == .negateCondition && $0.change.contains("loadSignal") })
        #expect(try workspace.build(negated.source, at: path), "\(workspace.buildLog())")
        let outcome = try await study.outcome(of: negated)
        guard case .killedByCatalogue(_, _, let clause?) = outcome else {
            Issue.record("\(negated.id) was not killed by the catalogue with a cited clause: \(outcome)")
            return
        }
        #expect(clause.hasPrefix("BOOT-"), "\(clause)")

        let unset = try #require(
            mutants.first { $0.mutationOperator == .deleteStatement && $0.change.contains("self = .notBridge") })
        #expect(try !workspace.build(unset.source, at: path))
        #expect(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) == source)
    }
}

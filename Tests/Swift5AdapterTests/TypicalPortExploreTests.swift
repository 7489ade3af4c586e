import ConformanceKit
import ConformanceTesting
import TestTiers
import Testing

/// docs/explore.md's `ConformanceExploration` snippet, in Swift 5 language mode, against the typical port: on
/// Linux explore finds one of the defects the catalogue pins there (the escaping chain misses a backslash
/// or quote followed by a combining mark, ESC-2; Foundation's parser drops a leading U+FEFF), shrunk to a
/// few steps; elsewhere it may find nothing.
@MainActor
@Test(.fullTier) func typicalPortExplored() async throws {
    let outcome = try await ConformanceExploration.explore(adapter: { TypicalPortAdapter() }, seed: 1, runs: 300)
    #expect(outcome.programsRun >= 1)
    #if os(Linux)
        #expect(outcome.foundDifference, "\(outcome)")
        #expect((outcome.shrunkSteps ?? 99) <= 6, "\(outcome)")
        #expect(["0301", "feff"].contains { outcome.description.lowercased().contains($0) }, "\(outcome)")
    #endif
}

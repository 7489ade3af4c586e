import TestTiers
import Testing

/// The tier variable: a value that names no tier fails here, saying so, while the run goes on in the full tier.
@Suite("Test tiers: CONFORMANCE_TESTS picks quick (the default) or full")
struct TestTierTests {
    @Test("CONFORMANCE_TESTS, when set, names a tier")
    func variableNamesATier() {
        #expect(
            TestTier.unknownValue == nil,
            """
            \(TestTier.variable) is \(TestTier.unknownValue.map { "\"\($0)\"" } ?? ""), which names no tier: set it to \
            quick or full (this run ran the full tier, so that nothing was skipped by mistake)
            """)
    }

    @Test("the quick tier's sample keeps every eighth member, the first included; the full tier keeps them all")
    func sampleIsStable() {
        let population = Array(0..<20)
        switch TestTier.current {
        case .quick: #expect(TestTier.sample(population) == [0, 8, 16])
        case .full: #expect(TestTier.sample(population) == population)
        }
    }
}

import Foundation
import Testing

/// Which of the kit's tests a `swift test` runs, from `CONFORMANCE_TESTS`.
///
/// - `quick` (the default): every test that takes less than 0.5 s alone (and a few guards above it), and a sample of
///   each population (mutants, goldens, catalogue cases), so that `swift test` stays a short inner loop.
/// - `full` (`CONFORMANCE_TESTS=full swift test`, as `.ci/run` does): also the tests of 0.5 s or more alone: sweeps
///   (a whole catalogue against one more adapter, many explore programs, a real browser) and tests that wait out a
///   watchdog or push a limit on purpose.
///
/// A value other than the two runs the full tier (nothing is skipped by a typo), and `TestTierTests` fails saying
/// what the variable holds.
public enum TestTier: String, Sendable {
    /// The inner loop: `swift test`.
    case quick
    /// Everything: `CONFORMANCE_TESTS=full swift test`.
    case full

    /// The environment variable that picks the tier.
    public static let variable = "CONFORMANCE_TESTS"

    /// The variable's value, if set.
    private static let value = ProcessInfo.processInfo.environment[variable]

    /// The variable's value, when it is set to something other than a tier's name.
    public static let unknownValue: String? = value.flatMap { TestTier(rawValue: $0) == nil ? $0 : nil }

    /// The tier of this run: `quick` unless the variable says otherwise (and `full` when it names no tier).
    public static let current: TestTier = value.map { TestTier(rawValue: $0) ?? .full } ?? .quick

    /// How many members of a population the quick tier keeps: one in `sampleStride`.
    public static let sampleStride = 8

    /// `population` in the full tier; in the quick tier every `sampleStride`-th member, the first included, so
    /// that the same members run every time.
    public static func sample<Element>(_ population: [Element]) -> [Element] {
        guard current == .quick else { return population }
        return population.enumerated().filter { $0.offset % sampleStride == 0 }.map(\.element)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only in the full tier (`CONFORMANCE_TESTS=full swift test`, as CI does): a sweep, or a test
    /// that waits out a watchdog or pushes a limit on purpose.
    public static var fullTier: Self {
        .enabled(if: TestTier.current == .full, "full tier: runs with \(TestTier.variable)=full swift test (CI does)")
    }
}

import ConformanceKit
import Testing
import WireDialects

/// A trait for the parameterized conformance test: after its last case, prints one line of totals and what to
/// fix first (the root findings, as `conformance run` prints them), from every case's result.
///
///     @MainActor @Test(.conformanceSummary, arguments: Catalogue.all)
///     func wvjbConformance(_ conformanceCase: ConformanceCase) async {
///         await ConformanceExpectations.expectConformance(conformanceCase, adapter: { MyBridgeAdapter() })
///     }
///
/// Each case still records its own issues; the summary only tells which of them to fix first. It works the same
/// for the container profile (`ContainerExpectations`).
public struct ConformanceSummary: TestTrait, TestScoping {
    /// The results the cases inside the trait's scope hand over; nil outside one.
    @TaskLocal static var collector: Collector?

    /// Collects the results of one test's cases, whichever order and thread they finish on.
    final class Collector: Sendable {
        private let results = LockedValue<[CaseResult]>([])
        private let profiles = LockedValue<Set<String>>([])

        /// Keeps `result`, of a case run in `profile` (nil: the container's).
        func add(_ result: CaseResult, profile: WireDialect?) {
            results.withLock { $0.append(result) }
            profiles.withLock { _ = $0.insert(profile?.name ?? "container") }
        }

        /// The WVJB profile every case ran in, nil when they ran in several or in the container's.
        var onlyProfile: WireDialect? {
            let names = profiles.withLock { $0 }
            guard names.count == 1, let name = names.first else { return nil }
            return WireDialect.shipped.first { $0.name == name }
        }

        /// Every result kept, in the catalogue's order (the cases of a parameterized test finish in any order).
        var ordered: [CaseResult] {
            let ids = Catalogue.all.map(\.id) + ContainerCatalogue.all.map(\.id)
            let order = Dictionary(
                ids.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
            return results.withLock { $0 }.sorted { left, right in
                let (l, r) = (order[left.caseID] ?? .max, order[right.caseID] ?? .max)
                return l != r ? l < r : left.caseID < right.caseID
            }
        }
    }

    /// The trait (`.conformanceSummary` names it in a test's traits).
    public init() {}

    /// Hands `result`, of a case run in `profile` (nil: the container's), to the summary of the test it runs in, if
    /// the test has the trait.
    static func record(_ result: CaseResult, profile: WireDialect?) { collector?.add(result, profile: profile) }

    /// Scopes the whole test (all its cases), not each case.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { testCase == nil ? self : nil }

    /// Runs the test's cases, then prints the summary of their results.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let lines = try await summaryLines(subject: test.displayName ?? test.name, running: function)
        if !lines.isEmpty { print(lines.joined(separator: "\n")) }
    }

    /// Runs `function` (a test's cases) collecting their results, and gives the summary's lines: none when no
    /// case handed a result over.
    /// - Parameter subject: What ran, named on the totals line.
    package func summaryLines(subject: String, running function: @Sendable () async throws -> Void) async throws
        -> [String]
    {
        let collector = Collector()
        try await Self.$collector.withValue(collector) { try await function() }
        let results = collector.ordered
        guard !results.isEmpty else { return [] }
        var lines = RunTally.summaryLines(results, subject: subject)
        // Dozens of failures of a port run in the wrong profile, explained once, as `conformance run` does.
        if let profile = collector.onlyProfile,
            let hint = DialectRecognition.hint(for: results, profile: .wire(profile))
        {
            lines.append("hint: \(hint) (from swift test: pass `profile:` to expectConformance)")
        }
        return lines
    }
}

extension Trait where Self == ConformanceSummary {
    /// Prints one line of totals and what to fix first after the test's last case (`ConformanceSummary`).
    public static var conformanceSummary: Self { Self() }
}

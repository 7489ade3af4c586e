import BridgeMutants
import ConformanceKit
import ConformanceTesting
import Testing

@Suite("The swift-testing summary")
@MainActor
struct SummaryHintTests {
    @Test("names the profile a port seems to speak when it ran in another, as `conformance run` does")
    func wrongProfileIsNamed() async throws {
        let cases = Catalogue.all.filter { $0.id.hasPrefix("ordering.") }.prefix(4)
        let lines = try await ConformanceSummary().summaryLines(subject: "a wkwvjb port") {
            for conformanceCase in cases {
                await ConformanceExpectations.expectConformance(
                    conformanceCase, adapter: { ScriptMessagePortAdapter() }, javaScriptSide: nil, baseline: nil,
                    record: { _, _ in }, attach: { _, _ in })
            }
        }
        let hint = try #require(lines.last)
        // In a canonical page the port waits for an inject message that never comes: it evaluates nothing.
        #expect(
            hint.hasPrefix("hint: the native side never evaluated JavaScript") && hint.contains("--profile wkwvjb")
                && hint.hasSuffix("(from swift test: pass `profile:` to expectConformance)"), "\(lines)")
    }
}

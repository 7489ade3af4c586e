import Foundation
import Testing

@testable import ConformanceCatalogue

/// The situation table in spec/protocol.md (appendix C.1) is the one the catalogue generates its cells from:
/// the test fails when they differ. After changing a probe or a situation, rewrite the spec's table with
/// `CONFORMANCE_RECORD_SITUATIONS=1 swift test --filter SituationTableTests` and review the diff.
@Suite struct SituationTableTests {
    static let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../spec/protocol.md").standardized
    static let start = "<!-- The situation table, generated from SituationCases by SituationTableTests. -->"
    static let end = "<!-- End of the situation table. -->"

    @Test("the spec's situation table is the one the catalogue's cells are generated from")
    func specShowsTheGeneratedTable() throws {
        let text = try String(contentsOf: Self.spec, encoding: .utf8)
        let startRange = try #require(text.range(of: Self.start), "spec/protocol.md lacks \(Self.start)")
        let endRange = try #require(text.range(of: Self.end), "spec/protocol.md lacks \(Self.end)")
        let shown = text[startRange.upperBound..<endRange.lowerBound].trimmingCharacters(in: .newlines)
        let generated = SituationCases.markdownTable
        if ProcessInfo.processInfo.environment["CONFORMANCE_RECORD_SITUATIONS"] != nil {
            let rewritten = text.replacingCharacters(
                in: startRange.upperBound..<endRange.lowerBound, with: "\n" + generated + "\n")
            try rewritten.write(to: Self.spec, atomically: true, encoding: .utf8)
            Issue.record("rewrote the situation table in \(Self.spec.path); review it with `git diff`")
            return
        }
        #expect(
            shown == generated,
            """
            spec/protocol.md's situation table differs from SituationCases; rewrite it with \
            `CONFORMANCE_RECORD_SITUATIONS=1 swift test --filter SituationTableTests`
            """)
    }

    @Test("every cell is a case of the catalogue, in both shipped profiles' reach, with a distinct id")
    func everyCellIsACase() {
        let ids = SituationCases.all.map(\.id)
        #expect(ids.count == SituationProbe.allCases.count * LifecycleSituation.allCases.count)
        #expect(Set(ids).count == ids.count)
        let catalogue = Set(Catalogue.all.map(\.id))
        #expect(ids.allSatisfy(catalogue.contains))
    }
}

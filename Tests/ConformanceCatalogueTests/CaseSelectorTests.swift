import ConformanceKit
import Testing

@Suite("Case selection by id glob")
struct CaseSelectorTests {
    @Test(
        "* stays within a segment, ** crosses segments",
        arguments: [
            ("escaping.*", "escaping.line-terminators", true),
            ("escaping.*", "escaping.line-terminators.native-to-js", false),
            ("escaping.**", "escaping.line-terminators.native-to-js", true),
            ("**.native-to-js", "escaping.line-terminators.native-to-js", true),
            ("*.native-to-js", "escaping.line-terminators.native-to-js", false),
            ("callbacks.native.one-shot", "callbacks.native.one-shot", true),
            ("callbacks.native.one", "callbacks.native.one-shot", false),
            ("**", "anything.at.all", true),
        ])
    func globs(pattern: String, id: String, matches: Bool) {
        #expect(CaseSelector.matches(pattern, id) == matches)
    }

    @Test("include and exclude select from the catalogue, and typos are reported")
    func selection() {
        let selector = CaseSelector(include: ["escaping.**", "nope.*"], exclude: ["escaping.hostile.*"])
        let selected = selector.select(Catalogue.all).map(\.id)
        #expect(
            !selected.isEmpty && selected.allSatisfy { $0.hasPrefix("escaping.") && !$0.hasPrefix("escaping.hostile.") }
        )
        #expect(selector.unmatchedPatterns(in: Catalogue.all) == ["nope.*"])
    }
}

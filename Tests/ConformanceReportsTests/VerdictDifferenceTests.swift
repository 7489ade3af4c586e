import Testing

@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports

/// `VerdictDifference`: the one place that says when implementations' verdicts on a case differ in a way that
/// matters (the HTML report's filter, `compare`'s count).
@Suite("Verdicts differ only when a finding or an error is beside something else")
struct VerdictDifferenceTests {
    @Test(
        "pairs: clean beside clean or nothing never differs; a finding or error beside anything else does",
        arguments: [
            ([.pass, .pass], false),
            ([.pass, .notApplicable], false),
            ([.notApplicable, .notApplicable], false),
            ([.pass, nil], false),
            ([.notApplicable, nil], false),
            ([nil, nil], false),
            ([.fail, .fail], false),
            ([.crash, .crash], false),
            ([.fail, .pass], true),
            ([.fail, .notApplicable], true),
            ([.fail, nil], true),
            ([.nonStrict, .pass], true),
            ([.fail, .insecure], true),
            ([.timeout, .crash], true),
            ([.harnessError, .pass], true),
            ([.adapterError, .notApplicable], true),
        ] as [([Verdict?], Bool)])
    func pairs(verdicts: [Verdict?], differ: Bool) {
        #expect(VerdictDifference.matters(verdicts) == differ)
        #expect(VerdictDifference.matters(verdicts.reversed()) == differ)
    }

    @Test("several: pass and not-applicable around one fail differ; pass, not-applicable and not run do not")
    func several() {
        #expect(!VerdictDifference.matters([.pass, .notApplicable, nil, .pass, .notApplicable]))
        #expect(VerdictDifference.matters([.pass, .notApplicable, .fail, .pass]))
        #expect(!VerdictDifference.matters([.timeout, .timeout, .timeout]))
        #expect(!VerdictDifference.matters([]))
        #expect(!VerdictDifference.matters([.fail]))
    }
}

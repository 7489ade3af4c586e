/// Why a failure is a security finding: text a page controls ran as code, or could, in the page
/// (`CheckFailure.exposure`). "Fix first" puts such a finding before every other (`RootCauses`).
///
/// The check that fails sets it from what it saw (the tripwire's call, the lexed literal), never from a
/// failure's text.
package enum SecurityExposure: String, Sendable, Codable, CaseIterable, Comparable {
    /// A payload broke out of its string literal and ran code in the page: the page's tripwire was called.
    case payloadRanCode = "payload-ran-code"
    /// A command's literal can be broken out of: a quote the escaping left raw ends it early, so the rest of the
    /// payload is read as code. Every escaping failure (ESC-1, ESC-2) of such a command carries it.
    case literalBreaksOut = "literal-breaks-out"

    /// In a few words, for reports: what a reader must know first.
    package var summary: String {
        switch self {
        case .payloadRanCode: "script injection: a payload ran code in the page"
        case .literalBreaksOut: "script injection: a payload can break out of its string literal"
        }
    }

    /// Code that ran comes before code that could.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

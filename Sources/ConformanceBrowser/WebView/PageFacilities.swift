/// What a page host's web view does that some cases rely on and a real WebKit does not: a case that needs one
/// the host lacks is *not applicable* there, with the reason (spec, appendix D).
package struct PageFacilities: OptionSet, Sendable {
    /// The bit set.
    package let rawValue: Int
    /// Creates a value from its raw value.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// One navigation request per iframe `src` assignment, also several to one iframe in one turn (a real
    /// WebKit asks only about the last of them), and the virtual task schedule that orders their decisions.
    package static let requestPerSourceAssignment = PageFacilities(rawValue: 1 << 0)
    /// Navigation requests for `src` strings that are not URLs (a real WebKit resolves them against the page,
    /// or loads `about:blank` without asking).
    package static let requestsWithoutURL = PageFacilities(rawValue: 1 << 1)

    /// Every facility: the simulated web view's.
    package static let all: PageFacilities = [.requestPerSourceAssignment, .requestsWithoutURL]

    /// Why a host without `self` cannot run a case that needs it.
    package var missingReason: String {
        var reasons: [String] = []
        if contains(.requestPerSourceAssignment) {
            reasons.append(
                "one navigation request per iframe src assignment (a real WebKit asks only about the last src an iframe gets in a turn)"
            )
        }
        if contains(.requestsWithoutURL) {
            reasons.append(
                "requests for src strings that are not URLs (a real WebKit resolves them, or loads about:blank without asking)"
            )
        }
        return reasons.joined(separator: "; ")
    }
}

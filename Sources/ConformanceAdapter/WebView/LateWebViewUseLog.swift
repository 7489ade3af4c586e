/// Where one run's web views record what bridges did with them after their cases (`EndedPage`), until the runner
/// takes it for the case during which it happened. Bounded: counts only, and at most `maximumCases` case ids
/// between two takes, the uses of web views beyond them counted together.
@MainActor
package final class LateWebViewUseLog {
    /// The most cases whose web views one take names.
    package static let maximumCases = 16

    private var uses: [LateWebViewUse] = []

    /// An empty log.
    package init() {}

    /// Counts one use of kind `kind` of the web view of case `caseID`.
    package func record(_ kind: LateWebViewUse.Kind, byWebViewOf caseID: String) {
        let named = LateWebViewUse(caseID: caseID).caseID
        let index =
            uses.firstIndex { $0.caseID == named }
            ?? (uses.count < Self.maximumCases ? nil : uses.firstIndex { $0.caseID == nil })
        if let index {
            uses[index].counts[kind, default: 0] += 1
        } else {
            uses.append(LateWebViewUse(caseID: uses.count < Self.maximumCases ? named : nil, counts: [kind: 1]))
        }
    }

    /// What was recorded since the last take, in the order the web views were first used; the log is then empty.
    package func take() -> [LateWebViewUse] {
        defer { uses = [] }
        return uses
    }
}

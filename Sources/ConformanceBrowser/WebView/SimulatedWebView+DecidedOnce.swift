import ConformanceAdapter
import ConformanceObligations

extension SimulatedWebView {
    /// Asks the navigation delegate about `action` and holds it to BOOT-1's "exactly once", for every page host:
    /// `decide` gets the first decision (or `.allow`, defaulted, without a delegate); a later one is reported to
    /// the backend as a violation of BOOT-1.f naming `url`, and goes no further.
    /// - Parameters:
    ///   - action: The navigation requested.
    ///   - url: The request as the transcript names it (as the page wrote it).
    ///   - heard: Called each time the delegate decides, the second time included (native code ran).
    ///   - decide: Receives the one decision that counts, and whether it was defaulted.
    package func askDelegateOnce(
        about action: NavigationAction, named url: String, heard: @escaping @MainActor () -> Void = {},
        decide: @escaping @MainActor (NavigationActionPolicy, _ defaulted: Bool) -> Void
    ) {
        var decided = false
        let asked = askDelegate(about: action) { [weak self] policy in
            guard let self else { return }
            heard()
            guard !decided else {
                backend.reportViolation(
                    clause: .boot1f, message: "navigation decision for \(url) made twice (second: \(policy))")
                return
            }
            decided = true
            decide(policy, false)
        }
        if !asked { decide(.allow, true) }
    }
}

import ConformanceAdapter
import ConformanceBrowser
import WireDialects

/// The first stage of a case's run: whether the case can run in this profile, on this page host, with this JS side
/// and on this adapter, and why not. The runner asks each question as soon as it can be answered, before it makes
/// what the next one needs (the page host, then the adapter), so a case that cannot run makes nothing more.
enum CaseApplicability {
    /// Why `conformanceCase` cannot run in the profile of `dialect`, nil when it can (`DialectApplicability`).
    static func inProfile(_ conformanceCase: ConformanceCase, of dialect: WireDialect)
        -> CaseInterruption.NotApplicable?
    {
        DialectApplicability.whyNotApplicable(conformanceCase, in: dialect).map { .profile(dialect.name, reason: $0) }
    }

    /// Why `conformanceCase` cannot run on a page host with `facilities`, nil when it can (`needsPage`).
    static func onPage(_ conformanceCase: ConformanceCase, with facilities: PageFacilities)
        -> CaseInterruption.NotApplicable?
    {
        let missing = conformanceCase.needsPage.subtracting(facilities)
        return missing.isEmpty ? nil : .pageLacks(missing.missingReason)
    }

    /// Why `conformanceCase` cannot run when the run judges its JS side (`javaScriptSideUnderTest`) or not, nil
    /// when it can: a JS-side case runs only against a JS side under test.
    static func withJavaScriptSide(_ conformanceCase: ConformanceCase, underTest javaScriptSideUnderTest: Bool)
        -> CaseInterruption.NotApplicable?
    {
        conformanceCase.subject == .javaScriptSide && !javaScriptSideUnderTest ? .javaScriptSideNotUnderTest : nil
    }

    /// Why `conformanceCase` cannot run on an adapter offering `capabilities`, nil when it can (`requires`).
    static func onAdapter(_ conformanceCase: ConformanceCase, offering capabilities: BridgeCapabilities)
        -> CaseInterruption.NotApplicable?
    {
        let missing = conformanceCase.requires.subtracting(capabilities)
        guard !missing.isEmpty else { return nil }
        // An adapter out of process may adopt the protocol and still not offer it: say why, or its author looks
        // for a mistake that is not there.
        let inProcessOnly = missing.intersection(.inProcessOnly)
        let needs =
            inProcessOnly.isEmpty
            ? "\(missing)"
            : "\(missing) (only an adapter in the harness's own process can offer \(inProcessOnly == missing ? "it" : "\(inProcessOnly)"))"
        return .adapterLacks(needs: needs, offers: "\(capabilities)")
    }
}

import ConformanceKit
import ConformanceObligations

extension MutantCatalogue {
    /// Mutants in a bridge's WebKit glue (its navigation delegate in WebKit's shape, `WebKitGlueBridge`) rather
    /// than in its protocol logic: each is one line of glue written the hurried way, where the kit could not
    /// look while adapters rewrote the glue.
    static let glueMutants: [Mutant] = [
        glue(
            "glue-url-less-request-undecided",
            "the glue's `guard let url = navigationAction.request.url else { return }` never decides a request for a string that is not a URL",
            .leavesURLlessRequestsUndecided, obligation: .boot1g, caughtBy: ["bootstrap.navigation.not-a-url"]),
        glue(
            "glue-bridge-request-decided-twice",
            "the glue cancels a bridge request and falls through to `decisionHandler(.allow)` (a missing return)",
            .decidesBridgeRequestsTwice, obligation: .boot1f, caughtBy: ["bootstrap.navigation.not-a-url"]),
        glue(
            "glue-app-delegate-swallowed",
            "the glue sets itself as the navigation delegate without keeping the app's, which then hears of nothing",
            .swallowsAppDelegate, obligation: .boot9a,
            caughtBy: [
                "bootstrap.glue.app-delegate-hears-page-loads", "bootstrap.glue.app-delegate-hears-failed-loads",
            ]),
        glue(
            "glue-app-delegate-gets-decisions-only",
            "the glue hands requests to the app's delegate but has no didStartProvisionalNavigation, didCommit, didFinish or didFail to pass on",
            .passesOnDecisionsOnly, obligation: .boot9c, caughtBy: ["bootstrap.glue.app-delegate-hears-page-loads"]),
        glue(
            "glue-app-delegate-hears-no-failures",
            "the glue passes on start, commit and finish, but forgot didFail and didFailProvisionalNavigation",
            .passesOnNoFailures, obligation: .boot9d, caughtBy: ["bootstrap.glue.app-delegate-hears-failed-loads"]),
        glue(
            "glue-app-delegate-hears-start-twice",
            "the glue's didCommit passes on didStartProvisionalNavigation again, a copy-paste slip, so the app hears of each load's start twice",
            .passesOnStartTwice, obligation: .boot9e, caughtBy: ["bootstrap.glue.app-delegate-hears-page-loads"]),
        glue(
            "glue-app-delegate-decides-bridge-requests",
            "the glue hands every request to the app's delegate first and keeps its decision, so the app sees (and allows) bridge URLs",
            .asksAppAboutBridgeRequests, obligation: .boot9b,
            caughtBy: ["bootstrap.glue.app-delegate-hears-page-loads"]),
        glue(
            "glue-injects-into-first-page-only",
            "the glue injects the JS side behind `if !injected`, so a page loaded later (from an HTML string, by reload) has no bridge",
            .injectsIntoFirstPageOnly, obligation: .boot4c, caughtBy: ["bootstrap.glue.injection-on-every-load-kind"]
        ),
        glue(
            "glue-request-url-force-unwrapped",
            "the glue's `navigationAction.request.url!` traps on a request for a string that is not a URL",
            .forceUnwrapsRequestURL, obligation: .boot1g, caughtBy: ["bootstrap.navigation.not-a-url"], crashes: true
        ),
        glue(
            "glue-fetch-result-force-cast",
            "the glue's fetch completion does `result as! String`, which traps on a nil result or an evaluation error",
            .forceCastsFetchResult, obligation: .flush2a,
            caughtBy: ["flush.nil-empty-or-error-result", "flush.evaluation-error-result"], crashes: true),
        glue(
            "glue-fetches-twice-per-signal",
            "the glue fetches when it cancels a queue URL and its shared bridge-URL branch fetches again: two fetches per signal",
            .fetchesTwicePerSignal, obligation: .flush1b,
            caughtBy: ["flush.fetch-command.exact-per-queue-url", "flush.fetch-command.per-signal-across-pages"]),
        glue(
            "glue-fetches-only-for-its-own-queue-url",
            "the glue cancels every queue URL but fetches only for the exact text of the JS side's (`url.absoluteString == \"https://__wvjb_queue_message__\"`), so a queue URL written otherwise is never fetched (found by explore, no case caught it)",
            .fetchesOnlyForTheJavaScriptSidesQueueURL, obligation: .flush1b,
            caughtBy: ["flush.fetch-command.queue-url-written-otherwise"]),
    ]

    private static func glue(
        _ id: String, _ defect: String, _ glueDefect: WebKitGlueDefect, obligation: Obligation, caughtBy: [String],
        crashes: Bool = false
    ) -> Mutant {
        Mutant(
            id: id, defect: defect, obligation: obligation, caughtBy: caughtBy, crashes: crashes, glueDefect: glueDefect
        ) { WebKitGlueBridgeAdapter(defect: glueDefect) }
    }
}

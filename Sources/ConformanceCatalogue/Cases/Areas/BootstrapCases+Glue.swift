import ConformanceObligations
import StrictJSON

/// Bootstrap cases for what only a bridge's web view glue can get wrong: the app's own navigation delegate kept
/// informed (BOOT-9), and the JS side injected on every kind of page load (BOOT-4).
extension BootstrapCases {
    static let glue = [appDelegateHearsPageLoads, appDelegateHearsFailedLoads, injectionOnEveryLoadKind]

    /// The page's URL in the app-delegate cases.
    private static let pageURL = "https://app.example/index.html"

    static let appDelegateHearsPageLoads = ConformanceCase(
        id: "bootstrap.glue.app-delegate-hears-page-loads",
        clauses: [.boot9],
        requires: .webViewEvents,
        hasAppNavigationDelegate: true,
        summary:
            "the app's own navigation delegate decides every request that is not the bridge's, no bridge request, and hears of each page load once"
    ) { context in
        try await CasePages.start(context)
        let frameURL = "https://app.example/frame.html"
        context.runInPage(
            "var frame = document.createElement(\"iframe\"); frame.src = \(CanonicalJSON.quote(frameURL)); "
                + "document.documentElement.appendChild(frame);")
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        let load = ["decidePolicy", "didStartProvisionalNavigation", "didCommit", "didFinish"].map { ($0, pageURL) }
        checkAppDelegate(context, expected: load + [("decidePolicy", frameURL)] + load)
    }

    static let appDelegateHearsFailedLoads = ConformanceCase(
        id: "bootstrap.glue.app-delegate-hears-failed-loads",
        clauses: [.boot9],
        requires: .webViewEvents,
        hasAppNavigationDelegate: true,
        summary:
            "the app's own navigation delegate hears of a load that fails before its commit and of one that fails after it, once each"
    ) { context in
        try await CasePages.start(context)
        let unreachable = "https://unreachable.example/"
        context.loadFailingPage(url: unreachable, failure: .beforeCommit(.cannotFindHost))
        try await context.runUntilIdle()
        let dropped = "https://app.example/dropped.html"
        context.loadFailingPage(
            CasePages.sink(in: context.dialect), url: dropped, failure: .afterCommit(.connectionLost))
        try await context.runUntilIdle()
        let first = ["decidePolicy", "didStartProvisionalNavigation", "didCommit", "didFinish"].map { ($0, pageURL) }
        checkAppDelegate(
            context,
            expected: first + [
                ("decidePolicy", unreachable), ("didStartProvisionalNavigation", unreachable),
                ("didFailProvisionalNavigation", unreachable), ("decidePolicy", dropped),
                ("didStartProvisionalNavigation", dropped), ("didCommit", dropped), ("didFail", dropped),
            ])
    }

    /// Compares what the app's delegate heard with `expected`, obligation by obligation: a request or event
    /// missing (BOOT-9.a for requests, .c for loads, .d for failures), a bridge request handed over (.b), one
    /// heard twice (.e).
    @MainActor
    private static func checkAppDelegate(_ context: CaseContext, expected: [(method: String, url: String)]) {
        let heard = context.transcript.appDelegateCalls
        let bridgeRequests = heard.filter { $0.method == "decidePolicy" && context.transcript.isBridgeURL($0.url) }
        context.expectEqual(
            bridgeRequests.map(\.url), [], clause: .boot9b, "bridge URL requests handed to the app's delegate")
        func count(_ calls: [(method: String, url: String)], _ call: (method: String, url: String)) -> Int {
            calls.filter { $0.method == call.method && $0.url == call.url }.count
        }
        var seen: [String] = []
        for call in expected {
            let key = "\(call.method) \(call.url)"
            guard !seen.contains(key) else { continue }
            seen.append(key)
            let wanted = count(expected, call), got = count(heard, call)
            let obligation =
                call.method == "decidePolicy"
                ? Obligation.boot9a : call.method.hasPrefix("didFail") ? Obligation.boot9d : Obligation.boot9c
            context.expect(
                got >= wanted, clause: obligation,
                "the app's navigation delegate got \(call.method) for \(call.url) \(got) times, not \(wanted): the bridge did not pass it on"
            )
            context.expect(
                got <= wanted, clause: .boot9e,
                "the app's navigation delegate got \(call.method) for \(call.url) \(got) times, not \(wanted)")
        }
    }

    static let injectionOnEveryLoadKind = ConformanceCase(
        id: "bootstrap.glue.injection-on-every-load-kind",
        clauses: [.boot4],
        summary:
            "the JS side is injected, and a native call reaches the page, after a load by URL, by HTML string (about:blank) and by reload"
    ) { context in
        try await CasePages.start(context)
        // BOOT-4 asks for an injection on every load URL, not for one only: a bridge may also inject at document
        // start, or again into a page that has the JS side (it returns at once then).
        @MainActor func injectionsIntoTheLastPage() -> Int {
            context.transcript.pages.last?.javaScriptSideEvaluations.count ?? 0
        }
        @MainActor func sinkGot() -> [JSONValue?] {
            context.transcript.events.compactMap {
                if case let .jsHandlerInvoked("sink", data, _, _) = $0 { data } else { nil }
            }
        }
        var pages: [(label: String, obligation: Obligation)] = []
        for (label, obligation) in [
            ("by URL", Obligation.boot4b), ("by HTML string", Obligation.boot4c), ("by reload", Obligation.boot4a),
        ] {
            switch label {
            case "by HTML string": context.loadHTMLString(running: CasePages.sink(in: context.dialect))
            case "by reload": context.reload()
            default: break
            }
            if label != "by URL" { try await context.runUntilIdle() }
            pages.append((label, obligation))
            let injections = injectionsIntoTheLastPage()
            context.expect(
                context.transcript.pages.count == pages.count && injections >= 1, clause: obligation,
                "the native side evaluated the JS side into the page loaded \(label) (pages: \(context.transcript.pages.count), evaluations into the last: \(injections))"
            )
            try context.callHandler("sink", data: .string(label))
            try await context.runUntilIdle()
            context.expect(
                sinkGot().last == .string(label), clause: obligation,
                "a native call after the page loaded \(label) did not reach the page's handler")
        }
    }
}

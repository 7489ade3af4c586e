import ConformanceAdapter
import ConformanceKit
import ConformanceObligations
import Foundation
import StrictJSON

/// The page host on a real WebKitGTK web view: the case's pages load in WebKit, their iframe navigations reach
/// the bridge's navigation delegate through WebKit's policy decisions, evaluations run in WebKit's engine, and
/// dialogs and script messages come through WebKit's signals.
///
/// Time and order are the simulation's: the host keeps the same task queue as `SimulatedBrowser` (a
/// `VirtualEventLoop` on virtual time) and WebKit runs each task (an evaluation, a page timer, a page load) to
/// its end before the next starts. The kit's clock shim (`page-shim.js`) is the first document-start user
/// script; what a task made the page do (timers set, iframe sources written, messages posted, dialogs, handler
/// calls) is read back from the page's log in the page's order, and the work it asks for (the delegate's turn
/// on a navigation request, a message's delivery, a timer) is queued at its place in that order.
///
/// Differences from `SimulatedBrowser` a case can see (spec, appendix D): WebKit asks once per iframe per turn
/// and never about a `src` that is not a URL (`facilities` is empty), a page's scripts run from its HTML, and
/// there is no synchronous (UIWebView-style) evaluation.
@MainActor
package final class WebKitGTKPageHost: RecordedPageHost {
    /// The web view the implementation is attached to.
    package private(set) lazy var webView = SimulatedWebView(
        backend: self, bridgeJavaScriptSource: environment.bridgeJavaScriptSource)
    /// A real WebKit asks once per iframe per turn, and never about a src that is not a URL.
    package var facilities: PageFacilities { [] }

    let environment: HarnessEnvironment
    let view = WebKitGTKView()
    /// The page's tasks on virtual time, as in the simulation.
    let loop = VirtualEventLoop()
    /// The transcript and the count of native activity, as in the simulation.
    package let recorder: PageRecorder
    var interruption: PageInterruption?
    /// Counts what happened in the engine, for `waitFor`'s silence limit.
    var engineActivity = 0
    var nextEvaluationID = 1
    var nextNavigationID = 1
    var nextPageNavigationNumber = 1
    /// The page's number (1 for the first page a case loads): page timers are named by it.
    var pageNumber = 0
    /// The task of each page timer that has not fired, by the page's id.
    var timerTasks: [Int: VirtualEventLoop.TaskID] = [:]
    /// Requests the delegate has been asked about and not decided; a main-frame load holds no WebKit request.
    var undecidedNavigations: [Int: (url: String, request: WebKitGTKView.PolicyRequest?)] = [:]
    /// Requests WebKit asked about that no source the page wrote has claimed yet.
    var arrivedRequests: [WebKitGTKView.PolicyRequest] = []
    /// What the page wrote into iframes' `src` (and WebKit's form of it) that no request has claimed yet.
    var writtenSources: [(written: String, resolved: String?)] = []
    /// Script messages and dialogs WebKit told of, until the page's log shows where they happened.
    var arrivedMessages: [(name: String, body: JSONValue?)] = []
    var arrivedDialogs: [(kind: DialogKind, message: String)] = []
    /// The user scripts of the page being loaded, as the page's log names them (by index).
    var pageUserScripts: [UserScript] = []
    /// The evaluation id of the user script that ran last, which a `javaScriptSideAppeared` of the log is of.
    var userScriptEvaluationID: Int?
    /// Set when the page logged that the native evaluation now ending injected the JS side (the bridge global
    /// appeared while it ran).
    var nativeEvaluationInjected = false
    /// The dialect's bridge global as a JavaScript string literal, for the page host's checks of it.
    private var bridgeGlobal: String { CanonicalJSON.quote(environment.dialect.javaScriptGlobal) }
    var currentDefinition: PageDefinition?
    var definitionsByURL: [String: PageDefinition] = [:]
    /// The page shown (its definition's URL).
    var shownURL: String?
    var loadingNavigation: Int?
    /// The main-frame load the host started, until its page has run.
    var mainLoad: (definition: PageDefinition, navigation: PageNavigation, id: Int, asked: Bool, committed: Bool)?
    /// Whether the host is loading an empty page of its own (allowed without asking anyone): the first page of a
    /// new web process, or the page a task needs before the case has loaded one.
    private var isOpening = false
    /// Whether a page has loaded in the view (the host's empty one or the case's): before that, a task that runs
    /// in the page first opens the empty one.
    private var hasPage = false
    /// Whether the host waits for the commit of the view's first page (`waitForCommit()`).
    private var awaitsFirstCommit = false

    /// Seconds WebKit may stay silent while the host opens its empty page (a new web process may start then).
    private static let openingSilenceLimit: Double = 10
    /// The least silence taken for a script that never ends, whatever `--script-time-limit` says: a round trip
    /// to WebKit's web process is wall-clock time, not the script's CPU.
    private static let leastScriptSilence: Double = 2

    /// What the engine runs now and whose code it is, as far as the task says: WebKitGTK gives no backtrace
    /// of a script it cannot stop, so a task that never ends is blamed on the owner of what the task runs.
    var stage: (name: String, suspect: ScriptOwner) = ("the page's start", .kit("page host"))

    /// Seconds the page may stay silent before the case is stopped: the run's script time limit (at least
    /// `leastScriptSilence`), on the wall clock; longer while the host's empty page opens.
    private var engineSilenceLimit: Double {
        isOpening || awaitsFirstCommit
            ? Self.openingSilenceLimit : max(environment.executionTimeLimit, Self.leastScriptSilence)
    }

    /// Makes the web view with the kit's clock shim. The first view of a web process opens an empty page at once,
    /// which starts the process; the others open it only if a task runs before the case's first load (most cases
    /// load their page first, and an empty page loaded and awaited is a round trip of the web process's).
    /// - Throws: `WebKitGTKUnavailable` without a display; `PageInterruption` when a new web process never
    ///   loads its first page.
    package init(environment: HarnessEnvironment) throws {
        try WebKitGTKEngine.start()
        self.environment = environment
        recorder = PageRecorder(dialect: environment.dialect, clock: loop)
        connectSignals()
        view.addUserScript(clockShimScript(), atDocumentStart: true)
        if !WebKitGTKEngine.webProcessIsRunning {
            try openEmptyPage()
            if let interruption { throw interruption }
            WebKitGTKEngine.webProcessIsRunning = true
        }
    }

    /// Loads the host's empty page and waits for it, unless a page has loaded already.
    private func openEmptyPage() throws(PageInterruption) {
        guard !hasPage else { return }
        isOpening = true
        defer { isOpening = false }
        view.loadHTML("<!DOCTYPE html><html><head></head><body></body></html>", baseURI: nil)
        var loaded = false
        let previous = view.onLoadChanged
        view.onLoadChanged = { event, _ in if event == 3 { loaded = true } }
        defer { view.onLoadChanged = previous }
        try waitFor { loaded }
        hasPage = true
    }

    private func connectSignals() {
        // Weak throughout: WebKit's signals, the host's tasks and the delegate's decisions may come after the
        // host is gone (a bridge keeps its web view and its decision handlers past the case), and are then inert.
        view.onPolicyRequest = { [weak self] request in
            guard let self else { return WebKitGTKView.decide(request, allow: false) }
            policyRequested(request)
        }
        view.onLoadChanged = { [weak self] event, _ in self?.loadChanged(event) }
        view.onLoadFailed = { [weak self] uri, message in
            guard let self else { return }
            engineActivity += 1
            record(.nativeLog("WebKitGTK: load of \(uri) failed: \(message)"))
        }
        view.onScriptDialog = { [weak self] type, message in
            guard let self else { return }
            engineActivity += 1
            let kinds: [DialogKind] = [.alert, .confirm, .prompt, .beforeUnload]
            arrivedDialogs.append((kinds[Int(min(max(type, 0), 3))], message))
        }
        view.onScriptMessage = { [weak self] name, json in
            guard let self else { return }
            engineActivity += 1
            arrivedMessages.append((name, json.flatMap { try? JSONParser.parse($0) }))
        }
        view.onWebProcessTerminated = { [weak self] reason in
            guard let self else { return }
            engineActivity += 1
            WebKitGTKEngine.webProcessIsRunning = false
            if interruption == nil {
                interruption = .harness("WebKitGTK's web process ended (reason \(reason)) while the case ran")
            }
        }
    }

    /// The document-start script that installs the clock shim and `window.__kitHost` at the current virtual
    /// time, and marks posts to the web view's script message handlers.
    private func clockShimScript() -> String {
        let handlers = CanonicalJSON.encode(.array(webView.scriptMessageHandlerNames.sorted().map { .string($0) }))
        return "(\(WebKitGTKResources.pageHostSource))(\(environment.pageShimSource), \(loop.now), \(handlers));"
    }

    // MARK: WebViewBackend

    package var currentURL: String? { shownURL }

    package var isLoading: Bool { loadingNavigation != nil }

    /// Schedules the evaluation on a later turn and its completion on the turn after that, as the simulation
    /// does; WebKit runs it, and what it made the page do is recorded before its result.
    package func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        recorder.countNativeActivity()
        let id = nextEvaluationID
        nextEvaluationID += 1
        loop.schedule(label: .evaluation(id)) { [weak self] in
            guard let self else { return }
            record(
                .evaluationStarted(
                    id: id, style: .asynchronous, command: NativeCommand(script, in: environment.dialect)))
            var outcome: WebKitGTKView.EvaluationOutcome?
            nativeEvaluationInjected = false
            let injects = SimulatedBrowser.holds(script, environment.bridgeJavaScriptSource)
            stage = ("evaluation \(id)", injects ? javaScriptSideOwner : .nativeSide)
            runTask { () throws(PageInterruption) in
                try openEmptyPage()
                view.evaluate("__kitHost.at(\(loop.now)); __kitHost.enterNative(\(bridgeGlobal));") { _ in }
                view.evaluate(script) { outcome = $0 }
                try collect(after: "__kitHost.leaveNative(\(bridgeGlobal));")
                try waitFor { outcome != nil }  // answered before the settling, in order: no wait in practice
            }
            guard let outcome else { return }
            let (foundation, json, error) = Self.converted(outcome)
            record(.evaluationFinished(id: id, result: json, error: error?.description))
            // What the page did tells the injection, whatever the script's text (as in the simulation).
            if nativeEvaluationInjected { record(.javaScriptSideAppeared(evaluation: id)) }
            guard let completionHandler else { return }
            nonisolated(unsafe) let result = foundation
            loop.schedule(label: .completion(ofEvaluation: id)) { [weak self] in
                guard let self else { return }
                recorder.countNativeActivity()
                completionHandler(result, error)
            }
        }
    }

    /// WebKitGTK has no synchronous evaluation: the case stops, not applicable on this host.
    package func evaluateSynchronously(_ script: String) -> String? {
        recorder.countNativeActivity()
        if interruption == nil {
            interruption = .notApplicable(
                "WebKitGTK has no synchronous (UIWebView-style) evaluation; this case runs on the simulated web view")
        }
        return nil
    }

    package func load(urlString: String) {
        recorder.countNativeActivity()
        load(definitionsByURL[urlString] ?? PageDefinition(url: urlString, script: ""), type: .other)
    }

    package func loadHTMLString(_ html: String, baseURL: String?) {
        recorder.countNativeActivity()
        load(PageDefinition(html: html, baseURL: baseURL), type: .other)
    }

    package func didAddScriptMessageHandler(named name: String) {
        recorder.countNativeActivity()
        view.registerMessageHandler(name)
    }

    package func didRemoveScriptMessageHandler(named name: String) {
        recorder.countNativeActivity()
        view.unregisterMessageHandler(name)
    }

    package func abortCase(because error: any Error & Sendable) {
        recorder.countNativeActivity()
        guard interruption == nil else { return }
        interruption = .aborted(error)
    }

    // MARK: PageHost

    package func load(_ definition: PageDefinition) { load(definition, type: .other) }

    package func reload() {
        guard let currentDefinition else { return }
        load(currentDefinition, type: .reload)
    }

    /// Runs the script and waits for it, as the simulation runs it on the caller's stack: what it made the page
    /// do is in the transcript when this returns.
    package func runHarnessScript(_ script: String) {
        let id = nextEvaluationID
        nextEvaluationID += 1
        record(.evaluationStarted(id: id, style: .harness, command: NativeCommand(script, in: environment.dialect)))
        stage = ("harness script \(id)", .kit("harness script"))
        runTask { () throws(PageInterruption) in
            try openEmptyPage()
            try collect(
                after:
                    "__kitHost.at(\(loop.now)); __kitHost.run(\(Self.literal(script)), \(Self.literal("harness-\(id).js")));"
            )
        }
    }

    /// Runs tasks in the simulation's order until none is due by the horizon; the main queue runs twice after
    /// each task in which native code ran, and once more before the page counts as idle.
    package func runUntilIdle(horizon: Int64) async throws(PageInterruption) {
        let deadline = loop.now + horizon
        var turns = 0
        var seenNativeActivity = nativeActivity
        while true {
            if let interruption { throw interruption }
            if loop.runNextTask(notAfter: deadline) {
                turns += 1
                if turns >= SimulatedBrowser.neverIdleTurns { throw .neverIdle(turns: turns) }
                if nativeActivity != seenNativeActivity {
                    seenNativeActivity = nativeActivity
                    await Task.yield()
                    await Task.yield()
                }
                continue
            }
            let entries = transcript.entries.count
            await Task.yield()
            await Task.yield()
            if let interruption { throw interruption }
            if transcript.entries.count == entries, !loop.hasPendingTasks(dueBy: deadline) { return }
        }
    }

    package func finish() -> PageLeftovers {
        var leftovers = loop.leftovers
        leftovers.undecidedNavigations = undecidedNavigations.sorted { $0.key < $1.key }.map {
            .init(id: $0.key, url: $0.value.url)
        }
        return leftovers
    }

    package func close() {
        for (_, entry) in undecidedNavigations {
            if let request = entry.request { WebKitGTKView.decide(request, allow: false) }
        }
        for request in arrivedRequests { WebKitGTKView.decide(request, allow: false) }
        undecidedNavigations = [:]
        arrivedRequests = []
        loop.discardAll()
        view.close()
    }

    // MARK: Loads

    private func load(_ definition: PageDefinition, type: NavigationType) {
        currentDefinition = definition
        definitionsByURL[definition.url] = definition
        record(.pageRequested(url: definition.url))
        let id = nextNavigationID
        nextNavigationID += 1
        record(.navigationRequested(id: id, url: definition.url, isMainFrame: true))
        loadingNavigation = id
        let action = NavigationAction(
            url: URL(string: definition.url), urlString: definition.url, isMainFrame: true, navigationType: type)
        loop.schedule(label: .navigation(id, url: definition.url)) { [weak self] in
            guard let self else { return }
            undecidedNavigations[id] = (definition.url, nil)
            ask(about: action, id: id) { [weak self] policy in
                guard let self else { return }
                undecidedNavigations[id] = nil
                guard policy == .allow, currentDefinition == definition else {
                    if loadingNavigation == id { loadingNavigation = nil }
                    return
                }
                loop.schedule(label: .load(url: definition.url)) { [weak self] in
                    guard let self else { return }
                    startLoad(definition, navigationID: id)
                }
            }
        }
    }

    /// Loads an allowed main-frame request in WebKit and waits until it has loaded: the page's HTML runs the
    /// setup snippet and the page's script; the web view's user scripts run around them, after the kit's
    /// clock shim. The delegate hears of the load's end on a later turn.
    private func startLoad(_ definition: PageDefinition, navigationID: Int) {
        let navigation = PageNavigation(number: nextPageNavigationNumber, urlString: definition.url)
        nextPageNavigationNumber += 1
        tellDelegate(.started(navigation))
        if case .beforeCommit(let failure) = definition.failure {
            if loadingNavigation == navigationID { loadingNavigation = nil }
            tellDelegate(.failedProvisionally(navigation, failure))
            return
        }
        view.removeAllUserScripts()
        view.addUserScript(clockShimScript(), atDocumentStart: true)
        pageUserScripts = webView.userScripts
        for (index, script) in pageUserScripts.enumerated() {
            let atStart = script.injectionTime == .atDocumentStart
            view.addUserScript("__kitHost.userScript(\(index), \(bridgeGlobal));", atDocumentStart: atStart)
            view.addUserScript(script.source, atDocumentStart: atStart)
            view.addUserScript("__kitHost.userScriptEnd(\(bridgeGlobal));", atDocumentStart: atStart)
        }
        view.addUserScript("__kitHost.markParsed();", atDocumentStart: false)
        // The page's script starts on the document's first line, so WebKit counts its lines from 1 and names
        // them by the page's URL, as the simulation does: everything before it is on that line.
        let html =
            "<!DOCTYPE html><html><head><script>\(Self.evaluated(environment.pageSetupSource, named: "page-setup.js"))"
            + "</script></head><body><script>\(Self.scriptElementText(definition.script))</script></body></html>"
        mainLoad = (definition, navigation, navigationID, false, false)
        stage = ("the load of page \(definition.url)", loadSuspect(definition))
        view.loadHTML(html, baseURI: definition.url == "about:blank" ? nil : definition.url)
        runTask { () throws(PageInterruption) in
            try waitForCommit()
            try collect(afterParsing: true)
        }
        mainLoad = nil
        loop.schedule(label: .loadEnd(url: definition.url)) { [weak self] in
            guard let self else { return }
            if loadingNavigation == navigationID { loadingNavigation = nil }
            if case .afterCommit(let failure) = definition.failure {
                tellDelegate(.failed(navigation, failure))
            } else {
                tellDelegate(.finished(navigation))
            }
        }
    }

    /// Waits for the main-frame load's commit. Before a view's first commit no script of the case has run, and a web
    /// process that ended between cases (no view alive to hear it) starts again then: the wait is an opening's, its
    /// silence the kit's.
    private func waitForCommit() throws(PageInterruption) {
        awaitsFirstCommit = !hasPage
        defer { awaitsFirstCommit = false }
        try waitFor { mainLoad?.committed ?? true }
    }

    /// A main-frame load's commit replaces the page (its timers go with it). WebKit's end of the load is not
    /// awaited: it waits for the page's iframes, whose requests the delegate decides on later turns.
    private func loadChanged(_ event: Int32) {
        engineActivity += 1
        guard let load = mainLoad else { return }
        switch event {
        case 2:
            for task in timerTasks.values { loop.cancel(task) }
            timerTasks = [:]
            pageNumber += 1
            shownURL = load.definition.url
            writtenSources = []
            record(.pageLoaded(url: load.definition.url))
            tellDelegate(.committed(load.navigation))
            mainLoad?.committed = true
            hasPage = true
        default: break
        }
    }

    func tellDelegate(_ event: NavigationEvent) {
        recorder.countNativeActivity()
        webView.tellDelegate(event)
    }

    // MARK: Navigation requests

    private func policyRequested(_ request: WebKitGTKView.PolicyRequest) {
        engineActivity += 1
        if isOpening { return WebKitGTKView.decide(request, allow: true) }
        if let load = mainLoad, !load.asked,
            Self.sameURL(request.uri, load.definition.url) || request.uri == "about:blank"
        {
            mainLoad?.asked = true
            return WebKitGTKView.decide(request, allow: true)
        }
        if request.isNewWindow { return WebKitGTKView.decide(request, allow: false) }
        arrivedRequests.append(request)
    }

    /// Records a request as the page wrote it and gives the delegate its turn on it, as the simulation does.
    func register(_ request: WebKitGTKView.PolicyRequest, writtenAs written: String) {
        let id = nextNavigationID
        nextNavigationID += 1
        record(.navigationRequested(id: id, url: written, isMainFrame: false))
        let action = NavigationAction(
            url: URL(string: request.uri), urlString: request.uri, isMainFrame: false,
            navigationType: request.navigationType == 3 ? .reload : .other)
        loop.schedule(label: .navigation(id, url: written)) { [weak self] in
            guard let self else { return }
            undecidedNavigations[id] = (written, request)
            ask(about: action, id: id, writtenAs: written) { [weak self] policy in
                guard let self else { return }
                guard let entry = undecidedNavigations.removeValue(forKey: id), let request = entry.request else {
                    return
                }
                WebKitGTKView.decide(request, allow: policy == .allow)
            }
        }
    }

    /// Asks the navigation delegate, records its decision and enforces BOOT-1's "exactly once"; `apply`
    /// gets the first decision.
    private func ask(
        about action: NavigationAction, id: Int, writtenAs written: String? = nil,
        apply: @escaping @MainActor (NavigationActionPolicy) -> Void
    ) {
        let url = written ?? action.urlString
        recorder.countNativeActivity()
        webView.askDelegateOnce(
            about: action, named: url, heard: { [weak self] in self?.recorder.countNativeActivity() }
        ) {
            [weak self] policy, defaulted in
            guard let self else { return }
            record(.navigationDecided(id: id, url: url, policy: policy, defaulted: defaulted))
            apply(policy)
        }
    }

    // MARK: Running the engine

    /// Who the JS side injected in this run belongs to: the implementation's when it is under test.
    var javaScriptSideOwner: ScriptOwner {
        environment.javaScriptSideIsKits ? .kit("reference JS side") : .javaScriptSide
    }

    /// Whose code a page load that never ends most likely runs: a user script that holds the JS side, another
    /// user script (the native side's), else the kit's page and setup snippet.
    private func loadSuspect(_ definition: PageDefinition) -> ScriptOwner {
        if pageUserScripts.contains(where: { SimulatedBrowser.holds($0.source, environment.bridgeJavaScriptSource) }) {
            return javaScriptSideOwner
        }
        if !pageUserScripts.isEmpty { return .nativeSide }
        if !environment.pageSetupIsKits { return .pageSetup }
        return .kit("page \(definition.url)")
    }

    /// Runs `body`, a task's work in the engine; an interruption stops the case (the first one wins).
    func runTask(_ body: () throws(PageInterruption) -> Void) {
        guard interruption == nil else { return }
        do throws(PageInterruption) {
            try body()
        } catch {
            if interruption == nil { interruption = error }
        }
    }

    /// Runs the engine until `condition` holds, or the case stops.
    func waitFor(_ condition: () -> Bool) throws(PageInterruption) {
        var lastProgress = ContinuousClock.now
        var seenActivity = engineActivity
        while !condition() {
            if let interruption { throw interruption }
            // Whatever is pending, or else a sleep in the main context until WebKit answers (polling would add its
            // period to every round trip), waking now and then to check the silence limit.
            if WebKitGTKEngine.iterate(mayBlock: false) || WebKitGTKEngine.iterate(waitingAtMost: 50) {
                if engineActivity != seenActivity {
                    seenActivity = engineActivity
                    lastProgress = .now
                }
                continue
            }
            if lastProgress.duration(to: .now) > .seconds(engineSilenceLimit) {
                let stop = silenceInterruption()
                interruption = stop
                view.terminateWebProcess()
                WebKitGTKEngine.webProcessIsRunning = false
                throw stop
            }
        }
    }

    /// The case's end when the page stayed silent past the limit: a script that never ends, blamed on the owner
    /// of what the task runs (`stage`), as the simulation blames a timeout; while the host's empty page opens or
    /// the view's first page commits, the kit's.
    private func silenceInterruption() -> PageInterruption {
        let limit = String(format: "%g", engineSilenceLimit)
        guard !isOpening else {
            return .harness("WebKitGTK did not open the host's empty page in \(limit) s; its web process was ended")
        }
        guard !awaitsFirstCommit else {
            return .harness("WebKitGTK did not commit the case's first page in \(limit) s; its web process was ended")
        }
        // WebKitGTK gives no backtrace of the script it could not stop: the stage says where, and which limit.
        return .timeout(
            stage: "\(stage.name) (WebKitGTK's page did not answer for \(limit) s on the wall clock, the script time "
                + "limit; its web process was ended)",
            owner: stage.suspect, location: nil)
    }
}

/// The host's JavaScript, shipped as a resource.
enum WebKitGTKResources {
    @MainActor static let pageHostSource: String = {
        guard let url = Bundle.module.url(forResource: "webkitgtk-page-host", withExtension: "js"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "(function () { throw new Error('webkitgtk-page-host.js is missing: rebuild the package'); })" }
        return text
    }()
}

/// The WebKitGTK page host as a run's page host factory.
package let webKitGTKPageHost: PageHostFactory = { try WebKitGTKPageHost(environment: $0) }

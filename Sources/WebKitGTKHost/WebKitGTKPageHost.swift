import ConformanceAdapter
import ConformanceKit
import Foundation
import StrictJSON

/// The page host on a real WebKitGTK web view: the case's pages load in WebKit, their iframe navigations reach
/// the bridge's navigation delegate through WebKit's policy decisions, evaluations run in WebKit's engine, and
/// dialogs and script messages come through WebKit's signals. Time stays virtual: the kit's clock shim
/// (`page-shim.js`) is the first document-start user script, and the host fires its timers one by one, so a
/// page waits for the harness as in the simulation.
///
/// Differences from `SimulatedBrowser` a case can see: WebKit writes a URL in its normal form
/// (`https://__wvjb_queue_message__/`), all real work (navigation decisions, evaluations, script messages) is
/// done before the next virtual timer fires, a page's scripts run through `eval` from its HTML, and there is no
/// synchronous (UIWebView-style) evaluation.
@MainActor
package final class WebKitGTKPageHost: PageHost, WebViewBackend {
    /// The web view the implementation is attached to.
    package private(set) lazy var webView = SimulatedWebView(
        backend: self, bridgeJavaScriptSource: environment.bridgeJavaScriptSource)
    /// Everything observed so far.
    package private(set) var transcript: Transcript
    /// Counts the times native code ran or called the web view.
    package private(set) var nativeActivity = 0
    /// Ignored: a real engine has no virtual task schedule.
    package var taskDelays: TaskDelays?
    /// A real WebKit asks once per iframe per turn, and never about a src that is not a URL.
    package var facilities: PageFacilities { [] }

    private let environment: HarnessEnvironment
    private let view = WebKitGTKView()
    private var interruption: PageInterruption?
    /// Virtual milliseconds: the clock shim's time, read back after each timer.
    private var now: Int64 = 0
    /// Work for a later turn (asking the delegate, delivering a script message), run in order.
    private var laterTurn: [() -> Void] = []
    /// Counts what happened in the engine; a settled page is one where a fence changed nothing.
    private var engineActivity = 0
    private var pendingEvaluations = 0
    /// The native evaluations sent and not finished, in order: WebKit runs them one after another, so each is
    /// recorded as started when the one before it has finished.
    private var evaluationsInFlight: [(id: Int, script: String)] = []
    private var nextEvaluationID = 1
    private var nextNavigationID = 1
    private var nextPageNavigationNumber = 1
    private var undecidedNavigations: [Int: (url: String, request: WebKitGTKView.PolicyRequest)] = [:]
    /// Requests WebKit asked about that the host has not named yet (it waits for what the page wrote).
    private var queuedRequests: [WebKitGTKView.PolicyRequest] = []
    /// What the page wrote into iframes' `src` (and WebKit's form of it) that no request has claimed yet.
    private var writtenSources: [(written: String, resolved: String?)] = []
    private var currentDefinition: PageDefinition?
    private var definitionsByURL: [String: PageDefinition] = [:]
    /// The page shown (its definition's URL).
    private var shownURL: String?
    private var loadingNavigation: Int?
    /// The main-frame load the host started, until WebKit asks about it and then tells its events.
    private var mainLoad: (definition: PageDefinition, navigation: PageNavigation, id: Int, asked: Bool)?
    /// Whether the host is still loading its first, empty page (allowed without asking anyone).
    private var isOpening = true

    /// Seconds the engine may stay silent while the host waits for it before the case is stopped.
    private static let engineSilenceLimit: Double = 10

    /// Opens an empty page with the kit's clock shim.
    /// - Throws: `WebKitGTKUnavailable` without a display; `PageInterruption` when the first page never loads.
    package init(environment: HarnessEnvironment) throws {
        try WebKitGTKEngine.start()
        self.environment = environment
        transcript = Transcript(dialect: environment.dialect)
        connectSignals()
        view.addUserScript(clockShimScript(), atDocumentStart: true)
        view.loadHTML("<!DOCTYPE html><html><head></head><body></body></html>", baseURI: nil)
        var loaded = false
        let previous = view.onLoadChanged
        view.onLoadChanged = { event, _ in if event == 3 { loaded = true } }
        try waitFor { loaded }
        isOpening = false
        view.onLoadChanged = previous
        if let interruption { throw interruption }
    }

    private func connectSignals() {
        view.onPolicyRequest = { [unowned self] request in policyRequested(request) }
        view.onLoadChanged = { [unowned self] event, _ in loadChanged(event) }
        view.onLoadFailed = { [unowned self] uri, message in
            engineActivity += 1
            record(.nativeLog("WebKitGTK: load of \(uri) failed: \(message)"))
        }
        view.onScriptDialog = { [unowned self] type, message in
            engineActivity += 1
            let kind = ["alert", "confirm", "prompt", "beforeunload"][Int(min(max(type, 0), 3))]
            record(.dialog(kind: kind, message: message, blocking: false))
            if let observer = webView.dialogObserver {
                nativeActivity += 1
                observer(kind, message)
            }
        }
        view.onScriptMessage = { [unowned self] name, json in
            engineActivity += 1
            let body = json.flatMap { try? JSONParser.parse($0) }
            record(.scriptMessagePosted(name: name, body: body))
            nonisolated(unsafe) let foundationBody = body?.foundationValue ?? NSNull()
            laterTurn.append { [unowned self] in
                nativeActivity += 1
                _ = webView.deliver(ScriptMessage(name: name, body: foundationBody))
            }
        }
        view.onWebProcessTerminated = { [unowned self] reason in
            engineActivity += 1
            if interruption == nil {
                interruption = .harness("WebKitGTK's web process ended (reason \(reason)) while the case ran")
            }
        }
    }

    /// The document-start script that installs the clock shim and `window.__kitHost` at the current virtual time.
    private func clockShimScript() -> String {
        "(\(WebKitGTKResources.pageHostSource))(\(environment.pageShimSource), \(now));"
    }

    package func record(_ event: TranscriptEvent) {
        transcript.append(event, at: now)
    }

    // MARK: WebViewBackend

    package var currentURL: String? { shownURL }

    package var isLoading: Bool { loadingNavigation != nil }

    package func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        nativeActivity += 1
        let id = nextEvaluationID
        nextEvaluationID += 1
        evaluationsInFlight.append((id, script))
        if evaluationsInFlight.count == 1 { record(.evaluationStarted(id: id, style: .asynchronous, script: script)) }
        pendingEvaluations += 1
        view.evaluate("__kitHost.enterNative();") { _ in }
        var outcome: WebKitGTKView.EvaluationOutcome = .json(nil)
        view.evaluate(script) { outcome = $0 }
        view.evaluate("__kitHost.leaveNative(); __kitHost.drain();") { [unowned self] drained in
            pendingEvaluations -= 1
            engineActivity += 1
            recordDrained(drained)
            let (foundation, json, error) = Self.converted(outcome)
            record(.evaluationFinished(id: id, result: json, error: error?.description))
            evaluationsInFlight.removeFirst()
            if let next = evaluationsInFlight.first {
                record(.evaluationStarted(id: next.id, style: .asynchronous, script: next.script))
            }
            nativeActivity += 1
            completionHandler?(foundation, error)
        }
    }

    /// WebKitGTK has no synchronous evaluation: the case stops, not applicable on this host.
    package func evaluateSynchronously(_ script: String) -> String? {
        nativeActivity += 1
        if interruption == nil {
            interruption = .notApplicable(
                "WebKitGTK has no synchronous (UIWebView-style) evaluation; this case runs on the simulated web view")
        }
        return nil
    }

    package func recordAppDelegateNotification(method: String, url: String) {
        record(.appDelegateNotified(method: method, url: url))
    }

    package func recordNativeLog(_ message: String) {
        nativeActivity += 1
        record(.nativeLog(message))
    }

    package func reportViolation(clause: String, message: String) {
        nativeActivity += 1
        record(.violation(clause: clause, message: message))
    }

    package func load(urlString: String) {
        nativeActivity += 1
        load(definitionsByURL[urlString] ?? PageDefinition(url: urlString, script: ""), type: .other)
    }

    package func loadHTMLString(_ html: String, baseURL: String?) {
        nativeActivity += 1
        load(PageDefinition(html: html, baseURL: baseURL), type: .other)
    }

    package func didAddScriptMessageHandler(named name: String) {
        nativeActivity += 1
        view.registerMessageHandler(name)
    }

    package func didRemoveScriptMessageHandler(named name: String) {
        nativeActivity += 1
        view.unregisterMessageHandler(name)
    }

    /// Pages loaded from now on get the web view's user scripts; nothing to do now.
    package func didAddUserScript(_ script: UserScript) { nativeActivity += 1 }
    /// Pages loaded from now on get the web view's user scripts; nothing to do now.
    package func didRemoveAllUserScripts() { nativeActivity += 1 }

    package func abortCase(because error: any Error & Sendable) {
        nativeActivity += 1
        guard interruption == nil else { return }
        interruption = .aborted(error)
    }

    // MARK: PageHost

    package func load(_ definition: PageDefinition) { load(definition, type: .other) }

    package func reload() {
        guard let currentDefinition else { return }
        load(currentDefinition, type: .reload)
    }

    /// Runs the script and waits for it, as the simulation runs it on the caller's stack: what it notes is in
    /// the transcript when this returns.
    package func runHarnessScript(_ script: String) {
        let id = nextEvaluationID
        nextEvaluationID += 1
        record(.evaluationStarted(id: id, style: .harness, script: script))
        let drained = try? evaluateNow(
            "__kitHost.run(\(Self.literal(script)), \(Self.literal("harness-\(id).js"))); __kitHost.drain();")
        engineActivity += 1
        recordDrained(drained ?? nil)
    }

    package func runUntilIdle(horizon: Int64) async throws(PageInterruption) {
        let deadline = now + horizon
        var timersFired = 0
        while true {
            try await settle()
            guard
                case .string(let fired)? = try evaluateNow(
                    "JSON.stringify([__kitHost.fireNext(\(deadline)), __kitHost.now()])"),
                case .array(let pair)? = try? JSONParser.parse(fired), pair.count == 2,
                case .number(let id) = pair[0], case .number(let time) = pair[1]
            else { throw .harness("the page lost the kit's clock shim (window.__kitHost)") }
            guard id != 0 else {
                recordDrained(try evaluateNow("__kitHost.drain();"))
                return
            }
            now = Int64(time)
            recordDrained(try evaluateNow("__kitHost.drain();"))
            timersFired += 1
            if timersFired >= 20_000 { throw .neverIdle(turns: timersFired) }
        }
    }

    package func finish() -> PageLeftovers {
        var leftovers = PageLeftovers()
        if case .string(let text)? = try? evaluateNow("__kitHost.pendingTimers();"),
            case .array(let pairs)? = try? JSONParser.parse(text)
        {
            for case .array(let pair) in pairs where pair.count == 2 {
                if case .number(let id) = pair[0], case .number(let due) = pair[1] {
                    leftovers.timers.append(.init(id: Int(id), dueAt: Int64(due)))
                }
            }
        }
        leftovers.undecidedNavigations = undecidedNavigations.sorted { $0.key < $1.key }.map {
            .init(id: $0.key, url: $0.value.url)
        }
        return leftovers
    }

    package func close() {
        for (_, entry) in undecidedNavigations { WebKitGTKView.decide(entry.request, allow: false) }
        undecidedNavigations = [:]
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
        laterTurn.append { [unowned self] in
            ask(about: action, id: id) { [unowned self] policy in
                guard action.isMainFrame, policy == .allow, currentDefinition == definition else {
                    if loadingNavigation == id { loadingNavigation = nil }
                    return
                }
                laterTurn.append { [unowned self] in startLoad(definition, navigationID: id) }
            }
        }
    }

    /// Loads an allowed main-frame request in WebKit: the page's HTML runs the setup snippet and the page's
    /// script; the web view's user scripts run around them, after the kit's clock shim.
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
        for script in webView.userScripts {
            view.addUserScript(script.source, atDocumentStart: script.injectionTime == .atDocumentStart)
        }
        let html = """
            <!DOCTYPE html><html><head><script>\(Self.scriptElementText(environment.pageSetupSource))</script></head>\
            <body><script>\(Self.scriptElementText(definition.script))</script></body></html>
            """
        mainLoad = (definition, navigation, navigationID, false)
        view.loadHTML(html, baseURI: definition.url == "about:blank" ? nil : definition.url)
    }

    private func loadChanged(_ event: Int32) {
        engineActivity += 1
        guard let load = mainLoad else { return }
        switch event {
        case 2:
            shownURL = load.definition.url
            writtenSources = []
            record(.pageLoaded(url: load.definition.url))
            tellDelegate(.committed(load.navigation))
            for script in webView.userScripts {
                let id = nextEvaluationID
                nextEvaluationID += 1
                record(.evaluationStarted(id: id, style: .userScript, script: script.source))
            }
        case 3:
            mainLoad = nil
            if loadingNavigation == load.id { loadingNavigation = nil }
            if case .afterCommit(let failure) = load.definition.failure {
                tellDelegate(.failed(load.navigation, failure))
            } else {
                tellDelegate(.finished(load.navigation))
            }
        default: break
        }
    }

    private func tellDelegate(_ event: NavigationEvent) {
        nativeActivity += 1
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
        queuedRequests.append(request)
    }

    /// Names each queued request as the page wrote it (or as WebKit gives it, when the page wrote nothing the
    /// host saw) and asks the delegate about it on a later turn.
    private func nameQueuedRequests() {
        while !queuedRequests.isEmpty {
            let request = queuedRequests.removeFirst()
            let index = writtenSources.firstIndex { $0.resolved.map { Self.sameURL($0, request.uri) } ?? false }
            let written = index.map { writtenSources.remove(at: $0).written } ?? request.uri
            register(request, writtenAs: written)
        }
    }

    private func register(_ request: WebKitGTKView.PolicyRequest, writtenAs written: String) {
        let id = nextNavigationID
        nextNavigationID += 1
        record(.navigationRequested(id: id, url: written, isMainFrame: false))
        undecidedNavigations[id] = (written, request)
        let action = NavigationAction(
            url: URL(string: request.uri), urlString: request.uri, isMainFrame: false,
            navigationType: request.navigationType == 3 ? .reload : .other)
        laterTurn.append { [unowned self] in
            ask(about: action, id: id, writtenAs: written) { [unowned self] policy in
                guard let entry = undecidedNavigations.removeValue(forKey: id) else { return }
                WebKitGTKView.decide(entry.request, allow: policy == .allow)
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
        nativeActivity += 1
        webView.askDelegateOnce(about: action, named: url, heard: { [weak self] in self?.nativeActivity += 1 }) {
            [weak self] policy, defaulted in
            guard let self else { return }
            record(.navigationDecided(id: id, url: url, policy: policy, defaulted: defaulted))
            apply(policy)
        }
    }

    // MARK: Settling

    /// Runs the later turns and the engine until a fence finds nothing new: every navigation request the
    /// page made has been asked about, every evaluation has finished, and the main queue has run.
    private func settle() async throws(PageInterruption) {
        var quietRounds = 0
        while quietRounds < 2 {
            let before = (engineActivity, nativeActivity, transcript.entries.count)
            while !laterTurn.isEmpty {
                let work = laterTurn.removeFirst()
                work()
            }
            var fenced = false
            view.fence { fenced = true }
            try waitFor { fenced && pendingEvaluations == 0 }
            recordDrained(try evaluateNow("__kitHost.drain();"))
            nameQueuedRequests()
            await Task.yield()
            await Task.yield()
            if let interruption { throw interruption }
            let after = (engineActivity, nativeActivity, transcript.entries.count)
            quietRounds = after == before && laterTurn.isEmpty ? quietRounds + 1 : 0
        }
    }

    /// Runs the engine until `condition` holds, or the case stops.
    private func waitFor(_ condition: () -> Bool) throws(PageInterruption) {
        var lastProgress = ContinuousClock.now
        var seenActivity = engineActivity
        while !condition() {
            if let interruption { throw interruption }
            if WebKitGTKEngine.iterate(mayBlock: false) {
                if engineActivity != seenActivity {
                    seenActivity = engineActivity
                    lastProgress = .now
                }
                continue
            }
            if lastProgress.duration(to: .now) > .seconds(Self.engineSilenceLimit) {
                view.terminateWebProcess()
                let stop = PageInterruption.harness(
                    "the page did not answer for \(Int(Self.engineSilenceLimit)) s (a script that never ends?); its web process was ended"
                )
                interruption = stop
                throw stop
            }
            usleep(200)
        }
    }

    /// Evaluates `script` in the page and waits for its outcome.
    private func evaluateNow(_ script: String) throws(PageInterruption) -> WebKitGTKView.EvaluationOutcome? {
        var outcome: WebKitGTKView.EvaluationOutcome?
        view.evaluate(script) { outcome = $0 }
        try waitFor { outcome != nil }
        return outcome
    }

    // MARK: What the page recorded

    private func recordDrained(_ outcome: WebKitGTKView.EvaluationOutcome?) {
        guard case .string(let text)? = outcome, case .array(let entries)? = try? JSONParser.parse(text) else { return }
        for case .array(let fields) in entries {
            if case .string("navigationSource")? = fields.first, fields.count == 3,
                case .string(let written) = fields[1]
            {
                var resolved: String?
                if case .string(let value) = fields[2] { resolved = value }
                let index = queuedRequests.firstIndex { request in
                    resolved.map { Self.sameURL($0, request.uri) } ?? false
                }
                if let index {
                    register(queuedRequests.remove(at: index), writtenAs: written)
                } else {
                    writtenSources.append((written, resolved))
                }
                continue
            }
            if let event = Self.event(from: fields) { record(event) }
        }
    }

    private static func event(from fields: [JSONValue]) -> TranscriptEvent? {
        guard case .string(let kind)? = fields.first else { return nil }
        func string(_ index: Int) -> String {
            if index < fields.count, case .string(let value) = fields[index] { return value }
            return ""
        }
        func number(_ index: Int) -> Double {
            if index < fields.count, case .number(let value) = fields[index] { return value }
            return 0
        }
        func bool(_ index: Int) -> Bool {
            if index < fields.count, case .bool(let value) = fields[index] { return value }
            return false
        }
        func json(_ index: Int) -> JSONValue? {
            guard index < fields.count, case .string(let text) = fields[index] else { return nil }
            return try? JSONParser.parse(text)
        }
        switch kind {
        case "timerScheduled": return .timerScheduled(id: Int(number(1)), delay: Int64(number(2)), repeats: bool(3))
        case "timerFired": return .timerFired(id: Int(number(1)))
        case "console":
            let values: [JSONValue]
            if case .array(let parsed)? = json(3) { values = parsed } else { values = [.string(string(2))] }
            return .console(level: string(1), message: string(2), arguments: values)
        case "tripwire": return .tripwire(label: string(1))
        case "uncaughtError":
            let line = Int(number(2))
            return .uncaughtError(message: string(1), line: line == 0 ? nil : line)
        case "jsHandlerInvoked":
            return .jsHandlerInvoked(
                name: string(1), data: json(2), hasResponder: bool(3), duringNativeEvaluation: bool(4))
        case "jsCallbackInvoked": return .jsCallbackInvoked(label: string(1), data: json(2))
        case "pageNote": return .pageNote(label: string(1), data: json(2))
        default: return nil
        }
    }

    /// A result as WebKit hands it to native code, as JSON for the transcript, and the error.
    private static func converted(_ outcome: WebKitGTKView.EvaluationOutcome) -> (
        Any?, JSONValue?, JavaScriptEvaluationError?
    ) {
        switch outcome {
        case .string(let string): return (string, .string(string), nil)
        case .json(nil): return (nil, nil, nil)
        case .json(let text?):
            guard let value = try? JSONParser.parse(text) else { return (nil, nil, nil) }
            return (value.foundationValue, value, nil)
        case .error(let message): return (nil, nil, JavaScriptEvaluationError(message: message, line: nil))
        }
    }

    /// `text` as a JavaScript string literal that is also safe inside an HTML `<script>` element.
    private static func literal(_ text: String) -> String {
        CanonicalJSON.encode(.string(text)).replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// `script` as the text of an inline `<script>` element, meaning the same: `</script` and `<!--` cannot
    /// appear there, and `<\/script`, `<\!--` are the same characters in JavaScript strings, templates and regular
    /// expressions.
    private static func scriptElementText(_ script: String) -> String {
        script.replacingOccurrences(of: "</(?=[sS][cC][rR][iI][pP][tT])", with: "<\\\\/", options: .regularExpression)
            .replacingOccurrences(of: "<!--", with: "<\\!--")
    }

    /// Whether two URLs are the same but for the trailing slash WebKit adds to an empty path.
    private static func sameURL(_ a: String, _ b: String) -> Bool {
        a == b || a == b + "/" || a + "/" == b
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

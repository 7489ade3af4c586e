import ConformanceAdapter
import ConformanceEngine
import ConformanceObligations
import Foundation
import StrictJSON

/// The harness's browser for one case: the page behind the case's `SimulatedWebView`, and the controls
/// the harness drives it with (load, reload, turn the event loop, run its own scripts, read the transcript).
///
/// A page is a fresh JavaScript context with a small browser around it (DOM, timers, console, dialogs).
/// Time is virtual: nothing runs until the harness turns the event loop, and every turn is deterministic.
/// The implementation only ever sees `webView`.
@MainActor
package final class SimulatedBrowser: RecordedPageHost, TaskSchedulingPageHost {
    /// Why the event loop stopped before the page went idle (the page host's `PageInterruption`).
    package typealias Interruption = PageInterruption

    /// The web view the implementation is attached to.
    package private(set) lazy var webView = SimulatedWebView(
        backend: self, bridgeJavaScriptSource: environment.bridgeJavaScriptSource)

    /// The transcript and the count of native activity.
    package let recorder: PageRecorder

    /// The simulated web view has every facility cases rely on.
    package var facilities: PageFacilities { .all }

    /// Set when a script ran past the time limit, the harness failed or the case was aborted; stops the loop.
    package private(set) var interruption: Interruption?

    let loop: VirtualEventLoop
    private let environment: HarnessEnvironment
    /// The page shown, once made: nil until something needs the first page, `about:blank`.
    private var shownPage: SimulatedPage?
    private var pageCount = 1
    /// The page the last main-frame request asked for (what a reload loads again).
    private var currentDefinition: PageDefinition?
    /// The pages the case loaded, by URL: what a load native code asks for (`load(urlString:)`) finds there.
    private var definitionsByURL: [String: PageDefinition] = [:]
    /// The main-frame request not yet cancelled, failed or finished, by navigation id.
    private var loadingNavigation: Int?
    private var nextPageNavigationNumber = 1
    private var nextNavigationID = 1
    private var undecidedNavigations: [Int: String] = [:]
    private var nextEvaluationID = 1
    private var nativeEvaluationDepth = 0
    private var synchronousEvaluationScripts: [String] = []
    /// The native evaluations whose script held the JS side (its injection), by id.
    private var javaScriptSideEvaluations: Set<Int> = []
    /// What the engine is running for now, for a timeout found after the fact (`claimEngineTimeout()`).
    private var currentStage = "the page's start"

    /// Extra virtual delays for the page's own tasks (`TaskSchedulingPageHost`); none by default.
    package var taskDelays: TaskDelays?

    /// Opens `about:blank`: its context is made when something first runs in it.
    package init(environment: HarnessEnvironment) {
        self.environment = environment
        let loop = VirtualEventLoop()
        self.loop = loop
        recorder = PageRecorder(dialect: environment.dialect, clock: loop)
    }

    /// The page shown now. The first, `about:blank`, is made when first used: most cases load their page
    /// before anything runs in the blank one, and a page's context is the costliest thing a case makes.
    private var page: SimulatedPage {
        if let shownPage { return shownPage }
        return show(SimulatedPage(url: "about:blank", number: 1, loop: loop, environment: environment))
    }

    /// Makes `page` the page shown; a page whose browser shim failed interrupts the case as a harness error.
    @discardableResult
    private func show(_ page: SimulatedPage) -> SimulatedPage {
        shownPage = page
        page.browser = self
        if let failure = page.startFailure {
            interruption = interruption ?? .harness("the simulated browser failed to start: \(failure)")
        }
        return page
    }

    /// Whether a script the native side asked for is running now (sync or async style).
    var isInsideNativeEvaluation: Bool { nativeEvaluationDepth > 0 }

    // MARK: WebViewBackend

    /// The URL of the page currently loaded.
    package var currentURL: String? { shownPage?.url ?? "about:blank" }

    /// Schedules the evaluation on a later turn and its completion on the turn after that.
    package func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        recorder.countNativeActivity()
        let id = nextEvaluationID
        nextEvaluationID += 1
        loop.schedule(after: delay(.evaluation), label: .evaluation(id)) { [self] in
            let outcome = runNativeEvaluation(id: id, style: .asynchronous, script: script)
            guard let completionHandler else { return }
            loop.schedule(after: delay(.completion), label: .completion(ofEvaluation: id)) { [self] in
                recorder.countNativeActivity()
                switch outcome {
                case .success(let value): completionHandler(value, nil)
                case .failure(let error): completionHandler(nil, error)
                }
            }
        }
    }

    /// Evaluates at once; a dialog opened meanwhile is recorded as blocking.
    package func evaluateSynchronously(_ script: String) -> String? {
        recorder.countNativeActivity()
        let id = nextEvaluationID
        nextEvaluationID += 1
        synchronousEvaluationScripts.append(script)
        defer { synchronousEvaluationScripts.removeLast() }
        switch runNativeEvaluation(id: id, style: .synchronous, script: script) {
        case .success(let value):
            switch value {
            case nil, is NSNull: return ""
            case let string as String: return string
            case let value?: return (try? JSONValue(foundation: value))?.canonicalText ?? "\(value)"
            }
        case .failure:
            return nil
        }
    }

    /// Stops the loop; the first interruption wins.
    package func abortCase(because error: any Error & Sendable) {
        recorder.countNativeActivity()
        guard interruption == nil else { return }
        interruption = .aborted(error)
    }

    private func runNativeEvaluation(id: Int, style: EvaluationStyle, script: String) -> Result<
        Any?, JavaScriptEvaluationError
    > {
        record(.evaluationStarted(id: id, style: style, command: NativeCommand(script, in: environment.dialect)))
        let appearance = JavaScriptSideWatch(page: page, appearancesSoFar: javaScriptSideAppearances)
        defer { recordJavaScriptSideAppearance(appearance, evaluation: id) }
        let injectsJavaScriptSide = Self.holds(script, environment.bridgeJavaScriptSource)
        if injectsJavaScriptSide { javaScriptSideEvaluations.insert(id) }
        let previousStage = (currentStage, stageSuspect)
        nativeEvaluationDepth += 1
        defer {
            nativeEvaluationDepth -= 1
            enterStage(previousStage.0, suspect: previousStage.1)
        }
        enterStage("evaluation \(id)", suspect: injectsJavaScriptSide ? javaScriptSideOwner : .nativeSide)
        do {
            let value = try page.context.evaluate(script, sourceURL: Self.nativeEvaluationURL(id))
            enterStage(
                "the conversion of evaluation \(id)'s result",
                suspect: injectsJavaScriptSide ? javaScriptSideOwner : .nativeSide)
            let (foundation, json) = try convertResult(value)
            record(.evaluationFinished(id: id, result: json, error: nil))
            return .success(foundation)
        } catch {
            if error.isTimeout {
                interrupt(with: error, stage: currentStage)
            } else if style == .asynchronous {
                // WebKit reports an exception of an evaluation to the page (`window.onerror`) as well as to the
                // completion handler (spec appendix D: found against WebKitGTK).
                do throws(ScriptError) { try page.routeUncaught(error) } catch {
                    interrupt(with: error, stage: currentStage)
                }
            }
            record(.evaluationFinished(id: id, result: nil, error: error.description))
            return .failure(JavaScriptEvaluationError(message: error.message, line: error.line))
        }
    }

    /// A result as WebKit converts it, and as JSON for the transcript.
    /// - Throws: `ScriptError` when a getter, `toJSON` or `toString` of the result runs past the time limit.
    private func convertResult(_ value: ScriptValue) throws(ScriptError) -> (Any?, JSONValue?) {
        let context = page.context
        if context.isUndefined(value) { return (nil, nil) }
        if context.isString(value) {
            let string = context.string(value)
            return (string, .string(string))
        }
        guard let json = try page.jsonValue(value) else { return (nil, nil) }
        return (json.foundationValue, json)
    }

    // MARK: The JS side, by what the page shows

    /// How many times the bridge global appeared in a page of this browser: an evaluation nested in another
    /// (a synchronous one inside a handler) that injects claims the appearance, not the one around it.
    private var javaScriptSideAppearances = 0

    /// What a native evaluation or user script started with: whether the page had its bridge global, and how
    /// many appearances had been recorded.
    @MainActor
    private struct JavaScriptSideWatch {
        let page: SimulatedPage
        let hadBridgeGlobal: Bool
        let appearancesSoFar: Int

        init(page: SimulatedPage, appearancesSoFar: Int) {
            self.page = page
            hadBridgeGlobal = page.hasBridgeGlobal
            self.appearancesSoFar = appearancesSoFar
        }
    }

    /// Records that evaluation `evaluation` injected the JS side when the page it ran in got its bridge global
    /// while it ran and no evaluation nested in it claimed that (spec appendix A: the transcript says which
    /// evaluation injected the JS side, whatever its text).
    private func recordJavaScriptSideAppearance(_ watch: JavaScriptSideWatch, evaluation: Int) {
        guard !watch.hadBridgeGlobal, javaScriptSideAppearances == watch.appearancesSoFar, watch.page === page,
            page.hasBridgeGlobal
        else { return }
        javaScriptSideAppearances += 1
        record(.javaScriptSideAppeared(evaluation: evaluation))
    }

    /// The source URL a native evaluation runs under; a timeout's backtrace names it.
    private static func nativeEvaluationURL(_ id: Int) -> String { "native-evaluation-\(id).js" }

    /// Whether `script` holds `part` (a native evaluation that injects the JS side, perhaps wrapped), byte
    /// for byte in UTF-8: every native evaluation asks, and most are far shorter than the JS side.
    package nonisolated static func holds(_ script: String, _ part: String) -> Bool {
        guard !part.isEmpty, script.utf8.count >= part.utf8.count else { return false }
        var script = script, part = part
        return script.withUTF8 { haystack in
            part.withUTF8 { needle in
                // The first byte found with memchr, the rest compared with memcmp: linear, and a few GB/s.
                guard let base = haystack.baseAddress, let first = needle.first else { return false }
                var offset = 0
                while offset + needle.count <= haystack.count {
                    guard let found = memchr(base + offset, Int32(first), haystack.count - needle.count - offset + 1)
                    else { return false }
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }

    // MARK: Harness controls

    /// Runs a script for the harness (to drive or inspect the page). Recorded, never blamed on the
    /// implementation; exceptions go to `window.onerror` like any page script.
    package func runHarnessScript(_ script: String) {
        let id = nextEvaluationID
        nextEvaluationID += 1
        record(.evaluationStarted(id: id, style: .harness, command: NativeCommand(script, in: environment.dialect)))
        enterStage("harness script \(id)", suspect: .kit("harness script"))
        do {
            try page.runPageScript(script, sourceURL: "harness-\(id).js")
        } catch {
            interrupt(with: error, stage: currentStage)
        }
        claimEngineTimeout()
    }

    /// Asks to load `definition` in the main frame; the navigation delegate decides on a later turn.
    /// - Parameter definition: The page to load.
    package func load(_ definition: PageDefinition) {
        load(definition, type: .other)
    }

    /// Reloads the current page: a new main-frame navigation of type `reload` to the same URL, then a fresh
    /// context.
    package func reload() {
        guard let currentDefinition else { return }
        load(currentDefinition, type: .reload)
    }

    private func load(_ definition: PageDefinition, type: NavigationType) {
        currentDefinition = definition
        definitionsByURL[definition.url] = definition
        record(.pageRequested(url: definition.url))
        requestNavigation(to: definition.url, isMainFrame: true, type: type)
    }

    /// Whether a main-frame load is under way.
    package var isLoading: Bool { loadingNavigation != nil }

    /// Loads the case's page at `urlString`, or an empty page there.
    package func load(urlString: String) {
        recorder.countNativeActivity()
        load(definitionsByURL[urlString] ?? PageDefinition(url: urlString, script: ""), type: .other)
    }

    /// Loads the page `html` makes under `baseURL`.
    package func loadHTMLString(_ html: String, baseURL: String?) {
        recorder.countNativeActivity()
        load(PageDefinition(html: html, baseURL: baseURL), type: .other)
    }

    /// Asks the navigation delegate about a navigation on a later turn, and enforces BOOT-1's "exactly once".
    func requestNavigation(to urlString: String, isMainFrame: Bool, type: NavigationType = .other) {
        let id = nextNavigationID
        nextNavigationID += 1
        record(.navigationRequested(id: id, url: urlString, isMainFrame: isMainFrame))
        if isMainFrame { loadingNavigation = id }
        let action = NavigationAction(
            url: URL(string: urlString), urlString: urlString, isMainFrame: isMainFrame, navigationType: type)
        loop.schedule(after: delay(.navigation), label: .navigation(id, url: urlString)) { [self] in
            undecidedNavigations[id] = urlString
            recorder.countNativeActivity()
            webView.askDelegateOnce(
                about: action, named: urlString, heard: { [weak self] in self?.recorder.countNativeActivity() }
            ) { [weak self] policy, defaulted in
                guard let self else { return }
                undecidedNavigations[id] = nil
                decide(id: id, action: action, policy: policy, defaulted: defaulted)
            }
        }
    }

    /// The schedule's delay for the next task of `kind`; 0 without a schedule.
    private func delay(_ kind: TaskDelays.Kind) -> Int64 {
        taskDelays?.next(kind, now: loop.now) ?? 0
    }

    private func decide(id: Int, action: NavigationAction, policy: NavigationActionPolicy, defaulted: Bool) {
        record(.navigationDecided(id: id, url: action.urlString, policy: policy, defaulted: defaulted))
        guard action.isMainFrame else { return }
        guard policy == .allow, let definition = currentDefinition, definition.url == action.urlString else {
            if loadingNavigation == id { loadingNavigation = nil }
            return
        }
        loop.schedule(label: .load(url: definition.url)) { [self] in startLoad(definition, navigationID: id) }
    }

    /// Loads an allowed main-frame request, telling the navigation delegate each step in WebKit's order:
    /// started, then committed (the page runs) and, on a later turn, finished; or a failure.
    private func startLoad(_ definition: PageDefinition, navigationID: Int) {
        let navigation = PageNavigation(number: nextPageNavigationNumber, urlString: definition.url)
        nextPageNavigationNumber += 1
        tellDelegate(.started(navigation))
        if case .beforeCommit(let failure) = definition.failure {
            if loadingNavigation == navigationID { loadingNavigation = nil }
            tellDelegate(.failedProvisionally(navigation, failure))
            return
        }
        guard commit(definition, navigation: navigation) else { return }
        loop.schedule(label: .loadEnd(url: definition.url)) { [self] in
            if loadingNavigation == navigationID { loadingNavigation = nil }
            if case .afterCommit(let failure) = definition.failure {
                tellDelegate(.failed(navigation, failure))
            } else {
                tellDelegate(.finished(navigation))
            }
        }
    }

    private func tellDelegate(_ event: NavigationEvent) {
        recorder.countNativeActivity()
        webView.tellDelegate(event)
    }

    /// Replaces the page: the delegate hears of the commit, then the new page runs its user scripts, setup
    /// snippet and script. Returns false when the new page could not start (a harness error).
    private func commit(_ definition: PageDefinition, navigation: PageNavigation) -> Bool {
        shownPage?.close()
        pageCount += 1
        let page = show(SimulatedPage(url: definition.url, number: pageCount, loop: loop, environment: environment))
        guard page.startFailure == nil else { return false }
        record(.pageLoaded(url: definition.url))
        tellDelegate(.committed(navigation))
        runUserScripts(at: .atDocumentStart)
        enterStage(
            "the page setup snippet of \(definition.url)",
            suspect: environment.pageSetupIsKits ? .kit("page setup snippet") : .pageSetup)
        runPageScript(environment.pageSetupSource, sourceURL: Self.pageSetupURL)
        enterStage("the script of page \(definition.url)", suspect: .kit("page \(definition.url)"))
        runPageScript(definition.script, sourceURL: definition.url)
        runUserScripts(at: .atDocumentEnd)
        return true
    }

    /// Runs the web view's user scripts of `time` in the page, each as a native evaluation would run (named
    /// `native-evaluation-<id>.js`, so a timeout in one is blamed on whoever wrote it), but as a page script:
    /// what one throws goes to `window.onerror`.
    private func runUserScripts(at time: UserScript.InjectionTime) {
        for script in webView.userScripts where script.injectionTime == time {
            let id = nextEvaluationID
            nextEvaluationID += 1
            record(
                .evaluationStarted(
                    id: id, style: .userScript, command: NativeCommand(script.source, in: environment.dialect)))
            let appearance = JavaScriptSideWatch(page: page, appearancesSoFar: javaScriptSideAppearances)
            let injectsJavaScriptSide = Self.holds(script.source, environment.bridgeJavaScriptSource)
            if injectsJavaScriptSide { javaScriptSideEvaluations.insert(id) }
            enterStage("user script \(id)", suspect: injectsJavaScriptSide ? javaScriptSideOwner : .nativeSide)
            runPageScript(script.source, sourceURL: Self.nativeEvaluationURL(id))
            recordJavaScriptSideAppearance(appearance, evaluation: id)
        }
    }

    // MARK: Script messages

    /// Whether the page can post to `name` now.
    func hasScriptMessageHandler(named name: String) -> Bool {
        webView.scriptMessageHandlerNames.contains(name)
    }

    /// Whether the page has `window.webkit` (WebKit gives it only while a handler exists).
    var hasScriptMessageHandlers: Bool { !webView.scriptMessageHandlerNames.isEmpty }

    /// Records a message the page posted and hands it to its receiver on a later turn, as WebKit does
    /// (the body was converted when it was posted).
    func post(toScriptMessageHandler name: String, body: Any, shownAs json: JSONValue?) {
        record(.scriptMessagePosted(name: name, body: json))
        nonisolated(unsafe) let body = body
        loop.schedule(label: .scriptMessage(name: name)) { [self] in
            recorder.countNativeActivity()
            _ = webView.deliver(ScriptMessage(name: name, body: body))
        }
    }

    /// The page's `window.webkit.messageHandlers` reads the web view's table; nothing to copy.
    package func didAddScriptMessageHandler(named name: String) { recorder.countNativeActivity() }
    /// The page's `window.webkit.messageHandlers` reads the web view's table; nothing to copy.
    package func didRemoveScriptMessageHandler(named name: String) { recorder.countNativeActivity() }

    /// The source URL the page setup snippet runs under.
    private static let pageSetupURL = "page-setup.js"

    private func runPageScript(_ source: String, sourceURL: String) {
        do {
            try page.runPageScript(source, sourceURL: sourceURL)
        } catch {
            interrupt(with: error, stage: currentStage)
        }
    }

    // MARK: Dialogs and failures

    func openDialog(kind: DialogKind, message: String) {
        let blocking = !synchronousEvaluationScripts.isEmpty
        record(.dialog(kind: kind, message: message, blocking: blocking))
        if let observer = webView.dialogObserver {
            recorder.countNativeActivity()
            KitCode.callingOut { observer(kind, message) }
        }
        if let script = synchronousEvaluationScripts.last {
            reportViolation(
                clause: .safe3a,
                message:
                    "hang: \(kind.rawValue)() opened while the synchronous native evaluation of \(PrintableText.abbreviate(script, limit: 80)) was on the stack; a real app would freeze here"
            )
        }
    }

    /// What the page's `prompt()` returns: the text the native text input panel answered (nil for none), or the
    /// default text when no panel is shown. The simulated page cannot wait on later turns: it goes on with null, and
    /// a panel completed on a later turn (correct in WebKit, where the page waits) stops the case with a harness
    /// error saying so; a panel never completed leaves the page its null, for the case to judge. A completion handler
    /// called twice is what WebKit raises an exception for: the case ends as a crash.
    func answerPrompt(message: String, defaultText: String?) -> String? {
        guard let panel = webView.textInputPanel else {
            openDialog(kind: .prompt, message: message)
            return defaultText ?? ""
        }
        record(.dialog(kind: .prompt, message: message, blocking: !synchronousEvaluationScripts.isEmpty))
        recorder.countNativeActivity()
        let state = PromptPanelState()
        let shown = KitCode.callingOut {
            panel(message, defaultText) { [weak self] text in self?.completePromptPanel(state, with: text) }
        }
        guard shown else { return defaultText ?? "" }
        state.pageWent = true
        guard let answer = state.answer else { return nil }
        return answer
    }

    /// What a `prompt()` panel has had so far.
    private final class PromptPanelState {
        /// The completion handler's text, once called (`.some(nil)` for nil).
        var answer: String??
        /// Whether `prompt()` returned already.
        var pageWent = false
    }

    private func completePromptPanel(_ state: PromptPanelState, with text: String?) {
        recorder.countNativeActivity()
        guard state.answer == nil else {
            abortCase(
                because: AdapterFailure(
                    kind: .crashed,
                    message:
                        "WebKit raises NSInternalInconsistencyException: the completion handler of the text input panel (prompt()) was called twice"
                ))
            return
        }
        state.answer = .some(text)
        guard state.pageWent else {
            record(.promptAnswered(text: text))
            return
        }
        if interruption == nil {
            interruption = .harness(
                "the native side completed prompt()'s text input panel on a later turn, which is correct in WebKit (the page waits), but the simulated page cannot wait: it went on with null, so this case cannot be judged here; complete the panel before the UI delegate's method returns to judge it"
            )
        }
    }

    /// Stops the case with a harness error: the kit's page shim called the host's `function` with a word the
    /// host does not know (a console level, a dialog kind), which only a change to the shim can make.
    func shimFailed(_ function: String, sent word: String) {
        interrupt(
            with: ScriptError(
                message: "the page shim's \(function) sent \(PrintableText.abbreviate(word, limit: 60)), "
                    + "a word the kit does not know"),
            stage: "the page's \(function)")
    }

    func interrupt(with error: ScriptError, stage: String) {
        guard interruption == nil else { return }
        guard error.isTimeout else {
            interruption = .harness("\(stage): \(error)")
            return
        }
        interruption = timeoutInterruption(error.timeout, stage: stage)
    }

    /// Ends the case if a call that could not report it (a conversion, a getter read by the harness) ran
    /// past the time limit since the last look. Called after every task and harness control.
    func claimEngineTimeout() {
        guard let timeout = environment.runtime.takeTimeout(), interruption == nil else { return }
        interruption = timeoutInterruption(timeout, stage: currentStage)
    }

    /// A timeout in `stage`, blamed on the owner of the code the engine was running (the stage's own
    /// suspect when the engine gave no backtrace).
    private func timeoutInterruption(_ timeout: EngineTimeout?, stage: String) -> Interruption {
        guard let frame = timeout?.runawayFrame else {
            return .timeout(stage: stage, owner: stageSuspect, location: nil)
        }
        let owner = owner(ofSource: frame.sourceURL) ?? stageSuspect
        // The innermost frame's line is where its function starts once the engine has optimised a loop, so
        // the location names the function and the script, not a line.
        var location = frame.function == "global code" ? "the top level" : "\(frame.function)()"
        if let evaluation = Self.nativeEvaluationID(of: frame.sourceURL) {
            location += " of evaluation \(evaluation)"
            if javaScriptSideEvaluations.contains(evaluation) { location += ", the JS side's injection" }
        } else {
            location +=
                " of \(frame.sourceURL.isEmpty ? "code made by eval or new Function" : PrintableText.printable(frame.sourceURL))"
        }
        return .timeout(stage: stage, owner: owner, location: location)
    }

    /// Whose code a source URL of this page is, or nil when it is none the browser gave out.
    private func owner(ofSource sourceURL: String) -> ScriptOwner? {
        if let evaluation = Self.nativeEvaluationID(of: sourceURL) {
            return javaScriptSideEvaluations.contains(evaluation) ? javaScriptSideOwner : .nativeSide
        }
        if sourceURL == Self.pageSetupURL {
            return environment.pageSetupIsKits ? .kit("page setup snippet") : .pageSetup
        }
        if sourceURL.hasPrefix("harness-") { return .kit("harness script") }
        if sourceURL.hasPrefix("conformance://") { return .kit("browser shim") }
        if sourceURL == currentDefinition?.url { return .kit("page \(sourceURL)") }
        return nil
    }

    /// The id in `native-evaluation-<id>.js`.
    private static func nativeEvaluationID(of sourceURL: String) -> Int? {
        guard sourceURL.hasPrefix("native-evaluation-"), sourceURL.hasSuffix(".js") else { return nil }
        return Int(sourceURL.dropFirst("native-evaluation-".count).dropLast(3))
    }

    /// Who the JS side injected in this run belongs to: the implementation's when it is under test.
    private var javaScriptSideOwner: ScriptOwner {
        environment.javaScriptSideIsKits ? .kit("reference JS side") : .javaScriptSide
    }

    // MARK: Stages

    /// Whose code the current stage could be running when no backtrace says.
    private var stageSuspect: ScriptOwner = .kit("browser")

    /// Names what the engine runs next, for timeouts found after the fact and for `EngineStallGuard`.
    /// - Parameters:
    ///   - stage: What runs (`evaluation 3`).
    ///   - suspect: Whose code runs in it, as far as the stage says. A microtask chain that never ends can
    ///     only be queued by code that is not the kit's (the kit's scripts queue no microtasks), so a
    ///     stage that runs the kit's scripts names the code they call into as the suspect of a stall.
    func enterStage(_ stage: String, suspect: ScriptOwner) {
        currentStage = stage
        stageSuspect = suspect
        let stallSuspect =
            suspect.isKit
            ? (environment.javaScriptSideIsKits ? Self.nativeSideName : Self.eitherSideName) : suspect.name
        EngineActivity.shared.describe(stage: stage, suspect: stallSuspect, suspectIsKit: false)
    }

    private static let nativeSideName = ScriptOwner.nativeSide.name
    private static let eitherSideName = "\(ScriptOwner.javaScriptSide.name) or \(ScriptOwner.nativeSide.name)"

    /// Names a timer of the page as what runs next: its callback is the JS side's, a script's the native
    /// side evaluated, or a case page's, which the backtrace tells apart when it times out.
    func enterTimerStage(_ id: Int, page: Int) {
        enterStage(
            "timer \(id) of page \(page)", suspect: environment.javaScriptSideIsKits ? .nativeSide : .javaScriptSide)
    }

    /// Ends the case like NIO's `EmbeddedChannel.finish()`: returns what is left over (timers, other
    /// scheduled work, navigations never decided) for the case to judge.
    package func finish() -> PageLeftovers {
        claimEngineTimeout()
        var leftovers = loop.leftovers
        leftovers.undecidedNavigations = undecidedNavigations.sorted { $0.key < $1.key }
            .map { PageLeftovers.Navigation(id: $0.key, url: $0.value) }
        undecidedNavigations = [:]
        return leftovers
    }

    /// Tears the page down and drops every scheduled task; the browser is unusable afterwards.
    package func close() {
        shownPage?.close()
        loop.discardAll()
    }
}

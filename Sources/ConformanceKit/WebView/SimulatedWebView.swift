import CJavaScriptCore
import Dispatch
import Foundation

/// The web view an implementation under test is attached to instead of a WKWebView or UIWebView.
///
/// A page is a fresh JavaScript context with a small browser around it (DOM, timers, console, dialogs).
/// Time is virtual: nothing runs until the harness turns the event loop, and every turn is deterministic.
/// The implementation sees what a real bridge sees: navigation requests to decide, and two ways to
/// evaluate JavaScript.
@MainActor
public final class SimulatedWebView {
    /// The delegate that decides navigations; a bridge sets itself (or a proxy) here when it attaches.
    /// Without a delegate every navigation is allowed.
    public weak var navigationDelegate: (any SimulatedNavigationDelegate)?

    /// The JS side the harness wants injected when the page asks for the bridge. Adapters hand it to
    /// their implementation in place of the JS the implementation embeds.
    public let bridgeJavaScriptSource: String

    /// The URL of the page currently loaded.
    public var url: URL? {
        if let remote { return remote.pageURL.flatMap(URL.init(string:)) }
        return URL(string: page.url)
    }

    /// Everything observed so far.
    public private(set) var transcript = Transcript()

    let loop = VirtualEventLoop()
    private let environment: HarnessEnvironment!
    private var page: SimulatedPage!
    /// Set in a testee process (`AdapterHost`): the page lives in the harness, across the link.
    private let remote: RemoteWebViewLink?
    private var pageCount = 0
    private var currentDefinition: PageDefinition?
    private var nextNavigationID = 1
    private var undecidedNavigations: [Int: String] = [:]
    private var nextEvaluationID = 1
    private var nativeEvaluationDepth = 0
    private var synchronousEvaluationDepth = 0
    private var synchronousEvaluationScript: String?
    /// Set when a script ran past the time limit or the harness itself failed; stops the loop.
    private(set) var interruption: Interruption?

    /// Why the event loop stopped before the page went idle.
    enum Interruption: Error {
        /// A script ran past the execution time limit during `stage`.
        case timeout(stage: String)
        /// The harness failed (its own shim or a resource); not the implementation's fault.
        case harness(String)
        /// The loop ran `turns` turns without going idle.
        case neverIdle(turns: Int)
        /// An out-of-process testee crashed, stopped answering or broke the adapter protocol.
        case adapterProcess(AdapterProcessError)
    }

    init(environment: HarnessEnvironment) throws(ScriptError) {
        _ = Self.mainQueueKey
        self.environment = environment
        bridgeJavaScriptSource = environment.bridgeJavaScriptSource
        remote = nil
        page = try makePage(url: "about:blank")
    }

    /// The stand-in a testee process attaches its bridge to: evaluations, decisions, logs and
    /// violations go across `remote` to the harness, which owns the real page.
    init(remote: RemoteWebViewLink, bridgeJavaScriptSource: String) {
        _ = Self.mainQueueKey
        self.environment = nil
        self.bridgeJavaScriptSource = bridgeJavaScriptSource
        self.remote = remote
    }

    /// Whether a script the native side asked for is running now (sync or async style).
    var isInsideNativeEvaluation: Bool { nativeEvaluationDepth > 0 }

    /// Adds a line the implementation logged to the transcript, so it shows in failure reports.
    /// - Parameter message: The log line.
    public func recordNativeLog(_ message: String) {
        record(.nativeLog(message))
    }

    func record(_ event: TranscriptEvent) {
        if let remote {
            remote.forward(event)
            return
        }
        transcript.entries.append(.init(time: loop.now, event: event))
    }

    // MARK: Evaluation, as the implementation sees it

    /// Evaluates `script` in the page like `WKWebView.evaluateJavaScript(_:completionHandler:)`: the
    /// script runs on a later turn, and the completion handler is called on the turn after that.
    ///
    /// The result is converted as WebKit does: a string to `String`, a number to `NSNumber`, a boolean
    /// to `Bool`, `null` to `NSNull`, `undefined` to nil, arrays and objects to Foundation collections.
    /// Callable from any thread, as Swift 5 code can; a call off the main thread is recorded as a
    /// violation of THR-1 and then performed on the main thread.
    /// - Parameters:
    ///   - script: The JavaScript source.
    ///   - completionHandler: Called once, on the main thread, with the result or a
    ///     `JavaScriptEvaluationError`.
    public nonisolated func evaluateJavaScript(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)? = nil) {
        let handler = UncheckedSendable(completionHandler)
        onMainThread(what: "evaluateJavaScript(_:completionHandler:)") { webView in
            if let remote = webView.remote {
                remote.evaluate(script, completionHandler: handler.value)
            } else {
                webView.scheduleEvaluation(script, completionHandler: handler.value)
            }
        }
    }

    private func scheduleEvaluation(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        let id = nextEvaluationID
        nextEvaluationID += 1
        loop.schedule(label: "evaluation \(id)") { [self] in
            let outcome = runNativeEvaluation(id: id, style: .asynchronous, script: script)
            guard let completionHandler else { return }
            loop.schedule(label: "completion of evaluation \(id)") {
                switch outcome {
                case .success(let value): completionHandler(value, nil)
                case .failure(let error): completionHandler(nil, error)
                }
            }
        }
    }

    /// Evaluates `script` at once, on the caller's stack, like
    /// `UIWebView.stringByEvaluatingJavaScript(from:)`.
    ///
    /// A modal dialog the page opens during this call is recorded as blocking: in a real app it would
    /// freeze the main thread. Called off the main thread it evaluates nothing, returns nil, and records
    /// a violation of THR-1.
    /// - Parameter script: The JavaScript source.
    /// - Returns: The result converted to a string (`""` for `undefined` and `null`), or nil when the
    ///   script threw.
    public nonisolated func stringByEvaluatingJavaScript(from script: String) -> String? {
        guard Self.isOnMainThread else {
            onMainThread(what: "stringByEvaluatingJavaScript(from:)") { _ in }
            return nil
        }
        return MainActor.assumeIsolated {
            if let remote { return remote.evaluateSynchronously(script) }
            return evaluateSynchronously(script)
        }
    }

    private func evaluateSynchronously(_ script: String) -> String? {
        let id = nextEvaluationID
        nextEvaluationID += 1
        synchronousEvaluationDepth += 1
        synchronousEvaluationScript = script
        defer {
            synchronousEvaluationDepth -= 1
            if synchronousEvaluationDepth == 0 { synchronousEvaluationScript = nil }
        }
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

    // MARK: Threads

    /// Marks the main queue, so that work the main queue runs on a pool thread counts as main.
    private nonisolated static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main thread or the main queue.
    nonisolated static var isOnMainThread: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Runs `body` on the main actor: at once when already there; otherwise on the main queue, after
    /// recording that `what` was called off the main thread (THR-1).
    nonisolated func onMainThread(what: String, _ body: @escaping @MainActor (SimulatedWebView) -> Void) {
        let work = UncheckedSendable(body)
        if Self.isOnMainThread {
            MainActor.assumeIsolated { work.value(self) }
            return
        }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.record(.violation(clause: "THR-1", message: "\(what) was called off the main thread; the web view must only be used on the main thread"))
                work.value(self)
            }
        }
    }

    private func runNativeEvaluation(id: Int, style: EvaluationStyle, script: String) -> Result<Any?, JavaScriptEvaluationError> {
        record(.evaluationStarted(id: id, style: style, script: script))
        nativeEvaluationDepth += 1
        defer { nativeEvaluationDepth -= 1 }
        do {
            let value = try page.context.evaluate(script, sourceURL: "native-evaluation-\(id).js")
            let (foundation, text) = convertResult(value)
            record(.evaluationFinished(id: id, result: text, error: nil))
            return .success(foundation)
        } catch {
            if error.isTimeout { interrupt(with: error, stage: "evaluation \(id)") }
            record(.evaluationFinished(id: id, result: nil, error: error.description))
            return .failure(JavaScriptEvaluationError(message: error.message, line: error.line))
        }
    }

    private func convertResult(_ value: JSValueRef) -> (Any?, String?) {
        let context = page.context
        if context.isUndefined(value) { return (nil, nil) }
        if context.isString(value) {
            let string = context.string(value)
            return (string, CanonicalJSON.quote(string))
        }
        guard let json = page.jsonValue(value) else { return (nil, nil) }
        return (json.foundationValue, json.canonicalText)
    }

    // MARK: Evaluation by the harness

    /// Runs a script for the harness (to drive or inspect the page). Recorded, never blamed on the
    /// implementation; exceptions go to `window.onerror` like any page script.
    func runHarnessScript(_ script: String) {
        let id = nextEvaluationID
        nextEvaluationID += 1
        record(.evaluationStarted(id: id, style: .harness, script: script))
        do {
            try page.runPageScript(script, sourceURL: "harness-\(id).js")
        } catch {
            interrupt(with: error, stage: "harness script \(id)")
        }
    }

    // MARK: Pages and navigation

    /// Asks to load `definition` in the main frame; the navigation delegate decides on a later turn.
    /// - Parameter definition: The page to load.
    public func load(_ definition: PageDefinition) {
        currentDefinition = definition
        record(.pageRequested(url: definition.url))
        requestNavigation(to: definition.url, isMainFrame: true)
    }

    /// Reloads the current page: a new main-frame navigation to the same URL, then a fresh context.
    public func reload() {
        guard let currentDefinition else { return }
        load(currentDefinition)
    }

    func requestNavigation(to urlString: String, isMainFrame: Bool) {
        let id = nextNavigationID
        nextNavigationID += 1
        record(.navigationRequested(id: id, url: urlString, isMainFrame: isMainFrame))
        let action = NavigationAction(url: URL(string: urlString), urlString: urlString, isMainFrame: isMainFrame)
        loop.schedule(label: "navigation \(id) to \(urlString)") { [self] in
            guard let navigationDelegate else {
                decide(id: id, action: action, policy: .allow, defaulted: true)
                return
            }
            undecidedNavigations[id] = urlString
            var decided = false
            navigationDelegate.webView(self, decidePolicyFor: action) { [weak self] policy in
                guard let self else { return }
                if !Self.isOnMainThread {
                    let decide = UncheckedSendable { self.record(.violation(clause: "THR-1", message: "the navigation decision for \(urlString) was made off the main thread")) }
                    DispatchQueue.main.async { MainActor.assumeIsolated { decide.value() } }
                }
                if decided {
                    record(.violation(clause: "BOOT-1", message: "navigation decision for \(urlString) made twice (second: \(policy.rawValue))"))
                    return
                }
                decided = true
                undecidedNavigations[id] = nil
                decide(id: id, action: action, policy: policy, defaulted: false)
            }
        }
    }

    private func decide(id: Int, action: NavigationAction, policy: NavigationActionPolicy, defaulted: Bool) {
        record(.navigationDecided(id: id, url: action.urlString, policy: policy, defaulted: defaulted))
        guard action.isMainFrame, policy == .allow, let definition = currentDefinition,
              definition.url == action.urlString else { return }
        loop.schedule(label: "load of \(definition.url)") { [self] in commit(definition) }
    }

    private func commit(_ definition: PageDefinition) {
        page.close()
        do {
            page = try makePage(url: definition.url)
        } catch {
            interruption = .harness("the simulated browser failed to start: \(error)")
            return
        }
        record(.pageLoaded(url: definition.url))
        runPageScript(environment.pageSetupSource, sourceURL: "page-setup.js")
        runPageScript(definition.script, sourceURL: definition.url)
    }

    private func runPageScript(_ source: String, sourceURL: String) {
        do {
            try page.runPageScript(source, sourceURL: sourceURL)
        } catch {
            interrupt(with: error, stage: "page script \(sourceURL)")
        }
    }

    private func makePage(url: String) throws(ScriptError) -> SimulatedPage {
        pageCount += 1
        return try SimulatedPage(url: url, number: pageCount, webView: self, environment: environment)
    }

    // MARK: Dialogs and failures

    func openDialog(kind: String, message: String) {
        let blocking = synchronousEvaluationDepth > 0
        record(.dialog(kind: kind, message: message, blocking: blocking))
        if blocking {
            let script = synchronousEvaluationScript.map { TranscriptRenderer.abbreviate($0, limit: 80) } ?? "?"
            record(.violation(clause: "SAFE-3", message: "hang: \(kind)() opened while the synchronous native evaluation of \(script) was on the stack; a real app would freeze here"))
        }
    }

    func interrupt(with error: ScriptError, stage: String) {
        guard interruption == nil else { return }
        interruption = error.isTimeout ? .timeout(stage: stage) : .harness("\(stage): \(error)")
    }

    // MARK: Turning the loop

    /// Runs turns until nothing is left to do: no task due within `horizon` virtual milliseconds and
    /// nothing new on the main dispatch queue. Between turns the main queue is drained, so
    /// implementations that hop to `DispatchQueue.main` work.
    /// - Parameters:
    ///   - horizon: How far ahead of now (virtual ms) timers may be run; later ones are left pending.
    ///   - maxTurns: Turns after which the page counts as never idle.
    /// - Throws: `Interruption` when a script timed out, the harness failed, or the page never went idle.
    func runUntilIdle(horizon: Int64 = 60_000, maxTurns: Int = 20_000) async throws(Interruption) {
        let deadline = loop.now + horizon
        var turns = 0
        while true {
            await drainMainQueue()
            if let interruption { throw interruption }
            if loop.runNextTask(notAfter: deadline) {
                turns += 1
                if turns >= maxTurns { throw Interruption.neverIdle(turns: turns) }
                continue
            }
            // Idle unless the main queue still had work (perhaps nested hops) that recorded or scheduled more.
            let before = transcript.entries.count
            await drainMainQueue()
            await drainMainQueue()
            if let interruption { throw interruption }
            if transcript.entries.count == before, !loop.hasPendingTasks(dueBy: deadline) { return }
        }
    }

    /// Ends the case like NIO's `EmbeddedChannel.finish()`: records navigations never decided and
    /// returns what is left over (pending timers and tasks).
    func finish() -> [String] {
        for (id, url) in undecidedNavigations.sorted(by: { $0.key < $1.key }) {
            record(.violation(clause: "BOOT-1", message: "navigation decision never made for \(url) (request \(id))"))
        }
        undecidedNavigations = [:]
        return loop.pendingTaskDescriptions
    }

    /// Tears the page down; the web view is unusable afterwards.
    func close() {
        page?.close()
    }

    /// Stops the case because an out-of-process testee failed; the first failure wins.
    func interrupt(adapterFailure: AdapterProcessError) {
        guard interruption == nil else { return }
        interruption = .adapterProcess(adapterFailure)
    }

    /// In a testee process: asks the bridge to decide a navigation the harness's page requested, and
    /// sends the decision (every one, so the harness can judge BOOT-1).
    func decideRemoteNavigation(number: Int, urlString: String, isMainFrame: Bool) {
        guard let remote else { return }
        if isMainFrame { remote.pageURL = urlString }
        let action = NavigationAction(url: URL(string: urlString), urlString: urlString, isMainFrame: isMainFrame)
        guard let navigationDelegate else {
            remote.decide(navigation: number, policy: .allow)
            return
        }
        navigationDelegate.webView(self, decidePolicyFor: action) { policy in
            if !Self.isOnMainThread {
                remote.forward(.violation(clause: "THR-1", message: "the navigation decision for \(urlString) was made off the main thread"))
            }
            remote.decide(navigation: number, policy: policy)
        }
    }

    /// Lets everything already enqueued on the main queue run: the hop resumes after it. Work those
    /// blocks enqueue in turn runs on the next hop; `runUntilIdle` hops again before it calls the page idle.
    private func drainMainQueue() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
}

import ConformanceAdapter
import ConformanceBrowser
import ConformanceObligations
import ConformanceSupport
import Dispatch
import Foundation
import StrictJSON
import WireDialects

/// What a case's script drives: the implementation (through its adapter), the simulated web view, and
/// the expectations it records.
///
/// Every adapter call is recorded in the transcript; an adapter that throws stops the case with an
/// adapter error naming the call. Native handlers and callbacks are wrapped so that each invocation is
/// recorded and a callback invoked twice is caught.
@MainActor
package final class CaseContext {
    /// How a native handler registered by the case answers.
    package enum NativeAnswer: Sendable {
        /// Never answers.
        case none
        /// Answers with the data it got.
        case echo
        /// Answers with a fixed value (nil answers nil).
        case value(JSONValue?)
        /// Answers twice with the data it got.
        case echoTwice
        /// Keeps its responder for `answerHeld(_:with:)`, after the handler has returned.
        case later
        /// Does these steps while it runs (re-entrancy: answering, registering, calling, resetting).
        case steps([InsideStep])
    }

    /// The case being run.
    package let conformanceCase: ConformanceCase
    /// The page host whose web view the implementation is attached to (the simulated browser, or another
    /// engine behind the same web view).
    package let browser: any PageHost
    let adapter: any BridgeAdapter
    private(set) var failures: [CheckFailure] = []
    /// Every explicit check the case made, passed or failed: the clause and what was checked.
    private(set) var checks: [CaseCheck] = []
    private var issuedCallbacks: [(label: String, call: String, expectsResponse: Bool)] = []
    private var callbackInvocationCounts: [String: Int] = [:]
    var heldResponders: [String: [AdapterResponseCallback]] = [:]
    /// What stopped a step a handler or callback ran inside the bridge; thrown by the next `runUntilIdle`.
    private var insideStop: CaseStop?

    init(conformanceCase: ConformanceCase, browser: any PageHost, adapter: any BridgeAdapter) {
        self.conformanceCase = conformanceCase
        self.browser = browser
        self.adapter = adapter
    }

    /// The web view the implementation is attached to.
    package var webView: SimulatedWebView { browser.webView }

    /// Everything observed so far, in the case's words: a case run in a dialect it is not written for reads
    /// it renamed back into its own (`Transcript.inWords(of:by:keeping:)`).
    package var transcript: Transcript {
        words.transcript(browser.transcript, keeping: webView.bridgeJavaScriptSource)
    }

    /// The wire the case is written in: what its pages and checks use for names, keys and commands (the
    /// run's, unless the case is renamed into it: `DialectApplicability.wordsSource(of:in:)`).
    package var dialect: WireDialect { words.dialect }

    /// The case's words and the run's, made once: both dialects are fixed for the case.
    private lazy var words = CaseWords(of: conformanceCase, in: runDialect, isRenamed: isRenamed)

    /// The wire the run speaks, whose signals the page really gives (`dialect` is the case's words).
    package var runDialect: WireDialect { browser.transcript.dialect }

    /// Whether the case runs in a dialect it is not written for, its scripts renamed into it.
    package var isRenamed: Bool { !conformanceCase.dialects.contains(runDialect) }

    /// The signal a case page writes to give the run's `signal`, in the case's words: the case dialect's own
    /// when both dialects signal so by the same means (the page script is renamed into the run's words on its
    /// way in, URL and all), else the run's, which no renaming touches. Writing the run's words into a script in
    /// the case's would have them renamed away.
    /// - Parameter signal: Which signal (`\.loadSignal` or `\.queueSignal`).
    package func writtenSignal(_ signal: KeyPath<WireDialect, WireSignal>) -> WireSignal {
        let run = runDialect[keyPath: signal], own = dialect[keyPath: signal]
        switch (run, own) {
        case (.navigation, .navigation), (.scriptMessage, .scriptMessage): return own
        default: return run
        }
    }

    // MARK: Driving the implementation

    /// Attaches the implementation to the web view (`BridgeAdapter.attach(to:)`). The runner does this
    /// before the case's script, as an app creates its bridge before using it.
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    func attach() throws {
        try perform(.attach) { try adapter.attach(to: webView) }
    }

    /// Registers a native handler that records each invocation and answers as told.
    /// - Parameters:
    ///   - name: The handler name.
    ///   - answer: How it answers.
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    package func registerHandler(_ name: String, answer: NativeAnswer = .echo) throws {
        try perform(.registerHandler(name: name)) {
            let wireName = inRunWords(name: name)
            let wireAnswer = { [weak self] (value: JSONValue?) in (self?.inRunWords(value) ?? value)?.foundationValue }
            try adapter.registerHandler(wireName) { [weak self] data, respond in
                guard let self else { return }
                let received = self.jsonValue(
                    fromNative: data, what: "data handed to native handler \(name)", obligation: .msg3f)
                self.browser.record(.nativeHandlerInvoked(name: wireName, data: received))
                switch answer {
                case .none: break
                case .echo: respond(data)
                case .value(let value): respond(wireAnswer(value))
                case .echoTwice: respond(data); respond(data)
                case .later: self.heldResponders[name, default: []].append(respond)
                case .steps(let steps): self.runInside(steps, data: data, respond: respond)
                }
            }
        }
    }

    /// Registers a native handler that records each invocation and then throws (FLUSH-8).
    /// - Parameter name: The handler name.
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    package func registerThrowingHandler(_ name: String) throws {
        try perform(.registerThrowingHandler(name: name)) {
            let wireName = inRunWords(name: name)
            try adapter(as: (any SupportsThrowingHandlers).self).registerThrowingHandler(wireName) {
                [weak self] data, _ in
                if let self {
                    let received = self.jsonValue(
                        fromNative: data, what: "data handed to native handler \(name)", obligation: .msg3f)
                    self.browser.record(.nativeHandlerInvoked(name: wireName, data: received))
                }
                throw HandlerFailure(handler: name)
            }
        }
    }

    /// What the handlers of `registerThrowingHandler(_:)` throw.
    struct HandlerFailure: Error, CustomStringConvertible {
        var handler: String
        var description: String { "the handler \(handler) failed, as the case asked it to" }
    }

    /// Answers the oldest invocation of the `.later` handler `name` that has not been answered yet.
    /// - Parameters:
    ///   - name: The handler name.
    ///   - answer: The answer (nil answers nil).
    /// - Returns: False, doing nothing, when no invocation waits for an answer.
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    @discardableResult
    package func answerHeld(_ name: String, with answer: JSONValue?) throws -> Bool {
        guard var waiting = heldResponders[name], !waiting.isEmpty else { return false }
        let respond = waiting.removeFirst()
        heldResponders[name] = waiting
        try perform(.answerHeld(name: name, answer: answer?.withNonFiniteNumbersAsNull)) {
            respond(inRunWords(answer)?.foundationValue)
        }
        return true
    }

    /// Removes a native handler.
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    package func removeHandler(_ name: String) throws {
        try perform(.removeHandler(name: name)) {
            try adapter(as: (any SupportsRemoveHandler).self).removeHandler(inRunWords(name: name))
        }
    }

    /// Calls a JS handler through the implementation.
    /// - Parameters:
    ///   - name: The JS handler name.
    ///   - data: The data to send; nil sends none.
    ///   - callback: A label for the response callback, or nil to send no callback.
    ///   - expectsResponse: Whether the callback must run by the end even in a case that accepts unanswered
    ///     callbacks (in other cases every callback must run).
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    ///   - then: What the callback does once it has recorded its answer (re-entrancy).
    package func callHandler(
        _ name: String, data: JSONValue? = nil, callback: String? = nil, expectsResponse: Bool = false,
        then steps: [InsideStep] = []
    ) throws {
        let action = AdapterAction.callHandler(name: name, data: data?.withNonFiniteNumbersAsNull, callback: callback)
        let description = action.description
        if let callback { issuedCallbacks.append((callback, description, expectsResponse)) }
        try perform(action) {
            let responseCallback: AdapterResponseCallback? = callback.map { label in
                { [weak self] answer in
                    self?.nativeCallbackInvoked(label, answer: answer, call: description)
                    if !steps.isEmpty { self?.runInside(steps, data: answer, respond: nil) }
                }
            }
            try adapter.callHandler(
                inRunWords(name: name), data: inRunWords(data)?.foundationValue, responseCallback: responseCallback)
        }
    }

    /// Resets the implementation's bridge.
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    package func reset() throws {
        try perform(.reset) { try adapter(as: (any SupportsReset).self).reset() }
    }

    /// Switches the implementation's traffic logging on or off (LOG-7).
    /// - Parameter enabled: Whether to log traffic.
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    package func setTrafficLogging(_ enabled: Bool) throws {
        try perform(.setTrafficLogging(enabled: enabled)) {
            try adapter(as: (any SupportsTrafficLogging).self).setTrafficLogging(enabled)
        }
    }

    /// Asks the implementation to disable the JS side's alert safety timeout.
    /// - Throws: `CaseStop.adapter` when the adapter throws.
    package func disableSafetyTimeout() throws {
        try perform(.disableSafetyTimeout) {
            try adapter(as: (any SupportsDisablingSafetyTimeout).self).disableJavscriptAlertBoxSafetyTimeout()
        }
    }

    /// The optional operations the adapter offers, for a case that uses one where it can and runs without it
    /// otherwise.
    package var offeredCapabilities: BridgeCapabilities { BridgeCapabilities(of: adapter) }

    /// The adapter as the capability protocol an operation needs. The runner only runs a case whose
    /// requirements the adapter adopts, so this fails only for a case that forgot to declare one.
    func adapter<Capability>(as capability: Capability.Type) throws -> Capability {
        guard let adapter = adapter as? Capability else {
            throw AdapterError(
                "the case uses an operation of \(capability), which this adapter does not adopt; the case must list it in `requires`"
            )
        }
        return adapter
    }

    /// Records `action` and runs `body`, which asks the adapter for it; a failure stops the case at that stage.
    func perform(_ action: AdapterAction, _ body: () throws -> Void) throws {
        browser.record(.adapterAction(action))
        do {
            try body()
        } catch let error as AdapterFailure {
            throw CaseStop.adapterFailure(error, stage: action.description)
        } catch {
            throw CaseStop.adapter(stage: action.description, error: "\(error)")
        }
    }

    /// Stops the case because a step inside a handler or callback failed.
    func stopInside(_ stop: CaseStop) {
        guard insideStop == nil else { return }
        insideStop = stop
        webView.backend.abortCase(because: InsideStepFailure(description: stop.description))
    }

    private func nativeCallbackInvoked(_ label: String, answer: Any?, call: String) {
        let count = callbackInvocationCounts[label, default: 0] + 1
        callbackInvocationCounts[label] = count
        browser.record(
            .nativeCallbackInvoked(
                label: label, data: jsonValue(fromNative: answer, what: "answer to \(call)", obligation: .cb4a)))
        if count == 2 {
            fail(
                clause: .cb2a, "native callback \(label) of \(call) invoked twice",
                expected: "at most one invocation")
        }
    }

    private func jsonValue(fromNative value: Any?, what: String, obligation: Obligation) -> JSONValue? {
        guard let value else { return nil }
        do {
            return try JSONValue(foundation: value)
        } catch {
            fail(clause: obligation, "\(what) is not a Foundation JSON value: \(error)")
            return .string("<not JSON: \(type(of: value))>")
        }
    }

    // MARK: Driving the page

    /// Loads a page that runs `script` after the WVJB setup snippet.
    /// - Parameters:
    ///   - script: The page's JavaScript. `__conformance` and the `conformance` helpers are available.
    ///   - url: The page's URL.
    package func loadPage(_ script: String, url: String = "https://app.example/index.html") {
        browser.load(PageDefinition(url: url, script: CasePagePrelude.source + inRunDialect(script)))
    }

    /// `script`, written in the case's dialect, in the run's: the same when the case is written for the run's
    /// dialect, else its words renamed (a case written in the canonical dialect run in another profile, say).
    package func inRunDialect(_ script: String) -> String { words.inRunDialect(script) }

    /// A handler name or value the case hands the native side, in the run's words, as its scripts are
    /// (`inRunDialect(_:)`): what crosses the bridge is renamed alike on both sides, so that the transcript,
    /// renamed back, shows the case's own names and data.
    func inRunWords(_ value: JSONValue?) -> JSONValue? { words.inRunWords(value) }

    /// Text in the run's words (the JS side injected, say) in the case's, so that a page script holding it reads
    /// it as it was once renamed into the run's words again (`inRunDialect(_:)`).
    package func inCaseWords(_ text: String) -> String { words.inCaseWords(text) }

    /// A handler name in the run's words (`inRunWords(_:)`).
    func inRunWords(name: String) -> String { words.inRunWords(name: name) }

    /// Loads a page as `loadHTMLString(_:baseURL:)` does: its URL is `baseURL`, or `about:blank` without one,
    /// and it runs `script` (in an inline `<script>` of the HTML) after the WVJB setup snippet.
    /// - Parameters:
    ///   - script: The page's JavaScript.
    ///   - baseURL: The page's base URL.
    package func loadHTMLString(running script: String, baseURL: String? = nil) {
        browser.load(
            PageDefinition(
                html: "<html><script>\(CasePagePrelude.source + inRunDialect(script))</script></html>", baseURL: baseURL
            ))
    }

    /// Loads a page whose load fails, before its commit (nothing of it runs) or after it (it runs `script`).
    /// - Parameters:
    ///   - script: The page's JavaScript.
    ///   - url: The page's URL.
    ///   - failure: How and where the load fails.
    package func loadFailingPage(_ script: String = "", url: String, failure: PageDefinition.LoadFailure) {
        browser.load(
            PageDefinition(url: url, script: CasePagePrelude.source + inRunDialect(script), failure: failure))
    }

    /// Reloads the current page.
    package func reload() {
        browser.reload()
    }

    /// Runs a script in the page as the harness (never blamed on the implementation).
    /// - Parameter script: JavaScript; `__conformance` and the `conformance` helpers are available.
    package func runInPage(_ script: String) {
        browser.runHarnessScript(inRunDialect(script))
    }

    /// Turns the page's event loop until nothing is left to do.
    /// - Throws: `CaseStop` when a script timed out, the page never went idle, or the harness failed.
    /// - Parameter horizon: How far ahead (virtual ms) page timers may run; later ones stay pending.
    package func runUntilIdle(horizon: Int64 = 60_000) async throws {
        do {
            try await browser.runUntilIdle(horizon: horizon)
        } catch {
            throw insideStop ?? CaseStop(error)
        }
        if let insideStop { throw insideStop }
    }

    // MARK: Expectations

    /// Records a failure of `clause`.
    /// - Parameters:
    ///   - clause: The clause broken.
    ///   - message: What was checked.
    ///   - expected: What the clause requires.
    ///   - actual: What happened.
    ///   - likelyCause: The platform's behaviour the check saw as the likely cause, if any: its hint ends
    ///     the message, and the failure carries it (`CheckFailure.likelyCause`).
    package func fail(
        clause: Obligation, _ message: String, expected: String? = nil, actual: String? = nil,
        likelyCause: PlatformBehaviour? = nil
    ) {
        let hint = likelyCause?.hint ?? ""
        // A failure whose values only came in another order may be the other side's (`FixFirstRule.reCitation`).
        if let rule = FixFirstRule.reCitation(of: clause, expected: expected, actual: actual, in: { transcript }) {
            var failure = CheckFailure(
                clause: rule.cites, message: message + rule.why + hint, expected: expected, actual: actual,
                likelyCause: likelyCause)
            failure.recitedFrom = clause
            failures.append(failure)
            return
        }
        fail(citing: clause.id, message, expected: expected, actual: actual, likelyCause: likelyCause)
    }

    /// Records a failure citing `citation` as it is: a custom case's own clause (`APP-1`), which the spec does not
    /// define, or a citation read from a file or a transcript.
    package func fail(
        citing citation: String, _ message: String, expected: String? = nil, actual: String? = nil,
        likelyCause: PlatformBehaviour? = nil
    ) {
        let hint = likelyCause?.hint ?? ""
        failures.append(
            CheckFailure(
                clause: citation, message: message + hint, expected: expected, actual: actual,
                likelyCause: likelyCause))
    }

    /// Records a failure of `clause` unless `condition` holds.
    /// - Parameters:
    ///   - condition: What must hold.
    ///   - clause: The clause checked.
    ///   - message: What was checked.
    ///   - likelyCause: The platform's behaviour the check saw as the likely cause of a failure, if any.
    package func expect(
        _ condition: Bool, clause: Obligation, _ message: @autoclosure () -> String,
        likelyCause: PlatformBehaviour? = nil
    ) {
        let text = message()
        checks.append(CaseCheck(clause, text))
        if !condition { fail(clause: clause, text, likelyCause: likelyCause) }
    }

    /// Records a failure citing `citation`, a custom case's own clause (`APP-1`), unless `condition` holds.
    package func expect(_ condition: Bool, citing citation: String, _ message: @autoclosure () -> String) {
        let text = message()
        checks.append(CaseCheck(citing: citation, text))
        if !condition { fail(citing: citation, text) }
    }

    /// Records a failure of `clause` unless `actual == expected`, showing both.
    /// - Parameters:
    ///   - actual: What happened.
    ///   - expected: What the clause requires.
    ///   - clause: The clause checked.
    ///   - message: What was compared.
    ///   - likelyCause: The platform's behaviour the check saw as the likely cause of a failure, if any.
    /// - Returns: Whether the values were equal, for a case whose later checks read what this one checked.
    @discardableResult
    package func expectEqual<Value: Equatable>(
        _ actual: Value, _ expected: Value, clause: Obligation, _ message: @autoclosure () -> String,
        likelyCause: PlatformBehaviour? = nil
    ) -> Bool {
        let text = message()
        checks.append(CaseCheck(clause, text))
        guard actual != expected else { return true }
        fail(clause: clause, text, expected: Self.show(expected), actual: Self.show(actual), likelyCause: likelyCause)
        return false
    }

    /// Records a failure citing `citation`, a custom case's own clause (`APP-1`), unless `actual == expected`.
    package func expectEqual<Value: Equatable>(
        _ actual: Value, _ expected: Value, citing citation: String, _ message: @autoclosure () -> String
    ) {
        let text = message()
        checks.append(CaseCheck(citing: citation, text))
        guard actual != expected else { return }
        fail(citing: citation, text, expected: Self.show(expected), actual: Self.show(actual))
    }

    /// Runs `operation`, checking that the implementation survives it: when an out-of-process
    /// implementation dies during it, a failure of `clause` says so, and the case then stops as the crash
    /// it is. (An in-process implementation that crashes takes the run with it.)
    /// - Parameters:
    ///   - clause: The clause that forbids the crash.
    ///   - message: What the implementation must survive.
    ///   - operation: The adapter calls to run.
    /// - Throws: What `operation` throws.
    package func expectSurvival(
        clause: Obligation, _ message: @autoclosure () -> String, of operation: () throws -> Void
    ) throws {
        let text = message()
        checks.append(CaseCheck(clause, text))
        do {
            try operation()
        } catch let stop as CaseStop {
            if case .adapterFailure(let error, _) = stop, error.kind == .crashed { fail(clause: clause, text) }
            throw stop
        }
    }

    /// A printable form of a checked value: JSON values canonically (NaN and the infinities by name, never
    /// as `null`: `JSONValue.displayText`), everything else described.
    package static func show<Value>(_ value: Value) -> String {
        switch value {
        case let json as JSONValue: return json.displayText
        case let json as JSONValue?: return json.map(\.displayText) ?? "absent"
        case let list as [JSONValue?]:
            return "[" + list.map { $0.map(\.displayText) ?? "absent" }.joined(separator: ", ") + "]"
        case let list as [JSONValue]: return "[" + list.map(\.displayText).joined(separator: ", ") + "]"
        case let text as String: return PrintableText.printable(text)
        default: return PrintableText.printable(String(describing: value))
        }
    }

    /// The checks every case makes when it ends, whatever its script (`ImplicitCheck`), so that the coverage table
    /// counts them.
    package nonisolated static let implicitChecks: [CaseCheck] = ImplicitCheck.allCases.map(\.check)

    /// Ends the case: judges what was left over against what the case accepts, and collects web-view
    /// violations, tripwires and wire problems (`EndOfCaseChecks`). Called once by the runner after the case's
    /// script.
    /// - Parameter page: What the page left over.
    /// - Returns: Every leftover, accepted or not, for the report.
    func finish(page: PageLeftovers) -> CaseLeftovers {
        checks += Self.implicitChecks
        let unanswered = issuedCallbacks.filter { callbackInvocationCounts[$0.label, default: 0] == 0 }
        let end = EndOfCaseChecks(
            accepted: conformanceCase.accepts,
            unansweredCallbacks: unanswered.map {
                .init(label: $0.label, call: $0.call, expectsResponse: $0.expectsResponse)
            },
            transcript: transcript)
        let (leftovers, found) = end.judge(page)
        failures += found
        return leftovers
    }
}

import ConformanceAdapter
import ConformanceBrowser
import ConformanceCatalogue
import Foundation
import StrictJSON

/// What a container case's script drives: the container (through its adapter), the page, and the expectations
/// it records. Every adapter call is recorded in the transcript; the handlers the case registers record each
/// invocation (`nativeHandlerInvoked`, named `handler.action`), and event completions each value they get
/// (`nativeCallbackInvoked`).
@MainActor
package final class ContainerCaseContext {
    /// How a native handler registered by the case answers.
    package enum Reply: Sendable {
        /// Answers with the params it got.
        case echo
        /// Answers with a fixed value.
        case value(JSONValue)
        /// Never answers.
        case none
        /// Answers with the params, then again with a second value.
        case twice(JSONValue)
        /// Keeps its responder for `answerHeld(_:with:)`.
        case later
        /// Throws.
        case throwing
        /// Answers with the value the table holds for its params (a string key), or null.
        case lookup([String: JSONValue])
    }

    /// The case being run.
    package let containerCase: ContainerCase
    /// The page host the container's web view belongs to.
    package let browser: any PageHost
    let adapter: any ContainerAdapter
    private(set) var failures: [CheckFailure] = []
    private(set) var checks: [CaseCheck] = []
    private var heldResponders: [String: [AdapterResponseCallback]] = [:]

    init(containerCase: ContainerCase, browser: any PageHost, adapter: any ContainerAdapter) {
        self.containerCase = containerCase
        self.browser = browser
        self.adapter = adapter
    }

    /// Everything observed so far.
    package var transcript: Transcript { browser.transcript }

    // MARK: Driving the container

    /// Attaches the container to the web view; the runner does this before the case's script.
    func attach() throws {
        try perform(.attach) { try adapter.attach(to: browser.webView) }
    }

    /// Registers a handler for `handler`/`action` that records each call and answers as `reply` says.
    package func register(handler: String, action: String, reply: Reply = .echo) throws {
        let name = "\(handler).\(action)"
        try perform(.registerHandler(name: name)) {
            try adapter.register(handler: handler, action: action) { [weak self] params, respond in
                guard let self else { return }
                let data = params.map(Self.recorded)
                browser.record(.nativeHandlerInvoked(name: name, data: data))
                switch reply {
                case .echo: respond(params)
                case .value(let value): respond(value.foundationValue)
                case .none: break
                case .twice(let second):
                    respond(params)
                    respond(second.foundationValue)
                case .later: heldResponders[name, default: []].append(respond)
                case .throwing: throw HandlerFailure()
                case .lookup(let table):
                    guard case .string(let key)? = data else { return respond(NSNull()) }
                    respond((table[key] ?? .null).foundationValue)
                }
            }
        }
    }

    /// Answers the oldest held call of `name` (`handler.action`) with `value`; false when none is held.
    @discardableResult
    package func answerHeld(_ name: String, with value: JSONValue) -> Bool {
        guard var held = heldResponders[name], !held.isEmpty else { return false }
        let respond = held.removeFirst()
        heldResponders[name] = held
        respond(value.foundationValue)
        return true
    }

    /// Sends the native event `eventID`; with a `label`, its completion records what it gets under that label.
    package func sendEvent(_ eventID: String, data: JSONValue?, label: String? = nil) throws {
        try perform(.sendEvent(id: eventID, data: data, completion: label)) {
            let completion: ((Any?) -> Void)? = label.map { label in
                { [weak self] value in
                    let data = value.map(Self.recorded)
                    self?.browser.record(.nativeCallbackInvoked(label: label, data: data))
                }
            }
            try adapter.sendEvent(eventID, data: data?.foundationValue, completion: completion)
        }
    }

    private func perform(_ action: AdapterAction, _ body: () throws -> Void) throws {
        browser.record(.adapterAction(action))
        do {
            try body()
        } catch let error as AdapterFailure {
            throw CaseStop.adapterFailure(error, stage: action.description)
        } catch {
            throw CaseStop.adapter(stage: action.description, error: "\(error)")
        }
    }

    // MARK: Driving the page

    /// Loads a page that runs `script`; the `conformance` helpers (`callback(label)`, `note(label, value)`) and the
    /// container's JS side (injected by the container at document start) are there.
    package func loadPage(_ script: String) {
        browser.load(PageDefinition(url: "https://app.example/index.html", script: CasePagePrelude.source + script))
    }

    /// Runs a script in the page as the harness (never blamed on the container).
    package func runInPage(_ script: String) { browser.runHarnessScript(script) }

    /// Turns the page's event loop until nothing is left to do.
    package func runUntilIdle() async throws {
        do {
            try await browser.runUntilIdle(horizon: 60_000)
        } catch {
            throw CaseStop(error)
        }
    }

    // MARK: Reading what happened

    /// The params of each invocation of the case's handler `name` (`handler.action`), in order.
    package func handlerInvocations(_ name: String) -> [JSONValue?] {
        transcript.entries.compactMap {
            if case .nativeHandlerInvoked(name, let data) = $0.event { return .some(data) }
            return nil
        }
    }

    /// What each invocation of the page callback `label` (`conformance.callback(label)`) got, in order.
    package func pageCallbacks(_ label: String) -> [JSONValue?] {
        transcript.entries.compactMap {
            if case .jsCallbackInvoked(label, let data) = $0.event { return .some(data) }
            return nil
        }
    }

    /// The values the page noted under `label` (`conformance.note(label, value)`), in order.
    package func notes(_ label: String) -> [JSONValue?] {
        transcript.entries.compactMap {
            if case .pageNote(label, let data) = $0.event { return .some(data) }
            return nil
        }
    }

    /// What each call of the event completion `label` got, in order.
    package func completions(_ label: String) -> [JSONValue?] {
        transcript.entries.compactMap {
            if case .nativeCallbackInvoked(label, let data) = $0.event { return .some(data) }
            return nil
        }
    }

    /// What the native text input panel answered each `prompt()` of the page with, in order (nil: `null`): the
    /// JSON texts a container answered synchronous calls with.
    package var promptAnswers: [String?] {
        transcript.entries.compactMap {
            if case .promptAnswered(let text) = $0.event { return .some(text) }
            return nil
        }
    }

    /// The messages the page posted to the container, in order.
    package var postedBodies: [JSONValue?] {
        transcript.entries.compactMap {
            if case .scriptMessagePosted(_, let body) = $0.event { return .some(body) }
            return nil
        }
    }

    // MARK: Expectations

    /// Records a failure citing `citation` (a clause or obligation of `spec/container.md`) unless `condition` holds.
    package func expect(_ condition: Bool, citing citation: String, _ message: @autoclosure () -> String) {
        let text = message()
        checks.append(CaseCheck(citing: citation, text))
        if !condition { failures.append(CheckFailure(clause: citation, message: text)) }
    }

    /// Records a failure citing `citation` unless `actual == expected`, showing both.
    package func expectEqual<Value: Equatable>(
        _ actual: Value, _ expected: Value, citing citation: String, _ message: @autoclosure () -> String
    ) {
        let text = message()
        checks.append(CaseCheck(citing: citation, text))
        guard actual != expected else { return }
        failures.append(
            CheckFailure(clause: citation, message: text, expected: Self.show(expected), actual: Self.show(actual)))
    }

    /// A Foundation value the container handed over, as the transcript records it: one JSON cannot hold is recorded
    /// as what it is rather than dropped, so that the check comparing it fails showing it.
    private static func recorded(_ value: Any) -> JSONValue {
        (try? JSONValue(foundation: value)) ?? .string("<not JSON: \(type(of: value))>")
    }

    /// A value as a failure shows it: JSON values in their canonical text.
    private static func show<Value>(_ value: Value) -> String {
        switch value {
        case let json as JSONValue: return json.canonicalText
        case let json as JSONValue?: return json?.canonicalText ?? "nothing"
        case let list as [JSONValue?]:
            return "[" + list.map { $0?.canonicalText ?? "nothing" }.joined(separator: ", ") + "]"
        default: return "\(value)"
        }
    }

    /// What a handler registered with `.throwing` throws.
    private struct HandlerFailure: Error, CustomStringConvertible {
        var description: String { "the case's handler threw, as planned" }
    }
}

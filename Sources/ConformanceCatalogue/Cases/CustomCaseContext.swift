import ConformanceAdapter
import Foundation
import StrictJSON

/// What an implementer's own case (`ConformanceCase.custom`) drives and reads: the page, the native side
/// through your adapter, what each side got, and expectations under the case's clause.
///
/// Page scripts are JavaScript written in the canonical dialect (`setupWebViewJavascriptBridge`,
/// `bridge.registerHandler`, `bridge.callHandler`); every page gets the kit's helpers first:
/// `conformance.echoHandler(name)` (a JS handler that records its call and answers with its data),
/// `conformance.recordingHandler(name)` (records, never answers), `conformance.callback(label)` (a response
/// callback that records its answer) and `conformance.note(label, value)` (records a value). Data read back is
/// canonical JSON text, keys sorted (`{"a":[1,2]}`), and `nil` for a call without data.
@MainActor
public final class CustomCaseContext {
    /// How a native handler the case registers answers.
    public enum Answer: Sendable {
        /// With the data it got.
        case echo
        /// Never.
        case never
        /// With this JSON text's value (`"null"` answers nil).
        case json(String)
    }

    private let context: CaseContext
    private let clause: String

    init(_ context: CaseContext, clause: String) {
        self.context = context
        self.clause = clause
    }

    // MARK: The page

    /// Loads a page at `url` that runs `script` after the page setup snippet and the kit's helpers.
    public func loadPage(_ script: String, url: String = "https://app.example/index.html") {
        context.loadPage(script, url: url)
    }

    /// Runs `script` in the current page now, as the page's own code would.
    public func runInPage(_ script: String) { context.runInPage(script) }

    /// Reloads the current page.
    public func reload() { context.reload() }

    /// Lets the page and the bridge run until nothing is left to do (timers up to a minute of virtual time).
    /// - Throws: What ends the case early (a timeout, a crash): rethrow it.
    public func runUntilIdle() async throws { try await context.runUntilIdle() }

    // MARK: The native side, through your adapter

    /// Registers the native handler `name` through the adapter.
    /// - Throws: What ends the case (the adapter threw); a `.json` answer that is not JSON.
    public func registerHandler(_ name: String, answer: Answer = .echo) throws {
        let native: CaseContext.NativeAnswer
        switch answer {
        case .echo: native = .echo
        case .never: native = .none
        case .json(let text): native = .value(try Self.value(ofJSON: text, for: "the answer of \(name)"))
        }
        try context.registerHandler(name, answer: native)
    }

    /// Calls the JS handler `name` through the adapter, with `data` (Foundation JSON values: `String`,
    /// numbers, `Bool`, `NSNull`, arrays, dictionaries) and, given a `callback` label, a response callback
    /// whose answers `nativeCallbackAnswers(label)` reads.
    /// - Throws: What ends the case (the adapter threw); data that is not JSON.
    public func callHandler(_ name: String, data: Any? = nil, callback: String? = nil) throws {
        let value: JSONValue?
        do {
            value = try data.map { try JSONValue(foundation: $0) }
        } catch {
            throw CaseStop.harness(
                "custom case \(context.conformanceCase.id): the data of \(name) is not JSON: \(error)")
        }
        try context.callHandler(name, data: value, callback: callback)
    }

    /// Removes the native handler `name`; the case ends as not applicable when the adapter does not adopt
    /// `SupportsRemoveHandler`.
    public func removeHandler(_ name: String) throws {
        guard context.adapter is any SupportsRemoveHandler else {
            throw CaseStop.notApplicable(
                "the case removes a handler, and the adapter does not adopt SupportsRemoveHandler")
        }
        try context.removeHandler(name)
    }

    /// Resets the bridge; the case ends as not applicable when the adapter does not adopt `SupportsReset`.
    public func reset() throws {
        guard context.adapter is any SupportsReset else {
            throw CaseStop.notApplicable("the case resets the bridge, and the adapter does not adopt SupportsReset")
        }
        try context.reset()
    }

    // MARK: What each side got

    /// The data of each call of the native handler `name`, in order.
    public func nativeHandlerCalls(_ name: String) -> [String] {
        context.transcript.nativeHandlerInvocations(name).map(Self.text)
    }

    /// The answers the native callback labelled `label` got, in order.
    public func nativeCallbackAnswers(_ label: String) -> [String] {
        context.transcript.nativeCallbackInvocations(label).map(Self.text)
    }

    /// The data of each call of the JS handler `name` (made with `conformance.echoHandler` or
    /// `conformance.recordingHandler`), in order.
    public func javaScriptHandlerCalls(_ name: String) -> [String] {
        context.transcript.jsHandlerInvocations(name).map { Self.text($0.data) }
    }

    /// The answers the JS callback `conformance.callback(label)` got, in order.
    public func javaScriptCallbackAnswers(_ label: String) -> [String] {
        context.transcript.jsCallbackInvocations(label).map(Self.text)
    }

    /// The values the page recorded with `conformance.note(label, value)`, in order.
    public func pageNotes(_ label: String) -> [String] { context.transcript.pageNotes(label).map(Self.text) }

    /// The lines the bridge logged (`webView.recordNativeLog`, or standard streams), in order.
    public var nativeLogLines: [String] {
        context.transcript.entries.compactMap {
            if case .nativeLog(let line) = $0.event { return line }
            return nil
        }
    }

    // MARK: Expectations, under the case's clause

    /// Records a failure of the case's clause unless `condition` holds.
    public func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        context.expect(condition, citing: clause, message())
    }

    /// Records a failure of the case's clause, showing both, unless `actual == expected`.
    /// - Parameter what: What was compared, as the failure names it.
    public func expectEqual(_ actual: [String], _ expected: [String], _ what: @autoclosure () -> String) {
        context.expectEqual(actual, expected, citing: clause, what())
    }

    private static func text(_ value: JSONValue?) -> String { value?.canonicalText ?? "nil" }

    private static func value(ofJSON text: String, for what: String) throws -> JSONValue? {
        do {
            let value = try JSONParser.parse(text)
            return value == .null ? nil : value
        } catch {
            throw CaseStop.harness("\(what) is not JSON: \(error)")
        }
    }
}

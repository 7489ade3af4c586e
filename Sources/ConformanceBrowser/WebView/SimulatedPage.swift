import ConformanceAdapter
import ConformanceEngine
import Foundation
import StrictJSON

/// One loaded page: a fresh JavaScript context running the simulated browser, the setup snippet and the
/// page's script. Timers it sets live on the browser's virtual event loop until the page goes away;
/// what happens in it is recorded in the browser's transcript.
@MainActor
final class SimulatedPage {
    let url: String
    let context: ScriptContext
    /// The page's number in its browser (1 for the first), which names its timers in reports.
    let number: Int
    /// The browser showing this page; set right after the page is made.
    weak var browser: SimulatedBrowser?
    private let loop: VirtualEventLoop
    private var fireTimer: ScriptValue?
    private var reportUncaught: ScriptValue?
    private var timerTasks: [Int: VirtualEventLoop.TaskID] = [:]
    private var nextTimerID = 1

    /// Why the simulated browser could not be installed in the page (its shims failed: a harness error), if so.
    private(set) var startFailure: ScriptError?

    /// Creates the page's context and installs the simulated browser in it; a failure is kept in
    /// `startFailure` for the browser to report as the kit's.
    init(url: String, number: Int, loop: VirtualEventLoop, environment: HarnessEnvironment) {
        self.url = url
        self.loop = loop
        self.number = number
        bridgeGlobal = environment.dialect.javaScriptGlobal
        context = ScriptContext(runtime: environment.runtime)
        do throws(ScriptError) {
            try installBrowser(environment)
        } catch {
            startFailure = error
        }
    }

    private func installBrowser(_ environment: HarnessEnvironment) throws(ScriptError) {
        let install = try context.evaluate(environment.pageShimSource, sourceURL: "conformance://page-shim.js")
        let browserHost = makeBrowserHost()
        let entryPoints = try context.call(install, arguments: [browserHost])
        guard context.isObject(entryPoints) else { throw ScriptError(message: "page shim returned no entry points") }
        let installDOM = try context.evaluate(
            environment.pageDOMShimSource, sourceURL: "conformance://page-dom-shim.js")
        _ = try context.call(installDOM, arguments: [browserHost])
        fireTimer = context.protect(context.property("fireTimer", of: entryPoints))
        reportUncaught = context.protect(context.property("reportUncaught", of: entryPoints))
        context.setProperty("__conformance", of: context.globalObject, to: makeCaseHost())
    }

    /// Whether the page has the bridge global of the run's dialect now (`window.<global>` is an object, functions
    /// included): the JS side is in, whoever wrote it. A getter there that throws reads as absent.
    var hasBridgeGlobal: Bool {
        context.isObject(context.property(bridgeGlobal, of: context.globalObject))
    }

    /// The name of the dialect's bridge global.
    private let bridgeGlobal: String

    /// Drops the page's timers and releases its context.
    func close() {
        for task in timerTasks.values { loop.cancel(task) }
        timerTasks = [:]
        fireTimer = nil
        reportUncaught = nil
        context.close()
    }

    /// Runs a script the way the page's HTML would: an exception goes to `window.onerror`.
    /// - Throws: `ScriptError` only when the time limit stopped the script.
    func runPageScript(_ source: String, sourceURL: String) throws(ScriptError) {
        do {
            try context.evaluate(source, sourceURL: sourceURL)
        } catch  where !error.isTimeout {
            try routeUncaught(error)
        }
    }

    /// Hands an exception to the page as an uncaught error (`window.onerror`, recorded).
    func routeUncaught(_ error: ScriptError) throws(ScriptError) {
        guard let reportUncaught else { return }
        try context.call(
            reportUncaught,
            arguments: [
                context.makeString(error.message),
                error.sourceURL.map(context.makeString) ?? context.undefined,
                error.line.map { context.makeNumber(Double($0)) } ?? context.undefined,
            ])
    }

    // MARK: Hosts

    /// The functions the browser shim calls.
    private func makeBrowserHost() -> ScriptValue {
        let host = context.makeObject()
        let context = self.context
        define("now", on: host) { [weak self] _ in self.map { context.makeNumber(Double($0.loop.now)) } }
        define("pageURL", on: host) { [weak self] _ in self.map { context.makeString($0.url) } }
        define("scheduleTimer", on: host) { [weak self] arguments in
            guard let self else { return nil }
            let delay = Int64(min(max(context.integer(arguments[0]) ?? 0, 0), Int(Int32.max)))
            let repeats = context.boolean(arguments[1])
            return context.makeNumber(Double(scheduleTimer(delay: delay, repeats: repeats)))
        }
        define("cancelTimer", on: host) { [weak self] arguments in
            guard let self else { return nil }
            let id = context.integer(arguments[0]) ?? 0
            if let task = timerTasks.removeValue(forKey: id) { loop.cancel(task) }
            return nil
        }
        define("navigate", on: host) { [weak self] arguments in
            guard let self else { return nil }
            browser?.requestNavigation(to: context.string(arguments[0]), isMainFrame: false)
            return nil
        }
        define("console", on: host) { [weak self] arguments in
            guard let self else { return nil }
            let message = context.string(arguments[1])
            // Each argument apart (the shim sends them as one JSON array); the line alone if that fails.
            let values: [JSONValue]
            if case .array(let parsed)? = try? JSONParser.parse(context.string(arguments[2])) {
                values = parsed
            } else {
                values = [.string(message)]
            }
            let levelName = context.string(arguments[0])
            guard let level = ConsoleLevel(rawValue: levelName) else {
                browser?.shimFailed("console", sent: levelName)
                return nil
            }
            browser?.record(.console(level: level, message: message, arguments: values))
            return nil
        }
        define("dialog", on: host) { [weak self] arguments in
            guard let self else { return nil }
            let kindName = context.string(arguments[0])
            guard let kind = DialogKind(rawValue: kindName) else {
                browser?.shimFailed("dialog", sent: kindName)
                return nil
            }
            browser?.openDialog(kind: kind, message: context.string(arguments[1]))
            return nil
        }
        define("prompt", on: host) { [weak self] arguments in
            guard let self else { return nil }
            let defaultText = context.isNull(arguments[1]) ? nil : context.string(arguments[1])
            let answer = browser?.answerPrompt(message: context.string(arguments[0]), defaultText: defaultText)
            return answer.map { context.makeString($0) } ?? context.null
        }
        define("hasMessageHandler", on: host) { [weak self] arguments in
            guard let self else { return nil }
            return context.makeBoolean(browser?.hasScriptMessageHandler(named: context.string(arguments[0])) ?? false)
        }
        define("hasMessageHandlers", on: host) { [weak self] _ in
            guard let self else { return nil }
            return context.makeBoolean(browser?.hasScriptMessageHandlers ?? false)
        }
        define("postMessage", on: host) { [weak self] arguments in
            guard let self else { return nil }
            let name = context.string(arguments[0])
            guard let browser, browser.hasScriptMessageHandler(named: name),
                let clone = try? JSONParser.parse(context.string(arguments[1]))
            else { return nil }
            browser.post(
                toScriptMessageHandler: name, body: ScriptMessageBody.foundationValue(of: clone),
                shownAs: try jsonValue(arguments[2]))
            return nil
        }
        define("tripwire", on: host) { [weak self] arguments in
            guard let self else { return nil }
            browser?.record(.tripwire(label: context.string(arguments[0])))
            return nil
        }
        define("uncaughtError", on: host) { [weak self] arguments in
            guard let self else { return nil }
            let line = context.integer(arguments[2])
            browser?.record(.uncaughtError(message: context.string(arguments[0]), line: line == 0 ? nil : line))
            return nil
        }
        return host
    }

    /// `__conformance`: what case pages call to record what their handlers and callbacks saw.
    private func makeCaseHost() -> ScriptValue {
        let host = context.makeObject()
        let context = self.context
        define("handlerInvoked", on: host) { [weak self] arguments in
            guard let self else { return nil }
            browser?.record(
                .jsHandlerInvoked(
                    name: context.string(arguments[0]), data: try jsonValue(arguments[1]),
                    hasResponder: context.boolean(arguments[2]),
                    duringNativeEvaluation: browser?.isInsideNativeEvaluation ?? false))
            return nil
        }
        define("callbackInvoked", on: host) { [weak self] arguments in
            guard let self else { return nil }
            browser?.record(.jsCallbackInvoked(label: context.string(arguments[0]), data: try jsonValue(arguments[1])))
            return nil
        }
        define("note", on: host) { [weak self] arguments in
            guard let self else { return nil }
            browser?.record(.pageNote(label: context.string(arguments[0]), data: try jsonValue(arguments[1])))
            return nil
        }
        define("inNativeEvaluation", on: host) { [weak self] _ in
            guard let self else { return nil }
            return context.makeBoolean(browser?.isInsideNativeEvaluation ?? false)
        }
        return host
    }

    private func define(
        _ name: String, on object: ScriptValue, _ body: @escaping ([ScriptValue]) throws -> ScriptValue?
    ) {
        let context = self.context
        let function = context.makeHostFunction { arguments in
            // Missing arguments read as undefined, as in JavaScript.
            let padded = arguments + Array(repeating: context.undefined, count: max(0, 4 - arguments.count))
            return try body(padded)
        }
        context.setProperty(name, of: object, to: function)
    }

    /// A page value as JSON (through the engine's `JSON.stringify`); nil for `undefined` and functions, a
    /// placeholder string for a value `JSON.stringify` refuses (a cycle, a throwing `toJSON`).
    /// - Throws: `ScriptError` only when a getter or `toJSON` ran past the time limit: the case then ends
    ///   as a timeout, and a host function that converts passes it on to the script that called it.
    func jsonValue(_ value: ScriptValue) throws(ScriptError) -> JSONValue? {
        guard !context.isUndefined(value) else { return nil }
        do throws(ScriptError) {
            guard let text = try context.stringifyJSON(value) else { return nil }
            do { return try JSONParser.parse(text) } catch { return .string("<not serializable: \(error)>") }
        } catch  where !error.isTimeout {
            return .string("<not serializable: \(error)>")
        }
    }

    // MARK: Timers

    private func scheduleTimer(delay: Int64, repeats: Bool) -> Int {
        let id = nextTimerID
        nextTimerID += 1
        browser?.record(.timerScheduled(id: id, delay: delay, repeats: repeats))
        armTimer(id, delay: delay, repeats: repeats)
        return id
    }

    private func armTimer(_ id: Int, delay: Int64, repeats: Bool) {
        timerTasks[id] = loop.schedule(after: delay, label: .timer(page: number, id: id), timerID: id) {
            [weak self] in
            guard let self else { return }
            timerTasks[id] = nil
            if repeats { armTimer(id, delay: max(delay, 1), repeats: true) }
            browser?.record(.timerFired(id: id))
            guard let fireTimer else { return }
            browser?.enterTimerStage(id, page: number)
            do throws(ScriptError) {
                try context.call(fireTimer, arguments: [context.makeNumber(Double(id))])
            } catch {
                browser?.interrupt(with: error, stage: "timer \(id) of page \(number)")
            }
        }
    }
}

import ConformanceEngine
import ConformanceFixtures
import ConformanceSupport
import WireDialects

/// The start-up self-check of the kit's own scripts, run before any case so that a damaged reference JS
/// side, page setup snippet or page shim is a harness error naming the file, not dozens of failures blamed
/// on the implementation under test.
///
/// Only the kit's own files are checked: a JS side or snippet a run supplies is what the run tests.
@MainActor
package enum HarnessSelfCheck {
    /// The kit's reference JS side's path below `Fixtures/`.
    package nonisolated static let javaScriptSidePath = "js/WebViewJavascriptBridge.js"
    /// The kit's page setup snippet's path below `Fixtures/`.
    package nonisolated static let pageSetupPath = "js/page-setup.js"

    /// Sources (`javaScriptSide`, `pageSetup`) and the dialect they were probed in that passed in this
    /// process, so that runners after the first skip the check.
    private static var passed: Set<[String?]> = []

    /// Checks the kit's scripts in a fresh page of `environment`, by the names of its dialect: the page
    /// shim installs; the snippet evaluates and defines the page setup function, which a page can call;
    /// the JS side, injected after that call, defines its global with the functions to register a
    /// handler, call one, fetch the queue and deliver a message, and the fetch returns a call just made.
    /// - Parameters:
    ///   - javaScriptSide: The kit's JS side, or nil when the run injects its own (then only the snippet
    ///     is checked).
    ///   - pageSetup: The kit's page setup snippet.
    ///   - environment: The engine and page shim to check them with.
    ///   - javaScriptSideFile: The JS side's file, for messages (nil: the kit's file in the dialect).
    ///   - pageSetupFile: The snippet's file, for messages (nil: the kit's file in the dialect).
    /// - Throws: `HarnessError` (`missingResource`) naming the file that fails and how.
    package static func checkScripts(
        javaScriptSide: String?, pageSetup: String, in environment: HarnessEnvironment,
        javaScriptSideFile: String? = nil, pageSetupFile: String? = nil
    ) throws(HarnessError) {
        let wire = environment.dialect
        func kitFile(_ path: String) -> String {
            guard HarnessEnvironment.ownScriptPath(path, in: wire) != nil || wire == .canonical else {
                return HarnessEnvironment.kitScriptLabel(path, in: wire)
            }
            return ConformanceFixtures.url(HarnessEnvironment.ownScriptPath(path, in: wire) ?? path).path
        }
        let javaScriptSideFile = javaScriptSideFile ?? kitFile(javaScriptSidePath)
        let pageSetupFile = pageSetupFile ?? kitFile(pageSetupPath)
        // The probes are the dialect's: two dialects are told apart by all their words, not their names.
        let key = [javaScriptSide, pageSetup, String(describing: wire)]
        guard !passed.contains(key) else { return }
        let page = SimulatedPage(url: "about:blank", number: 0, loop: VirtualEventLoop(), environment: environment)
        defer { page.close() }
        if let failure = page.startFailure {
            throw HarnessError(
                code: .engineFailure,
                message: "ConformanceKit's page-shim.js fails in a fresh page (\(failure)); rebuild the package")
        }
        // In another dialect than the canonical one the scripts are its own, or the templates rendered into it.
        let renamed =
            wire == .canonical
            ? ""
            : HarnessEnvironment.ownScriptPath(pageSetupPath, in: wire) != nil
                ? ", the \(wire.name) dialect's" : ", rendered in the \(wire.name) dialect"
        // A dialect that signals through script messages finds its handlers (no native side listens here).
        let handlerNames = [wire.loadSignal, wire.queueSignal].compactMap { signal -> String? in
            if case .scriptMessage(let name) = signal { return name }
            return nil
        }
        if !handlerNames.isEmpty {
            let table = handlerNames.map { "\($0): { postMessage: function () {} }" }.joined(separator: ", ")
            _ = try? page.context.evaluate(
                "Object.defineProperty(window, \"webkit\", { configurable: true, value: { messageHandlers: { \(table) } } });",
                sourceURL: "conformance://self-test-handlers.js")
        }
        // The dialect's words are JavaScript identifiers, written into the probes as they are.
        let setupDefined =
            wire.pageSetupShape == .waitingCallbacks
            ? "typeof \(wire.pageSetupFunction) === \"function\""
            : "!!window.\(wire.waitingCallbacksGlobal) && typeof \(wire.pageSetupCall) === \"function\""
        try run(
            pageSetup, in: page, file: pageSetupFile, what: "the kit's page setup snippet" + renamed,
            probe: """
                (function () {
                    if (!(\(setupDefined))) { return "defines no function \(wire.pageSetupCall)"; }
                    \(wire.pageSetupCall)(function () {});
                    return "";
                })()
                """)
        if let javaScriptSide {
            let functions = [
                wire.registerHandlerFunction, wire.callHandlerFunction, wire.fetchFunction, wire.deliveryFunction,
            ]
            .map { "\"\($0)\"" }.joined(separator: ", ")
            try run(
                javaScriptSide, in: page, file: javaScriptSideFile, what: "the kit's reference JS side" + renamed,
                probe: """
                    (function () {
                        var bridge = window.\(wire.javaScriptGlobal);
                        if (!bridge || typeof bridge !== "object") { return "defines no object window.\(wire.javaScriptGlobal)"; }
                        var missing = [\(functions)].filter(function (name) {
                            return typeof bridge[name] !== "function";
                        });
                        if (missing.length) { return "its \(wire.javaScriptGlobal) lacks the function(s) " + missing.join(", "); }
                        bridge.\(wire.callHandlerFunction)("conformance.self-test", 1);
                        var queue = bridge.\(wire.fetchFunction)();
                        var messages = typeof queue === "string" ? JSON.parse(queue) : null;
                        if (!(messages instanceof Array) || messages.length !== 1 || messages[0].\(wire.keys.handlerName) !== "conformance.self-test") {
                            return "after one \(wire.callHandlerFunction), \(wire.fetchFunction)() returned " + JSON.stringify(queue) + ", not a JSON array of that call";
                        }
                        return "";
                    })()
                    """)
        }
        passed.insert(key)
    }

    /// Evaluates `source` in `page`, then `probe`, which returns "" or what is wrong.
    private static func run(_ source: String, in page: SimulatedPage, file: String, what: String, probe: String)
        throws(HarnessError)
    {
        func failure(_ problem: String) -> HarnessError {
            HarnessError(
                code: .missingResource,
                message: """
                    \(file) (\(what)) fails the harness's start-up self-test: \(problem). The kit's own file is damaged, so the run \
                    would blame the harness's fault on the implementation under test: reinstall or rebuild the package.
                    """)
        }
        EngineActivity.shared.describe(stage: "the start-up self-check of \(file)", suspect: what, suspectIsKit: true)
        defer { EngineActivity.shared.describe(stage: "the harness", suspect: "the kit", suspectIsKit: true) }
        do {
            try page.context.evaluate(source, sourceURL: file)
        } catch {
            throw failure("evaluating it in a fresh page threw \(error)")
        }
        let verdict: String
        do {
            verdict = page.context.string(try page.context.evaluate(probe, sourceURL: "conformance://self-test.js"))
        } catch {
            throw failure("using it threw \(error)")
        }
        if !verdict.isEmpty { throw failure(verdict) }
    }
}

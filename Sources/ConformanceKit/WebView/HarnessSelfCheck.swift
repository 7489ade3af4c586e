import ConformanceFixtures

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

    /// Source pairs (`javaScriptSide`, `pageSetup`) that passed in this process, so that runners after the
    /// first skip the check.
    private static var passed: Set<[String?]> = []

    /// Checks the kit's scripts in a fresh page of `environment`: the page shim installs; the snippet
    /// evaluates and defines `setupWebViewJavascriptBridge`, which a page can call; the JS side, injected
    /// after that call, defines `WebViewJavascriptBridge` with `registerHandler`, `callHandler`,
    /// `_fetchQueue` and `_handleMessageFromObjC`, and `_fetchQueue` returns a call just made.
    /// - Parameters:
    ///   - javaScriptSide: The kit's JS side, or nil when the run injects its own (then only the snippet
    ///     is checked).
    ///   - pageSetup: The kit's page setup snippet.
    ///   - environment: The engine and page shim to check them with.
    ///   - javaScriptSideFile: The JS side's file, for messages.
    ///   - pageSetupFile: The snippet's file, for messages.
    /// - Throws: `HarnessError` (`missingResource`) naming the file that fails and how.
    package static func checkScripts(
        javaScriptSide: String?, pageSetup: String, in environment: HarnessEnvironment,
        javaScriptSideFile: String = ConformanceFixtures.url(javaScriptSidePath).path,
        pageSetupFile: String = ConformanceFixtures.url(pageSetupPath).path
    ) throws(HarnessError) {
        guard !passed.contains([javaScriptSide, pageSetup]) else { return }
        let page: SimulatedPage
        do {
            page = try SimulatedPage(url: "about:blank", number: 0, loop: VirtualEventLoop(), environment: environment)
        } catch {
            throw HarnessError(code: .engineFailure, message: "ConformanceKit's page-shim.js fails in a fresh page (\(error)); rebuild the package")
        }
        defer { page.close() }
        try run(pageSetup, in: page, file: pageSetupFile, what: "the kit's page setup snippet", probe: """
            (function () {
                if (typeof setupWebViewJavascriptBridge !== "function") { return "defines no function setupWebViewJavascriptBridge"; }
                setupWebViewJavascriptBridge(function () {});
                return "";
            })()
            """)
        if let javaScriptSide {
            try run(javaScriptSide, in: page, file: javaScriptSideFile, what: "the kit's reference JS side", probe: """
                (function () {
                    var bridge = window.WebViewJavascriptBridge;
                    if (!bridge || typeof bridge !== "object") { return "defines no object window.WebViewJavascriptBridge"; }
                    var missing = ["registerHandler", "callHandler", "_fetchQueue", "_handleMessageFromObjC"].filter(function (name) {
                        return typeof bridge[name] !== "function";
                    });
                    if (missing.length) { return "its WebViewJavascriptBridge lacks the function(s) " + missing.join(", "); }
                    bridge.callHandler("conformance.self-test", 1);
                    var queue = bridge._fetchQueue();
                    var messages = typeof queue === "string" ? JSON.parse(queue) : null;
                    if (!(messages instanceof Array) || messages.length !== 1 || messages[0].handlerName !== "conformance.self-test") {
                        return "after one callHandler, _fetchQueue() returned " + JSON.stringify(queue) + ", not a JSON array of that call";
                    }
                    return "";
                })()
                """)
        }
        passed.insert([javaScriptSide, pageSetup])
    }

    /// Evaluates `source` in `page`, then `probe`, which returns "" or what is wrong.
    private static func run(_ source: String, in page: SimulatedPage, file: String, what: String, probe: String) throws(HarnessError) {
        func failure(_ problem: String) -> HarnessError {
            HarnessError(code: .missingResource, message: """
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

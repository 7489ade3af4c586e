import ConformanceKit
import Foundation
import SimulatedWebKit
import StrictJSON
import Testing

@testable import WebKitStylePort

/// docs/webkit-glue.md, held to the code: its recipes run, and what it says the simulation does, the simulation
/// does (in process, through the facade, to delegates written as for WebKit). Its snippets are code the package
/// builds: `DocSnippetTests` checks every guide's.
@Suite("The WebKit glue guide")
@MainActor
struct WebKitGlueGuideTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The cases a recipe's adapter runs: the native side's start, messages and page life.
    static var recipeCases: [ConformanceCase] {
        Catalogue.all.filter { conformanceCase in
            conformanceCase.subject != .javaScriptSide
                && ["bootstrap.", "startup.", "lifecycle.", "ordering."].contains { conformanceCase.id.hasPrefix($0) }
        }
    }

    /// Runs the recipe cases against `makeAdapter`: each passes, or does not apply to it.
    func expectRecipeCasesPass(_ makeAdapter: @escaping AdapterFactory) async throws {
        let results = await (try ConformanceRunner()).run(Self.recipeCases, adapter: makeAdapter)
        #expect(results.count > 20)
        #expect(results.contains { $0.verdict == .pass })
        for result in results where ![.pass, .notApplicable].contains(result.verdict) {
            Issue.record("\(result.report)")
        }
    }

    @Test("recipe (a): an adapter in a test target sees the port's internal declarations, and passes")
    func testTargetAdapter() async throws {
        let app = AppleShapedNavigationDelegate()
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        webView.navigationDelegate = app
        let bridge = WKWebViewJavascriptBridge(for: webView, javascript: "")
        // `webViewDelegate` is internal to the port: visible through `@testable import`.
        #expect(bridge.webViewDelegate === app)
        #expect(webView.navigationDelegate === bridge)
        try await expectRecipeCasesPass { TestTargetPortAdapter() }
    }

    @Test(
        "recipe (b): a bridge that reads its JS side from a file gets the run's, or the kit's canonical file", .fullTier
    )
    func fileLoadingAdapter() async throws {
        let canonical = try String(contentsOf: CanonicalJavaScriptSide.fileURL, encoding: .utf8)
        #expect(canonical.contains("WebViewJavascriptBridge"))
        try await expectRecipeCasesPass { FileLoadingPortAdapter() }
        try await expectRecipeCasesPass { FileLoadingPortAdapter(usesCanonicalFile: true) }
    }

    @Test(
        "recipe (c): the app's navigation delegate, set first, hears the page's loads and decides what is not the bridge's"
    )
    func appDelegateAdapter() async throws {
        let adapter = AppDelegatePortAdapter()
        let pageCase = ConformanceCase(
            id: "test.webkit-glue.app-delegate", clauses: ["TEST-1"], summary: "a page with an iframe, through the port"
        ) { context in
            context.loadPage(
                """
                setupWebViewJavascriptBridge(function (bridge) {});
                var frame = document.createElement("iframe");
                frame.src = "https://frame.example/";
                document.documentElement.appendChild(frame);
                """)
            try await context.runUntilIdle()
        }
        let result = try #require(await (try ConformanceRunner()).run([pageCase]) { adapter }.first)
        #expect(result.verdict == .pass, "\(result.report)")
        let calls = adapter.app.calls
        let page = "https://app.example/index.html"
        #expect(
            calls == [
                "decidePolicyFor \(page) main", "didStartProvisionalNavigation", "didCommit \(page)",
                "decidePolicyFor https://frame.example/ iframe", "didFinish \(page)",
            ], "\(calls)")
    }

    @Test("what the guide says the simulation does: delegate calls, script messages, user scripts, panels")
    func simulationAsDescribed() async throws {
        let probe = FacadeProbe()
        let probeCase = ConformanceCase(
            id: "test.webkit-glue.simulation", clauses: ["TEST-1"],
            summary: "the facade's events, as the guide lists them"
        ) { context in
            context.loadPage(
                """
                conformance.note("order", "page");
                var handlers = window.webkit.messageHandlers;
                conformance.note("names", [typeof handlers.probe, typeof handlers.other]);
                handlers.probe.postMessage({n: 1.5, b: true, s: "x", z: null, u: undefined, d: new Date(0), a: [1, "y"]});
                function refused(body) {
                    try { handlers.probe.postMessage(body); return "posted"; } catch (e) { return String(e); }
                }
                var cycle = {}; cycle.self = cycle;
                conformance.note("refused", [refused(function () {}), refused(cycle)]);
                alert("a");
                conformance.note("panels", [confirm("c"), prompt("p", "d")]);
                var frame = document.createElement("iframe");
                frame.src = "https://frame.example/";
                document.documentElement.appendChild(frame);
                """)
            try await context.runUntilIdle()
            _ = probe.webView?.load(URLRequest(url: URL(string: "https://cancel.example/")!))
            try await context.runUntilIdle()
            probe.webView?.configuration.userContentController.removeScriptMessageHandler(forName: "probe")
            context.runInPage(#"conformance.note("webkit after removal", typeof window.webkit);"#)
            try await context.runUntilIdle()
        }
        let result = try #require(await (try ConformanceRunner()).run([probeCase]) { probe }.first)
        let notes = { (label: String) in result.transcript.pageNotes(label).map { $0.map(\.canonicalText) ?? "nil" } }

        // Navigation: WebKit's order; an iframe only asks; a cancelled load hears nothing more.
        let page = "https://app.example/index.html"
        #expect(
            probe.navigation.calls == [
                "decidePolicyFor \(page) main", "didStartProvisionalNavigation", "didCommit \(page)",
                "decidePolicyFor https://frame.example/ iframe", "didFinish \(page)",
                "decidePolicyFor https://cancel.example/ main",
            ], "\(probe.navigation.calls)")
        // User scripts: document start before the page's scripts, document end after them.
        #expect(notes("order") == [#""start""#, #""page""#, #""end""#], "\(notes("order"))")
        // window.webkit.messageHandlers has the names added, and window.webkit goes with the last of them.
        #expect(notes("names") == [#"["object","undefined"]"#])
        #expect(notes("webkit after removal") == [#""undefined""#])
        // Bodies as WebKit converts them; functions and cycles refused with a DataCloneError.
        let message = try #require(probe.handler.messages.first)
        #expect(message.name == "probe" && message.isMainFrame)
        let body = try #require(message.body as? [String: Any])
        #expect((body["n"] as? NSNumber)?.doubleValue == 1.5)
        #expect((body["b"] as? NSNumber).map { String(cString: $0.objCType) } == "c")
        #expect(body["s"] as? String == "x")
        #expect(body["z"] is NSNull && body["u"] is NSNull)
        #expect(body["d"] as? Date == Date(timeIntervalSince1970: 0))
        #expect((body["a"] as? [Any])?.count == 2)
        #expect(probe.handler.messages.count == 1)
        let refusals = try #require(notes("refused").first)
        #expect(refusals.components(separatedBy: "DataCloneError").count == 3, "\(refusals)")
        // Panels: the UI delegate is asked; alert and confirm do not wait, prompt() returns what the text input
        // panel's completion handler got while the delegate ran.
        #expect(probe.ui.calls == ["alert a", "confirm c", "prompt p d"], "\(probe.ui.calls)")
        #expect(notes("panels") == [#"[true,"typed"]"#], "\(notes("panels"))")
    }
}

extension WebKitGlueGuideTests {
    @Test("recipe (d): the app's delegate handed over explicitly keeps BOOT-9; not handed over, BOOT-9 fails")
    func explicitAppDelegateAdapter() async throws {
        let boot9 = Catalogue.all.filter { $0.clauses.contains("BOOT-9") }
        #expect(boot9.count >= 2)
        for result in await (try ConformanceRunner()).run(boot9, adapter: { ExplicitAppDelegatePortAdapter() }) {
            #expect(result.verdict == .pass, "\(result.report)")
        }
        let without = await (try ConformanceRunner()).run(boot9) {
            ExplicitAppDelegatePortAdapter(handsOverAppDelegate: false)
        }
        for result in without {
            #expect(result.verdict == .fail && result.failures.allSatisfy { $0.clause.hasPrefix("BOOT-9") })
        }
    }

    @Test("wkAppNavigationDelegate: the delegate the case set, in WebKit's shape, kept past the bridge's; nil without")
    func appNavigationDelegateAccessor() async throws {
        final class Probe: BridgeAdapter {
            var seen: [(before: Bool, after: Bool, isNil: Bool)] = []
            func attach(to webView: SimulatedWebView) throws {
                let found = webView.wkAppNavigationDelegate
                let before = found === webView.wkWebView.navigationDelegate
                let bridge = AppleShapedNavigationDelegate()
                webView.wkWebView.navigationDelegate = bridge
                seen.append((before, webView.wkAppNavigationDelegate === found, found == nil))
            }
            func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {}
            func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {}
        }
        let probe = Probe()
        let withApp = try #require(Catalogue.all.first { $0.hasAppNavigationDelegate })
        let withoutApp = try #require(Catalogue.all.first { !$0.hasAppNavigationDelegate })
        _ = await (try ConformanceRunner()).run([withApp, withoutApp]) { probe }
        #expect(probe.seen.count == 2)
        #expect(probe.seen.first.map { $0.before && $0.after && !$0.isNil } == true, "\(probe.seen)")
        #expect(probe.seen.last.map { $0.before && $0.after && $0.isNil } == true, "\(probe.seen)")
    }

    @Test("reading wkAppNavigationDelegate makes no WebKit-shaped web view: a UIWebView keeps the page's navigation")
    func appNavigationDelegateAccessorLeavesUIWebViewAlone() async throws {
        final class LegacyAdapter: BridgeAdapter {
            let delegate = AppleShapedUIWebViewDelegate()
            var appDelegateFound = false
            func attach(to webView: SimulatedWebView) throws {
                webView.uiWebView.delegate = delegate
                appDelegateFound = webView.wkAppNavigationDelegate != nil
            }
            func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {}
            func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {}
        }
        let adapter = LegacyAdapter()
        let pageCase = ConformanceCase(
            id: "test.webkit-glue.uiwebview-app-delegate", clauses: ["TEST-1"], hasAppNavigationDelegate: true,
            summary: "a page in a UIWebView, the app's delegate read"
        ) { context in
            context.loadPage("")
            try await context.runUntilIdle()
        }
        _ = await (try ConformanceRunner()).run([pageCase]) { adapter }
        #expect(adapter.appDelegateFound)
        #expect(
            adapter.delegate.calls == [
                "shouldStartLoadWith https://app.example/index.html 5", "webViewDidStartLoad", "webViewDidFinishLoad",
            ], "\(adapter.delegate.calls)")
    }

    @Test(
        "the async evaluateJavaScript returns the result, and ends the case as a crash on undefined, as WebKit's does")
    func asyncEvaluation() async throws {
        func evaluationCase(_ script: String, results: AsyncResults) -> ConformanceCase {
            ConformanceCase(id: "test.webkit-glue.async", clauses: ["TEST-1"], summary: "an async evaluation") {
                context in
                context.loadPage("")
                try await context.runUntilIdle()
                let webView = try #require(results.probe.webView)
                let evaluation = Task { @MainActor in try await webView.evaluateJavaScript(script) }
                await Task.yield()
                try await context.runUntilIdle()
                results.value = try? await evaluation.value
            }
        }
        let two = AsyncResults()
        let result = try #require(
            await (try ConformanceRunner()).run([evaluationCase("1 + 1", results: two)]) { two.probe }.first)
        #expect((two.value as? NSNumber)?.intValue == 2, "\(String(describing: two.value))\n\(result.report)")
        let undefined = AsyncResults()
        let crash = try #require(
            await (try ConformanceRunner()).run([evaluationCase("undefined", results: undefined)]) { undefined.probe }
                .first)
        #expect(crash.verdict == .crash, "\(crash.report)")
        #expect(crash.report.contains("WebKit's Swift overlay crashes there"), "\(crash.report)")
        #expect(undefined.value == nil)
    }

    @Test("failed loads reach the navigation delegate before or after their commit; UIWebView's delegate hears loads")
    func failuresAndUIWebView() async throws {
        let probe = FacadeProbe()
        let failingCase = ConformanceCase(
            id: "test.webkit-glue.failures", clauses: ["TEST-1"], summary: "two loads that fail"
        ) { context in
            context.browser.load(
                PageDefinition(url: "https://gone.example/", script: "", failure: .beforeCommit(.cannotFindHost)))
            try await context.runUntilIdle()
            context.browser.load(
                PageDefinition(url: "https://flaky.example/", script: "", failure: .afterCommit(.connectionLost)))
            try await context.runUntilIdle()
        }
        _ = await (try ConformanceRunner()).run([failingCase]) { probe }
        #expect(
            probe.navigation.calls == [
                "decidePolicyFor https://gone.example/ main", "didStartProvisionalNavigation",
                "didFailProvisionalNavigation -1003", "decidePolicyFor https://flaky.example/ main",
                "didStartProvisionalNavigation", "didCommit https://flaky.example/", "didFail -1005",
            ], "\(probe.navigation.calls)")

        let legacy = AppleShapedUIWebViewDelegate()
        final class LegacyAdapter: BridgeAdapter {
            let delegate: AppleShapedUIWebViewDelegate
            init(_ delegate: AppleShapedUIWebViewDelegate) { self.delegate = delegate }
            func attach(to webView: SimulatedWebView) throws { webView.uiWebView.delegate = delegate }
            func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {}
            func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {}
        }
        let legacyCase = ConformanceCase(
            id: "test.webkit-glue.uiwebview", clauses: ["TEST-1"], summary: "a page with an iframe, in a UIWebView"
        ) { context in
            context.loadPage(
                """
                var frame = document.createElement("iframe");
                frame.src = "https://frame.example/";
                document.documentElement.appendChild(frame);
                """)
            try await context.runUntilIdle()
        }
        _ = await (try ConformanceRunner()).run([legacyCase]) { LegacyAdapter(legacy) }
        #expect(
            legacy.calls == [
                "shouldStartLoadWith https://app.example/index.html 5", "webViewDidStartLoad",
                "shouldStartLoadWith https://frame.example/ 5", "webViewDidFinishLoad",
            ], "\(legacy.calls)")
    }
}

/// An adapter with no bridge: it hangs delegates written as for WebKit on the case's `WKWebView`, a script message
/// handler named `probe` and two user scripts, and records what they hear. (The user scripts note through the
/// kit's `__conformance`: the `conformance` of case pages is the page's own script, not there at document start.)
@MainActor
final class FacadeProbe: BridgeAdapter {
    let navigation = AppleShapedNavigationDelegate()
    let ui = AppleShapedUIDelegate()
    let handler = AppleShapedScriptMessageHandler()
    private(set) weak var webView: WKWebView?

    func attach(to webView: SimulatedWebView) throws {
        let wkWebView = webView.wkWebView
        self.webView = wkWebView
        wkWebView.navigationDelegate = navigation
        wkWebView.uiDelegate = ui
        let controller = wkWebView.configuration.userContentController
        controller.add(handler, name: "probe")
        controller.addUserScript(
            WKUserScript(
                source: #"__conformance.note("order", "end");"#, injectionTime: .atDocumentEnd, forMainFrameOnly: true))
        controller.addUserScript(
            WKUserScript(
                source: #"__conformance.note("order", "start");"#, injectionTime: .atDocumentStart,
                forMainFrameOnly: true))
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {}

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {}
}

/// What an async evaluation in a case gave, and the probe whose web view ran it.
@MainActor
final class AsyncResults {
    let probe = FacadeProbe()
    var value: Any?
}

import Foundation
import KitTestSupport
import ReferenceBridge
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceSupport

@Suite("Bad input: clear verdicts naming the stage, and the run goes on")
@MainActor
struct BadInputTests {
    let twoCases = [
        Catalogue.case(withID: "ordering.native-to-js.fifo")!,
        Catalogue.case(withID: "ordering.js-to-native.batch-fifo")!,
    ]

    @Test("an adapter that cannot be created gets adapter-error, and the next case still runs")
    func adapterFactoryThrows() async throws {
        var calls = 0
        let results = try await Kit.run(twoCases) {
            calls += 1
            if calls == 1 { throw AdapterError("no bridge today") }
            return ReferenceBridgeAdapter()
        }
        #expect(results.map(\.verdict) == [.adapterError, .pass])
        #expect(results[0].interruption?.text.contains("no bridge today") == true)
    }

    @Test("an adapter that throws during a stage gets adapter-error naming the stage")
    func adapterThrowsDuringStage() async throws {
        let result = try await Kit.run(twoCases[1]) { ThrowingAdapter(failing: "registerHandler") }
        #expect(result.verdict == .adapterError)
        let interruption = try #require(result.interruption?.text)
        #expect(
            interruption.contains(#"registerHandler("sink")"#) && interruption.contains("refused on purpose"),
            "\(interruption)")
        let attachFailure = try await Kit.run(twoCases[0]) { ThrowingAdapter(failing: "attach") }
        #expect(attachFailure.interruption?.text.contains("attach(to: webView)") == true)
    }

    @Test("a navigation never decided is reported with its URL and clause BOOT-1")
    func navigationNeverDecided() async throws {
        let result = try await Kit.run(twoCases[0]) { SilentDelegateAdapter() }
        #expect(result.verdict == .fail)
        let failure = try #require(result.failures.first { $0.message.hasPrefix("navigation decision never made") })
        #expect(failure.clause == "BOOT-1")
        #expect(failure.message.contains("https://__wvjb_queue_message__"))
        #expect(
            result.leftovers.page.undecidedNavigations.contains { $0.url == "https://__wvjb_queue_message__" },
            "and it is a typed leftover")
    }

    @Test("a runaway script ends its case as a timeout; the next case still runs")
    func runawayScriptTimesOut() async throws {
        let reference = try HarnessEnvironment.referenceJavaScriptSide()
        let runaway = reference + "\nWebViewJavascriptBridge.registerHandler('spin', function () { while (true) {} });"
        let spinning = Kit.adHocCase("test.runaway") { context in
            context.loadPage(Kit.sinkPage)
            try await context.runUntilIdle()
            try context.callHandler("spin")
            try await context.runUntilIdle()
        }
        let results = try await Kit.run(
            [spinning, twoCases[0]], configuration: .init(bridgeJavaScriptSource: runaway, executionTimeLimit: 0.1))
        #expect(results.map(\.verdict) == [.timeout, .pass])
        #expect(results[0].interruption?.text.contains("time limit") == true, "\(results[0].report)")
    }

    @Test("a page that never goes idle ends as a timeout with a readable reason")
    func neverIdle() async throws {
        let result = try await Kit.run(
            Kit.adHocCase { context in
                context.loadPage("setInterval(function () {}, 1);")
                try await context.runUntilIdle()
            })
        #expect(result.verdict == .timeout)
        #expect(result.interruption?.text.contains("never went idle") == true)
    }

    @Test("a case needing a capability the adapter lacks is not applicable, naming the capability")
    func missingCapability() async throws {
        let result = try await Kit.run(Catalogue.case(withID: "startup.reset-rearms-queue")!) { MinimalAdapter() }
        #expect(result.verdict == .notApplicable)
        #expect(result.interruption?.text.contains("reset") == true)
    }

    @Test("an unreadable fixture gives a harness error naming the file and what to do")
    func missingFixture() {
        #expect {
            try HarnessEnvironment.read(URL(fileURLWithPath: "/nonexistent/bridge.js"))
        } throws: { error in
            guard let error = error as? HarnessError else { return false }
            return error.code == .missingResource && error.message.contains("/nonexistent/bridge.js")
                && error.message.contains("rebuild")
        }
    }

    @Test("an error thrown by a case's own script is a harness error, never blamed on the implementation")
    func caseScriptError() async throws {
        struct Oops: Error {}
        let result = try await Kit.run(Kit.adHocCase { _ in throw Oops() })
        #expect(result.verdict == .harnessError)
    }
}

/// Forwards to the reference adapter, but throws at the named stage.
@MainActor
final class ThrowingAdapter: BridgeAdapter {
    let inner = ReferenceBridgeAdapter()
    let failing: String
    init(failing: String) { self.failing = failing }
    func check(_ stage: String) throws { if stage == failing { throw AdapterError("\(stage) refused on purpose") } }
    func attach(to webView: SimulatedWebView) throws { try check("attach"); try inner.attach(to: webView) }
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try check("registerHandler"); try inner.registerHandler(name, handler: handler)
    }
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try check("callHandler"); try inner.callHandler(name, data: data, responseCallback: responseCallback)
    }
}

/// The reference bridge behind a delegate that never decides queue-message navigations.
@MainActor
final class SilentDelegateAdapter: BridgeAdapter {
    final class Proxy: SimulatedNavigationDelegate {
        weak var target: (any SimulatedNavigationDelegate)?
        init(target: (any SimulatedNavigationDelegate)?) { self.target = target }
        func webView(
            _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
            decisionHandler: @escaping (NavigationActionPolicy) -> Void
        ) {
            if action.url?.host == "__wvjb_queue_message__" { return }
            target?.webView(webView, decidePolicyFor: action, decisionHandler: decisionHandler)
        }
    }
    let inner = ReferenceBridgeAdapter()
    var proxy: Proxy?
    func attach(to webView: SimulatedWebView) throws {
        try inner.attach(to: webView)
        proxy = Proxy(target: webView.navigationDelegate)
        webView.navigationDelegate = proxy
    }
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try inner.registerHandler(name, handler: handler)
    }
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try inner.callHandler(name, data: data, responseCallback: responseCallback)
    }
}

/// An adapter declaring no optional capability (the defaults of the protocol throw).
@MainActor
final class MinimalAdapter: BridgeAdapter {
    let inner = ReferenceBridgeAdapter()
    var capabilities: BridgeCapabilities { [] }
    func attach(to webView: SimulatedWebView) throws { try inner.attach(to: webView) }
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try inner.registerHandler(name, handler: handler)
    }
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try inner.callHandler(name, data: data, responseCallback: responseCallback)
    }
}

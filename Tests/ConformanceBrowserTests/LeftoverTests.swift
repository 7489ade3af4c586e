import ConformanceKit
import Dispatch
import KitTestSupport
import ReferenceBridge
import Testing

@Suite("Leftovers: the end of a case reports what is still pending, and the case says what it accepts")
@MainActor
struct LeftoverTests {
    private static let sinkPage = """
        setupWebViewJavascriptBridge(function (bridge) { bridge.registerHandler("sink", conformance.recordingHandler("sink")); });
        """
    private static let longTimerPage = """
        setupWebViewJavascriptBridge(function (bridge) { bridge.registerHandler("sink", conformance.recordingHandler("sink")); });
        setTimeout(function () {}, 120000);
        """

    @Test("a page timer still pending fails the case under DISP-12, unless the case accepts pending timers")
    func pendingTimers() async throws {
        let strict = try await Kit.run(
            Kit.adHocCase { context in
                context.loadPage(Self.longTimerPage)
                try await context.runUntilIdle()
            })
        #expect(strict.verdict == .fail)
        #expect(strict.leftovers.page.timers.map(\.dueAt) == [120_000])
        #expect(
            strict.failures.contains { $0.clause == "DISP-12" && $0.message.contains("still pending") },
            "\(strict.failures)")

        let tolerant = try await Kit.run(
            Kit.adHocCase(accepts: .pendingTimers) { context in
                context.loadPage(Self.longTimerPage)
                try await context.runUntilIdle()
            })
        #expect(tolerant.verdict == .pass, "\(tolerant.report)")
        #expect(tolerant.leftovers.page.timers.count == 1, "accepted leftovers are still reported")
    }

    @Test(
        "a native callback never invoked fails the case, unless it accepts unanswered callbacks; one it expects fails anyway"
    )
    func unansweredCallbacks() async throws {
        func run(accepts: CaseLeftovers.Kinds, expectsResponse: Bool) async throws -> CaseResult {
            try await Kit.run(
                Kit.adHocCase(accepts: accepts) { context in
                    context.loadPage(Self.sinkPage)
                    try await context.runUntilIdle()
                    try context.callHandler("sink", data: 1, callback: "silence", expectsResponse: expectsResponse)
                    try await context.runUntilIdle()
                })
        }
        let strict = try await run(accepts: [], expectsResponse: false)
        #expect(strict.verdict == .fail)
        #expect(strict.leftovers.unansweredNativeCallbacks.map(\.label) == ["silence"])
        #expect(
            strict.failures.contains {
                $0.message.contains("native callback silence") && $0.message.contains("never invoked")
            })
        #expect(try await run(accepts: .unansweredNativeCallbacks, expectsResponse: false).verdict == .pass)
        #expect(try await run(accepts: .unansweredNativeCallbacks, expectsResponse: true).verdict == .fail)
    }

    @Test(
        "a decision handler called off the main thread is a THR-1 violation, and the decision lands on the main thread")
    func decisionOffMainThread() async throws {
        let result = try await Kit.run(
            Kit.adHocCase { context in
                context.loadPage(Self.sinkPage)
                try await context.runUntilIdle()
            }, adapter: { OffMainDecisionAdapter() })
        #expect(
            result.failures.contains { $0.clause == "THR-1" && $0.message.contains("off the main thread") },
            "\(result.failures)")
        #expect(result.leftovers.page.undecidedNavigations.isEmpty, "every decision landed")
        #expect(
            result.transcript.navigationDecisions.contains {
                $0.url == "https://__bridge_loaded__" && $0.policy == NavigationActionPolicy.cancel
            })
    }
}

/// The reference bridge, whose navigation decisions are handed down from a background thread.
@MainActor
final class OffMainDecisionAdapter: BridgeAdapter, SimulatedNavigationDelegate {
    let inner = ReferenceBridgeAdapter()
    private weak var bridge: (any SimulatedNavigationDelegate)?

    func attach(to webView: SimulatedWebView) throws {
        try inner.attach(to: webView)
        bridge = webView.navigationDelegate
        webView.navigationDelegate = self
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try inner.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try inner.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        bridge?.webView(webView, decidePolicyFor: action) { policy in
            // Carried to a background thread on purpose.
            let decide = UncheckedSendable(decisionHandler)
            DispatchQueue.global().async { decide.value(policy) }
        }
    }
}

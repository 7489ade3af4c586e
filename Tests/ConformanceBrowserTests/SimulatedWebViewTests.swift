import ConformanceKit
import Foundation
import KitTestSupport
import ReferenceBridge
import Testing

@Suite("The simulated web view")
@MainActor
struct SimulatedWebViewTests {
    @Test("a web view a bridge keeps past its case is inert: nothing it is asked runs, reaches a case or traps")
    func webViewKeptPastItsCaseIsInert() async throws {
        let kept = KeptWebView()
        let result = try await Kit.run(
            Kit.adHocCase { context in
                kept.webView = context.webView
                context.webView.addScriptMessageHandler(named: "kept") { _ in }
                context.loadPage("conformance.note(\"loaded\", true);")
                try await context.runUntilIdle()
            })
        #expect(result.verdict == .pass)
        let webView = try #require(kept.webView)
        var completions = 0
        webView.evaluateJavaScript("1 + 1") { _, _ in completions += 1 }
        #expect(webView.stringByEvaluatingJavaScript(from: "1 + 1") == nil)
        webView.removeScriptMessageHandler(named: "kept")
        webView.addScriptMessageHandler(named: "late") { _ in }
        webView.load(url: try #require(URL(string: "https://example.com/")))
        webView.reload()
        webView.recordNativeLog("a line logged after the case")
        #expect(webView.url == nil && !webView.isLoading && webView.scriptMessageHandlerNames == ["late"])
        _ = try await Kit.run(Kit.adHocCase { context in try await context.runUntilIdle() })
        #expect(completions == 0, "an evaluation asked for after its case ran its completion handler")
    }

    @Test("timers run by (deadline, insertion order) and Date reads the virtual clock")
    func timerOrderAndVirtualDate() async throws {
        let result = try await Kit.run(
            Kit.adHocCase { context in
                context.loadPage(
                    """
                    function mark(label) { return function () { conformance.note("fired", [label, Date.now()]); }; }
                    setTimeout(mark("a"), 10);
                    setTimeout(mark("b"), 0);
                    setTimeout(mark("c"), 10);
                    setTimeout(mark("d"));
                    var ticks = 0;
                    var interval = setInterval(function () { if (++ticks === 3) { clearInterval(interval); conformance.note("fired", ["i", Date.now()]); } }, 5);
                    """)
                try await context.runUntilIdle()
            })
        let fired = result.transcript.pageNotes("fired")
        #expect(fired == [["b", 0], ["d", 0], ["a", 10], ["c", 10], ["i", 15]], "\(fired)")
        #expect(result.leftovers.isEmpty)
    }

    @Test("uncaught errors in timers are recorded and routed to window.onerror")
    func uncaughtErrorsReachOnError() async throws {
        let result = try await Kit.run(
            Kit.adHocCase { context in
                context.loadPage(
                    """
                    window.onerror = function (message) { conformance.note("onerror", message); };
                    setTimeout(function () { throw new Error("boom"); });
                    """)
                try await context.runUntilIdle()
            })
        #expect(result.transcript.pageNotes("onerror") == ["Error: boom"])
        #expect(
            result.transcript.events.contains {
                if case .uncaughtError("Error: boom", _) = $0 { return true }; return false
            })
    }

    @Test("a reload gives a fresh page: globals gone, JS ids restarted, the bridge injected again")
    func reloadGivesFreshPage() async throws {
        let result = try await Kit.run(
            Kit.adHocCase { context in
                try context.registerHandler("echo", answer: .echo)
                let page = """
                    conformance.note("leftover global", typeof window.marker);
                    window.marker = 1;
                    setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler("echo", "x", function () {}); });
                    """
                context.loadPage(page)
                try await context.runUntilIdle()
                context.reload()
                try await context.runUntilIdle()
            })
        #expect(result.transcript.pageNotes("leftover global") == ["undefined", "undefined"])
        let injections = result.transcript.nativeEvaluations.filter { $0.script == result.bridgeJavaScriptSource }
        #expect(injections.count == 2)
        let ids = result.transcript.events.compactMap { event -> String? in
            if case let .evaluationFinished(_, .string(value)?, nil) = event, value.contains("cb_1_") { return value }
            return nil
        }
        #expect(ids.count == 2, "JS callback ids restart at cb_1 on the new page")
        #expect(result.verdict == .pass, "\(result.report)")
    }

    @Test("evaluateJavaScript converts results the way WebKit does")
    func evaluationResultConversion() async throws {
        nonisolated(unsafe) var results: [String] = []
        let result = try await Kit.run(
            Kit.adHocCase { context in
                context.loadPage("")
                try await context.runUntilIdle()
                for script in ["'text'", "42", "true", "null", "undefined", "({a: [1, 'b']})", "throw new Error('x')"] {
                    context.webView.evaluateJavaScript(script) { value, error in
                        results.append(error.map { "error \($0)" } ?? value.map { "\(type(of: $0)) \($0)" } ?? "nil")
                    }
                }
                try await context.runUntilIdle()
            })
        #expect(result.verdict == .pass)
        #expect(results.count == 7)
        #expect(results[0] == "String text")
        #expect(results[1].hasSuffix("42"))
        #expect(results[2] == "__NSCFBoolean 1", "a boolean NSNumber, as WebKit and JSONSerialization hand it")
        #expect(results[3] == "NSNull <null>")
        #expect(results[4] == "nil")
        #expect(results[5].contains("a"))
        #expect(results[6].hasPrefix("error Error: x"))
    }
}

/// A web view a test keeps past its case, as a bridge that holds its web view strongly does.
@MainActor
private final class KeptWebView {
    var webView: SimulatedWebView?
}

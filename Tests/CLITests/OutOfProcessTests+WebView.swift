import Foundation
import StrictJSON
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import conformance_testees

// MARK: The web view's page facilities out of process (`web-view`, ADP-19 to ADP-24)

extension OutOfProcessTests {
    /// A case that drives `PageFacilitiesAdapter` through every page facility: a page that posts a body of
    /// every kind and asks for a load, a page that asks for an HTML load whose page asks for a reload, a
    /// load that fails before its commit, one that fails after it and asks the app to stop, and a last page
    /// that looks for `window.webkit`. With `appDelegate`, the app sets its navigation delegate before the
    /// bridge attaches (ADP-20).
    static func pageFacilitiesProbe(appDelegate: Bool) -> ConformanceCase {
        ConformanceCase(
            id: "adapter-protocol.web-view", clauses: [String](), level: .informational,
            hasAppNavigationDelegate: appDelegate,
            summary: "the web view's loads, load events, script messages and user scripts", body: pageFacilitiesBody)
    }

    private static let pageFacilitiesBody: @MainActor @Sendable (CaseContext) async throws -> Void = { context in
        context.loadPage(
            """
            window.webkit.messageHandlers.probe.postMessage({do: "load", url: "https://app.example/second.html",
                n: 1.5, b: true, d: new Date(1500), a: [null, undefined, NaN, -Infinity, "text"], o: {nested: {x: 1}}});
            """)
        try await context.runUntilIdle()
        context.browser.load(
            PageDefinition(
                url: "https://app.example/third.html",
                script: """
                    window.webkit.messageHandlers.probe.postMessage({do: "loadHTML", url: "https://app.example/inline.html",
                        html: "<p>inline</p><script>window.webkit.messageHandlers.probe.postMessage({do: 'reload'});</script>"});
                    """))
        try await context.runUntilIdle()
        context.browser.load(
            PageDefinition(url: "https://unreachable.example/", script: "", failure: .beforeCommit(.cannotFindHost)))
        try await context.runUntilIdle()
        context.browser.load(
            PageDefinition(
                url: "https://app.example/lost.html",
                script: #"window.webkit.messageHandlers.probe.postMessage({do: "stop"});"#,
                failure: .afterCommit(.connectionLost)))
        try await context.runUntilIdle()
        context.loadPage(
            "conformance.note('webkit after stop', typeof window.webkit);", url: "https://app.example/last.html")
    }

    @Test(
        "ADP-19 to ADP-24: a testee served by AdapterHost hears load events and script messages, and its loads, handlers, user scripts and app delegate reach the page, as in process"
    )
    @MainActor
    func pageFacilitiesMatchInProcess() async throws {
        let runner = try ConformanceRunner()
        let probe = Self.pageFacilitiesProbe(appDelegate: true)
        let local = await runner.run(probe) { PageFacilitiesAdapter() }
        let (_, testee) = Self.factory(Self.testee("page-facilities"), persistent: true)
        let testeeKept = try #require(testee)
        defer { testeeKept.close() }
        let remote = await runner.run(probe) { try ProcessBridgeAdapter(persistent: testeeKept) }
        // Without the app's delegate, nothing reports for it.
        let remoteWithoutAppDelegate = await runner.run(Self.pageFacilitiesProbe(appDelegate: false)) {
            try ProcessBridgeAdapter(persistent: testeeKept)
        }

        for result in [local, remote, remoteWithoutAppDelegate] {
            #expect(result.verdict == .pass, "\(result.verdict): \(result.interruption?.text ?? "")")
        }
        #expect(
            TranscriptRenderer.render(remote.transcript) == TranscriptRenderer.render(local.transcript),
            "the transcript out of process is the one in process")

        let events = remote.transcript.events
        let log = events.compactMap { event -> String? in
            if case .nativeLog(let line) = event { return line }
            return nil
        }
        func logged(_ text: String) -> Bool { log.contains { $0.contains(text) } }
        // Load events (ADP-21) with isLoading (ADP-24), and the navigation type (ADP-20).
        #expect(logged("didStartProvisionalNavigation #1 https://app.example/index.html, loading: true"), "\(log)")
        #expect(
            logged("didCommit #1 https://app.example/index.html, loading: true, url: https://app.example/index.html"),
            "\(log)")
        // The first page finishes after its script asked for the second: a load is under way again.
        #expect(logged("didFinish #1 https://app.example/index.html, loading: true"), "\(log)")
        #expect(logged("didFinish #2 https://app.example/second.html, loading: false"), "\(log)")
        #expect(logged("didFailProvisionalNavigation #"), "\(log)")
        #expect(
            logged("(NSURLErrorDomain -1003: A server with the specified hostname could not be found.), loading: false")
        )
        #expect(logged("didFail #") && logged("(NSURLErrorDomain -1005: The network connection was lost.)"), "\(log)")
        #expect(logged("decide https://app.example/inline.html (reload, main frame: true, loading: true)"), "\(log)")
        #expect(logged("decide https://app.example/second.html (other, main frame: true, loading: true)"), "\(log)")
        // Script messages (ADP-22), each value with its Foundation type.
        #expect(
            logged(
                #"message probe: {a: [null, null, nan, -inf, "text"], b: true, d: Date(1.5), do: "load", n: 1.5, o: {nested: {x: 1.0}}, url: "https://app.example/second.html"}"#
            ), "\(log)")
        #expect(logged(#"message probe: {page: "https://app.example/second.html", userScript: "document end"}"#))
        #expect(logged("load asked, loading: true") && logged("reload asked, loading: true"), "\(log)")
        // The effects (ADP-23) reached the page: the loads, the user script, the handler's removal.
        #expect(events.contains(.pageRequested(url: "https://app.example/second.html")))
        #expect(events.contains(.pageLoaded(url: "https://app.example/inline.html")))
        #expect(events.contains { if case .evaluationStarted(_, .userScript, _) = $0 { true } else { false } })
        #expect(events.contains(.pageNote(label: "webkit after stop", data: .string("undefined"))))
        // The testee's app delegate reported every method; without one, nothing reports.
        let methods = Set(
            events.compactMap { event -> String? in
                if case .appDelegateNotified(let method, _) = event { return method }
                return nil
            })
        #expect(methods == Set(AppNavigationDelegate.methodNames), "\(methods)")
        #expect(
            !remoteWithoutAppDelegate.transcript.events.contains {
                if case .appDelegateNotified = $0 { true } else { false }
            })
        #expect(testeeKept.processesStarted == 1)
    }
}

import BridgeMutants
import ConformanceKit
import Foundation
import KitTestSupport
import ReferenceBridge
import StrictJSON
import TestTiers
import Testing

@Suite("Determinism")
@MainActor
struct DeterminismTests {
    @Test("two runs of the catalogue give the same canonical transcripts, byte for byte", .fullTier)
    func sameTranscriptsTwice() async throws {
        let shared = try await Kit.referenceRun()
        let first = Catalogue.all.compactMap { shared[$0.id] }
        let second = try await Kit.run(Catalogue.all)
        for (a, b) in zip(first, second) {
            let linesA = TranscriptRenderer.render(a.transcript, includeTimers: true).split(separator: "\n")
            let linesB = TranscriptRenderer.render(b.transcript, includeTimers: true).split(separator: "\n")
            let firstDifference =
                Array(zip(linesA, linesB)).firstIndex { $0 != $1 }
                ?? (linesA.count == linesB.count ? nil : min(linesA.count, linesB.count))
            #expect(
                firstDifference == nil,
                """
                \(a.caseID) differs between runs at line \(firstDifference.map { $0 + 1 } ?? 0):
                first:  \(firstDifference.flatMap { linesA.indices.contains($0) ? String(linesA[$0]) : nil } ?? "<end>")
                second: \(firstDifference.flatMap { linesB.indices.contains($0) ? String(linesB[$0]) : nil } ?? "<end>")
                """)
        }
    }

    @Test(
        "three runs of the threading cases against a mutant whose background sends wait for the main thread give the same transcripts and verdicts",
        .fullTier
    )
    func backgroundThreadFailuresRepeat() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "background-sends-wait-for-main"))
        let cases = Catalogue.all.filter { $0.id.hasPrefix("threading.") }
        #expect(cases.count >= 2)
        func rendered(_ results: [CaseResult]) -> [String] {
            results.map { result in
                "\(result.caseID) \(result.verdict)\n" + result.failures.map { "\($0)" }.joined(separator: "\n") + "\n"
                    + TranscriptRenderer.render(
                        result.transcript, bridgeJavaScriptSource: result.bridgeJavaScriptSource, includeTimers: true)
            }
        }
        let first = rendered(try await Kit.run(cases, against: mutant))
        for run in 2...3 {
            let again = rendered(try await Kit.run(cases, against: mutant))
            for (a, b) in zip(first, again) where a != b {
                let linesA = a.split(separator: "\n"), linesB = b.split(separator: "\n")
                let index = Array(zip(linesA, linesB)).firstIndex { $0 != $1 } ?? min(linesA.count, linesB.count)
                Issue.record(
                    """
                    run \(run) differs from run 1 at line \(index + 1):
                    run 1:      \(linesA.indices.contains(index) ? String(linesA[index]) : "<end>")
                    run \(run):  \(linesB.indices.contains(index) ? String(linesB[index]) : "<end>")
                    whole of run 1:
                    \(a)
                    whole of run \(run):
                    \(b)
                    """)
            }
        }
    }

    @Test(
        "slow background work that waits for the main thread at each send is followed while it makes progress, however long it takes",
        .fullTier
    )
    func backgroundWorkJudgedByProgress() async throws {
        let sent = (1...40).map { JSONValue.number(Double($0)) }
        let conformanceCase = Kit.adHocCase { context in
            context.loadPage(
                """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("sink", conformance.recordingHandler("sink"));
                });
                """)
            try await context.runUntilIdle()
            // A short patience: the old fixed window (20 polls) ran out long before 40 sends got through.
            let outcome = try await context.callHandlerFromBackgroundThread("sink", data: sent, patience: 0.2)
            context.expect(
                outcome == .finishedAfterMainQueueRan, citing: "TEST-1",
                "40 slow sends that each wait for the main thread finish once it runs: \(outcome)")
            try await context.runUntilIdle()
            context.expectEqual(
                context.transcript.jsHandlerInvocations("sink").map(\.data), sent.map { Optional($0) },
                citing: "TEST-1", "all sends arrive, in order")
        }
        let result = try await Kit.run(conformanceCase) { SlowHoppingAdapter() }
        #expect(result.verdict == .pass, "\(result.failures)")
    }

    @Test("JS callback ids read the virtual clock, so they are the same every run")
    func callbackIDsUseVirtualTime() async throws {
        let conformanceCase = Kit.adHocCase { context in
            try context.registerHandler("echo", answer: .echo)
            context.loadPage(
                """
                setupWebViewJavascriptBridge(function (bridge) {
                    setTimeout(function () { bridge.callHandler("echo", 1, function () {}); }, 1500);
                });
                """)
            try await context.runUntilIdle()
        }
        let result = try await Kit.run(conformanceCase)
        let fetched = result.transcript.events.compactMap { event -> String? in
            if case let .evaluationFinished(_, .string(value)?, nil) = event, value.contains("callbackId") {
                return value
            }
            return nil
        }
        #expect(fetched.count == 1)
        #expect(fetched.first?.contains(#"cb_1_1500"#) == true, "\(fetched)")
    }

    @Test(
        "with timings off, two runs give the same JSON, JUnit and Markdown reports, byte for byte; with them on, only durations differ",
        .fullTier
    )
    func sameReportsTwice() async throws {
        let cases = Catalogue.all.filter { $0.id.hasPrefix("escaping.") || $0.id.hasPrefix("messages.") }
        let shared = try await Kit.referenceRun()
        let first = cases.compactMap { shared[$0.id] }
        let second = try await Kit.run(cases)
        let context = RunContext(
            adapter: "reference", rerunWords: ["conformance", "run", "--adapter", "reference"], timings: .off)
        #expect(JSONRunReport.render(first, context: context) == JSONRunReport.render(second, context: context))
        #expect(JUnitRunReport.render(first, context: context) == JUnitRunReport.render(second, context: context))
        #expect(MarkdownRunReport.render(first, context: context) == MarkdownRunReport.render(second, context: context))

        var timed = context
        timed.timings = .on
        let strippedFirst = ReportTimingTests.strippingDurations(JSONRunReport.document(first, context: timed))
        let strippedSecond = ReportTimingTests.strippingDurations(JSONRunReport.document(second, context: timed))
        #expect(strippedFirst.canonicalText == strippedSecond.canonicalText)
        #expect(strippedFirst.canonicalText + "\n" == JSONRunReport.render(first, context: context))
    }
}

/// The reference bridge behind background sends that each pause, then wait for the main thread: slow work
/// whose progress the harness must follow rather than give up on after a fixed number of main-queue runs.
@MainActor
private final class SlowHoppingAdapter: BridgeAdapter, SupportsSendsFromAnyThread {
    private let inner = ReferenceBridgeAdapter()

    func attach(to webView: SimulatedWebView) throws { try inner.attach(to: webView) }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try inner.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try inner.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func backgroundSend() -> BackgroundSend {
        let send = inner.backgroundSend()
        return { name, data in
            Thread.sleep(forTimeInterval: 0.025)
            try DispatchQueue.main.sync { try send(name, data) }
        }
    }
}

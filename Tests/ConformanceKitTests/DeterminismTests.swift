import ConformanceKit
import Testing

@Suite("Determinism")
@MainActor
struct DeterminismTests {
    @Test("two runs of the catalogue give the same canonical transcripts, byte for byte")
    func sameTranscriptsTwice() async throws {
        let shared = try await Kit.referenceRun()
        let first = Catalogue.all.compactMap { shared[$0.id] }
        let second = try await Kit.run(Catalogue.all)
        for (a, b) in zip(first, second) {
            let linesA = TranscriptRenderer.render(a.transcript, includeTimers: true).split(separator: "\n")
            let linesB = TranscriptRenderer.render(b.transcript, includeTimers: true).split(separator: "\n")
            let firstDifference = Array(zip(linesA, linesB)).firstIndex { $0 != $1 } ?? (linesA.count == linesB.count ? nil : min(linesA.count, linesB.count))
            #expect(firstDifference == nil, """
                \(a.caseID) differs between runs at line \(firstDifference.map { $0 + 1 } ?? 0):
                first:  \(firstDifference.flatMap { linesA.indices.contains($0) ? String(linesA[$0]) : nil } ?? "<end>")
                second: \(firstDifference.flatMap { linesB.indices.contains($0) ? String(linesB[$0]) : nil } ?? "<end>")
                """)
        }
    }

    @Test("JS callback ids read the virtual clock, so they are the same every run")
    func callbackIDsUseVirtualTime() async throws {
        let conformanceCase = Kit.adHocCase { context in
            try context.registerHandler("echo", answer: .echo)
            context.loadPage("""
                setupWebViewJavascriptBridge(function (bridge) {
                    setTimeout(function () { bridge.callHandler("echo", 1, function () {}); }, 1500);
                });
                """)
            try await context.runUntilIdle()
        }
        let result = try await Kit.run(conformanceCase)
        let fetched = result.transcript.events.compactMap { event -> String? in
            if case let .evaluationFinished(_, .string(value)?, nil) = event, value.contains("callbackId") { return value }
            return nil
        }
        #expect(fetched.count == 1)
        #expect(fetched.first?.contains(#"cb_1_1500"#) == true, "\(fetched)")
    }

    @Test("with timings off, two runs give the same JSON, JUnit and Markdown reports, byte for byte; with them on, only durations differ")
    func sameReportsTwice() async throws {
        let cases = Catalogue.all.filter { $0.id.hasPrefix("escaping.") || $0.id.hasPrefix("messages.") }
        let shared = try await Kit.referenceRun()
        let first = cases.compactMap { shared[$0.id] }
        let second = try await Kit.run(cases)
        let context = RunContext(adapter: "reference", rerunPrefix: "conformance run --adapter reference", timings: .off)
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

import ConformanceKit
import Testing

@Suite("Determinism")
@MainActor
struct DeterminismTests {
    @Test("two runs of the catalogue give the same canonical transcripts, byte for byte")
    func sameTranscriptsTwice() async throws {
        let first = try await Kit.run(Catalogue.all)
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
            if case let .evaluationFinished(_, value?, nil) = event, value.contains("callbackId") { return value }
            return nil
        }
        #expect(fetched.count == 1)
        #expect(fetched.first?.contains(#"cb_1_1500"#) == true, "\(fetched)")
    }
}

import ConformanceKit
import Foundation
import StrictJSON
import Testing
import WireDialects

@Suite("Native commands: read once, in the run's dialect")
struct NativeCommandTests {
    static let wkwvjb = WireDialect.wkwvjb

    @Test("a script is a delivery, a fetch or another script by the dialect's wire, not the canonical one's")
    func kindsFollowTheDialect() {
        let delivery = Self.wkwvjb.deliveryCommand(literal: #"{\"handlerName\":\"h\"}"#)
        #expect(NativeCommand(delivery, in: Self.wkwvjb).deliveredMessage == ["handlerName": "h"])
        #expect(NativeCommand(delivery, in: Self.wkwvjb).problems == [])
        // The canonical entry point, read in the other dialect, calls another function than its entry point.
        let canonical = NativeCommand(WireDialect.canonical.deliveryCommand(literal: "{}"), in: Self.wkwvjb)
        #expect(canonical.delivery?.isMalformed == true && canonical.deliveredMessage == nil)
        #expect(canonical.problems.map(\.obligation.id) == ["ESC-1.c"])
        #expect(NativeCommand(Self.wkwvjb.fetchCommand, in: Self.wkwvjb).kind == .fetch)
        #expect(NativeCommand(Self.wkwvjb.fetchCommand, in: .canonical).kind == .other)
        #expect(NativeCommand("window.x = 1;", in: Self.wkwvjb).kind == .other)
    }

    @Test("a transcript written as JSON and read back reads its evaluations again in its dialect, losslessly")
    func codableRoundTrip() throws {
        var transcript = Transcript(dialect: Self.wkwvjb)
        let scripts = [
            Self.wkwvjb.deliveryCommand(literal: #"{\"handlerName\":\"h\",\"data\":\"it\'s\"}"#),
            Self.wkwvjb.deliveryCommand(literal: "{\\\"data\\\":\"\u{2028}\"}"),
            WireDialect.canonical.deliveryCommand(literal: "{}"),
            Self.wkwvjb.fetchCommand,
            "window.WKWebViewJavascriptBridge = {};",
        ]
        for (index, script) in scripts.enumerated() {
            transcript.appendEvaluation(id: index + 1, style: .asynchronous, script: script, at: Int64(index))
        }
        transcript.append(.javaScriptSideAppeared(evaluation: 5))
        let data = try JSONEncoder().encode(transcript)
        let read = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(read == transcript)
        #expect(read.nativeEvaluations.map(\.command.kind) == transcript.nativeEvaluations.map(\.command.kind))
        #expect(read.decodedNativeMessages == [["handlerName": "h", "data": "it's"]])
        #expect(read.nativeEvaluations[1].command.problems.map(\.obligation.id) == ["ESC-2.g"])
        #expect(read.finishedFetches.isEmpty && read.nativeEvaluations[3].command.isFetch)
        // The evaluation's JSON is what it was before commands were read at the edge: its script, no more.
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        let event = try #require(entries.first?["event"] as? [String: Any])
        #expect(Set(event.keys) == ["event", "id", "style", "script"])
        #expect(event["script"] as? String == scripts[0])
    }
}

import StrictJSON
import Testing

@testable import ConformanceKit

@Suite("The adapter protocol's line format")
struct AdapterWireTests {
    func decodeEffect(_ line: String) throws(AdapterFailure) -> TesteeMessage {
        try AdapterWire.decode(TesteeMessage.self, from: line, sentBy: "the testee")
    }

    func violation(_ line: String) -> String {
        do {
            _ = try decodeEffect(line)
            return "decoded"
        } catch {
            return error.message
        }
    }

    @Test("data survives a round trip: absent, null, non-finite numbers, strings no literal may hold raw")
    func dataRoundTrip() throws {
        let values: [WireData?] = [
            nil,
            WireData(.null),
            WireData(.array([.number(.nan), .number(.infinity), .number(-.infinity), .number(0.1)])),
            WireData(.string("\u{2028}\u{0000}\"\\</script>\n")),
            WireData(.object(["$nonFinite": .string("not a marker name")])),
        ]
        for data in values {
            let message = HarnessMessage.respond(seq: 4, invocation: 2, data: data)
            let line = AdapterWire.line(of: message)
            #expect(!line.contains("\n"))
            let decoded = try AdapterWire.decode(HarnessMessage.self, from: line, sentBy: "the harness")
            guard case .respond(_, _, let back) = decoded else {
                Issue.record("decoded \(decoded)")
                continue
            }
            // NaN is not equal to itself: compare the canonical text of the marked-up form.
            #expect(back.map(AdapterWire.line(of:)) == data.map(AdapterWire.line(of:)), "\(line)")
            #expect((back == nil) == (data == nil))
        }
    }

    @Test("deeply nested data decodes whole (the strict parser's depth, no trial decoding)")
    func deepData() throws {
        var value = JSONValue.string("bottom")
        for _ in 0..<1_000 { value = .array([value]) }
        let line = AdapterWire.line(of: TesteeMessage.callbackInvoked(callback: 1, data: WireData(value)))
        guard case .callbackInvoked(1, let data) = try decodeEffect(line) else {
            Issue.record("not a callbackInvoked")
            return
        }
        #expect(data?.value == value)
    }

    @Test("fields a later version may add are ignored")
    func unknownFieldsIgnored() throws {
        let effect = try decodeEffect(#"{"type":"done","seq":3,"elapsed":12}"#)
        #expect(effect == .done(seq: 3, error: nil))
    }

    @Test(
        "a broken line is a protocol violation that says what is wrong",
        arguments: [
            (#"{"type":"done","seq":3"#, "a line that is not JSON (at byte 22"),
            (#"[1]"#, "a line that is not a JSON object"),
            (#"{"seq":3}"#, #"a JSON object without a string "type""#),
            (#"{"type":"done"}"#, #"a message without its "seq" field"#),
            (#"{"type":"done","seq":"3"}"#, #"a message whose "seq" is not a non-negative integer"#),
            (#"{"type":"done","seq":-1}"#, "-1 is negative"),
            (#"{"type":"done","seq":1.5}"#, #"a message whose "seq" is not a non-negative integer"#),
            (#"{"type":"log","message":null}"#, #"a message whose "message" is null instead of a string"#),
            (#"{"type":"teleport"}"#, "unknown message type `teleport`"),
        ])
    func brokenLines(line: String, expected: String) {
        let message = violation(line)
        #expect(message.hasPrefix("protocol violation: the testee sent "), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }
}

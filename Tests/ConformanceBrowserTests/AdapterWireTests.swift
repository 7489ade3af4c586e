import Foundation
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

// MARK: The `web-view` capability (ADP-19 to ADP-24)

extension AdapterWireTests {
    /// A body in its clone form with every tag, nested, its keys sorted as `ScriptMessageBody.clone(of:)`
    /// sorts them.
    static let everyTag: JSONValue = .array([
        .string("o"),
        .array([
            .array([
                .string("a"),
                .array([.string("a"), .array([.array([.string("null")]), .array([.string("b"), .bool(true)])])]),
            ]),
            .array([.string("d"), .array([.string("d"), .number(1500)])]),
            .array([.string("inf"), .array([.string("n"), .string("-Infinity")])]),
            .array([.string("n"), .array([.string("n"), .number(-0.5)])]),
            .array([.string("nan"), .array([.string("n"), .string("NaN")])]),
            .array([.string("s"), .array([.string("s"), .string("\u{2028}\"\n")])]),
        ]),
    ])

    func decodeRequest(_ line: String) throws(AdapterFailure) -> HarnessMessage {
        try AdapterWire.decode(HarnessMessage.self, from: line, sentBy: "the harness")
    }

    func requestViolation(_ line: String) -> String {
        do {
            _ = try decodeRequest(line)
            return "decoded"
        } catch {
            return error.message
        }
    }

    @Test("setTrafficLogging carries `enabled`, and a request without it names the field")
    func trafficLoggingRequest() throws {
        for enabled in [true, false] {
            let request = HarnessMessage.setTrafficLogging(seq: 2, enabled: enabled)
            let line = AdapterWire.line(of: request)
            #expect(line.contains(#""enabled":\#(enabled)"#), "\(line)")
            #expect(try decodeRequest(line) == request)
        }
        #expect(throws: AdapterFailure.self) { try decodeRequest(#"{"type":"setTrafficLogging","seq":2}"#) }
    }

    @Test("ADP-20 to ADP-22: every request of `web-view` survives a round trip")
    func webViewRequestsRoundTrip() throws {
        let page = PageNavigation(number: 3, urlString: "https://app.example/index.html")
        let requests: [HarnessMessage] = [
            .attach(seq: 1, bridgeJavaScriptSource: "/* js */", appNavigationDelegate: true),
            .attach(seq: 1, bridgeJavaScriptSource: "/* js */", appNavigationDelegate: false),
            .navigation(seq: 2, navigation: 1, url: "https://app.example/", mainFrame: true, navigationType: .reload),
            .navigation(seq: 2, navigation: 1, url: "https://app.example/", mainFrame: true, navigationType: .other),
            .navigation(
                seq: 2, navigation: 1, url: "https://app.example/", mainFrame: false, navigationType: .backForward),
            .navigationEvent(seq: 4, event: .started(page)),
            .navigationEvent(seq: 4, event: .committed(page)),
            .navigationEvent(seq: 4, event: .finished(page)),
            .navigationEvent(seq: 4, event: .failedProvisionally(page, .cannotFindHost)),
            .navigationEvent(seq: 4, event: .failed(page, .connectionLost)),
            .scriptMessage(seq: 5, name: "probe", body: Self.everyTag),
            .scriptMessage(seq: 5, name: "", body: .array([.string("null")])),
        ]
        for request in requests {
            let line = AdapterWire.line(of: request)
            #expect(!line.contains("\n"))
            #expect(try decodeRequest(line) == request, "\(line)")
        }
    }

    @Test("ADP-19, ADP-20: the fields a testee without `web-view` never knew are absent when they say nothing new")
    func oldRequestsUnchanged() {
        #expect(
            AdapterWire.line(
                of: HarnessMessage.attach(seq: 1, bridgeJavaScriptSource: "js", appNavigationDelegate: false))
                == #"{"bridgeJavaScriptSource":"js","seq":1,"type":"attach"}"#)
        #expect(
            AdapterWire.line(
                of: HarnessMessage.navigation(seq: 3, navigation: 1, url: "u", mainFrame: true, navigationType: .other))
                == #"{"mainFrame":true,"navigation":1,"seq":3,"type":"navigation","url":"u"}"#)
        #expect(
            AdapterWire.line(
                of: HarnessMessage.navigation(seq: 3, navigation: 1, url: "u", mainFrame: true, navigationType: .reload)
            )
                == #"{"mainFrame":true,"navigation":1,"navigationType":"reload","seq":3,"type":"navigation","url":"u"}"#
        )
        let failure = NavigationFailure(domain: "NSURLErrorDomain", code: -1003, localizedDescription: "no host")
        #expect(
            AdapterWire.line(
                of: HarnessMessage.navigationEvent(
                    seq: 5, event: .failedProvisionally(PageNavigation(number: 2, urlString: "u"), failure)))
                == #"{"error":{"code":-1003,"description":"no host","domain":"NSURLErrorDomain"},"event":"failedProvisionally","navigation":2,"seq":5,"type":"navigationEvent","url":"u"}"#
        )
    }

    @Test("ADP-23: every effect of `web-view` survives a round trip")
    func webViewEffectsRoundTrip() throws {
        let effects: [TesteeMessage] = [
            .addScriptMessageHandler(name: "probe"),
            .removeScriptMessageHandler(name: "probe"),
            .addUserScript(UserScript(source: "1;\n2", injectionTime: .atDocumentStart, isForMainFrameOnly: true)),
            .addUserScript(UserScript(source: "", injectionTime: .atDocumentEnd, isForMainFrameOnly: false)),
            .removeAllUserScripts,
            .load(url: "https://app.example/second.html"),
            .loadHTMLString(html: "<script>1</script>", baseURL: "https://app.example/"),
            .loadHTMLString(html: "", baseURL: nil),
            .reload,
            .appDelegateNotified(method: "didFailProvisionalNavigation", url: "https://app.example/"),
        ]
        for effect in effects {
            #expect(effect.needsWebViewCapability)
            let line = AdapterWire.line(of: effect)
            #expect(try decodeEffect(line) == effect, "\(line)")
        }
        #expect(
            AdapterWire.line(
                of: TesteeMessage.addUserScript(
                    UserScript(source: "s", injectionTime: .atDocumentEnd, isForMainFrameOnly: true)))
                == #"{"injectionTime":"atDocumentEnd","mainFrameOnly":true,"source":"s","type":"addUserScript"}"#)
        #expect(!TesteeMessage.log(message: "x").needsWebViewCapability)
    }

    @Test(
        "ADP-20 to ADP-22: a request of `web-view` that is not well formed is a protocol violation that says what is wrong",
        arguments: [
            (
                #"{"type":"navigationEvent","seq":1,"event":"stopped","navigation":1,"url":"u"}"#,
                #""stopped" is not one of started, committed, finished, failedProvisionally, failed"#
            ),
            (
                #"{"type":"navigationEvent","seq":1,"event":"failed","navigation":1,"url":"u"}"#,
                #"a message without its "error" field"#
            ),
            (
                #"{"type":"navigationEvent","seq":1,"event":"finished","navigation":1,"url":"u","error":{"domain":"d","code":1,"description":"x"}}"#,
                "a `finished` event has no error"
            ),
            (
                #"{"type":"navigationEvent","seq":1,"event":"failed","navigation":1,"url":"u","error":{"domain":"d","code":"-1","description":"x"}}"#,
                #""error.code" is wrong: expected an integer, found the string "-1""#
            ),
            (
                #"{"type":"navigationEvent","seq":1,"event":"failed","navigation":1,"url":"u","error":{"domain":"d","code":1}}"#,
                #"a message without its "error.description" field"#
            ),
            (#"{"type":"navigationEvent","seq":1,"event":"started","navigation":-2,"url":"u"}"#, "-2 is negative"),
            (
                #"{"type":"navigation","seq":1,"navigation":1,"url":"u","mainFrame":true,"navigationType":"teleport"}"#,
                #""teleport" is not one of linkActivated, formSubmitted, backForward, reload, formResubmitted, other"#
            ),
            (
                #"{"type":"attach","seq":1,"bridgeJavaScriptSource":"js","appNavigationDelegate":"yes"}"#,
                #"a message whose "appNavigationDelegate" is not a boolean"#
            ),
            (
                #"{"type":"scriptMessage","seq":1,"name":"probe","body":"text"}"#,
                #"the body is not a tagged array such as ["s","text"]"#
            ),
            (
                #"{"type":"scriptMessage","seq":1,"name":"probe","body":["o",[["k",["x",1]]]]}"#,
                #"the body[1][0][1] has the tag "x""#
            ),
            (
                #"{"type":"scriptMessage","seq":1,"name":"probe","body":["n","nan"]}"#,
                #"the body[1] is the string "nan"; a ["n", ...] holds a number, or "NaN""#
            ),
            (
                #"{"type":"scriptMessage","seq":1,"name":"probe","body":["a",[["null",1]]]}"#,
                #"the body[1][0] has 2 elements; ["null"] has 1"#
            ),
            (
                #"{"type":"scriptMessage","seq":1,"name":"probe","body":["o",[[1,["null"]]]]}"#,
                #"the body[1][0] is not a ["key", <clone>] pair"#
            ),
            (#"{"type":"scriptMessage","seq":1,"name":"probe"}"#, #"a message without its "body" field"#),
        ])
    func brokenRequests(line: String, expected: String) {
        let message = requestViolation(line)
        #expect(message.hasPrefix("protocol violation: the harness sent "), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    @Test(
        "ADP-23: an effect of `web-view` that is not well formed is a protocol violation that says what is wrong",
        arguments: [
            (
                #"{"type":"addUserScript","source":"s","injectionTime":"atDocumentIdle","mainFrameOnly":true}"#,
                #""atDocumentIdle" is not one of atDocumentStart, atDocumentEnd"#
            ),
            (
                #"{"type":"addUserScript","source":"s","injectionTime":"atDocumentEnd"}"#,
                #"a message without its "mainFrameOnly" field"#
            ),
            (
                #"{"type":"appDelegateNotified","method":"didReceiveChallenge","url":"u"}"#,
                #""didReceiveChallenge" is not one of decidePolicy, didStartProvisionalNavigation"#
            ),
            (#"{"type":"load"}"#, #"a message without its "url" field"#),
            (#"{"type":"loadHTMLString","html":"h","baseURL":7}"#, #"a message whose "baseURL" is not a string"#),
            (
                #"{"type":"addScriptMessageHandler","name":null}"#,
                #"a message whose "name" is null instead of a string"#
            ),
        ])
    func brokenEffects(line: String, expected: String) {
        let message = violation(line)
        #expect(message.hasPrefix("protocol violation: the testee sent "), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    @Test("ADP-22: a body's clone form survives Foundation and back, non-finite numbers named as JavaScript names them")
    func scriptMessageBodyRoundTrip() {
        #expect(ScriptMessageBody.problem(in: Self.everyTag) == nil)
        #expect(ScriptMessageBody.clone(of: ScriptMessageBody.foundationValue(of: Self.everyTag)) == Self.everyTag)
        for (number, name) in [(Double.nan, "NaN"), (.infinity, "Infinity"), (-.infinity, "-Infinity")] {
            #expect(ScriptMessageBody.clone(of: NSNumber(value: number)) == .array([.string("n"), .string(name)]))
        }
    }
}

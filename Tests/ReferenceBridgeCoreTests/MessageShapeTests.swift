import Foundation
import Testing

@testable import ReferenceBridgeCore

@Suite("Message shapes")
struct MessageShapeTests {
    @Test("native calls carry handlerName, data and callbackId only when given")
    func callShapes() {
        let (core, recorder) = makeInjectedCore()
        core.callHandler("a")
        core.callHandler(nil, data: ["k": 1])
        core.callHandler("b", data: NSNull(), responseCallback: { _ in })
        core.callHandler(nil)
        #expect(
            recorder.events == [
                #"SEND {"handlerName":"a"}"#,
                #"SEND {"data":{"k":1}}"#,
                #"SEND {"callbackId":"objc_cb_1","data":null,"handlerName":"b"}"#,
                "SEND {}",
            ])
    }

    @Test("each message is its own evaluation of the exact command form")
    func commandForm() {
        let (core, recorder) = makeInjectedCore()
        core.callHandler("a")
        #expect(recorder.commands == [#"WebViewJavascriptBridge._handleMessageFromObjC('{\"handlerName\":\"a\"}');"#])
    }

    @Test("a response carries exactly responseId and responseData; nil is null; each call sends one")
    func responseShapes() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h") { _, respond in
            respond(["ok": true])
            respond(nil)
        }
        core.flushMessageQueue(batch([["handlerName": "h", "callbackId": "cb_7_1"]]))
        #expect(
            recorder.events == [
                #"SEND {"responseData":{"ok":true},"responseId":"cb_7_1"}"#,
                #"SEND {"responseData":null,"responseId":"cb_7_1"}"#,
            ])
    }

    @Test("without a callbackId the responder does nothing")
    func responderWithoutId() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h", answer: 1))
        core.flushMessageQueue(batch([["handlerName": "h", "data": 1]]))
        #expect(recorder.events == ["h(1)"])
    }

    @Test("an answer that is not JSON is logged and not sent")
    func unserializableAnswer() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h", answer: Date()))
        core.flushMessageQueue(batch([["handlerName": "h", "callbackId": "cb_1"]]))
        #expect(recorder.commands.isEmpty)
        #expect(recorder.logs.contains { $0.contains("cb_1") })
    }

    @Test("traffic logging logs sends and receipts, truncated past 500 UTF-16 units")
    func trafficLogging() {
        let (core, recorder) = makeInjectedCore()
        core.callHandler("a")
        #expect(recorder.logs.isEmpty)
        core.logsTraffic = true
        core.callHandler("a")
        core.callHandler("b", data: String(repeating: "x", count: 600))
        core.flushMessageQueue(batch([["handlerName": "nobody"]]))
        #expect(recorder.logs.first == #"WVJB SEND: {"handlerName":"a"}"#)
        let long = recorder.logs[1]
        #expect(long.hasPrefix("WVJB SEND: ") && long.hasSuffix(" [...]"))
        #expect(long.utf16.count == "WVJB SEND: ".utf16.count + 500 + " [...]".utf16.count)
        #expect(recorder.logs.contains(#"WVJB RCVD: {"handlerName":"nobody"}"#))
    }
}

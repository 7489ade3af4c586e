import Foundation
import Testing

@testable import ReferenceBridgeCore

@Suite("Flushing the JS message queue")
struct FlushTests {
    static let nilWarning =
        "WebViewJavascriptBridge: WARNING: ObjC got nil while fetching the message queue JSON "
        + "from webview. This can happen if the WebViewJavascriptBridge JS is not currently present in the webview, "
        + "e.g if the webview just loaded a new page."

    @Test("nil and empty results log the nil warning and do nothing", arguments: [nil, ""] as [String?])
    func nilOrEmpty(result: String?) {
        let (core, recorder) = makeInjectedCore()
        core.flushMessageQueue(result)
        #expect(recorder.logs == [Self.nilWarning])
        #expect(recorder.events.isEmpty)
    }

    @Test("invalid JSON drops the whole batch with a warning")
    func invalidJSON() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h"))
        core.flushMessageQueue(#"[{"handlerName":"h"},"#)
        #expect(recorder.events.isEmpty)
        #expect(recorder.logs.count == 1 && recorder.logs[0].contains("could not be parsed as JSON"))
    }

    @Test(
        "a top-level value that is not an array is logged and ignored",
        arguments: ["{}", "null", "1", #""x""#, #"{"handlerName":"h"}"#])
    func notAnArray(result: String) {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h"))
        core.flushMessageQueue(result)
        #expect(recorder.events.isEmpty)
        #expect(recorder.logs.count == 1 && recorder.logs[0].contains("not a JSON array"))
    }

    @Test("an empty batch does nothing")
    func emptyBatch() {
        let (core, recorder) = makeInjectedCore()
        core.flushMessageQueue("[]")
        #expect(recorder.events.isEmpty && recorder.logs.isEmpty)
    }

    @Test("elements that are not objects are logged and skipped; the rest still runs in order")
    func nonObjectElements() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h"))
        core.flushMessageQueue("[1]")
        #expect(recorder.logs == ["WebViewJavascriptBridge: WARNING: Invalid number received: 1"])
        recorder.logs = []
        core.flushMessageQueue(#"["s",{"handlerName":"h","data":1},null,[2],{"handlerName":"h","data":2},3]"#)
        #expect(recorder.events == ["h(1)", "h(2)"])
        #expect(recorder.logs.count == 4)
        #expect(recorder.logs.allSatisfy { $0.hasPrefix("WebViewJavascriptBridge: WARNING: Invalid ") })
        #expect(recorder.logs.first == "WebViewJavascriptBridge: WARNING: Invalid string received: \"s\"")
    }

    @Test("a response runs its callback once with responseData (nil if absent, NSNull if null)")
    func responses() {
        let (core, _) = makeInjectedCore()
        var received: [Any?] = []
        for _ in 0..<3 { core.callHandler("a", responseCallback: { received.append($0) }) }
        core.flushMessageQueue(
            batch([
                ["responseId": "objc_cb_1", "responseData": ["x": 1]],
                ["responseId": "objc_cb_2"],
                ["responseId": "objc_cb_3", "responseData": NSNull()],
            ]))
        #expect(received.count == 3)
        #expect(canonical(received[0]) == #"{"x":1}"#)
        #expect(received[1] == nil)
        #expect(received[2] is NSNull)
    }

    @Test("unknown, duplicate and non-string responseIds are logged and ignored; the batch continues")
    func badResponseIds() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h"))
        core.callHandler("a", responseCallback: recorder.callback("cb"))
        recorder.events = []
        core.flushMessageQueue(
            batch([
                ["responseId": "objc_cb_99", "responseData": 0],
                ["responseId": "objc_cb_1", "responseData": 1],
                ["responseId": "objc_cb_1", "responseData": 2],
                ["responseId": 1, "responseData": 3],
                ["responseId": NSNull(), "handlerName": "h"],
                ["handlerName": "h", "data": 4],
            ]))
        #expect(recorder.events == ["cb(1)", "h(4)"])
        #expect(recorder.logs.count == 4)
    }

    @Test("a missing handler is logged, gets no response, and the batch continues")
    func missingHandler() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h"))
        core.flushMessageQueue(
            batch([
                ["handlerName": "nobody", "callbackId": "cb_1"],
                ["callbackId": "cb_2", "data": 1],
                ["handlerName": 5, "callbackId": "cb_3"],
                ["handlerName": "h", "data": 2],
            ]))
        #expect(recorder.events == ["h(2)"])
        #expect(recorder.logs.count == 3)
        #expect(recorder.logs.allSatisfy { $0.hasPrefix("WVJBNoHandlerException, No handler for message from JS: ") })
        #expect(recorder.logs[0].contains("nobody"))
    }

    @Test("removeHandler makes later calls missing and leaves other handlers alone")
    func removeHandler() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h"))
        core.registerHandler("g", handler: recorder.handler("g"))
        core.removeHandler("h")
        core.flushMessageQueue(batch([["handlerName": "h", "data": 1], ["handlerName": "g", "data": 2]]))
        #expect(recorder.events == ["g(2)"])
        #expect(recorder.logs.count == 1)
    }

    @Test("registerHandler overwrites")
    func registerOverwrites() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("first"))
        core.registerHandler("h", handler: recorder.handler("second"))
        core.flushMessageQueue(batch([["handlerName": "h", "data": 1]]))
        #expect(recorder.events == ["second(1)"])
    }

    @Test("handlers get data as Foundation decodes it, and nil when the key is absent")
    func dataDeliveredAsIs() {
        let (core, recorder) = makeInjectedCore()
        var received: [Any?] = []
        core.registerHandler("h") { data, _ in received.append(data) }
        core.flushMessageQueue(
            #"[{"handlerName":"h","data":"s"},{"handlerName":"h","data":1.5},{"handlerName":"h","data":[1,"a"]},{"handlerName":"h","data":null},{"handlerName":"h","data":{"k":[]}},{"handlerName":"h"},{"handlerName":"h","data":false}]"#
        )
        #expect(received.count == 7)
        #expect(received[0] as? String == "s")
        #expect((received[1] as? NSNumber)?.doubleValue == 1.5)
        #expect(canonical(received[2]) == #"[1,"a"]"#)
        #expect(received[3] is NSNull)
        #expect(canonical(received[4]) == #"{"k":[]}"#)
        #expect(received[5] == nil)
        #expect(canonical(received[6]) == "false")
        #expect(recorder.logs.isEmpty)
    }

    @Test("a handler may call back into the bridge while the batch runs")
    func reentrantSend() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h") { data, _ in core.callHandler("echo", data: data) }
        core.flushMessageQueue(batch([["handlerName": "h", "data": 1], ["handlerName": "h", "data": 2]]))
        #expect(
            recorder.events == [#"SEND {"data":1,"handlerName":"echo"}"#, #"SEND {"data":2,"handlerName":"echo"}"#])
    }

    @Test("fetchQueueCommand is the exact upstream string")
    func fetchQueueCommand() {
        #expect(BridgeCore.fetchQueueCommand == "WebViewJavascriptBridge._fetchQueue();")
    }
}

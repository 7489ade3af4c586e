import Foundation
import Testing

@testable import ReferenceBridgeCore

@Suite("Native callback ids")
struct CallbackIdTests {
    @Test("ids count objc_cb_1, objc_cb_2, ... and only calls with a callback use one")
    func idSequence() {
        let (core, recorder) = makeInjectedCore()
        core.callHandler("a", responseCallback: { _ in })
        core.callHandler("b")
        core.callHandler("c", data: 1)
        core.callHandler("d", responseCallback: { _ in })
        let ids = recorder.sentMessages.map { $0["callbackId"] as? String }
        #expect(ids == ["objc_cb_1", nil, nil, "objc_cb_2"])
    }

    @Test("reset restarts ids at objc_cb_1")
    func resetRestartsIds() {
        let (core, recorder) = makeInjectedCore()
        core.callHandler("a", responseCallback: { _ in })
        core.callHandler("b", responseCallback: { _ in })
        core.reset()
        core.injectJavascript("JS")
        core.callHandler("c", responseCallback: { _ in })
        let ids = recorder.sentMessages.map { $0["callbackId"] as? String }
        #expect(ids == ["objc_cb_1", "objc_cb_2", "objc_cb_1"])
    }

    @Test("reset drops pending callbacks without calling them")
    func resetDropsCallbacks() {
        let (core, recorder) = makeInjectedCore()
        core.callHandler("a", responseCallback: recorder.callback("cb"))
        core.reset()
        core.flushMessageQueue(batch([["responseId": "objc_cb_1", "responseData": 1]]))
        #expect(!recorder.events.contains { $0.hasPrefix("cb(") })
        #expect(recorder.logs.contains { $0.contains("objc_cb_1") })
    }

    @Test("a call whose data is not JSON is logged with the handler name, not sent, and uses no id")
    func unserializableCall() {
        let (core, recorder) = makeInjectedCore()
        core.callHandler("bad", data: Date(), responseCallback: { _ in })
        #expect(recorder.commands.isEmpty)
        #expect(recorder.logs.contains { $0.contains("'bad'") })
        core.callHandler("good", responseCallback: { _ in })
        #expect(recorder.sentMessages.map { $0["callbackId"] as? String } == ["objc_cb_1"])
    }
}

import Testing

@testable import ReferenceBridgeCore

@Suite("Startup queue")
struct StartupQueueTests {
    @Test("sends before injection are held, then sent FIFO after the bridge JS, then queueing is off")
    func heldThenFlushed() {
        let (core, recorder) = makeCore()
        #expect(core.isQueueingStartupMessages)
        core.callHandler("a")
        core.callHandler("b", data: 2)
        #expect(recorder.events.isEmpty)
        core.injectJavascript("BRIDGE")
        #expect(!core.isQueueingStartupMessages)
        core.callHandler("c")
        #expect(
            recorder.events == [
                "JS BRIDGE",
                #"SEND {"handlerName":"a"}"#,
                #"SEND {"data":2,"handlerName":"b"}"#,
                #"SEND {"handlerName":"c"}"#,
            ])
    }

    @Test("responses to JS calls made before injection are queued too")
    func responsesQueued() {
        let (core, recorder) = makeCore()
        core.registerHandler("h", handler: recorder.handler("h", answer: "x"))
        core.flushMessageQueue(batch([["handlerName": "h", "callbackId": "cb_1"]]))
        #expect(recorder.events == ["h(nil)"])
        core.injectJavascript("BRIDGE")
        #expect(recorder.events == ["h(nil)", "JS BRIDGE", #"SEND {"responseData":"x","responseId":"cb_1"}"#])
    }

    @Test("a second injection evaluates the JS and sends nothing else")
    func secondInjection() {
        let (core, recorder) = makeInjectedCore()
        core.injectJavascript("BRIDGE")
        #expect(recorder.events == ["JS BRIDGE"])
    }

    @Test("reset re-arms the queue and drops messages still in it")
    func resetRearms() {
        let (core, recorder) = makeInjectedCore()
        core.reset()
        #expect(core.isQueueingStartupMessages)
        core.callHandler("a")
        #expect(recorder.events.isEmpty)
        core.injectJavascript("BRIDGE")
        #expect(recorder.events == ["JS BRIDGE", #"SEND {"handlerName":"a"}"#])

        let (fresh, freshRecorder) = makeCore()
        fresh.callHandler("dropped")
        fresh.reset()
        fresh.injectJavascript("BRIDGE")
        #expect(freshRecorder.events == ["JS BRIDGE"])
    }

    @Test("reset keeps handlers")
    func resetKeepsHandlers() {
        let (core, recorder) = makeInjectedCore()
        core.registerHandler("h", handler: recorder.handler("h"))
        core.reset()
        core.flushMessageQueue(batch([["handlerName": "h", "data": 1]]))
        #expect(recorder.events == ["h(1)"])
    }

    @Test("disableJavscriptAlertBoxSafetyTimeout sends the plain call, through the queue before injection")
    func disableSafetyTimeout() {
        let (core, recorder) = makeCore()
        core.disableJavscriptAlertBoxSafetyTimeout()
        #expect(recorder.events.isEmpty)
        core.injectJavascript("BRIDGE")
        #expect(recorder.events == ["JS BRIDGE", #"SEND {"handlerName":"_disableJavascriptAlertBoxSafetyTimeout"}"#])
    }
}

import Foundation
import Testing
@testable import ReferenceBridgeCore

/// For every fault: one scenario, the transcript of the correct core, and the transcript with the fault on.
@Suite("Faults")
struct BridgeFaultTests {
    struct Expectation {
        let scenario: (BridgeCore, Recorder) -> Void
        let correct: [String]
        let faulted: [String]
    }

    @Test("each fault changes exactly the behaviour it names", arguments: BridgeFault.allCases)
    func faultChangesBehaviour(fault: BridgeFault) {
        let expectation = Self.expectation(for: fault)
        #expect(run(expectation.scenario, faults: []) == expectation.correct, "correct core")
        #expect(run(expectation.scenario, faults: [fault]) == expectation.faulted, "core with \(fault)")
    }

    private func run(_ scenario: (BridgeCore, Recorder) -> Void, faults: Set<BridgeFault>) -> [String] {
        let (core, recorder) = makeCore(faults: faults)
        scenario(core, recorder)
        return recorder.events
    }

    static func expectation(for fault: BridgeFault) -> Expectation {
        let sendA = #"SEND {"handlerName":"a"}"#
        let sendB = #"SEND {"handlerName":"b"}"#
        switch fault {
        case .startupQueueDisabled:
            return Expectation(
                scenario: { core, rec in core.callHandler("a"); rec.note("inject"); core.injectJavascript("B") },
                correct: ["inject", "JS B", sendA],
                faulted: [sendA, "inject", "JS B"])
        case .startupQueueFlushedBeforeJavascript:
            return Expectation(
                scenario: { core, rec in core.callHandler("a"); rec.note("inject"); core.injectJavascript("B") },
                correct: ["inject", "JS B", sendA],
                faulted: ["inject", sendA, "JS B"])
        case .startupQueueNeverSwitchedOff:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B"); core.callHandler("a"); rec.note("again"); core.injectJavascript("B")
                },
                correct: ["JS B", sendA, "again", "JS B"],
                faulted: ["JS B", "again", "JS B", sendA])
        case .startupQueueReversed:
            return Expectation(
                scenario: { core, _ in core.callHandler("a"); core.callHandler("b"); core.injectJavascript("B") },
                correct: ["JS B", sendA, sendB],
                faulted: ["JS B", sendB, sendA])
        case .batchProcessedInReverse:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(batch([["handlerName": "h", "data": 1], ["handlerName": "h", "data": 2]]))
                },
                correct: ["h(1)", "h(2)"],
                faulted: ["h(2)", "h(1)"])
        case .callbacksNotRemoved:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.callHandler(nil, responseCallback: rec.callback("cb"))
                    core.flushMessageQueue(batch([
                        ["responseId": "objc_cb_1", "responseData": 1], ["responseId": "objc_cb_1", "responseData": 2],
                    ]))
                },
                correct: ["JS B", #"SEND {"callbackId":"objc_cb_1"}"#, "cb(1)"],
                faulted: ["JS B", #"SEND {"callbackId":"objc_cb_1"}"#, "cb(1)", "cb(2)"])
        case .callbackIdNotIncremented:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.callHandler(nil, responseCallback: rec.callback("first"))
                    core.callHandler(nil, responseCallback: rec.callback("second"))
                    core.flushMessageQueue(batch([
                        ["responseId": "objc_cb_1", "responseData": 1], ["responseId": "objc_cb_2", "responseData": 2],
                    ]))
                },
                correct: ["JS B", #"SEND {"callbackId":"objc_cb_1"}"#, #"SEND {"callbackId":"objc_cb_2"}"#,
                          "first(1)", "second(2)"],
                faulted: ["JS B", #"SEND {"callbackId":"objc_cb_1"}"#, #"SEND {"callbackId":"objc_cb_1"}"#,
                          "second(1)"])
        case .singleQuoteNotEscaped:
            return sendData("it's", raw: #"{\"data\":\"it's\"}"#)
        case .lineSeparatorsNotEscaped:
            return sendData("\u{2028}\u{2029}", raw: "{\\\"data\\\":\\\"\u{2028}\u{2029}\\\"}")
        case .es2015LineSeparatorEscape:
            return sendData("\u{2028}\u{2029}", raw: #"{\"data\":\"\u{2028}\u{2029}\"}"#)
        case .responsesMatchedInCallOrder:
            // Two calls outstanding; JS answers the second: the faulted core hands the answer to the first.
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.callHandler("a", data: nil) { rec.note("first(\($0 ?? "nil"))") }
                    core.callHandler("b", data: nil) { rec.note("second(\($0 ?? "nil"))") }
                    core.flushMessageQueue(#"[{"responseId":"objc_cb_2","responseData":2}]"#)
                },
                correct: ["JS B", #"SEND {"callbackId":"objc_cb_1","handlerName":"a"}"#, #"SEND {"callbackId":"objc_cb_2","handlerName":"b"}"#, "second(2)"],
                faulted: ["JS B", #"SEND {"callbackId":"objc_cb_1","handlerName":"a"}"#, #"SEND {"callbackId":"objc_cb_2","handlerName":"b"}"#, "first(2)"])
        case .receivedStringsTruncatedAtNUL:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h") { data, _ in rec.note("got(\(data ?? "nil"))") }
                    core.flushMessageQueue(#"[{"handlerName":"h","data":"a\u0000b"}]"#)
                },
                correct: ["got(a\u{0}b)"], faulted: ["got(a)"])
        case .receivedNullValuesStripped:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h") { data, _ in rec.note("keys(\((data as? [String: Any])?.keys.sorted() ?? []))") }
                    core.flushMessageQueue(#"[{"handlerName":"h","data":{"a":null,"b":1}}]"#)
                },
                correct: [#"keys(["a", "b"])"#], faulted: [#"keys(["b"])"#])
        case .unserializableMessageBlocksSends:
            return Expectation(
                scenario: { core, _ in core.injectJavascript("B"); core.callHandler("a", data: Double.nan); core.callHandler("b") },
                correct: ["JS B", sendB], faulted: ["JS B"])
        case .failedBatchStopsFlushing:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h") { data, _ in rec.note("got(\(data ?? "nil"))") }
                    core.flushMessageQueue("not json")
                    core.flushMessageQueue(#"[{"handlerName":"h","data":1}]"#)
                },
                correct: ["got(1)"], faulted: [])
        case .nonBMPEscapedAsScalar:
            // `\u1f600` reads as U+1F60 followed by the digit 0.
            return Expectation(
                scenario: { core, _ in core.injectJavascript("B"); core.callHandler(nil, data: "\u{1F600}") },
                correct: ["JS B", "SEND " + canonical(["data": "\u{1F600}"])],
                faulted: ["JS B", "SEND " + canonical(["data": "\u{1F60}0"])])
        case .controlCharactersLeftRaw:
            // A raw NUL is not valid JSON, so the faulted command does not decode: compare it raw.
            return Expectation(
                scenario: { core, _ in core.injectJavascript("B"); core.callHandler(nil, data: "a\u{0}b") },
                correct: ["JS B", #"SEND {"data":"a\u0000b"}"#],
                faulted: ["JS B", "RAW " + commandPrefix + #"{\"data\":\"a"# + "\u{0}" + #"b\"}"# + commandSuffix])
        case .missingHandlerAbortsBatch:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(batch([["handlerName": "nobody"], ["handlerName": "h", "data": 1]]))
                },
                correct: ["h(1)"],
                faulted: [])
        case .unknownResponseIdAbortsBatch:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(batch([["responseId": "objc_cb_9"], ["handlerName": "h", "data": 1]]))
                },
                correct: ["h(1)"],
                faulted: [])
        case .removeHandlerIgnored:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.removeHandler("h")
                    core.flushMessageQueue(batch([["handlerName": "h", "data": 1]]))
                },
                correct: [],
                faulted: ["h(1)"])
        case .disableSafetyTimeoutIgnored:
            return Expectation(
                scenario: { core, _ in core.injectJavascript("B"); core.disableJavscriptAlertBoxSafetyTimeout() },
                correct: ["JS B", #"SEND {"handlerName":"_disableJavascriptAlertBoxSafetyTimeout"}"#],
                faulted: ["JS B"])
        case .messagesWithoutDataDropped:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(batch([["handlerName": "h"], ["handlerName": "h", "data": 1]]))
                },
                correct: ["h(nil)", "h(1)"],
                faulted: ["h(1)"])
        case .nonObjectDataDeliveredAsNil:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(#"[{"handlerName":"h","data":"s"},{"handlerName":"h","data":1},{"handlerName":"h","data":[1]},{"handlerName":"h","data":null},{"handlerName":"h","data":{"k":1}}]"#)
                },
                correct: [#"h("s")"#, "h(1)", "h([1])", "h(null)", #"h({"k":1})"#],
                faulted: ["h(nil)", "h(nil)", "h(nil)", "h(nil)", #"h({"k":1})"#])
        case .resetDoesNothing:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.callHandler("a", responseCallback: rec.callback("old"))
                    rec.note("reset")
                    core.reset()
                    core.callHandler("b", responseCallback: { _ in })
                    rec.note("inject")
                    core.injectJavascript("B")
                    core.flushMessageQueue(batch([["responseId": "objc_cb_1", "responseData": 1]]))
                },
                correct: ["JS B", #"SEND {"callbackId":"objc_cb_1","handlerName":"a"}"#, "reset", "inject", "JS B",
                          #"SEND {"callbackId":"objc_cb_1","handlerName":"b"}"#],
                faulted: ["JS B", #"SEND {"callbackId":"objc_cb_1","handlerName":"a"}"#, "reset",
                          #"SEND {"callbackId":"objc_cb_2","handlerName":"b"}"#, "inject", "JS B", "old(1)"])
        case .nullResponseOmitted:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.registerHandler("h", handler: rec.handler("h", answer: nil))
                    core.flushMessageQueue(batch([["handlerName": "h", "callbackId": "cb_1"]]))
                },
                correct: ["JS B", "h(nil)", #"SEND {"responseData":null,"responseId":"cb_1"}"#],
                faulted: ["JS B", "h(nil)", #"SEND {"responseId":"cb_1"}"#])
        case .nilFetchResultResets:
            return Expectation(
                scenario: { core, _ in core.injectJavascript("B"); core.flushMessageQueue(nil); core.callHandler("a") },
                correct: ["JS B", sendA],
                faulted: ["JS B"])
        case .lenientJSONParsing:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(#"[{"handlerName":"h","data":1},]"#)
                },
                correct: [],
                faulted: ["h(1)"])
        case .trailingCommasAccepted:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(#"[{"handlerName":"h","data":"a,]",},]"#)
                },
                correct: [],
                faulted: [#"h("a,]")"#])
        case .topLevelObjectRunAsMessage:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(#"{"handlerName":"h","data":1}"#)
                },
                correct: [],
                faulted: ["h(1)"])
        case .nonObjectElementDropsBatch:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(#"[1,{"handlerName":"h","data":1}]"#)
                },
                correct: ["h(1)"],
                faulted: [])
        case .batchRecognizedByRawPrefix:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(#"[ {"handlerName":"h","data":1} ]"#)
                },
                correct: ["h(1)"],
                faulted: [])
        case .nonStringResponseIdTreatedAsCall:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.flushMessageQueue(#"[{"responseId":null,"handlerName":"h","data":1}]"#)
                },
                correct: [],
                faulted: ["h(1)"])
        case .nullResponseDataDeliveredAsNil:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.callHandler(nil, responseCallback: rec.callback("cb"))
                    core.flushMessageQueue(#"[{"responseId":"objc_cb_1","responseData":null}]"#)
                },
                correct: ["JS B", #"SEND {"callbackId":"objc_cb_1"}"#, "cb(null)"],
                faulted: ["JS B", #"SEND {"callbackId":"objc_cb_1"}"#, "cb(nil)"])
        case .responderAnswersOnce:
            return Expectation(
                scenario: { core, _ in
                    core.injectJavascript("B")
                    core.registerHandler("h") { _, respond in respond(1); respond(2) }
                    core.flushMessageQueue(batch([["handlerName": "h", "callbackId": "cb_1"]]))
                },
                correct: ["JS B", #"SEND {"responseData":1,"responseId":"cb_1"}"#, #"SEND {"responseData":2,"responseId":"cb_1"}"#],
                faulted: ["JS B", #"SEND {"responseData":1,"responseId":"cb_1"}"#])
        case .responderWithoutCallbackIdSends:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.registerHandler("h", handler: rec.handler("h", answer: 1))
                    core.flushMessageQueue(batch([["handlerName": "h"]]))
                },
                correct: ["JS B", "h(nil)"],
                faulted: ["JS B", "h(nil)", #"SEND {"responseData":1,"responseId":null}"#])
        case .numericCallbackIdSentAsNumber:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.registerHandler("h", handler: rec.handler("h", answer: 1))
                    core.flushMessageQueue(batch([["handlerName": "h", "callbackId": "42"]]))
                },
                correct: ["JS B", "h(nil)", #"SEND {"responseData":1,"responseId":"42"}"#],
                faulted: ["JS B", "h(nil)", #"SEND {"responseData":1,"responseId":42}"#])
        case .nilDataSentAsNull:
            return Expectation(
                scenario: { core, _ in core.injectJavascript("B"); core.callHandler("a") },
                correct: ["JS B", sendA],
                faulted: ["JS B", #"SEND {"data":null,"handlerName":"a"}"#])
        case .responseCarriesErrorKey:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.registerHandler("h", handler: rec.handler("h", answer: 1))
                    core.flushMessageQueue(batch([["handlerName": "h", "callbackId": "cb_1"]]))
                },
                correct: ["JS B", "h(nil)", #"SEND {"responseData":1,"responseId":"cb_1"}"#],
                faulted: ["JS B", "h(nil)", #"SEND {"error":null,"responseData":1,"responseId":"cb_1"}"#])
        case .unserializableMessageSentEmpty:
            return Expectation(
                scenario: { core, _ in core.injectJavascript("B"); core.callHandler("a", data: Double.nan) },
                correct: ["JS B"],
                faulted: ["JS B", "RAW " + commandPrefix + commandSuffix])
        case .callbackIdCountsEveryCall:
            return Expectation(
                scenario: { core, _ in
                    core.injectJavascript("B")
                    core.callHandler("a")
                    core.callHandler("b", responseCallback: { _ in })
                },
                correct: ["JS B", sendA, #"SEND {"callbackId":"objc_cb_1","handlerName":"b"}"#],
                faulted: ["JS B", sendA, #"SEND {"callbackId":"objc_cb_2","handlerName":"b"}"#])
        case .javascriptInjectedOnlyOnce:
            return Expectation(
                scenario: { core, _ in core.injectJavascript("B"); core.injectJavascript("B") },
                correct: ["JS B", "JS B"],
                faulted: ["JS B"])
        case .handlersClearedOnNewPage:
            return Expectation(
                scenario: { core, rec in
                    core.registerHandler("h", handler: rec.handler("h"))
                    core.injectJavascript("B")
                    core.injectJavascript("B")
                    core.flushMessageQueue(batch([["handlerName": "h", "data": 1]]))
                },
                correct: ["JS B", "JS B", "h(1)"],
                faulted: ["JS B", "JS B"])
        case .pendingCallbacksCalledOnNewPage:
            return Expectation(
                scenario: { core, rec in
                    core.injectJavascript("B")
                    core.callHandler("a", responseCallback: rec.callback("old"))
                    core.injectJavascript("B")
                },
                correct: ["JS B", #"SEND {"callbackId":"objc_cb_1","handlerName":"a"}"#, "JS B"],
                faulted: ["JS B", #"SEND {"callbackId":"objc_cb_1","handlerName":"a"}"#, "old(nil)", "JS B"])
        case .nothingLogged:
            return Expectation(
                scenario: { core, rec in core.flushMessageQueue(nil); rec.note("logged \(rec.logs.count)") },
                correct: ["logged 1"],
                faulted: ["logged 0"])
        case .trafficLoggedByDefault:
            return Expectation(
                scenario: { core, rec in core.injectJavascript("B"); core.callHandler("a"); rec.note("logged \(rec.logs.count)") },
                correct: ["JS B", sendA, "logged 0"],
                faulted: ["JS B", sendA, "logged 1"])
        }
    }

    /// A scenario sending `{"data": data}`: the correct core's command decodes, the faulted one is `RAW`.
    private static func sendData(_ data: String, raw escapedJSON: String) -> Expectation {
        Expectation(
            scenario: { core, _ in core.injectJavascript("B"); core.callHandler(nil, data: data) },
            correct: ["JS B", "SEND " + canonical(["data": data])],
            faulted: ["JS B", "RAW " + commandPrefix + escapedJSON + commandSuffix])
    }
}

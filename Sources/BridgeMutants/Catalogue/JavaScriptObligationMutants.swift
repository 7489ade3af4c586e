import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridge
import ReferenceBridgeCore
import StrictJSON

extension MutantCatalogue {
    /// Mutants written from single obligations of appendix C that no earlier mutant broke.
    static let javaScriptObligationMutants: [Mutant] = [
        // Bootstrap.
        javaScriptSide(
            "js-setup-callbacks-popped-lifo",
            "the setup task pops window.WVJBCallbacks, so setup callbacks run last-first", obligation: .boot7a,
            replacing: "for (var i = 0; i < callbacks.length; i++) {\n            callbacks[i](bridge);\n        }",
            with: "while (callbacks.length) {\n            callbacks.pop()(bridge);\n        }",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        // Message keys and shapes.
        javaScriptSide(
            "js-messages-stamped-with-queue-time",
            "every queued message carries a debugging key queuedAt with the time it was queued", obligation: .msg1a,
            replacing: "sendMessageQueue.push(message);",
            with: "message.queuedAt = new Date().getTime();\n        sendMessageQueue.push(message);",
            caughtBy: ["js-side.messages.call-shapes"]),
        javaScriptSide(
            "js-empty-handler-name-dropped",
            "a call message is built key by key with truthiness tests, so an empty handlerName is left out",
            obligation: .msg5a,
            replacing: "doSend({ handlerName: handlerName, data: data }, responseCallback);",
            with:
                "var message = { data: data };\n        if (handlerName) {\n            message.handlerName = handlerName;\n        }\n        doSend(message, responseCallback);",
            caughtBy: ["js-side.messages.call-shapes"]),
        javaScriptSide(
            "js-every-call-gets-callback",
            "callHandler registers a no-op callback when none is given, so every call carries a callbackId",
            obligation: .msg5c,
            replacing: "doSend({ handlerName: handlerName, data: data }, responseCallback);",
            with: "doSend({ handlerName: handlerName, data: data }, responseCallback || function () {});",
            caughtBy: ["js-side.messages.call-shapes", "js-side.messages.sends-from-handler-after-reload"]),
        javaScriptSide(
            "js-responder-reads-shared-callback-id",
            "the responder reads the callbackId of the message dispatched last, kept in a shared variable",
            obligation: .msg6b,
            replacing: "function dispatchMessageFromObjC(messageJSON) {",
            with: "var lastCallbackId;\n    function dispatchMessageFromObjC(messageJSON) {",
            alsoReplacing:
                "var callbackResponseId = message.callbackId;\n                    responseCallback = function (responseData) {\n                        doSend({ handlerName: message.handlerName, responseId: callbackResponseId, responseData: responseData });",
            with:
                "lastCallbackId = message.callbackId;\n                    responseCallback = function (responseData) {\n                        doSend({ handlerName: message.handlerName, responseId: lastCallbackId, responseData: responseData });",
            caughtBy: ["js-side.dispatch.responses-keep-native-ids"]),
        javaScriptSide(
            "js-swap-test-reads-constructor",
            "callHandler tests data.constructor === Function, so (name, null) and (name, undefined) throw",
            obligation: .msg8a,
            replacing: "if (arguments.length === 2 && typeof data === \"function\") {",
            with: "if (arguments.length === 2 && data.constructor === Function) {",
            caughtBy: ["js-side.messages.call-shapes"]),
        javaScriptSide(
            "js-callback-attached-only-with-data",
            "a misplaced brace attaches the callback only to calls that carry data, so (name, undefined, fn) sends no callbackId",
            obligation: .msg8b,
            replacing: "if (responseCallback) {\n            var callbackId",
            with: "if (responseCallback && message.data !== undefined) {\n            var callbackId",
            caughtBy: ["js-side.messages.call-shapes", "js-side.messages.sends-from-handler-after-reload"]),
        // Ordering and ids.
        javaScriptSide(
            "js-queue-built-newest-first",
            "messages are queued with unshift, so the queue holds the newest message first", obligation: .ord3a,
            replacing: "sendMessageQueue.push(message);", with: "sendMessageQueue.unshift(message);",
            caughtBy: [
                "js-side.ordering.queue-in-send-order", "js-side.messages.sends-from-handler-after-reload",
                "situations.js-calls-in-order.after-a-js-handler-threw",
                "situations.js-calls-in-order.after-a-missing-handler",
                "situations.js-calls-in-order.after-a-native-handler-failed",
                "situations.js-calls-in-order.after-reset", "situations.js-calls-in-order.before-load",
                "situations.js-calls-in-order.inside-a-handler", "situations.js-calls-in-order.on-a-second-page",
            ]),
        javaScriptSide(
            "js-callback-counter-pre-incremented",
            "the callback id counter is pre-incremented, so the first id is cb_2_<time>", obligation: .id1b,
            replacing: "var callbackId = \"cb_\" + (uniqueId++) + \"_\" + new Date().getTime();",
            with: "var callbackId = \"cb_\" + (++uniqueId) + \"_\" + new Date().getTime();",
            caughtBy: ["js-side.callback-ids.format", "js-side.callback-ids.restart-on-each-page"]),
        javaScriptSide(
            "js-native-callback-id-rebuilt",
            "the JS side parses the native callbackId's counter and rebuilds the id as objc_cb_<n>",
            obligation: .id3b,
            replacing: "var callbackResponseId = message.callbackId;",
            with:
                "var callbackResponseId = \"objc_cb_\" + parseInt(String(message.callbackId).split(\"_\").pop(), 10);",
            caughtBy: ["js-side.dispatch.responses-keep-native-ids", "messages.js-to-native.response-or-call-by-key"]),
        // Fetch and dispatch.
        javaScriptSide(
            "js-empty-queue-fetches-empty-string", "_fetchQueue returns \"\" instead of \"[]\" when nothing is queued",
            obligation: .disp2b,
            replacing: "function fetchQueue() {\n",
            with:
                "function fetchQueue() {\n        if (!sendMessageQueue.length) {\n            return \"\";\n        }\n",
            caughtBy: ["js-side.fetch-queue.drains-whole-queue"]),
        javaScriptSide(
            "js-dispatch-reads-latest-message",
            "the message JSON is kept in a shared variable, so each deferred dispatch parses the message that arrived last",
            obligation: .disp3a,
            replacing:
                "function dispatchMessageFromObjC(messageJSON) {\n        if (dispatchMessagesWithTimeoutSafety) {\n            setTimeout(doDispatch);\n        } else {\n            doDispatch();\n        }\n\n        function doDispatch() {\n            var message = JSON.parse(messageJSON);",
            with:
                "var latestMessageJSON;\n    function dispatchMessageFromObjC(messageJSON) {\n        latestMessageJSON = messageJSON;\n        if (dispatchMessagesWithTimeoutSafety) {\n            setTimeout(doDispatch);\n        } else {\n            doDispatch();\n        }\n\n        function doDispatch() {\n            var message = JSON.parse(latestMessageJSON);",
            caughtBy: ["js-side.dispatch.arrival-order"]),
        // Alert safety.
        javaScriptSide(
            "js-responses-dispatched-synchronously",
            "with the safety on only calls wait for the timer; responses run their JS callback inside _handleMessageFromObjC",
            obligation: .safe1b,
            replacing: "if (dispatchMessagesWithTimeoutSafety) {",
            with: "if (dispatchMessagesWithTimeoutSafety && messageJSON.indexOf(\"\\\"responseId\\\"\") < 0) {",
            caughtBy: ["alert-safety.default-dispatch-deferred"]),
        // SAFE-3.a bites only under a synchronous native evaluation, so this one runs with the UIWebView-style
        // reference.
        javaScriptSide(
            "js-only-answerable-calls-deferred",
            "with the safety on only calls with a callbackId wait for the timer; the others run inside the native evaluation",
            obligation: .safe3a,
            evaluationStyle: .synchronous,
            replacing: "if (dispatchMessagesWithTimeoutSafety) {",
            with: "if (dispatchMessagesWithTimeoutSafety && messageJSON.indexOf(\"\\\"callbackId\\\"\") >= 0) {",
            caughtBy: ["alert-safety.dialog-in-handler-not-blocking"]),
        javaScriptSide(
            "js-page-disable-sends-call",
            "bridge.disableJavscriptAlertBoxSafetyTimeout() sends the switch to native instead of switching the JS side",
            obligation: .safe4b,
            replacing: "disableJavscriptAlertBoxSafetyTimeout: disableJavscriptAlertBoxSafetyTimeout,",
            with:
                "disableJavscriptAlertBoxSafetyTimeout: function () { callHandler(\"_disableJavascriptAlertBoxSafetyTimeout\"); },",
            caughtBy: ["js-side.alert-safety.disable-switches-dispatch"]),
        // Browser facilities.
        javaScriptSide(
            "js-iframe-appended-when-document-ready",
            "injection reads document.readyState to wait for DOMContentLoaded before appending the messaging iframe",
            obligation: .disp12a,
            replacing:
                "messagingIframe.src = QUEUE_MESSAGE_URL;\n    document.documentElement.appendChild(messagingIframe);",
            with:
                "messagingIframe.src = QUEUE_MESSAGE_URL;\n    if (document.readyState === \"loading\") {\n        document.addEventListener(\"DOMContentLoaded\", function () { document.documentElement.appendChild(messagingIframe); });\n    } else {\n        document.documentElement.appendChild(messagingIframe);\n    }",
            caughtBy: ["js-side.source.browser-facilities"]),
        // Logging.
        javaScriptSide(
            "js-onerror-hook-misspelled", "the hook is assigned to window.onError, which the browser never calls",
            obligation: .log6a,
            replacing: "window.onerror = function (msg, url, line) {",
            with: "window.onError = function (msg, url, line) {",
            caughtBy: ["js-side.logging.onerror-hook", "js-side.logging.onerror-hook-on-navigated-page"]),
        javaScriptSide(
            "js-onerror-hook-only-when-undefined",
            "the hook is installed only when window.onerror is undefined, which a browser's never is (null): no hook in a real web view",
            obligation: .log6a, replacing: "if (!window.onerror) {", with: "if (window.onerror === undefined) {",
            caughtBy: ["js-side.logging.onerror-hook", "js-side.logging.onerror-hook-on-navigated-page"]),
    ]

    /// A JS-side mutant run by the reference native side with the given evaluation style.
    static func javaScriptSide(
        _ id: String, _ defect: String, obligation: Obligation, evaluationStyle: ReferenceBridge.EvaluationStyle,
        replacing original: String, with broken: String, caughtBy: [String]
    ) -> Mutant {
        Mutant(
            id: id, defect: defect, obligation: obligation, caughtBy: caughtBy,
            breakJavaScriptSide: { source in
                source.replacingOccurrences(of: original, with: broken)
            }
        ) {
            ReferenceBridgeAdapter(evaluationStyle: evaluationStyle)
        }
    }

    /// A JS-side mutant with two separate replacements (a shared variable declared apart from its use).
    /// - Precondition: both originals occur exactly once in the reference JS side.
    static func javaScriptSide(
        _ id: String, _ defect: String, obligation: Obligation, replacing first: String, with firstBroken: String,
        alsoReplacing second: String, with secondBroken: String, caughtBy: [String]
    ) -> Mutant {
        Mutant(
            id: id, defect: defect, obligation: obligation, caughtBy: caughtBy,
            breakJavaScriptSide: { source in
                source.replacingOccurrences(of: first, with: firstBroken).replacingOccurrences(
                    of: second, with: secondBroken)
            }
        ) {
            ReferenceBridgeAdapter()
        }
    }
}

import ConformanceKit
import ConformanceObligations
import ReferenceBridge

extension MutantCatalogue {
    /// Mutants of the JS side: the reference bridge runs with a broken copy of the reference JS side.
    static let javaScriptSideMutants: [Mutant] = [
        // Sending and fetching.
        javaScriptSide(
            "js-signals-only-when-queue-was-empty",
            "a send signals the queue URL only when the queue was empty, so earlier unfetched signals swallow later ones",
            obligation: .disp1b,
            replacing: "sendMessageQueue.push(message);\n        messagingIframe.src = QUEUE_MESSAGE_URL;",
            with:
                "sendMessageQueue.push(message);\n        if (sendMessageQueue.length === 1) {\n            messagingIframe.src = QUEUE_MESSAGE_URL;\n        }",
            caughtBy: ["js-side.send.queue-then-signal"]),
        javaScriptSide(
            "js-signals-before-queueing", "a send signals the queue URL before it appends the message to the queue",
            obligation: .disp1a,
            replacing: "sendMessageQueue.push(message);\n        messagingIframe.src = QUEUE_MESSAGE_URL;",
            with: "messagingIframe.src = QUEUE_MESSAGE_URL;\n        sendMessageQueue.push(message);",
            caughtBy: ["js-side.send.queue-then-signal"]),
        javaScriptSide(
            "js-queue-cleared-before-stringify",
            "_fetchQueue empties the queue before serializing it, so every fetch returns []", obligation: .disp2c,
            replacing: "var messageQueueString = JSON.stringify(sendMessageQueue);\n        sendMessageQueue = [];",
            with: "sendMessageQueue = [];\n        var messageQueueString = JSON.stringify(sendMessageQueue);",
            caughtBy: ["js-side.fetch-queue.drains-whole-queue"]),
        javaScriptSide(
            "js-queue-never-cleared", "_fetchQueue never empties the queue, so every fetch resends everything",
            obligation: .disp2c,
            replacing: "var messageQueueString = JSON.stringify(sendMessageQueue);\n        sendMessageQueue = [];",
            with: "var messageQueueString = JSON.stringify(sendMessageQueue);",
            caughtBy: ["js-side.fetch-queue.drains-whole-queue"]),
        javaScriptSide(
            "js-messages-queued-responses-first", "responses jump ahead of queued calls instead of keeping send order",
            obligation: .ord3b,
            replacing: "sendMessageQueue.push(message);",
            with:
                "if (message.responseId) {\n            sendMessageQueue.unshift(message);\n        } else {\n            sendMessageQueue.push(message);\n        }",
            caughtBy: ["js-side.ordering.queue-in-send-order", "js-side.messages.sends-from-handler-after-reload"]),
        // Dispatch.
        javaScriptSide(
            "js-received-messages-dispatched-lifo",
            "messages received in one turn are buffered and dispatched last-first", obligation: .disp3b,
            replacing:
                "function handleMessageFromObjC(messageJSON) {\n        dispatchMessageFromObjC(messageJSON);\n    }",
            with: """
                var receivedMessages = [];
                function handleMessageFromObjC(messageJSON) {
                    receivedMessages.push(messageJSON);
                    if (receivedMessages.length === 1) {
                        setTimeout(function () {
                            while (receivedMessages.length) {
                                dispatchMessageFromObjC(receivedMessages.pop());
                            }
                        });
                    }
                }
                """,
            caughtBy: ["js-side.dispatch.arrival-order"]),
        javaScriptSide(
            "js-dispatch-without-timeout",
            "messages are dispatched inside _handleMessageFromObjC even with the safety on", obligation: .safe1a,
            replacing: "setTimeout(doDispatch);", with: "doDispatch();",
            caughtBy: ["alert-safety.default-dispatch-deferred"]),
        javaScriptSide(
            "js-response-callback-not-deleted",
            "a JS response callback is kept after it ran, so a repeated response runs it again", obligation: .disp4b,
            replacing: "delete responseCallbacks[message.responseId];", with: "",
            caughtBy: ["js-side.dispatch.response-callback-one-shot"]),
        javaScriptSide(
            "js-unknown-response-id-throws", "a response with an unknown id calls undefined and throws a TypeError",
            obligation: .disp4c,
            replacing: "if (!responseCallback) {\n                    return;\n                }\n", with: "",
            caughtBy: ["js-side.dispatch.response-callback-one-shot"]),
        javaScriptSide(
            "js-response-id-compared-with-undefined",
            "responseId is tested with !== undefined, so a null, 0 or empty responseId makes a call a response",
            obligation: .disp4d,
            replacing: "if (message.responseId) {", with: "if (message.responseId !== undefined) {",
            caughtBy: ["js-side.dispatch.response-callback-one-shot"]),
        javaScriptSide(
            "js-callback-id-compared-with-undefined",
            "callbackId is tested with !== undefined, so a null or empty callbackId still gets a responder",
            obligation: .disp5c,
            replacing: "if (message.callbackId) {", with: "if (message.callbackId !== undefined) {",
            caughtBy: ["js-side.dispatch.handler-arguments-and-responses"]),
        javaScriptSide(
            "js-responder-one-shot", "the responder a JS handler gets sends only its first answer",
            obligation: .disp5b,
            replacing: "responseCallback = function (responseData) {",
            with:
                "var answered = false;\n                    responseCallback = function (responseData) {\n                        if (answered) { return; }\n                        answered = true;",
            caughtBy: [
                "js-side.dispatch.handler-arguments-and-responses", "js-side.messages.sends-from-handler-after-reload",
            ]),
        javaScriptSide(
            "js-responder-always-passed",
            "a handler called without callbackId gets a no-op responder instead of undefined", obligation: .disp5c,
            replacing: "handler(message.data, responseCallback);",
            with: "handler(message.data, responseCallback || function () {});",
            caughtBy: [
                "js-side.dispatch.handler-arguments-and-responses", "js-side.messages.sends-from-handler-after-reload",
            ]),
        javaScriptSide(
            "js-response-without-handler-name", "JS responses leave out handlerName, as v5.0.2 to v5.0.5 did",
            obligation: .msg6a,
            replacing:
                "doSend({ handlerName: message.handlerName, responseId: callbackResponseId, responseData: responseData });",
            with: "doSend({ responseId: callbackResponseId, responseData: responseData });",
            caughtBy: [
                "js-side.dispatch.handler-arguments-and-responses", "js-side.messages.sends-from-handler-after-reload",
            ]),
        javaScriptSide(
            "js-missing-handler-answers-error", "a call to a missing JS handler is answered with an error object",
            obligation: .disp6a,
            replacing: "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC:\", message);",
            with:
                "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC:\", message);\n                    if (responseCallback) { responseCallback({ error: \"no handler for \" + message.handlerName }); }",
            caughtBy: ["js-side.dispatch.missing-handler-no-response"]),
        javaScriptSide(
            "js-register-keeps-first-handler",
            "registerHandler keeps the handler registered first instead of replacing it", obligation: .disp7a,
            replacing: "messageHandlers[handlerName] = handler;",
            with: "messageHandlers[handlerName] = messageHandlers[handlerName] || handler;",
            caughtBy: ["js-side.register-handler.replaces"]),
        // Injection, API surface, source form.
        javaScriptSide(
            "js-injection-not-idempotent",
            "the idempotence guard is missing, so a second injection replaces the bridge and its state",
            obligation: .disp8a,
            replacing: "if (window.WebViewJavascriptBridge) {\n        return;\n    }\n", with: "",
            caughtBy: ["js-side.injection.idempotent"]),
        javaScriptSide(
            "js-onerror-overwritten", "the JS side installs its window.onerror even when the page has one",
            obligation: .disp9a,
            replacing: "if (!window.onerror) {\n        window.onerror", with: "if (true) {\n        window.onerror",
            caughtBy: ["js-side.injection.page-onerror-kept"]),
        javaScriptSide(
            "js-extra-remove-handler-member", "the bridge object gains a removeHandler member", obligation: .disp10b,
            replacing: "_handleMessageFromObjC: handleMessageFromObjC\n    };",
            with:
                "_handleMessageFromObjC: handleMessageFromObjC,\n        removeHandler: function (name) { delete messageHandlers[name]; }\n    };",
            caughtBy: ["js-side.api.exact-members"]),
        javaScriptSide(
            "js-line-comment",
            "a // line comment comments out the rest of the JS side once it is collapsed to one line",
            obligation: .disp11a,
            replacing: "var dispatchMessagesWithTimeoutSafety = true;",
            with:
                "var dispatchMessagesWithTimeoutSafety = true; // switched off by disableJavscriptAlertBoxSafetyTimeout",
            caughtBy: ["js-side.source.survives-one-line-collapse"]),
        javaScriptSide(
            "js-missing-semicolon",
            "a statement relies on automatic semicolon insertion and breaks once collapsed to one line",
            obligation: .disp11a,
            replacing: "var responseCallbacks = {};", with: "var responseCallbacks = {}",
            caughtBy: ["js-side.source.survives-one-line-collapse"]),
        javaScriptSide(
            "js-iframe-in-body",
            "the messaging iframe is appended to document.body instead of document.documentElement",
            obligation: .boot6c,
            replacing: "document.documentElement.appendChild(messagingIframe);",
            with: "document.body.appendChild(messagingIframe);",
            caughtBy: [
                "bootstrap.js-side.messaging-iframe-signals-on-injection",
                "bootstrap.js-side.messaging-iframe-without-body",
            ]),
        javaScriptSide(
            "js-implicit-global", "the messaging iframe variable is never declared and leaks as a global",
            obligation: .disp12d,
            replacing: "    var messagingIframe;\n", with: "",
            caughtBy: ["js-side.source.browser-facilities"]),
        // Message shapes and callback ids.
        javaScriptSide(
            "js-undefined-data-sent-as-null", "callHandler sends data: null when the data is undefined",
            obligation: .msg5b,
            replacing: "doSend({ handlerName: handlerName, data: data }, responseCallback);",
            with: "doSend({ handlerName: handlerName, data: data === undefined ? null : data }, responseCallback);",
            caughtBy: ["js-side.messages.call-shapes", "js-side.messages.sends-from-handler-after-reload"]),
        javaScriptSide(
            "js-two-argument-form-not-swapped", "callHandler(name, fn) sends fn as data and no callback",
            obligation: .msg8c,
            replacing: "if (arguments.length === 2 && typeof data === \"function\") {", with: "if (false) {",
            caughtBy: ["js-side.messages.call-shapes", "js-side.messages.sends-from-handler-after-reload"]),
        javaScriptSide(
            "js-swap-ignores-argument-count",
            "callHandler swaps a function data argument into the callback whatever the number of arguments",
            obligation: .msg8d,
            replacing: "if (arguments.length === 2 && typeof data === \"function\") {",
            with: "if (typeof data === \"function\") {",
            caughtBy: ["js-side.messages.call-shapes", "js-side.messages.sends-from-handler-after-reload"]),
        javaScriptSide(
            "js-callback-ids-count-every-send",
            "the callback id counter is advanced by every send, not only by sends with a callback",
            obligation: .id1c,
            replacing:
                "if (responseCallback) {\n            var callbackId = \"cb_\" + (uniqueId++) + \"_\" + new Date().getTime();",
            with:
                "var sequence = uniqueId++;\n        if (responseCallback) {\n            var callbackId = \"cb_\" + sequence + \"_\" + new Date().getTime();",
            caughtBy: ["js-side.callback-ids.format", "js-side.callback-ids.restart-on-each-page"]),
        // Alert safety switch.
        javaScriptSide(
            "js-disable-handler-not-registered",
            "the JS side does not register _disableJavascriptAlertBoxSafetyTimeout, so the native switch is a missing handler",
            obligation: .safe4a,
            replacing:
                "registerHandler(\"_disableJavascriptAlertBoxSafetyTimeout\", disableJavscriptAlertBoxSafetyTimeout);",
            with: "",
            caughtBy: ["js-side.alert-safety.disable-switches-dispatch"]),
        javaScriptSide(
            "js-disable-sets-misspelled-flag",
            "disabling the safety sets a misspelled variable, so dispatch stays deferred", obligation: .safe4a,
            replacing: "dispatchMessagesWithTimeoutSafety = false;", with: "dispatchMessageWithTimeoutSafety = false;",
            caughtBy: ["js-side.alert-safety.disable-switches-dispatch"]),
        // Logging.
        javaScriptSide(
            "js-no-handler-warning-missing", "a call to a missing JS handler logs nothing", obligation: .log5a,
            replacing: "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC:\", message);",
            with: "",
            caughtBy: ["js-side.logging.missing-handler-warning"]),
        javaScriptSide(
            "js-no-handler-warning-one-argument",
            "the missing-handler warning concatenates the message into one argument ([object Object])",
            obligation: .log5a,
            replacing: "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC:\", message);",
            with: "console.log(\"WebViewJavascriptBridge: WARNING: no handler for message from ObjC:\" + message);",
            caughtBy: ["js-side.logging.missing-handler-warning"]),
        javaScriptSide(
            "js-onerror-hook-without-location", "the installed window.onerror logs only the message, without @url:line",
            obligation: .log6b,
            replacing: "console.log(\"WebViewJavascriptBridge: ERROR:\" + msg + \"@\" + url + \":\" + line);",
            with: "console.log(\"WebViewJavascriptBridge: ERROR:\" + msg);",
            caughtBy: ["js-side.logging.onerror-hook", "js-side.logging.onerror-hook-on-navigated-page"]),
        // Bootstrap.
        javaScriptSide(
            "js-setup-callbacks-called-synchronously", "window.WVJBCallbacks are called synchronously during injection",
            obligation: .boot7c,
            replacing: "setTimeout(callWVJBCallbacks, 0);", with: "callWVJBCallbacks();",
            caughtBy: [
                "bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page",
                "bootstrap.setup-callbacks.after-injection",
            ]),
        javaScriptSide(
            "js-wvjbcallbacks-not-deleted", "window.WVJBCallbacks is left in place after its callbacks ran",
            obligation: .boot7b,
            replacing: "delete window.WVJBCallbacks;\n", with: "",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        javaScriptSide(
            "js-messaging-iframe-without-src",
            "the messaging iframe is appended without a src, so injection causes no initial fetch",
            obligation: .boot6a,
            replacing:
                "messagingIframe.src = QUEUE_MESSAGE_URL;\n    document.documentElement.appendChild(messagingIframe);",
            with: "document.documentElement.appendChild(messagingIframe);",
            caughtBy: [
                "bootstrap.js-side.messaging-iframe-signals-on-injection",
                "bootstrap.js-side.messaging-iframe-without-body",
            ]),
        // Found by the mechanical mutants (a deleted statement no case saw) before BOOT-10's check.
        javaScriptSide(
            "js-visible-messaging-iframe", "the messaging iframe is appended without being hidden",
            obligation: .boot10a,
            replacing: "    messagingIframe.style.display = \"none\";\n", with: "",
            caughtBy: ["bootstrap.js-side.messaging-iframe-signals-on-injection"]),
        javaScriptSide(
            "js-missing-wvjbcallbacks-throws",
            "a missing window.WVJBCallbacks raises a TypeError in the setup timer, as canonically",
            obligation: .boot8a,
            replacing: "if (!callbacks) {\n            return;\n        }\n", with: "",
            caughtBy: ["bootstrap.js-side.missing-wvjbcallbacks-tolerated"]),
        // Written from the obligations of MSG-6, DISP-2 and DISP-12 before their checks.
        javaScriptSide(
            "js-response-carries-callback-id", "a JS response copies the call's callbackId along with responseId",
            obligation: .msg6d,
            replacing:
                "doSend({ handlerName: message.handlerName, responseId: callbackResponseId, responseData: responseData });",
            with:
                "doSend({ handlerName: message.handlerName, callbackId: callbackResponseId, responseId: callbackResponseId, responseData: responseData });",
            caughtBy: [
                "js-side.dispatch.handler-arguments-and-responses", "js-side.messages.sends-from-handler-after-reload",
            ]),
        javaScriptSide(
            "js-undefined-answer-sent-as-null", "a responder called with undefined sends \"responseData\":null",
            obligation: .msg6c,
            replacing: "responseData: responseData });",
            with: "responseData: responseData === undefined ? null : responseData });",
            caughtBy: [
                "js-side.dispatch.handler-arguments-and-responses", "js-side.messages.sends-from-handler-after-reload",
            ]),
        javaScriptSide(
            "js-fetch-queue-returns-array", "_fetchQueue returns the queue array itself instead of its JSON text",
            obligation: .disp2a,
            replacing: "var messageQueueString = JSON.stringify(sendMessageQueue);",
            with: "var messageQueueString = sendMessageQueue;",
            caughtBy: ["js-side.fetch-queue.drains-whole-queue"]),
        javaScriptSide(
            "js-dispatch-timer-with-delay", "the safety timer is set with a 1 ms delay", obligation: .disp12c,
            replacing: "setTimeout(doDispatch);", with: "setTimeout(doDispatch, 1);",
            caughtBy: ["js-side.source.browser-facilities"]),
        javaScriptSide(
            "js-iframe-hidden-with-set-attribute", "the messaging iframe is hidden with setAttribute(\"style\", ...)",
            obligation: .disp12b,
            replacing: "messagingIframe.style.display = \"none\";",
            with: "messagingIframe.setAttribute(\"style\", \"display:none\");",
            caughtBy: ["js-side.source.browser-facilities"]),
        // Written from the obligations of DISP-10, DISP-4, DISP-5 and ID-1 before their checks.
        javaScriptSide(
            "js-disable-member-spelled-correctly",
            "the fork fixes the typo: the member is disableJavascriptAlertBoxSafetyTimeout", obligation: .disp10a,
            replacing: "disableJavscriptAlertBoxSafetyTimeout: disableJavscriptAlertBoxSafetyTimeout,",
            with: "disableJavascriptAlertBoxSafetyTimeout: disableJavscriptAlertBoxSafetyTimeout,",
            caughtBy: ["js-side.api.exact-members"]),
        javaScriptSide(
            "js-callback-gets-whole-message",
            "a JS response callback is called with the whole response message instead of its responseData",
            obligation: .disp4a,
            replacing: "responseCallback(message.responseData);", with: "responseCallback(message);",
            caughtBy: ["js-side.dispatch.response-callback-one-shot"]),
        javaScriptSide(
            "js-handler-gets-whole-message",
            "a JS handler is called with the whole call message instead of its data", obligation: .disp5a,
            replacing: "handler(message.data, responseCallback);", with: "handler(message, responseCallback);",
            caughtBy: ["js-side.dispatch.handler-arguments-and-responses"]),
        javaScriptSide(
            "js-handler-data-defaults-to-object",
            "a handler gets {} when the call carries no data (`message.data || {}`)", obligation: .disp5a,
            replacing: "handler(message.data, responseCallback);",
            with: "handler(message.data || {}, responseCallback);",
            caughtBy: [
                "js-side.dispatch.handler-arguments-and-responses", "js-side.messages.sends-from-handler-after-reload",
            ]),
        javaScriptSide(
            "js-callback-id-without-time", "JS callback ids are 'cb_' + n, without the time", obligation: .id1a,
            replacing: "var callbackId = \"cb_\" + (uniqueId++) + \"_\" + new Date().getTime();",
            with: "var callbackId = \"cb_\" + (uniqueId++);",
            caughtBy: ["js-side.callback-ids.format", "js-side.callback-ids.restart-on-each-page"]),
    ]

    /// A JS-side mutant: the reference native side with `original` replaced by `broken` in the JS side.
    /// - Precondition: `original` occurs in the reference JS side (checked by the kit's tests).
    static func javaScriptSide(
        _ id: String, _ defect: String, obligation: Obligation, replacing original: String, with broken: String,
        caughtBy: [String]
    ) -> Mutant {
        Mutant(
            id: id, defect: defect, obligation: obligation, caughtBy: caughtBy,
            breakJavaScriptSide: { source in
                source.replacingOccurrences(of: original, with: broken)
            }
        ) {
            ReferenceBridgeAdapter()
        }
    }
}

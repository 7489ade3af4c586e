/*
 * {{javaScriptGlobal}}: the JS side of the WVJB v6 wire protocol in the {{dialectName}} dialect, written for the
 * conformance kit. Rendered from Fixtures/js/templates/bridge.js: every dialect's JS side is this one file.
 *
 * Behaviour follows the canonical v6.0.3 JS side (see spec/): API surface, message shapes, callback ids,
 * dispatch through a timer with the alert safety switch where the dialect has one (else at once), idempotent
 * injection and the window.onerror hook. One deliberate difference: a missing window.{{waitingCallbacksGlobal}}
 * is tolerated instead of raising a TypeError.
 *
 * ES5 only, and every statement ends with a semicolon: native code may collapse this file to one line.
 * No line comments below this block for the same reason.
 */
(function () {
    if (window.{{javaScriptGlobal}}) {
        return;
    }

    if (!window.onerror) {
        window.onerror = function (msg, url, line) {
            console.log("{{javaScriptGlobal}}: ERROR:" + msg + "@" + url + ":" + line);
        };
    }

{{#queueByNavigation}}
    var QUEUE_MESSAGE_URL = "{{queueURL}}";
    var messagingIframe;
{{/queueByNavigation}}
    var sendMessageQueue = [];
    var messageHandlers = {};
    var responseCallbacks = {};
    var uniqueId = 1;
{{#safety}}
    var dispatchMessagesWithTimeoutSafety = true;
{{/safety}}

    function registerHandler(handlerName, handler) {
        messageHandlers[handlerName] = handler;
    }

    function callHandler(handlerName, data, responseCallback) {
        if (arguments.length === 2 && typeof data === "function") {
            responseCallback = data;
            data = null;
        }
        doSend({ {{keys.handlerName}}: handlerName, {{keys.data}}: data }, responseCallback);
    }

{{#safety}}
    function disableJavscriptAlertBoxSafetyTimeout() {
        dispatchMessagesWithTimeoutSafety = false;
    }

{{/safety}}
    function doSend(message, responseCallback) {
        if (responseCallback) {
            var callbackId = "{{javaScriptPrefix}}" + (uniqueId++) + "_" + new Date().getTime();
            responseCallbacks[callbackId] = responseCallback;
            message.{{keys.callbackID}} = callbackId;
        }
        sendMessageQueue.push(message);
{{#queueByNavigation}}
        messagingIframe.src = QUEUE_MESSAGE_URL;
{{/queueByNavigation}}
{{^queueByNavigation}}
        window.webkit.messageHandlers.{{queueScriptMessage}}.postMessage(null);
{{/queueByNavigation}}
    }

    function fetchQueue() {
        var messageQueueString = JSON.stringify(sendMessageQueue);
        sendMessageQueue = [];
        return messageQueueString;
    }

    function dispatchMessageFromObjC(messageJSON) {
{{#safety}}
        if (dispatchMessagesWithTimeoutSafety) {
            setTimeout(doDispatch);
        } else {
            doDispatch();
        }
{{/safety}}
{{^safety}}
        doDispatch();
{{/safety}}

        function doDispatch() {
            var message = JSON.parse(messageJSON);
            var responseCallback;

            if (message.{{keys.responseID}}) {
                responseCallback = responseCallbacks[message.{{keys.responseID}}];
                if (!responseCallback) {
                    return;
                }
                responseCallback(message.{{keys.responseData}});
                delete responseCallbacks[message.{{keys.responseID}}];
            } else {
                if (message.{{keys.callbackID}}) {
                    var callbackResponseId = message.{{keys.callbackID}};
                    responseCallback = function (responseData) {
                        doSend({ {{keys.handlerName}}: message.{{keys.handlerName}}, {{keys.responseID}}: callbackResponseId, {{keys.responseData}}: responseData });
                    };
                }
                var handler = messageHandlers[message.{{keys.handlerName}}];
                if (!handler) {
                    console.log("{{javaScriptGlobal}}: WARNING: no handler for message from {{nativeSideWord}}:", message);
                } else {
                    handler(message.{{keys.data}}, responseCallback);
                }
            }
        }
    }

    function handleMessageFromObjC(messageJSON) {
        dispatchMessageFromObjC(messageJSON);
    }

{{^readyObject}}
    function call{{waitingCallbacksGlobal}}() {
        var callbacks = window.{{waitingCallbacksGlobal}};
        delete window.{{waitingCallbacksGlobal}};
        if (!callbacks) {
            return;
        }
        for (var i = 0; i < callbacks.length; i++) {
            callbacks[i](bridge);
        }
    }
{{/readyObject}}
{{#readyObject}}
    function call{{waitingCallbacksGlobal}}() {
        var sdk = window.{{waitingCallbacksGlobal}};
        if (sdk && typeof sdk.{{initializeFunction}} === "function") {
            sdk.{{initializeFunction}}();
        }
    }
{{/readyObject}}

    var bridge = {
        {{registerHandlerFunction}}: registerHandler,
        {{callHandlerFunction}}: callHandler,
{{#safety}}
        disableJavscriptAlertBoxSafetyTimeout: disableJavscriptAlertBoxSafetyTimeout,
{{/safety}}
        {{fetchFunction}}: fetchQueue,
        {{deliveryFunction}}: handleMessageFromObjC
    };
    window.{{javaScriptGlobal}} = bridge;

{{#queueByNavigation}}
    messagingIframe = document.createElement("iframe");
    messagingIframe.style.display = "none";
    messagingIframe.src = QUEUE_MESSAGE_URL;
    document.documentElement.appendChild(messagingIframe);

{{/queueByNavigation}}
{{#safety}}
    registerHandler("{{safetySwitch}}", disableJavscriptAlertBoxSafetyTimeout);

{{/safety}}
    setTimeout(call{{waitingCallbacksGlobal}}, 0);
})();

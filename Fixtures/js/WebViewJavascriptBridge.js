/*
 * WebViewJavascriptBridge: the JS side of the WVJB v6 wire protocol in the canonical dialect, written for the
 * conformance kit. Rendered from Fixtures/js/templates/bridge.js: every dialect's JS side is this one file.
 *
 * Behaviour follows the canonical v6.0.3 JS side (see spec/): API surface, message shapes, callback ids,
 * dispatch through a timer with the alert safety switch where the dialect has one (else at once), idempotent
 * injection and the window.onerror hook. One deliberate difference: a missing window.WVJBCallbacks
 * is tolerated instead of raising a TypeError.
 *
 * ES5 only, and every statement ends with a semicolon: native code may collapse this file to one line.
 * No line comments below this block for the same reason.
 */
(function () {
    if (window.WebViewJavascriptBridge) {
        return;
    }

    if (!window.onerror) {
        window.onerror = function (msg, url, line) {
            console.log("WebViewJavascriptBridge: ERROR:" + msg + "@" + url + ":" + line);
        };
    }

    var QUEUE_MESSAGE_URL = "https://__wvjb_queue_message__";
    var messagingIframe;
    var sendMessageQueue = [];
    var messageHandlers = {};
    var responseCallbacks = {};
    var uniqueId = 1;
    var dispatchMessagesWithTimeoutSafety = true;

    function registerHandler(handlerName, handler) {
        messageHandlers[handlerName] = handler;
    }

    function callHandler(handlerName, data, responseCallback) {
        if (arguments.length === 2 && typeof data === "function") {
            responseCallback = data;
            data = null;
        }
        doSend({ handlerName: handlerName, data: data }, responseCallback);
    }

    function disableJavscriptAlertBoxSafetyTimeout() {
        dispatchMessagesWithTimeoutSafety = false;
    }

    function doSend(message, responseCallback) {
        if (responseCallback) {
            var callbackId = "cb_" + (uniqueId++) + "_" + new Date().getTime();
            responseCallbacks[callbackId] = responseCallback;
            message.callbackId = callbackId;
        }
        sendMessageQueue.push(message);
        messagingIframe.src = QUEUE_MESSAGE_URL;
    }

    function fetchQueue() {
        var messageQueueString = JSON.stringify(sendMessageQueue);
        sendMessageQueue = [];
        return messageQueueString;
    }

    function dispatchMessageFromObjC(messageJSON) {
        if (dispatchMessagesWithTimeoutSafety) {
            setTimeout(doDispatch);
        } else {
            doDispatch();
        }

        function doDispatch() {
            var message = JSON.parse(messageJSON);
            var responseCallback;

            if (message.responseId) {
                responseCallback = responseCallbacks[message.responseId];
                if (!responseCallback) {
                    return;
                }
                responseCallback(message.responseData);
                delete responseCallbacks[message.responseId];
            } else {
                if (message.callbackId) {
                    var callbackResponseId = message.callbackId;
                    responseCallback = function (responseData) {
                        doSend({ handlerName: message.handlerName, responseId: callbackResponseId, responseData: responseData });
                    };
                }
                var handler = messageHandlers[message.handlerName];
                if (!handler) {
                    console.log("WebViewJavascriptBridge: WARNING: no handler for message from ObjC:", message);
                } else {
                    handler(message.data, responseCallback);
                }
            }
        }
    }

    function handleMessageFromObjC(messageJSON) {
        dispatchMessageFromObjC(messageJSON);
    }

    function callWVJBCallbacks() {
        var callbacks = window.WVJBCallbacks;
        delete window.WVJBCallbacks;
        if (!callbacks) {
            return;
        }
        for (var i = 0; i < callbacks.length; i++) {
            callbacks[i](bridge);
        }
    }

    var bridge = {
        registerHandler: registerHandler,
        callHandler: callHandler,
        disableJavscriptAlertBoxSafetyTimeout: disableJavscriptAlertBoxSafetyTimeout,
        _fetchQueue: fetchQueue,
        _handleMessageFromObjC: handleMessageFromObjC
    };
    window.WebViewJavascriptBridge = bridge;

    messagingIframe = document.createElement("iframe");
    messagingIframe.style.display = "none";
    messagingIframe.src = QUEUE_MESSAGE_URL;
    document.documentElement.appendChild(messagingIframe);

    registerHandler("_disableJavascriptAlertBoxSafetyTimeout", disableJavscriptAlertBoxSafetyTimeout);

    setTimeout(callWVJBCallbacks, 0);
})();

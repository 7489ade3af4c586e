/*
 * WKWebViewJavascriptBridge: the JS side of the WVJB v6 wire protocol in the wkwvjb dialect, written for the
 * conformance kit. Rendered from Fixtures/js/templates/bridge.js: every dialect's JS side is this one file.
 *
 * Behaviour follows the canonical v6.0.3 JS side (see spec/): API surface, message shapes, callback ids,
 * dispatch through a timer with the alert safety switch where the dialect has one (else at once), idempotent
 * injection and the window.onerror hook. One deliberate difference: a missing window.WKWVJBCallbacks
 * is tolerated instead of raising a TypeError.
 *
 * ES5 only, and every statement ends with a semicolon: native code may collapse this file to one line.
 * No line comments below this block for the same reason.
 */
(function () {
    if (window.WKWebViewJavascriptBridge) {
        return;
    }

    if (!window.onerror) {
        window.onerror = function (msg, url, line) {
            console.log("WKWebViewJavascriptBridge: ERROR:" + msg + "@" + url + ":" + line);
        };
    }

    var sendMessageQueue = [];
    var messageHandlers = {};
    var responseCallbacks = {};
    var uniqueId = 1;

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

    function doSend(message, responseCallback) {
        if (responseCallback) {
            var callbackId = "cb_" + (uniqueId++) + "_" + new Date().getTime();
            responseCallbacks[callbackId] = responseCallback;
            message.callbackID = callbackId;
        }
        sendMessageQueue.push(message);
        window.webkit.messageHandlers.iOS_Native_FlushMessageQueue.postMessage(null);
    }

    function fetchQueue() {
        var messageQueueString = JSON.stringify(sendMessageQueue);
        sendMessageQueue = [];
        return messageQueueString;
    }

    function dispatchMessageFromObjC(messageJSON) {
        doDispatch();

        function doDispatch() {
            var message = JSON.parse(messageJSON);
            var responseCallback;

            if (message.responseID) {
                responseCallback = responseCallbacks[message.responseID];
                if (!responseCallback) {
                    return;
                }
                responseCallback(message.responseData);
                delete responseCallbacks[message.responseID];
            } else {
                if (message.callbackID) {
                    var callbackResponseId = message.callbackID;
                    responseCallback = function (responseData) {
                        doSend({ handlerName: message.handlerName, responseID: callbackResponseId, responseData: responseData });
                    };
                }
                var handler = messageHandlers[message.handlerName];
                if (!handler) {
                    console.log("WKWebViewJavascriptBridge: WARNING: no handler for message from iOS:", message);
                } else {
                    handler(message.data, responseCallback);
                }
            }
        }
    }

    function handleMessageFromObjC(messageJSON) {
        dispatchMessageFromObjC(messageJSON);
    }

    function callWKWVJBCallbacks() {
        var callbacks = window.WKWVJBCallbacks;
        delete window.WKWVJBCallbacks;
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
        _fetchQueue: fetchQueue,
        _handleMessageFromiOS: handleMessageFromObjC
    };
    window.WKWebViewJavascriptBridge = bridge;

    setTimeout(callWKWVJBCallbacks, 0);
})();

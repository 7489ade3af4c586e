/*
 * WKWebViewJavascriptBridge: the JS side of the wkwvjb dialect of the WVJB wire (spec/protocol.md, section
 * "The wkwvjb dialect"), written for the conformance kit.
 *
 * As the kit's canonical JS side, with the dialect's words (global WKWebViewJavascriptBridge, entry point
 * _handleMessageFromiOS, keys callbackID and responseID) and its transport: each send posts to the script
 * message handler iOS_Native_FlushMessageQueue instead of loading an iframe URL, and messages from native are
 * dispatched at once (the dialect has no alert safety timeout). One deliberate difference, as in the
 * canonical side: a missing window.WKWVJBCallbacks is tolerated instead of raising a TypeError.
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
            var callbackID = "cb_" + (uniqueId++) + "_" + new Date().getTime();
            responseCallbacks[callbackID] = responseCallback;
            message.callbackID = callbackID;
        }
        sendMessageQueue.push(message);
        window.webkit.messageHandlers.iOS_Native_FlushMessageQueue.postMessage(null);
    }

    function fetchQueue() {
        var messageQueueString = JSON.stringify(sendMessageQueue);
        sendMessageQueue = [];
        return messageQueueString;
    }

    function handleMessageFromiOS(messageJSON) {
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
                var callbackResponseID = message.callbackID;
                responseCallback = function (responseData) {
                    doSend({ handlerName: message.handlerName, responseID: callbackResponseID, responseData: responseData });
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
        _handleMessageFromiOS: handleMessageFromiOS
    };
    window.WKWebViewJavascriptBridge = bridge;

    setTimeout(callWKWVJBCallbacks, 0);
})();

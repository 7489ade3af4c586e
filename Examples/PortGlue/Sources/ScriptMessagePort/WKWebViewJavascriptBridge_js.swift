// The JS side of the wkwvjb dialect as this port embeds it: its own copy, written for the PortGlue example from the
// dialect's description (spec/protocol.md, section 13).

/// The JS side the bridge injects when the page posts to `iOS_Native_InjectJavascript`.
let WKWebViewJavascriptBridge_js = #"""
    ;(function () {
        if (window.WKWebViewJavascriptBridge) {
            return;
        }

        if (!window.onerror) {
            window.onerror = function (msg, url, line) {
                console.log("WKWebViewJavascriptBridge: ERROR:" + msg + "@" + url + ":" + line);
            };
        }

        var outbox = [];
        var handlers = {};
        var callbacks = {};
        var nextCallbackNumber = 1;

        function enqueue(message, responseCallback) {
            if (responseCallback) {
                var callbackID = "cb_" + (nextCallbackNumber++) + "_" + new Date().getTime();
                callbacks[callbackID] = responseCallback;
                message.callbackID = callbackID;
            }
            outbox.push(message);
            window.webkit.messageHandlers.iOS_Native_FlushMessageQueue.postMessage(null);
        }

        var bridge = {
            registerHandler: function (handlerName, handler) {
                handlers[handlerName] = handler;
            },
            callHandler: function (handlerName, data, responseCallback) {
                if (arguments.length === 2 && typeof data === "function") {
                    responseCallback = data;
                    data = null;
                }
                enqueue({ handlerName: handlerName, data: data }, responseCallback);
            },
            _fetchQueue: function () {
                var queue = JSON.stringify(outbox);
                outbox = [];
                return queue;
            },
            _handleMessageFromiOS: function (messageJSON) {
                var message = JSON.parse(messageJSON);
                if (message.responseID) {
                    var callback = callbacks[message.responseID];
                    if (!callback) {
                        return;
                    }
                    callback(message.responseData);
                    delete callbacks[message.responseID];
                    return;
                }
                var respond;
                if (message.callbackID) {
                    var responseID = message.callbackID;
                    respond = function (responseData) {
                        enqueue({ handlerName: message.handlerName, responseID: responseID, responseData: responseData });
                    };
                }
                var handler = handlers[message.handlerName];
                if (handler) {
                    handler(message.data, respond);
                } else {
                    console.log("WKWebViewJavascriptBridge: WARNING: no handler for message from iOS:", message);
                }
            }
        };
        window.WKWebViewJavascriptBridge = bridge;

        setTimeout(function () {
            var waiting = window.WKWVJBCallbacks;
            delete window.WKWVJBCallbacks;
            if (!waiting) {
                return;
            }
            for (var i = 0; i < waiting.length; i++) {
                waiting[i](bridge);
            }
        }, 0);
    })();
    """#

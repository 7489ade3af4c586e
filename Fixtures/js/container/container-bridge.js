/*
 * The JS side of the messageHandler container (spec/container.md), written for the conformance kit: the page
 * library a container's native side injects as a user script at document start.
 *
 * Calls go to window.webkit.messageHandlers.WKJSBridge as one body each ({handler, action, params} and, with
 * a callback, callbackId and callbackFunction); answers come back through window.callbackDispatcher, native
 * events through window.eventDispatcher, synchronous calls through prompt().
 *
 * ES5 only, and every statement ends with a semicolon: native code may collapse this file to one line.
 * No line comments below this block for the same reason.
 */
(function () {
    if (window.containerBridge) {
        return;
    }

    var callbacks = {};
    var listeners = {};
    var callCount = 0;

    function post(body) {
        window.webkit.messageHandlers.WKJSBridge.postMessage(body);
    }

    function makeBody(handler, action, params) {
        var body = { handler: handler, action: action };
        if (params !== undefined) {
            body.params = params;
        }
        return body;
    }

    function call(handler, action, params, callback) {
        if (typeof params === "function" && callback === undefined) {
            callback = params;
            params = undefined;
        }
        var body = makeBody(handler, action, params);
        if (typeof callback === "function") {
            callCount += 1;
            body.callbackId = "cb_" + callCount + "_" + new Date().getTime();
            body.callbackFunction = "callbackDispatcher";
            callbacks[body.callbackId] = callback;
        }
        post(body);
    }

    function callSync(handler, action, params) {
        var answer = prompt(JSON.stringify(makeBody(handler, action, params)));
        return JSON.parse(answer);
    }

    function onListenEvent(eventId, listener) {
        if (!listeners.hasOwnProperty(eventId)) {
            listeners[eventId] = [];
        }
        listeners[eventId].push(listener);
    }

    function callbackDispatcher(callbackId, json) {
        if (!callbacks.hasOwnProperty(callbackId)) {
            return;
        }
        var callback = callbacks[callbackId];
        delete callbacks[callbackId];
        callback(json === undefined || json === null || json === "" ? {} : JSON.parse(json));
    }

    function eventDispatcher(eventId, json) {
        var registered = listeners.hasOwnProperty(eventId) ? listeners[eventId].slice() : [];
        var data = json === undefined || json === null || json === "" ? {} : JSON.parse(json);
        var result;
        for (var i = 0; i < registered.length; i++) {
            result = registered[i](data);
        }
        return result;
    }

    window.containerBridge = { call: call, callSync: callSync, onListenEvent: onListenEvent };
    window.onListenEvent = onListenEvent;
    window.callbackDispatcher = callbackDispatcher;
    window.eventDispatcher = eventDispatcher;
})();

/*
 * WebViewJavascriptBridge: the page half of PropertyDelegatePort, this port's own copy of the canonical JS side
 * (WVJB v6), written for the PortGlue example from the protocol's description (spec/protocol.md). The port reads
 * it from its bundle and injects it when the page asks for the bridge.
 *
 * Two-space indentation, single quotes, every statement ended by a semicolon; block comments only.
 */
;(function () {
  if (window.WebViewJavascriptBridge) {
    return;
  }

  if (!window.onerror) {
    window.onerror = function (msg, url, line) {
      console.log('WebViewJavascriptBridge: ERROR:' + msg + '@' + url + ':' + line);
    };
  }

  var QUEUE_URL = 'https://__wvjb_queue_message__';
  var frame;
  var outbox = [];
  var handlers = {};
  var callbacks = {};
  var nextCallbackNumber = 1;
  var dispatchesInTimeout = true;

  function enqueue(message, responseCallback) {
    if (responseCallback) {
      var callbackId = 'cb_' + (nextCallbackNumber++) + '_' + new Date().getTime();
      callbacks[callbackId] = responseCallback;
      message.callbackId = callbackId;
    }
    outbox.push(message);
    frame.src = QUEUE_URL;
  }

  function deliver(messageJSON) {
    var message = JSON.parse(messageJSON);
    if (message.responseId) {
      var callback = callbacks[message.responseId];
      if (!callback) {
        return;
      }
      callback(message.responseData);
      delete callbacks[message.responseId];
      return;
    }
    var respond;
    if (message.callbackId) {
      var responseId = message.callbackId;
      respond = function (responseData) {
        enqueue({ handlerName: message.handlerName, responseId: responseId, responseData: responseData });
      };
    }
    var handler = handlers[message.handlerName];
    if (handler) {
      handler(message.data, respond);
    } else {
      console.log('WebViewJavascriptBridge: WARNING: no handler for message from ObjC:', message);
    }
  }

  var bridge = {
    registerHandler: function (handlerName, handler) {
      handlers[handlerName] = handler;
    },
    callHandler: function (handlerName, data, responseCallback) {
      if (arguments.length === 2 && typeof data === 'function') {
        responseCallback = data;
        data = null;
      }
      enqueue({ handlerName: handlerName, data: data }, responseCallback);
    },
    disableJavscriptAlertBoxSafetyTimeout: function () {
      dispatchesInTimeout = false;
    },
    _fetchQueue: function () {
      var queue = JSON.stringify(outbox);
      outbox = [];
      return queue;
    },
    _handleMessageFromObjC: function (messageJSON) {
      if (dispatchesInTimeout) {
        setTimeout(function () {
          deliver(messageJSON);
        });
      } else {
        deliver(messageJSON);
      }
    }
  };
  window.WebViewJavascriptBridge = bridge;

  frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = QUEUE_URL;
  document.documentElement.appendChild(frame);

  bridge.registerHandler('_disableJavascriptAlertBoxSafetyTimeout', bridge.disableJavscriptAlertBoxSafetyTimeout);

  setTimeout(function () {
    var waiting = window.WVJBCallbacks;
    delete window.WVJBCallbacks;
    if (!waiting) {
      return;
    }
    for (var i = 0; i < waiting.length; i++) {
      waiting[i](bridge);
    }
  }, 0);
})();

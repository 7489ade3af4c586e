extension HybridContainer {
    /// The container's own page library: the messageHandler design's JS API, written the port's way.
    static let pageLibrary = """
        ;(function (w) {
          if (w.containerBridge) { return; }
          var pending = {}, listenersById = {}, seq = 0;
          function send(handler, action, params, cb) {
            var msg = { handler: handler, action: action };
            if (typeof params !== "undefined") { msg.params = params; }
            if (cb) {
              seq++;
              msg.callbackId = "hc" + seq + "-" + Date.now();
              msg.callbackFunction = "callbackDispatcher";
              pending[msg.callbackId] = cb;
            }
            w.webkit.messageHandlers.WKJSBridge.postMessage(msg);
          }
          w.containerBridge = {
            call: function (handler, action, params, cb) {
              if (typeof params === "function" && !cb) { cb = params; params = undefined; }
              send(handler, action, params, typeof cb === "function" ? cb : null);
            },
            callSync: function (handler, action, params) {
              var msg = { handler: handler, action: action };
              if (typeof params !== "undefined") { msg.params = params; }
              return JSON.parse(w.prompt(JSON.stringify(msg)));
            },
            onListenEvent: function (id, fn) { (listenersById[id] = listenersById[id] || []).push(fn); }
          };
          w.onListenEvent = w.containerBridge.onListenEvent;
          w.callbackDispatcher = function (id, text) {
            var cb = pending[id];
            if (!cb) { return; }
            delete pending[id];
            cb(text ? JSON.parse(text) : {});
          };
          w.eventDispatcher = function (id, text) {
            var data = text ? JSON.parse(text) : {}, fns = (listenersById[id] || []).slice(), out;
            fns.forEach(function (fn) { out = fn(data); });
            return out;
          };
        })(window);
        """
}

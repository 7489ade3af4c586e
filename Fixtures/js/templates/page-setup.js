/*
 * The page's setup snippet in the {{dialectName}} dialect, rendered from Fixtures/js/templates/page-setup.js: asks
 * the native side to inject the bridge, or hands over the bridge if it is already there. Pages call
 * {{pageSetupCall}}(function (bridge) { ... }).
 */
{{#readyObject}}
function request{{waitingCallbacksGlobal}}Injection() {
{{/readyObject}}
{{^readyObject}}
function {{pageSetupFunction}}(callback) {
    if (window.{{javaScriptGlobal}}) {
        return callback({{javaScriptGlobal}});
    }
    if (window.{{waitingCallbacksGlobal}}) {
        return window.{{waitingCallbacksGlobal}}.push(callback);
    }
    window.{{waitingCallbacksGlobal}} = [callback];
{{/readyObject}}
{{#loadByNavigation}}
    var WVJBIframe = document.createElement("iframe");
    WVJBIframe.style.display = "none";
    WVJBIframe.src = "{{loadURL}}";
    document.documentElement.appendChild(WVJBIframe);
    setTimeout(function () {
        document.documentElement.removeChild(WVJBIframe);
    }, 0);
{{/loadByNavigation}}
{{^loadByNavigation}}
    window.webkit.messageHandlers.{{loadScriptMessage}}.postMessage(null);
{{/loadByNavigation}}
}
{{#readyObject}}

window.{{waitingCallbacksGlobal}} = window.{{waitingCallbacksGlobal}} || (function () {
    var waiting = [];
    function {{pageSetupFunction}}(callback) {
        if (window.{{javaScriptGlobal}}) {
            return callback({{javaScriptGlobal}});
        }
        waiting.push(callback);
        if (waiting.length === 1) {
            request{{waitingCallbacksGlobal}}Injection();
        }
    }
    function {{initializeFunction}}() {
        var callbacks = waiting;
        waiting = [];
        for (var i = 0; i < callbacks.length; i++) {
            callbacks[i]({{javaScriptGlobal}});
        }
    }
    return { {{pageSetupFunction}}: {{pageSetupFunction}}, {{initializeFunction}}: {{initializeFunction}} };
})();
{{/readyObject}}

/*
 * The page's setup snippet in the wkwvjb dialect, rendered from Fixtures/js/templates/page-setup.js: asks
 * the native side to inject the bridge, or hands over the bridge if it is already there. Pages call
 * setupWKWebViewJavascriptBridge(function (bridge) { ... }).
 */
function setupWKWebViewJavascriptBridge(callback) {
    if (window.WKWebViewJavascriptBridge) {
        return callback(WKWebViewJavascriptBridge);
    }
    if (window.WKWVJBCallbacks) {
        return window.WKWVJBCallbacks.push(callback);
    }
    window.WKWVJBCallbacks = [callback];
    window.webkit.messageHandlers.iOS_Native_InjectJavascript.postMessage(null);
}

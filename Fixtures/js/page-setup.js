/*
 * The page's setup snippet in the canonical dialect, rendered from Fixtures/js/templates/page-setup.js: asks
 * the native side to inject the bridge, or hands over the bridge if it is already there. Pages call
 * setupWebViewJavascriptBridge(function (bridge) { ... }).
 */
function setupWebViewJavascriptBridge(callback) {
    if (window.WebViewJavascriptBridge) {
        return callback(WebViewJavascriptBridge);
    }
    if (window.WVJBCallbacks) {
        return window.WVJBCallbacks.push(callback);
    }
    window.WVJBCallbacks = [callback];
    var WVJBIframe = document.createElement("iframe");
    WVJBIframe.style.display = "none";
    WVJBIframe.src = "https://__bridge_loaded__";
    document.documentElement.appendChild(WVJBIframe);
    setTimeout(function () {
        document.documentElement.removeChild(WVJBIframe);
    }, 0);
}

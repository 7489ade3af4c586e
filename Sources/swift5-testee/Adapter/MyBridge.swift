import ConformanceAdapter
import Foundation

/// A minimal Swift 5 native side of the protocol, the testee behind `MyBridgeAdapter`: it becomes the web
/// view's navigation delegate, injects the JS side on `__bridge_loaded__`, holds sends until then, and
/// fetches the JS queue on `__wvjb_queue_message__`. Messages are Foundation JSON (`JSONSerialization`).
final class MyBridge: SimulatedNavigationDelegate {
    private weak var webView: SimulatedWebView?
    private var handlers: [String: AdapterHandler] = [:]
    private var callbacks: [String: AdapterResponseCallback] = [:]
    /// Messages sent before the JS side is injected; nil once it is.
    private var startupQueue: [[String: Any]]? = []
    private var lastCallbackNumber = 0

    /// Creates the bridge and makes it `webView`'s navigation delegate.
    init(webView: SimulatedWebView) {
        self.webView = webView
        webView.navigationDelegate = self
    }

    /// Registers the native handler `name`.
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) {
        handlers[name] = handler
    }

    /// Sends a call of the JS handler `name`, with a callback id when an answer is wanted.
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) {
        var message: [String: Any] = ["handlerName": name]
        if let data = data { message["data"] = data }
        if let responseCallback = responseCallback {
            lastCallbackNumber += 1
            let callbackId = "objc_cb_\(lastCallbackNumber)"
            callbacks[callbackId] = responseCallback
            message["callbackId"] = callbackId
        }
        send(message)
    }

    /// Cancels the bridge's two URLs and acts on them; allows every other navigation.
    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        let host = action.url?.host?.lowercased()
        guard action.url?.scheme?.lowercased() == "https",
            host == "__bridge_loaded__" || host == "__wvjb_queue_message__"
        else {
            decisionHandler(.allow)
            return
        }
        decisionHandler(.cancel)
        if host == "__bridge_loaded__" {
            webView.evaluateJavaScript(webView.bridgeJavaScriptSource, completionHandler: nil)
            let queued = startupQueue ?? []
            startupQueue = nil
            queued.forEach(dispatch)
        } else {
            webView.evaluateJavaScript("WebViewJavascriptBridge._fetchQueue();") { [weak self] result, _ in
                guard let text = result as? String else { return }
                self?.receive(text)
            }
        }
    }

    private func send(_ message: [String: Any]) {
        if startupQueue != nil {
            startupQueue?.append(message)
        } else {
            dispatch(message)
        }
    }

    private func dispatch(_ message: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: message),
            let json = String(data: data, encoding: .utf8)
        else {
            webView?.recordNativeLog("MyBridge: cannot serialize \(message)")
            return
        }
        var literal = ""
        for scalar in json.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "'": literal += "\\'"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\u{2028}": literal += "\\u2028"
            case "\u{2029}": literal += "\\u2029"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        webView?.evaluateJavaScript(
            "WebViewJavascriptBridge._handleMessageFromObjC('\(literal)');", completionHandler: nil)
    }

    private func receive(_ queueText: String) {
        guard let messages = (try? JSONSerialization.jsonObject(with: Data(queueText.utf8))) as? [[String: Any]] else {
            webView?.recordNativeLog("MyBridge: invalid queue \(queueText)")
            return
        }
        for message in messages {
            if let responseId = message["responseId"] as? String {
                callbacks.removeValue(forKey: responseId)?(message["responseData"])
                continue
            }
            guard let name = message["handlerName"] as? String, let handler = handlers[name] else {
                webView?.recordNativeLog("MyBridge: no handler for \(message["handlerName"] ?? "nil")")
                continue
            }
            let callbackId = message["callbackId"]
            handler(message["data"]) { [weak self] answer in
                guard let callbackId = callbackId else { return }
                self?.send(["responseId": callbackId, "responseData": answer ?? NSNull()])
            }
        }
    }
}

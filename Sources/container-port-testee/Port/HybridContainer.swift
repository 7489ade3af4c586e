import Foundation

#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

/// A hybrid container written the way app teams write them (the messageHandler design): its own copy of the page
/// library, its own WebKit glue (a script message handler and the UI delegate's text input panel), handlers in a
/// two-level map, answers sent on the next main-queue turn. It compiles unchanged against WebKit and against the
/// kit's `SimulatedWebKit`; the kit knows nothing of it but its adapter.
public final class HybridContainer: NSObject {
    /// A native handler: the call's params and the reply to send back.
    public typealias Handler = (_ params: Any?, _ reply: @escaping (Any?) -> Void) throws -> Void

    private weak var webView: WKWebView?
    private var modules: [String: [String: Handler]] = [:]

    /// Sets the container up in `webView`: the page library at document start, the message handler, the UI delegate.
    public init(webView: WKWebView) {
        self.webView = webView
        super.init()
        let controller = webView.configuration.userContentController
        controller.addUserScript(
            WKUserScript(source: HybridContainer.pageLibrary, injectionTime: .atDocumentStart, forMainFrameOnly: true))
        controller.add(MessageTrampoline(owner: self), name: "WKJSBridge")
        webView.uiDelegate = self
    }

    /// Adds the handler of `module`/`action`.
    public func register(_ module: String, _ action: String, handler: @escaping Handler) {
        var actions = modules[module] ?? [:]
        actions[action] = handler
        modules[module] = actions
    }

    /// Fires the page event `name` with `data`; `completion` gets what the page's listeners returned.
    public func fire(_ name: String, _ data: Any?, completion: ((Any?) -> Void)? = nil) {
        let script =
            "eventDispatcher(\(HybridContainer.literal(name)), \(HybridContainer.literal(HybridContainer.json(data))))"
        DispatchQueue.main.async { [weak self] in
            self?.webView?.evaluateJavaScript(script) { value, _ in completion?(value) }
        }
    }

    /// Runs the handler of `body`'s module and action; `done` gets the JSON text of its first reply (or an error).
    private func run(_ body: [String: Any], done: @escaping (String) -> Void) {
        let module = body["handler"] as? String ?? "", action = body["action"] as? String ?? ""
        guard let handler = modules[module]?[action] else {
            return done(HybridContainer.json(["error": "unknown method \(module).\(action)"]))
        }
        var replied = false
        let reply: (Any?) -> Void = { value in
            if replied { return }
            replied = true
            done(HybridContainer.json(value))
        }
        do {
            try handler(body["params"] is NSNull ? nil : body["params"], reply)
        } catch {
            reply(["error": "\(module).\(action): \(error)"])
        }
    }

    fileprivate func didReceive(_ body: Any) {
        guard let body = body as? [String: Any] else { return }
        run(body) { [weak self] json in
            guard let id = body["callbackId"] as? String else { return }
            var function = body["callbackFunction"] as? String ?? "callbackDispatcher"
            if function.range(
                of: "^[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*$", options: .regularExpression) == nil
            {
                function = "callbackDispatcher"
            }
            let script = "\(function)(\(HybridContainer.literal(id)), \(HybridContainer.literal(json)));"
            DispatchQueue.main.async { self?.webView?.evaluateJavaScript(script, completionHandler: nil) }
        }
    }

    /// The JSON text of `value` (`null` for nil).
    static func json(_ value: Any?) -> String {
        let value = value ?? NSNull()
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        else { return "{\"error\":\"not JSON\"}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `text` as a JavaScript string literal: JSON's double-quoted string, with the two line separators escaped.
    static func literal(_ text: String) -> String {
        json(text).replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(
            of: "\u{2029}", with: "\\u2029")
    }
}

extension HybridContainer: WKUIDelegate {
    /// A synchronous call arrives as `prompt(JSON.stringify(body))`; anything else is not ours.
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        guard let data = prompt.data(using: .utf8),
            let body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], body["handler"] is String
        else { return completionHandler(nil) }
        run(body) { json in completionHandler(json) }
    }
}

/// The script message handler the user content controller keeps (strongly), forwarding to its container (weakly).
private final class MessageTrampoline: NSObject, WKScriptMessageHandler {
    weak var owner: HybridContainer?

    init(owner: HybridContainer) { self.owner = owner }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        owner?.didReceive(message.body)
    }
}

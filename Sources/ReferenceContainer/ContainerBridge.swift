import Foundation

#if canImport(WebKit) && !CONFORMANCE_FACADE
    import WebKit
#else
    import SimulatedWebKit
#endif

/// The kit's reference messageHandler container (spec/container.md): the model a container implementer reads.
///
/// It attaches to a `WKWebView` as an app's container does: the JS side as a user script at document start and the
/// `WKJSBridge` script message handler (MHREADY-1), and the web view's UI delegate, whose text input panel answers
/// synchronous calls (MHSYNC-2). Calls go to the handler registered for their two-level name; each call with a
/// callback is answered once, through `callbackDispatcher` (MHCALL-3); a missing handler or one that throws gets an
/// error object (MHFAIL).
@MainActor
public final class ContainerBridge: NSObject {
    /// A native handler: the call's params and a responder; the first response is the answer.
    public typealias Handler = (_ params: Any?, _ respond: @escaping (Any?) -> Void) throws -> Void

    /// The script message handler's name the JS side posts to.
    public static let messageHandlerName = "WKJSBridge"

    private weak var webView: WKWebView?
    private var handlers: [String: [String: Handler]] = [:]
    /// Receives the script messages; the user content controller keeps it strongly, and it keeps this weakly.
    private let receiver = MessageReceiver()

    /// Creates a container and attaches it to `webView`.
    /// - Parameters:
    ///   - webView: The web view whose pages it serves.
    ///   - javaScriptSource: The container's JS side (the kit's is `Fixtures/js/container/container-bridge.js`).
    public init(webView: WKWebView, javaScriptSource: String) {
        self.webView = webView
        super.init()
        receiver.container = self
        let content = webView.configuration.userContentController
        content.addUserScript(
            WKUserScript(source: javaScriptSource, injectionTime: .atDocumentStart, forMainFrameOnly: true))
        content.add(receiver, name: Self.messageHandlerName)
        webView.uiDelegate = self
    }

    /// Registers (or replaces) the handler of `handler`/`action`.
    public func register(handler: String, action: String, body: @escaping Handler) {
        handlers[handler, default: [:]][action] = body
    }

    /// Sends the event `eventID` with `data` to the page's listeners; `completion` gets what they returned.
    public func sendEvent(_ eventID: String, data: Any?, completion: ((Any?) -> Void)? = nil) {
        let script = ContainerScript.event(eventID, json: ContainerScript.jsonText(of: data))
        webView?.evaluateJavaScript(script) { result, _ in completion?(result) }
    }

    /// Runs `call`'s handler and hands its first response, or the error object, to `answer` (once).
    private func dispatch(_ call: ContainerCall, answer: @escaping (String) -> Void) {
        guard let handler = handlers[call.handler]?[call.action] else {
            answer(ContainerScript.errorObject("no handler for \(call.handler).\(call.action)"))
            return
        }
        var answered = false
        let respond: (Any?) -> Void = { value in
            guard !answered else { return }
            answered = true
            answer(ContainerScript.jsonText(of: value))
        }
        do {
            try handler(call.params, respond)
        } catch {
            respond(["error": "\(call.handler).\(call.action) failed: \(error)"])
        }
    }

    /// An asynchronous call from a script message: answered through its callback function when it has an id.
    fileprivate func receive(_ message: WKScriptMessage) {
        guard let call = ContainerCall(body: message.body) else { return }
        dispatch(call) { [weak self] json in
            guard let callbackID = call.callbackID else { return }
            let script = ContainerScript.answer(through: call.answerFunction, callbackID: callbackID, json: json)
            self?.webView?.evaluateJavaScript(script, completionHandler: nil)
        }
    }

    /// Receives the page's script messages for the container without the controller keeping the container.
    private final class MessageReceiver: NSObject, WKScriptMessageHandler {
        weak var container: ContainerBridge?

        func userContentController(
            _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
        ) {
            container?.receive(message)
        }
    }
}

extension ContainerBridge: WKUIDelegate {
    /// A synchronous call: `prompt()` with a call's JSON body, answered with the JSON text of its result; any other
    /// prompt gets nil.
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        guard let call = ContainerCall(promptText: prompt) else { return completionHandler(nil) }
        var completed = false
        dispatch(call) { json in
            guard !completed else { return }
            completed = true
            completionHandler(json)
        }
    }
}

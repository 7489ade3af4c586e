/// A message from a testee to the harness (`spec/adapter-protocol.md`, sections 3 to 5 and 10): the
/// greeting, the end of a request, or an effect of the request.
package enum TesteeMessage: Equatable, Sendable {
    /// The greeting, written before anything is read (ADP-6).
    case hello(protocolVersion: Int, name: String?, capabilities: [String])
    /// The request `seq` is handled; `error` when its operation threw (ADP-8).
    case done(seq: Int, error: String?)
    /// Evaluate `script` in the page (ADP-10, ADP-11).
    case evaluate(evaluation: Int, script: String, synchronous: Bool, completion: Bool)
    /// The decision for a `navigation` request.
    case decide(navigation: Int, policy: String)
    /// The bridge called native handler `handler`.
    case handlerInvoked(handler: String, invocation: Int, data: WireData?)
    /// The bridge called the response callback of a `callHandler`.
    case callbackInvoked(callback: Int, data: WireData?)
    /// A line the implementation logged.
    case log(message: String)
    /// The remote web view saw a violation (a web-view call off the main thread: THR-1).
    case violation(clause: String, message: String)
    /// The implementation added a script message handler, like `WKUserContentController.add(_:name:)` (ADP-23).
    case addScriptMessageHandler(name: String)
    /// The implementation removed a script message handler (ADP-23).
    case removeScriptMessageHandler(name: String)
    /// The implementation added a user script, like `WKUserContentController.addUserScript(_:)` (ADP-23).
    case addUserScript(UserScript)
    /// The implementation removed every user script (ADP-23).
    case removeAllUserScripts
    /// The implementation loaded `url` in the main frame, like `WKWebView.load(_:)` (ADP-23).
    case load(url: String)
    /// The implementation loaded `html` under `baseURL`, like `WKWebView.loadHTMLString(_:baseURL:)` (ADP-23).
    case loadHTMLString(html: String, baseURL: String?)
    /// The implementation reloaded the page, like `WKWebView.reload()` (ADP-23).
    case reload
    /// The app's own navigation delegate in the testee was called (`method` is the `WKNavigationDelegate`
    /// method, one of `AppNavigationDelegate.methodNames`), for the request or page at `url` (ADP-23).
    case appDelegateNotified(method: String, url: String)
    /// A container handler of `handler`/`action` registered by the harness was invoked; answer with `respond`
    /// (ADP-25).
    case containerHandlerInvoked(handler: String, action: String, invocation: Int, data: WireData?)
    /// The text input panel of `textInputPanel` request `panel` was completed with `text`, or (`shown` false)
    /// nobody showed it (ADP-26).
    case promptAnswered(panel: Int, shown: Bool, text: String?)

    /// The `type` field.
    package var type: String {
        switch self {
        case .hello: "hello"
        case .done: "done"
        case .evaluate: "evaluate"
        case .decide: "decide"
        case .handlerInvoked: "handlerInvoked"
        case .callbackInvoked: "callbackInvoked"
        case .log: "log"
        case .violation: "violation"
        case .addScriptMessageHandler: "addScriptMessageHandler"
        case .removeScriptMessageHandler: "removeScriptMessageHandler"
        case .addUserScript: "addUserScript"
        case .removeAllUserScripts: "removeAllUserScripts"
        case .load: "load"
        case .loadHTMLString: "loadHTMLString"
        case .reload: "reload"
        case .appDelegateNotified: "appDelegateNotified"
        case .containerHandlerInvoked: "containerHandlerInvoked"
        case .promptAnswered: "promptAnswered"
        }
    }

    /// Whether the message is an effect of the `web-view` capability (ADP-19, ADP-23), which a testee writes
    /// only when its `hello` offered it.
    package var needsWebViewCapability: Bool {
        switch self {
        case .addScriptMessageHandler, .removeScriptMessageHandler, .addUserScript, .removeAllUserScripts, .load,
            .loadHTMLString, .reload, .appDelegateNotified:
            true
        case .hello, .done, .evaluate, .decide, .handlerInvoked, .callbackInvoked, .log, .violation,
            .containerHandlerInvoked, .promptAnswered:
            false
        }
    }
}

extension TesteeMessage: Codable {
    private enum Field: String, CodingKey {
        case type, `protocol`, name, capabilities, seq, error, evaluation, script, synchronous, completion, navigation,
            policy
        case handler, invocation, data, callback, message, clause
        case source, injectionTime, mainFrameOnly, url, html, baseURL, method
        case action, panel, shown, text
    }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        let type = try fields.decode(String.self, forKey: .type)
        switch type {
        case "hello":
            self = .hello(
                protocolVersion: try fields.decode(Int.self, forKey: .protocol),
                name: try fields.decodeIfPresent(String.self, forKey: .name),
                capabilities: try fields.decode([String].self, forKey: .capabilities))
        case "done":
            self = .done(
                seq: try fields.decodeIdentifier(forKey: .seq),
                error: try fields.decodeIfPresent(String.self, forKey: .error))
        case "evaluate":
            self = .evaluate(
                evaluation: try fields.decodeIdentifier(forKey: .evaluation),
                script: try fields.decode(String.self, forKey: .script),
                synchronous: try fields.decode(Bool.self, forKey: .synchronous),
                completion: try fields.decode(Bool.self, forKey: .completion))
        case "decide":
            self = .decide(
                navigation: try fields.decodeIdentifier(forKey: .navigation),
                policy: try fields.decode(String.self, forKey: .policy))
        case "handlerInvoked":
            self = .handlerInvoked(
                handler: try fields.decode(String.self, forKey: .handler),
                invocation: try fields.decodeIdentifier(forKey: .invocation),
                data: try fields.decodeData(forKey: .data))
        case "callbackInvoked":
            self = .callbackInvoked(
                callback: try fields.decodeIdentifier(forKey: .callback),
                data: try fields.decodeData(forKey: .data))
        case "log":
            self = .log(message: try fields.decode(String.self, forKey: .message))
        case "violation":
            self = .violation(
                clause: try fields.decode(String.self, forKey: .clause),
                message: try fields.decode(String.self, forKey: .message))
        case "addScriptMessageHandler":
            self = .addScriptMessageHandler(name: try fields.decode(String.self, forKey: .name))
        case "removeScriptMessageHandler":
            self = .removeScriptMessageHandler(name: try fields.decode(String.self, forKey: .name))
        case "addUserScript":
            self = .addUserScript(
                UserScript(
                    source: try fields.decode(String.self, forKey: .source),
                    injectionTime: try fields.decodeName(
                        forKey: .injectionTime,
                        among: [UserScript.InjectionTime.atDocumentStart, .atDocumentEnd].map(\.rawValue),
                        UserScript.InjectionTime.init(rawValue:)),
                    isForMainFrameOnly: try fields.decode(Bool.self, forKey: .mainFrameOnly)))
        case "removeAllUserScripts":
            self = .removeAllUserScripts
        case "load":
            self = .load(url: try fields.decode(String.self, forKey: .url))
        case "loadHTMLString":
            self = .loadHTMLString(
                html: try fields.decode(String.self, forKey: .html),
                baseURL: try fields.decodeIfPresent(String.self, forKey: .baseURL))
        case "reload":
            self = .reload
        case "appDelegateNotified":
            self = .appDelegateNotified(
                method: try fields.decodeName(forKey: .method, among: AppNavigationDelegate.methodNames) { name in
                    AppNavigationDelegate.methodNames.contains(name) ? name : nil
                },
                url: try fields.decode(String.self, forKey: .url))
        case "containerHandlerInvoked":
            self = .containerHandlerInvoked(
                handler: try fields.decode(String.self, forKey: .handler),
                action: try fields.decode(String.self, forKey: .action),
                invocation: try fields.decodeIdentifier(forKey: .invocation),
                data: try fields.decodeData(forKey: .data))
        case "promptAnswered":
            self = .promptAnswered(
                panel: try fields.decodeIdentifier(forKey: .panel), shown: try fields.decode(Bool.self, forKey: .shown),
                text: try fields.decodeIfPresent(String.self, forKey: .text))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: fields,
                debugDescription: "unknown message type `\(type)` (sections 5 and 10 list the effects)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(type, forKey: .type)
        switch self {
        case let .hello(version, name, capabilities):
            try fields.encode(version, forKey: .protocol)
            try fields.encodeIfPresent(name, forKey: .name)
            try fields.encode(capabilities, forKey: .capabilities)
        case let .done(seq, error):
            try fields.encode(seq, forKey: .seq)
            try fields.encodeIfPresent(error, forKey: .error)
        case let .evaluate(evaluation, script, synchronous, completion):
            try fields.encode(evaluation, forKey: .evaluation)
            try fields.encode(script, forKey: .script)
            try fields.encode(synchronous, forKey: .synchronous)
            try fields.encode(completion, forKey: .completion)
        case let .decide(navigation, policy):
            try fields.encode(navigation, forKey: .navigation)
            try fields.encode(policy, forKey: .policy)
        case let .handlerInvoked(handler, invocation, data):
            try fields.encode(handler, forKey: .handler)
            try fields.encode(invocation, forKey: .invocation)
            try fields.encodeIfPresent(data, forKey: .data)
        case let .callbackInvoked(callback, data):
            try fields.encode(callback, forKey: .callback)
            try fields.encodeIfPresent(data, forKey: .data)
        case .log(let message):
            try fields.encode(message, forKey: .message)
        case let .violation(clause, message):
            try fields.encode(clause, forKey: .clause)
            try fields.encode(message, forKey: .message)
        case .addScriptMessageHandler(let name), .removeScriptMessageHandler(let name):
            try fields.encode(name, forKey: .name)
        case .addUserScript(let script):
            try fields.encode(script.source, forKey: .source)
            try fields.encode(script.injectionTime.rawValue, forKey: .injectionTime)
            try fields.encode(script.isForMainFrameOnly, forKey: .mainFrameOnly)
        case .removeAllUserScripts, .reload:
            break
        case .load(let url):
            try fields.encode(url, forKey: .url)
        case let .loadHTMLString(html, baseURL):
            try fields.encode(html, forKey: .html)
            try fields.encodeIfPresent(baseURL, forKey: .baseURL)
        case let .appDelegateNotified(method, url):
            try fields.encode(method, forKey: .method)
            try fields.encode(url, forKey: .url)
        case let .containerHandlerInvoked(handler, action, invocation, data):
            try fields.encode(handler, forKey: .handler)
            try fields.encode(action, forKey: .action)
            try fields.encode(invocation, forKey: .invocation)
            try fields.encodeIfPresent(data, forKey: .data)
        case let .promptAnswered(panel, shown, text):
            try fields.encode(panel, forKey: .panel)
            try fields.encode(shown, forKey: .shown)
            try fields.encodeIfPresent(text, forKey: .text)
        }
    }
}

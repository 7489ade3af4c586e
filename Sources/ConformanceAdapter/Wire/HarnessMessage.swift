import StrictJSON

/// A message from the harness to a testee (`spec/adapter-protocol.md`, sections 4 and 10): a request,
/// numbered by `seq`, or the answer to a synchronous evaluation.
package enum HarnessMessage: Equatable, Sendable {
    /// Create the bridge for the (remote) web view; with `appNavigationDelegate`, first set the app's own
    /// navigation delegate on it (ADP-20; only to a testee that offers `web-view`).
    case attach(seq: Int, bridgeJavaScriptSource: String, appNavigationDelegate: Bool)
    /// Register a native handler that reports each invocation.
    case registerHandler(seq: Int, name: String)
    /// Call a JS handler; with `callback`, report the answer as `callbackInvoked`.
    case callHandler(seq: Int, name: String, data: WireData?, callback: Int?)
    /// Remove a native handler.
    case removeHandler(seq: Int, name: String)
    /// Reset the bridge.
    case reset(seq: Int)
    /// Call `disableJavscriptAlertBoxSafetyTimeout`.
    case disableSafetyTimeout(seq: Int)
    /// Switch the bridge's traffic logging on or off (LOG-7; only to a testee that offers `traffic-logging`).
    case setTrafficLogging(seq: Int, enabled: Bool)
    /// Ask the bridge to decide a navigation; it answers with `decide`. `navigationType` travels only when it
    /// is not `other` (ADP-20).
    case navigation(seq: Int, navigation: Int, url: String, mainFrame: Bool, navigationType: NavigationType)
    /// Tell the web view's navigation delegate how a main-frame load goes (ADP-21).
    case navigationEvent(seq: Int, event: NavigationEvent)
    /// Hand a message the page posted to the script message handler `name`; `body` is its clone form
    /// (`ScriptMessageBody`, ADP-22).
    case scriptMessage(seq: Int, name: String, body: JSONValue)
    /// Complete an asynchronous evaluation: its result (absent for `undefined`) or its error.
    case evaluated(seq: Int, evaluation: Int, result: WireData?, error: String?)
    /// The harness's handler answers invocation `invocation`.
    case respond(seq: Int, invocation: Int, data: WireData?)
    /// The answer to a synchronous evaluation (ADP-11): its string result, nil when the script threw.
    case syncEvaluated(evaluation: Int, result: String?)
    /// End the case on a testee that stays for the next one (ADP-17): release the adapter, its bridge and
    /// page, and everything the case held.
    case endCase(seq: Int)
    /// Register a container handler of `handler`/`action` that reports each invocation as
    /// `containerHandlerInvoked` (ADP-25; only to a testee that offers `container`).
    case registerContainerHandler(seq: Int, handler: String, action: String)
    /// Send the container event `event`; with `completion`, report its value as `callbackInvoked` (ADP-25).
    case sendEvent(seq: Int, event: String, data: WireData?, completion: Int?)
    /// Show the page's `prompt()` in the web view's text input panel; the testee reports what its completion
    /// handler got as `promptAnswered` (ADP-26).
    case textInputPanel(seq: Int, panel: Int, prompt: String, defaultText: String?)

    /// The `type` field.
    package var type: String {
        switch self {
        case .attach: "attach"
        case .registerHandler: "registerHandler"
        case .callHandler: "callHandler"
        case .removeHandler: "removeHandler"
        case .reset: "reset"
        case .disableSafetyTimeout: "disableSafetyTimeout"
        case .setTrafficLogging: "setTrafficLogging"
        case .navigation: "navigation"
        case .navigationEvent: "navigationEvent"
        case .scriptMessage: "scriptMessage"
        case .evaluated: "evaluated"
        case .respond: "respond"
        case .syncEvaluated: "syncEvaluated"
        case .endCase: "endCase"
        case .registerContainerHandler: "registerContainerHandler"
        case .sendEvent: "sendEvent"
        case .textInputPanel: "textInputPanel"
        }
    }

    /// The request's sequence number (nil for `syncEvaluated`, which answers no request).
    package var seq: Int? {
        switch self {
        case .attach(let seq, _, _), .registerHandler(let seq, _), .callHandler(let seq, _, _, _),
            .removeHandler(let seq, _),
            .reset(let seq), .disableSafetyTimeout(let seq), .setTrafficLogging(let seq, _),
            .navigation(let seq, _, _, _, _),
            .navigationEvent(let seq, _), .scriptMessage(let seq, _, _), .evaluated(let seq, _, _, _),
            .respond(let seq, _, _), .endCase(let seq), .registerContainerHandler(let seq, _, _),
            .sendEvent(let seq, _, _, _), .textInputPanel(let seq, _, _, _):
            seq
        case .syncEvaluated:
            nil
        }
    }

    /// This request with another sequence number (the harness numbers requests as it sends them).
    package func numbered(_ seq: Int) -> HarnessMessage {
        switch self {
        case let .attach(_, source, appNavigationDelegate):
            .attach(seq: seq, bridgeJavaScriptSource: source, appNavigationDelegate: appNavigationDelegate)
        case .registerHandler(_, let name): .registerHandler(seq: seq, name: name)
        case let .callHandler(_, name, data, callback):
            .callHandler(seq: seq, name: name, data: data, callback: callback)
        case .removeHandler(_, let name): .removeHandler(seq: seq, name: name)
        case .reset: .reset(seq: seq)
        case .disableSafetyTimeout: .disableSafetyTimeout(seq: seq)
        case .setTrafficLogging(_, let enabled): .setTrafficLogging(seq: seq, enabled: enabled)
        case let .navigation(_, navigation, url, mainFrame, navigationType):
            .navigation(
                seq: seq, navigation: navigation, url: url, mainFrame: mainFrame, navigationType: navigationType)
        case .navigationEvent(_, let event): .navigationEvent(seq: seq, event: event)
        case let .scriptMessage(_, name, body): .scriptMessage(seq: seq, name: name, body: body)
        case let .evaluated(_, evaluation, result, error):
            .evaluated(seq: seq, evaluation: evaluation, result: result, error: error)
        case let .respond(_, invocation, data): .respond(seq: seq, invocation: invocation, data: data)
        case .syncEvaluated: self
        case .endCase: .endCase(seq: seq)
        case let .registerContainerHandler(_, handler, action):
            .registerContainerHandler(seq: seq, handler: handler, action: action)
        case let .sendEvent(_, event, data, completion):
            .sendEvent(seq: seq, event: event, data: data, completion: completion)
        case let .textInputPanel(_, panel, prompt, defaultText):
            .textInputPanel(seq: seq, panel: panel, prompt: prompt, defaultText: defaultText)
        }
    }
}

extension HarnessMessage: Codable {
    private enum Field: String, CodingKey {
        case type, seq, bridgeJavaScriptSource, appNavigationDelegate, name, data, callback, navigation, url,
            mainFrame, navigationType, event, body, evaluation, result, error, invocation, enabled, handler, action,
            completion, panel, prompt, defaultText
    }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        let type = try fields.decode(String.self, forKey: .type)
        func seq() throws -> Int { try fields.decodeIdentifier(forKey: .seq) }
        switch type {
        case "attach":
            self = .attach(
                seq: try seq(), bridgeJavaScriptSource: try fields.decode(String.self, forKey: .bridgeJavaScriptSource),
                appNavigationDelegate: try fields.decodeIfPresent(Bool.self, forKey: .appNavigationDelegate) ?? false)
        case "registerHandler":
            self = .registerHandler(seq: try seq(), name: try fields.decode(String.self, forKey: .name))
        case "callHandler":
            self = .callHandler(
                seq: try seq(), name: try fields.decode(String.self, forKey: .name),
                data: try fields.decodeData(forKey: .data),
                callback: try fields.decodeIdentifierIfPresent(forKey: .callback))
        case "removeHandler": self = .removeHandler(seq: try seq(), name: try fields.decode(String.self, forKey: .name))
        case "reset": self = .reset(seq: try seq())
        case "disableSafetyTimeout": self = .disableSafetyTimeout(seq: try seq())
        case "setTrafficLogging":
            self = .setTrafficLogging(seq: try seq(), enabled: try fields.decode(Bool.self, forKey: .enabled))
        case "navigation":
            self = .navigation(
                seq: try seq(), navigation: try fields.decodeIdentifier(forKey: .navigation),
                url: try fields.decode(String.self, forKey: .url),
                mainFrame: try fields.decode(Bool.self, forKey: .mainFrame),
                navigationType: try fields.contains(.navigationType)
                    ? fields.decodeName(
                        forKey: .navigationType, among: NavigationType.all.map(\.rawValue),
                        NavigationType.init(rawValue:))
                    : .other)
        case "navigationEvent":
            self = .navigationEvent(seq: try seq(), event: try Self.decodeEvent(from: fields))
        case "scriptMessage":
            let body = try fields.decode(JSONValue.self, forKey: .body)
            if let problem = ScriptMessageBody.problem(in: body) {
                throw DecodingError.dataCorruptedError(
                    forKey: .body, in: fields,
                    debugDescription: "\(problem); a body travels in its clone form (ADP-22)")
            }
            self = .scriptMessage(seq: try seq(), name: try fields.decode(String.self, forKey: .name), body: body)
        case "evaluated":
            self = .evaluated(
                seq: try seq(), evaluation: try fields.decodeIdentifier(forKey: .evaluation),
                result: try fields.decodeData(forKey: .result),
                error: try fields.decodeIfPresent(String.self, forKey: .error))
        case "respond":
            self = .respond(
                seq: try seq(), invocation: try fields.decodeIdentifier(forKey: .invocation),
                data: try fields.decodeData(forKey: .data))
        case "syncEvaluated":
            self = .syncEvaluated(
                evaluation: try fields.decodeIdentifier(forKey: .evaluation),
                result: try fields.decodeIfPresent(String.self, forKey: .result))
        case "endCase": self = .endCase(seq: try seq())
        case "registerContainerHandler":
            self = .registerContainerHandler(
                seq: try seq(), handler: try fields.decode(String.self, forKey: .handler),
                action: try fields.decode(String.self, forKey: .action))
        case "sendEvent":
            self = .sendEvent(
                seq: try seq(), event: try fields.decode(String.self, forKey: .event),
                data: try fields.decodeData(forKey: .data),
                completion: try fields.decodeIdentifierIfPresent(forKey: .completion))
        case "textInputPanel":
            self = .textInputPanel(
                seq: try seq(), panel: try fields.decodeIdentifier(forKey: .panel),
                prompt: try fields.decode(String.self, forKey: .prompt),
                defaultText: try fields.decodeIfPresent(String.self, forKey: .defaultText))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: fields,
                debugDescription: "unknown message type `\(type)` (sections 4 and 10 list the requests)")
        }
    }

    /// The `event`, `navigation`, `url` and (for failures only) `error` of a `navigationEvent` (ADP-21).
    private static func decodeEvent(from fields: KeyedDecodingContainer<Field>) throws -> NavigationEvent {
        let name = try fields.decodeName(
            forKey: .event, among: EventName.allCases.map(\.rawValue), EventName.init(rawValue:))
        let navigation = PageNavigation(
            number: try fields.decodeIdentifier(forKey: .navigation),
            urlString: try fields.decode(String.self, forKey: .url))
        let failure = try fields.decodeIfPresent(WireFailure.self, forKey: .error)
        switch (name, failure) {
        case (.started, nil): return .started(navigation)
        case (.committed, nil): return .committed(navigation)
        case (.finished, nil): return .finished(navigation)
        case (.failedProvisionally, let failure?):
            return .failedProvisionally(navigation, try failure.navigationFailure())
        case (.failed, let failure?): return .failed(navigation, try failure.navigationFailure())
        case (.failedProvisionally, nil), (.failed, nil):
            throw DecodingError.keyNotFound(
                Field.error,
                .init(codingPath: fields.codingPath, debugDescription: "a `\(name.rawValue)` event names its error"))
        case (.started, _?), (.committed, _?), (.finished, _?):
            throw DecodingError.dataCorruptedError(
                forKey: .error, in: fields,
                debugDescription:
                    "a `\(name.rawValue)` event has no error; only `failedProvisionally` and `failed` have one (ADP-21)"
            )
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(type, forKey: .type)
        try fields.encodeIfPresent(seq, forKey: .seq)
        switch self {
        case let .attach(_, source, appNavigationDelegate):
            try fields.encode(source, forKey: .bridgeJavaScriptSource)
            // Absent unless set, so that a testee without `web-view` gets the `attach` it always got (ADP-19).
            if appNavigationDelegate { try fields.encode(true, forKey: .appNavigationDelegate) }
        case .registerHandler(_, let name), .removeHandler(_, let name): try fields.encode(name, forKey: .name)
        case let .callHandler(_, name, data, callback):
            try fields.encode(name, forKey: .name)
            try fields.encodeIfPresent(data, forKey: .data)
            try fields.encodeIfPresent(callback, forKey: .callback)
        case .reset, .disableSafetyTimeout, .endCase: break
        case .setTrafficLogging(_, let enabled): try fields.encode(enabled, forKey: .enabled)
        case let .navigation(_, navigation, url, mainFrame, navigationType):
            try fields.encode(navigation, forKey: .navigation)
            try fields.encode(url, forKey: .url)
            try fields.encode(mainFrame, forKey: .mainFrame)
            // Absent means `other` (ADP-20).
            if navigationType != .other { try fields.encode(navigationType.rawValue, forKey: .navigationType) }
        case .navigationEvent(_, let event):
            try fields.encode(EventName(event).rawValue, forKey: .event)
            try fields.encode(event.navigation.number, forKey: .navigation)
            try fields.encode(event.navigation.urlString, forKey: .url)
            switch event {
            case .failedProvisionally(_, let failure), .failed(_, let failure):
                try fields.encode(WireFailure(failure), forKey: .error)
            case .started, .committed, .finished: break
            }
        case let .scriptMessage(_, name, body):
            try fields.encode(name, forKey: .name)
            try fields.encode(body, forKey: .body)
        case let .evaluated(_, evaluation, result, error):
            try fields.encode(evaluation, forKey: .evaluation)
            try fields.encodeIfPresent(result, forKey: .result)
            try fields.encodeIfPresent(error, forKey: .error)
        case let .respond(_, invocation, data):
            try fields.encode(invocation, forKey: .invocation)
            try fields.encodeIfPresent(data, forKey: .data)
        case let .syncEvaluated(evaluation, result):
            try fields.encode(evaluation, forKey: .evaluation)
            // `null` when the script threw: the field is always present (ADP-11).
            try fields.encode(result, forKey: .result)
        case let .registerContainerHandler(_, handler, action):
            try fields.encode(handler, forKey: .handler)
            try fields.encode(action, forKey: .action)
        case let .sendEvent(_, event, data, completion):
            try fields.encode(event, forKey: .event)
            try fields.encodeIfPresent(data, forKey: .data)
            try fields.encodeIfPresent(completion, forKey: .completion)
        case let .textInputPanel(_, panel, prompt, defaultText):
            try fields.encode(panel, forKey: .panel)
            try fields.encode(prompt, forKey: .prompt)
            try fields.encodeIfPresent(defaultText, forKey: .defaultText)
        }
    }

    /// The `event` of a `navigationEvent` (ADP-21).
    private enum EventName: String, CaseIterable {
        case started, committed, finished, failedProvisionally, failed

        init(_ event: NavigationEvent) {
            switch event {
            case .started: self = .started
            case .committed: self = .committed
            case .finished: self = .finished
            case .failedProvisionally: self = .failedProvisionally
            case .failed: self = .failed
            }
        }
    }

    /// The `error` of a failed load: `{"domain","code","description"}` (ADP-21).
    private struct WireFailure: Codable {
        var domain: String
        var code: JSONValue
        var description: String

        init(_ failure: NavigationFailure) {
            domain = failure.domain
            code = .number(Double(failure.code))
            description = failure.localizedDescription
        }

        /// The failure; its code must be an integer (negative ones too: `NSURLErrorDomain` has them).
        func navigationFailure() throws -> NavigationFailure {
            guard case .number(let number) = code, number.rounded() == number,
                abs(number) <= JSONValueDecoder.largestExactInteger
            else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [Field.error, PathKey(stringValue: "code")],
                        debugDescription: "expected an integer, found \(JSONValueDecoder.describe(code))"))
            }
            return NavigationFailure(domain: domain, code: Int(number), localizedDescription: description)
        }
    }
}

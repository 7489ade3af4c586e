import Foundation
import KitTestSupport
import ReferenceBridgeCore
import StrictJSON
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceReports

/// A second wire, invented for these tests and given as data only: every word differs from the canonical
/// dialect's, the signals are navigations with the same scheme. Nothing in the kit knows it.
let inventedDialect = WireDialect(
    name: "invented",
    javaScriptGlobal: "InventedBridge",
    registerHandlerFunction: "listen",
    callHandlerFunction: "ask",
    deliveryFunction: "_deliver",
    fetchFunction: "_drain",
    pageSetupFunction: "setupInventedBridge",
    waitingCallbacksGlobal: "InventedWaiting",
    loadSignal: .navigation(NavigationSignal(schemes: ["https"], host: "__invented_load__")),
    queueSignal: .navigation(NavigationSignal(schemes: ["https"], host: "__invented_queue__")),
    keys: MessageKeys(
        handlerName: "to", data: "payload", callbackID: "ticket", responseID: "replyTo", responseData: "reply"),
    callbackIDs: CallbackIDForms(nativePrefix: "native_", javaScriptPrefix: "js_"),
    disableSafetyTimeoutHandler: "_noSafetyTimeout"
)

/// The WKWebView postMessage wire as data under another name than the shipped `wkwvjb`: a dialect whose JS side
/// signals through script message handlers (the kit has its scripts by renaming the wkwvjb ones).
let postMessageDialect = WireDialect(
    name: "wkwebview-postmessage",
    javaScriptGlobal: "WKWebViewJavascriptBridge",
    registerHandlerFunction: "registerHandler",
    callHandlerFunction: "callHandler",
    deliveryFunction: "_handleMessageFromiOS",
    fetchFunction: "_fetchQueue",
    pageSetupFunction: "setupWKWebViewJavascriptBridge",
    waitingCallbacksGlobal: "WKWVJBCallbacks",
    loadSignal: .scriptMessage(handlerName: "iOS_Native_InjectJavascript"),
    queueSignal: .scriptMessage(handlerName: "iOS_Native_FlushMessageQueue"),
    keys: MessageKeys(
        handlerName: "handlerName", data: "data", callbackID: "callbackID", responseID: "responseID",
        responseData: "responseData"),
    callbackIDs: CallbackIDForms(nativePrefix: "native_iOS_cb_", javaScriptPrefix: "cb_"),
    disableSafetyTimeoutHandler: nil
)

@Suite("Wire dialects: the vocabulary is one value, and the harness follows another one")
@MainActor
struct WireDialectTests {
    static func inventedCommand(_ literal: String) -> String { inventedDialect.deliveryCommand(literal: literal) }

    @Test("the canonical dialect builds the exact commands and URLs of the spec")
    func canonicalCommands() {
        let wire = WireDialect.canonical
        #expect(wire.entryPoint == "WebViewJavascriptBridge._handleMessageFromObjC")
        #expect(wire.deliveryCommand(literal: "{}") == "WebViewJavascriptBridge._handleMessageFromObjC('{}');")
        #expect(wire.fetchCommand == "WebViewJavascriptBridge._fetchQueue();")
        #expect(wire.loadSignal.navigation?.url == "https://__bridge_loaded__")
        #expect(wire.queueSignal.navigation?.url == "https://__wvjb_queue_message__")
        #expect(wire.queueSignal.navigation?.matches(scheme: "WVJBSCHEME", host: "__WVJB_QUEUE_MESSAGE__") == true)
        #expect(wire.queueSignal.navigation?.matches(scheme: "http", host: "__wvjb_queue_message__") == false)
        #expect(wire.queueSignal.navigation?.isWritten(in: "HTTPS://__wvjb_queue_message__/x") == true)
        #expect(wire.keys.all == ["handlerName", "data", "callbackId", "responseId", "responseData"])
        #expect(WireDialect.shipped == [.canonical, .wkwvjb])
    }

    @Test("a postMessage wire is described by a value: its commands, its script message signals, its features")
    func postMessageDescription() {
        let wire = postMessageDialect
        #expect(wire.fetchCommand == "WKWebViewJavascriptBridge._fetchQueue();")
        #expect(wire.deliveryCommand(literal: "{}") == "WKWebViewJavascriptBridge._handleMessageFromiOS('{}');")
        #expect(
            wire.queueSignal == .scriptMessage(handlerName: "iOS_Native_FlushMessageQueue")
                && wire.queueSignal.navigation == nil)
        #expect(wire.disableSafetyTimeoutHandler == nil)
        #expect(wire.callbackIDs.isCallbackID("native_iOS_cb_3") && wire.callbackIDs.isCallbackID("cb_1_1700000000000"))
        let command = wire.deliveryCommand(literal: #"{\"callbackID\":\"cb_1_0\",\"handlerName\":\"h\"}"#)
        #expect(
            NativeCommand(command, in: wire).delivery?.wellFormedMessage == [
                "callbackID": "cb_1_0", "handlerName": "h",
            ])
        #expect(NativeCommand(command, in: .canonical).problems.map(\.obligation.id) == ["ESC-1.c"])
    }

    @Test("callback ids are recognized by their dialect's forms, ASCII digits only")
    func callbackIDForms() {
        let canonical = WireDialect.canonical.callbackIDs
        let recognized = ["objc_cb_1", "objc_cb_12", "cb_1_0", "cb_3_1700000000000"]
        let notIDs = [
            "objc_cb_", "objc_cb_1_2", "cb_1", "cb_1_", "cb__1", "xcb_1_2", "cb_1_2x", "objc_cb_١", "native_1",
            "js_1_2", "",
        ]
        #expect(recognized.filter { !canonical.isCallbackID($0) } == [])
        #expect(notIDs.filter { canonical.isCallbackID($0) } == [])
        #expect(canonical.nativeID(7) == "objc_cb_7")
        #expect(canonical.nativeNumber(of: "objc_cb_+5") == 5)
        #expect(canonical.nativeNumber(of: "objc_cb_x") == nil)
        let invented = inventedDialect.callbackIDs
        #expect(["native_1", "js_1_2"].allSatisfy(invented.isCallbackID))
        #expect(!invented.isCallbackID("objc_cb_1") && !invented.isCallbackID("cb_1_2"))
    }

    @Test("the wire inspector reads commands in the dialect it is given")
    func inspectorFollowsTheDialect() {
        let command = Self.inventedCommand(#"{\"to\":\"h\",\"payload\":\"it\'s\"}"#)
        #expect(
            NativeCommand(command, in: inventedDialect).delivery?.wellFormedMessage == ["to": "h", "payload": "it's"])
        #expect(WireInspector.literalText(ofCommand: command, in: inventedDialect) == #"{"to":"h","payload":"it's"}"#)
        // The same command is no command at all in the canonical dialect.
        #expect(NativeCommand(command, in: .canonical).delivery == nil)
        // A canonical command, in the invented dialect, calls another function than its entry point.
        let canonicalCommand = WireDialect.canonical.deliveryCommand(literal: #"{\"handlerName\":\"h\"}"#)
        let problems = NativeCommand(canonicalCommand, in: inventedDialect).problems
        #expect(problems.map(\.obligation.id) == ["ESC-1.c"])
        #expect(
            problems.first?.message.contains("not the JS side's entry point `InventedBridge._deliver`") == true,
            "\(problems)")
        #expect(NativeCommand(canonicalCommand, in: inventedDialect).deliveredMessage == nil)
        // The spelling rules and the ES5 lexing are the dialect's command shape.
        let spelled = NativeCommand("window." + String(command.dropLast()), in: inventedDialect).problems
        #expect(spelled.map(\.obligation.id) == ["ESC-5.b", "ESC-5.a"])
        #expect(spelled.first?.message.contains("`window.InventedBridge._deliver(`") == true, "\(spelled)")
        let raw = NativeCommand(Self.inventedCommand("{\"to\":\"\u{2028}\"}"), in: inventedDialect).problems
        #expect(raw.map(\.obligation.id) == ["ESC-2.g"])
        // A long command is kept by the inspector: the same text is judged again in the other dialect.
        let long = Self.inventedCommand(#"{\"to\":\""# + String(repeating: "x", count: 2_000) + #"\"}"#)
        #expect(NativeCommand(long, in: inventedDialect).deliveredMessage != nil)
        #expect(NativeCommand(long, in: .canonical).delivery == nil)
        #expect(NativeCommand(long, in: inventedDialect).deliveredMessage != nil)
    }

    @Test("renaming replaces whole words only, in one pass; dialects that differ in more than words are refused")
    func renaming() throws {
        let renaming = try #require(DialectRenaming(from: .canonical, to: inventedDialect))
        #expect(
            renaming.rename(
                "WebViewJavascriptBridge.callHandler(x); setupWebViewJavascriptBridge; xWebViewJavascriptBridge; 'https://__bridge_loaded__'"
            )
                == "InventedBridge.ask(x); setupInventedBridge; xWebViewJavascriptBridge; 'https://__invented_load__'")
        #expect(
            renaming.rename("message.responseId || message.data; \"cb_\" + n")
                == "message.replyTo || message.payload; \"js_\" + n")
        #expect(
            DialectRenaming(from: .canonical, to: .canonical)?.rename("WebViewJavascriptBridge")
                == "WebViewJavascriptBridge")
        #expect(DialectRenaming(from: .canonical, to: postMessageDialect) == nil)
        let collision = WireDialect(
            name: "collision", javaScriptGlobal: "B", registerHandlerFunction: "r", callHandlerFunction: "r",
            deliveryFunction: "d",
            fetchFunction: "f", pageSetupFunction: "s", waitingCallbacksGlobal: "w",
            loadSignal: inventedDialect.loadSignal,
            queueSignal: inventedDialect.queueSignal, keys: inventedDialect.keys,
            callbackIDs: inventedDialect.callbackIDs,
            disableSafetyTimeoutHandler: "o")
        #expect(DialectRenaming(from: .canonical, to: collision) == nil, "two words renamed to one")
    }

    @Test("the page set-up, the self-check, the transcript queries and the wire lint follow the run's dialect")
    func runInTheInventedDialect() async throws {
        let page = """
            setupInventedBridge(function (bridge) {
                bridge.listen("sink", conformance.recordingHandler("sink"));
                bridge.ask("nativeEcho", "hello", conformance.callback("back"));
            });
            """
        let invented = ConformanceCase(
            id: "test.invented-dialect", clauses: ["TEST-1"], dialects: [inventedDialect],
            accepts: [.unansweredNativeCallbacks], summary: "a round trip each way"
        ) { context in
            #expect(context.dialect == inventedDialect)
            try context.registerHandler("nativeEcho", answer: .echo)
            context.loadPage(page)
            try await context.runUntilIdle()
            try context.callHandler("sink", data: "to the page", callback: "unanswered")
            try await context.runUntilIdle()
        }
        // A case written in the canonical dialect runs renamed, and reads its transcript in its own words.
        let renamed = ConformanceCase(
            id: "test.canonical-renamed", clauses: ["TEST-1"], summary: "a native call, written canonically"
        ) { context in
            #expect(context.dialect == .canonical && context.runDialect == inventedDialect)
            context.loadPage(
                #"setupWebViewJavascriptBridge(function (bridge) { bridge.registerHandler("sink", conformance.recordingHandler("sink")); });"#
            )
            try await context.runUntilIdle()
            try context.callHandler("sink", data: "renamed")
            try await context.runUntilIdle()
            #expect(context.transcript.dialect == .canonical)
            #expect(context.transcript.decodedNativeMessages.first?.member("handlerName") == "sink")
            #expect(context.transcript.jsHandlerInvocations("sink").map(\.data) == ["renamed"])
        }
        let results = try await Kit.run(
            [invented, renamed], configuration: .init(javaScriptSideUnderTest: false, dialect: inventedDialect)
        ) { DialectPort(dialect: inventedDialect) }
        let result = results[0]
        #expect(result.verdict == .pass, "\(result.report)")
        let transcript = result.transcript
        #expect(transcript.dialect == inventedDialect)
        // The page set-up snippet signalled the invented load URL, the JS side the invented queue URL.
        let urls = transcript.events.compactMap { event -> String? in
            if case let .navigationRequested(_, url, false) = event { return url }
            return nil
        }
        #expect(urls.first == "https://__invented_load__", "\(urls)")
        #expect(urls.dropFirst().allSatisfy { $0 == "https://__invented_queue__" } && urls.count > 1, "\(urls)")
        #expect(transcript.queueSignals == urls.count - 1)
        // What went each way, read in the invented dialect.
        #expect(transcript.nativeEvaluations.contains { $0.script == inventedDialect.fetchCommand })
        #expect(transcript.fetchedMessages.first?.member("to") == "nativeEcho")
        guard case .string(let ticket)? = transcript.fetchedMessages.first?.member("ticket") else {
            Issue.record("the page's call carried no ticket: \(transcript.fetchedMessages)")
            return
        }
        #expect(inventedDialect.callbackIDs.isCallbackID(ticket) && ticket.hasPrefix("js_1_"), "\(ticket)")
        #expect(
            transcript.decodedNativeMessages.contains { $0.member("replyTo") != nil && $0.member("reply") == "hello" })
        #expect(
            transcript.decodedNativeMessages.contains {
                $0.member("to") == "sink" && $0.member("payload") == "to the page" && $0.member("ticket") == "native_1"
            })
        #expect(transcript.jsHandlerInvocations("sink").map(\.data) == ["to the page"])
        #expect(transcript.jsCallbackInvocations("back") == ["hello"])
        // Goldens and wire logs read the same commands: a delivered message is shown as a message.
        #expect(
            TranscriptRenderer.render(transcript).contains(
                "deliver {\"payload\":\"to the page\",\"ticket\":\"native_1\",\"to\":\"sink\"}"))
        let document = GoldenTranscript.document(for: transcript, bridgeJavaScriptSource: result.bridgeJavaScriptSource)
        #expect(document.canonicalText.contains("\"ticket\":\"#"), "native ids are numbered in the golden form")
        // The canonical case ran renamed; its report keeps what really happened, in the invented words.
        #expect(results[1].verdict == .pass, "\(results[1].report)")
        #expect(results[1].transcript.dialect == inventedDialect)
        #expect(results[1].transcript.decodedNativeMessages.first?.member("to") == "sink")
    }

    @Test("a transcript keeps its dialect through JSON, and a canonical one is written as before")
    func transcriptCoding() throws {
        var canonical = Transcript()
        canonical.append(.pageLoaded(url: "https://app.example/"))
        let text = String(decoding: try JSONEncoder().encode(canonical), as: UTF8.self)
        #expect(!text.contains("dialect"), "\(text)")
        #expect(try JSONDecoder().decode(Transcript.self, from: Data(text.utf8)) == canonical)
        let other = String(decoding: try JSONEncoder().encode(Transcript(dialect: inventedDialect)), as: UTF8.self)
        #expect(other.contains("\"dialect\":\"invented\""), "\(other)")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Transcript.self, from: Data(other.utf8)) }
    }

    @Test(
        "a dialect like no shipped one gets the kit's scripts rendered from the templates, and they pass the self-check"
    )
    func scriptsRenderedForAScriptMessageDialectWithASafetySwitch() throws {
        // Script message signals, as wkwvjb, and a safety switch, as canonical: like no shipped dialect.
        let unlike = WireDialect(
            name: "postmessage-with-switch", javaScriptGlobal: "B", registerHandlerFunction: "r",
            callHandlerFunction: "c", deliveryFunction: "d", fetchFunction: "f", pageSetupFunction: "s",
            waitingCallbacksGlobal: "W", loadSignal: .scriptMessage(handlerName: "load"),
            queueSignal: .scriptMessage(handlerName: "queue"), keys: postMessageDialect.keys,
            callbackIDs: postMessageDialect.callbackIDs, disableSafetyTimeoutHandler: "_off")
        #expect(throws: Never.self) { try ConformanceRunner(configuration: .init(dialect: unlike)) }
        let side = try ConformanceRunner.referenceJavaScriptSide(in: unlike)
        #expect(side.contains("window.webkit.messageHandlers.queue.postMessage(null);"))
        #expect(side.contains("registerHandler(\"_off\", disableJavscriptAlertBoxSafetyTimeout);"))
        #expect(throws: Never.self) { try ConformanceRunner(configuration: .init(dialect: postMessageDialect)) }
    }
}

/// A small native side that speaks any dialect whose signals are navigations, from the dialect's words
/// alone: what a port of a renamed fork would be. It escapes with the reference's escaper.
@MainActor
final class DialectPort: BridgeAdapter, SimulatedNavigationDelegate {
    private let dialect: WireDialect
    private weak var webView: SimulatedWebView?
    private var handlers: [String: AdapterHandler] = [:]
    private var callbacks: [String: AdapterResponseCallback] = [:]
    private var startupQueue: [[String: JSONValue]]? = []
    private var nextNumber = 1

    init(dialect: WireDialect) {
        self.dialect = dialect
    }

    func attach(to webView: SimulatedWebView) throws {
        self.webView = webView
        webView.navigationDelegate = self
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        handlers[name] = handler
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        var message: [String: JSONValue] = [dialect.keys.handlerName: .string(name)]
        if let data { message[dialect.keys.data] = try JSONValue(foundation: data) }
        if let responseCallback {
            let id = dialect.callbackIDs.nativeID(nextNumber)
            nextNumber += 1
            callbacks[id] = responseCallback
            message[dialect.keys.callbackID] = .string(id)
        }
        send(message)
    }

    func webView(
        _ webView: SimulatedWebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping (NavigationActionPolicy) -> Void
    ) {
        guard let url = action.url, let scheme = url.scheme, let host = url.host else { return decisionHandler(.allow) }
        if dialect.loadSignal.navigation?.matches(scheme: scheme, host: host) == true {
            decisionHandler(.cancel)
            webView.evaluateJavaScript(webView.bridgeJavaScriptSource, completionHandler: nil)
            let queued = startupQueue ?? []
            startupQueue = nil
            queued.forEach(deliver)
        } else if dialect.queueSignal.navigation?.matches(scheme: scheme, host: host) == true {
            decisionHandler(.cancel)
            webView.evaluateJavaScript(dialect.fetchCommand) { [weak self] result, _ in
                guard let self, let text = result as? String, case .array(let batch)? = try? JSONParser.parse(text)
                else { return }
                for case .object(let message) in batch { self.handle(message) }
            }
        } else {
            decisionHandler(.allow)
        }
    }

    private func handle(_ message: [String: JSONValue]) {
        let keys = dialect.keys
        if let responseID = message[keys.responseID] {
            guard case .string(let id) = responseID, let callback = callbacks.removeValue(forKey: id) else { return }
            return callback(message[keys.responseData]?.foundationValue)
        }
        guard case .string(let name)? = message[keys.handlerName], let handler = handlers[name] else { return }
        let callbackID = message[keys.callbackID]
        handler(message[keys.data]?.foundationValue) { [weak self] answer in
            guard let self, let callbackID, let reply = try? JSONValue(foundation: answer ?? NSNull()) else { return }
            self.send([keys.responseID: callbackID, keys.responseData: reply])
        }
    }

    private func send(_ message: [String: JSONValue]) {
        if startupQueue != nil { startupQueue?.append(message) } else { deliver(message) }
    }

    private func deliver(_ message: [String: JSONValue]) {
        let literal = MessageEscaper.escapeForSingleQuotedLiteral(JSONValue.object(message).canonicalText)
        webView?.evaluateJavaScript(dialect.deliveryCommand(literal: literal), completionHandler: nil)
    }
}

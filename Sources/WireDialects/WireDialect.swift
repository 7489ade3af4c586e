/// The vocabulary of one bridge wire: every name and form the JS side, the page and the native side of a
/// WebViewJavascriptBridge-style protocol agree on, as one value.
///
/// Everything in the kit that speaks or checks the wire reads its words from a dialect: the reference
/// native side (`BridgeCore`), the wire inspector, the page set-up, the transcript queries. The canonical
/// dialect (`WireDialect.canonical`, spec/protocol.md) and the WKWebView postMessage one (`.wkwvjb`) ship; a
/// dialect is plain data,
/// so another one (a fork that renamed its globals, or one whose JS side signals native through a
/// script message handler instead of an iframe) is described by a value, not by new code paths.
///
/// The shape of the two commands native evaluates is common to every dialect known:
/// `<global>.<fetch function>();` fetches the queue, and `<global>.<delivery function>('<literal>');`
/// delivers one message, the literal being the message's JSON escaped for a single-quoted string.
public struct WireDialect: Hashable, Sendable {
    /// A short name for messages and reports (`canonical`).
    public let name: String
    /// The global object the JS side defines (`window.<javaScriptGlobal>`).
    public let javaScriptGlobal: String
    /// The JS side's function that registers a JS handler (a member of the global).
    public let registerHandlerFunction: String
    /// The JS side's function that calls a native handler (a member of the global).
    public let callHandlerFunction: String
    /// The JS side's function native calls to deliver one message (a member of the global).
    public let deliveryFunction: String
    /// The JS side's function that returns the queued messages as JSON text and empties the queue.
    public let fetchFunction: String
    /// The page's function that asks for the bridge and calls back with it once injected (in the ready-object
    /// shape, a method of the SDK object `waitingCallbacksGlobal`).
    public let pageSetupFunction: String
    /// The page's global array of setup callbacks waiting for the JS side to be injected (in the ready-object
    /// shape, the SDK object that keeps them).
    public let waitingCallbacksGlobal: String
    /// How the page asks for the bridge: WVJB's snippet and its waiting array, or an SDK object.
    public let pageSetupShape: PageSetupShape
    /// How the page asks the native side to inject the JS side.
    public let loadSignal: WireSignal
    /// How the JS side tells the native side that messages are queued.
    public let queueSignal: WireSignal
    /// The keys of a message object.
    public let keys: MessageKeys
    /// The forms of the callback ids each side makes.
    public let callbackIDs: CallbackIDForms
    /// The handler name of the call that switches the JS side's alert safety timeout off (dispatch through
    /// `setTimeout`); nil when the dialect's JS side has no safety timeout and dispatches synchronously.
    public let disableSafetyTimeoutHandler: String?
    /// The word the JS side's log lines name the native side by (`ObjC` in "no handler for message from ObjC:").
    public let nativeSideWord: String

    /// The function every delivery command calls: `<global>.<delivery function>`.
    public let entryPoint: String
    /// The exact text before the literal in a delivery command: `<entry point>('`.
    public let deliveryCommandPrefix: String
    /// The exact text after the literal in a delivery command.
    public let deliveryCommandSuffix: String
    /// The exact command native evaluates to fetch the queue: `<global>.<fetch function>();`.
    public let fetchCommand: String

    /// What a page calls with its setup callback: `<page setup function>`, or `<SDK object>.<ready method>` in
    /// the ready-object shape.
    public var pageSetupCall: String {
        switch pageSetupShape {
        case .waitingCallbacks: pageSetupFunction
        case .readyObject: waitingCallbacksGlobal + "." + pageSetupFunction
        }
    }

    /// Creates a dialect from its words; the commands are built from them.
    /// - Parameters:
    ///   - name: A short name for messages.
    ///   - javaScriptGlobal: The JS side's global object.
    ///   - registerHandlerFunction: The JS side's function registering a JS handler.
    ///   - callHandlerFunction: The JS side's function calling a native handler.
    ///   - deliveryFunction: The JS side's function delivering one message from native.
    ///   - fetchFunction: The JS side's function returning and emptying the queue.
    ///   - pageSetupFunction: The page's setup function.
    ///   - waitingCallbacksGlobal: The page's global array of waiting setup callbacks.
    ///   - loadSignal: How the page asks for the JS side.
    ///   - queueSignal: How the JS side announces queued messages.
    ///   - keys: The message keys.
    ///   - callbackIDs: The callback id forms.
    ///   - disableSafetyTimeoutHandler: The handler name switching the safety timeout off, or nil.
    ///   - nativeSideWord: The word the JS side's log lines name the native side by.
    ///   - pageSetupShape: How the page asks for the bridge (WVJB's snippet by default).
    public init(
        name: String, javaScriptGlobal: String, registerHandlerFunction: String, callHandlerFunction: String,
        deliveryFunction: String, fetchFunction: String, pageSetupFunction: String, waitingCallbacksGlobal: String,
        loadSignal: WireSignal, queueSignal: WireSignal, keys: MessageKeys, callbackIDs: CallbackIDForms,
        disableSafetyTimeoutHandler: String?, nativeSideWord: String = "ObjC",
        pageSetupShape: PageSetupShape = .waitingCallbacks
    ) {
        self.name = name
        self.javaScriptGlobal = javaScriptGlobal
        self.registerHandlerFunction = registerHandlerFunction
        self.callHandlerFunction = callHandlerFunction
        self.deliveryFunction = deliveryFunction
        self.fetchFunction = fetchFunction
        self.pageSetupFunction = pageSetupFunction
        self.waitingCallbacksGlobal = waitingCallbacksGlobal
        self.loadSignal = loadSignal
        self.queueSignal = queueSignal
        self.keys = keys
        self.callbackIDs = callbackIDs
        self.disableSafetyTimeoutHandler = disableSafetyTimeoutHandler
        self.nativeSideWord = nativeSideWord
        self.pageSetupShape = pageSetupShape
        entryPoint = javaScriptGlobal + "." + deliveryFunction
        deliveryCommandPrefix = entryPoint + "('"
        deliveryCommandSuffix = "');"
        fetchCommand = javaScriptGlobal + "." + fetchFunction + "();"
    }

    /// The command that delivers one message whose literal text (escaped JSON) is `literal`.
    /// - Parameter literal: The text between the quotes.
    /// - Returns: `<entry point>('<literal>');`
    public func deliveryCommand(literal: String) -> String {
        deliveryCommandPrefix + literal + deliveryCommandSuffix
    }

    /// The dialects the kit ships, by name: what a run may speak.
    public static let shipped: [WireDialect] = [.canonical, .wkwvjb]
}

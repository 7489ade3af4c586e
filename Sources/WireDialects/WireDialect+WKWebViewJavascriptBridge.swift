extension WireDialect {
    /// The WKWebView postMessage dialect of the `WKWebViewJavascriptBridge` Swift package and its forks
    /// (spec/protocol.md, "The wkwvjb dialect"): the canonical wire renamed (global `WKWebViewJavascriptBridge`,
    /// entry point `_handleMessageFromiOS`, keys `callbackID`/`responseID`, native ids `native_iOS_cb_<n>`),
    /// signalled through two script message handlers instead of iframe navigations, without the alert
    /// safety timeout.
    public static let wkwvjb = WireDialect(
        name: "wkwvjb",
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
        disableSafetyTimeoutHandler: nil,
        nativeSideWord: "iOS"
    )
}

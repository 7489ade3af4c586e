extension WireDialect {
    /// The canonical WebViewJavascriptBridge v6 wire (spec/protocol.md): the one place in the kit's Swift
    /// sources where its words are written.
    public static let canonical = WireDialect(
        name: "canonical",
        javaScriptGlobal: "WebViewJavascriptBridge",
        registerHandlerFunction: "registerHandler",
        callHandlerFunction: "callHandler",
        deliveryFunction: "_handleMessageFromObjC",
        fetchFunction: "_fetchQueue",
        pageSetupFunction: "setupWebViewJavascriptBridge",
        waitingCallbacksGlobal: "WVJBCallbacks",
        // The JS side writes `https`; native also accepts the older `wvjbscheme`.
        loadSignal: .navigation(NavigationSignal(schemes: ["https", "wvjbscheme"], host: "__bridge_loaded__")),
        queueSignal: .navigation(NavigationSignal(schemes: ["https", "wvjbscheme"], host: "__wvjb_queue_message__")),
        keys: MessageKeys(
            handlerName: "handlerName", data: "data", callbackID: "callbackId", responseID: "responseId",
            responseData: "responseData"),
        callbackIDs: CallbackIDForms(nativePrefix: "objc_cb_", javaScriptPrefix: "cb_"),
        disableSafetyTimeoutHandler: "_disableJavascriptAlertBoxSafetyTimeout"
    )
}

extension WebViewJavascriptBridgeBase {
    /// The words of a wire this base speaks: the canonical WVJB v6 dialect, or the wkwvjb dialect of the
    /// `WKWebViewJavascriptBridge` package (spec/protocol.md, section 13).
    public struct Words: Sendable {
        /// The JS side's global.
        public let global: String
        /// The JS function native calls with each message.
        public let entryPoint: String
        /// The key of a call's callback id.
        public let callbackIdKey: String
        /// The key of a response's id.
        public let responseIdKey: String
        /// The prefix of native callback ids.
        public let nativeCallbackIdPrefix: String
        /// The bridge's name in its log lines.
        public let logName: String
        /// The native side's name in its log lines.
        public let nativeName: String

        /// The canonical dialect.
        public static let canonical = Words(
            global: "WebViewJavascriptBridge", entryPoint: "_handleMessageFromObjC", callbackIdKey: "callbackId",
            responseIdKey: "responseId", nativeCallbackIdPrefix: "objc_cb_", logName: "WebViewJavascriptBridge",
            nativeName: "ObjC")

        /// The wkwvjb dialect.
        public static let wkwvjb = Words(
            global: "WKWebViewJavascriptBridge", entryPoint: "_handleMessageFromiOS", callbackIdKey: "callbackID",
            responseIdKey: "responseID", nativeCallbackIdPrefix: "native_iOS_cb_",
            logName: "WKWebViewJavascriptBridge", nativeName: "iOS")
    }
}

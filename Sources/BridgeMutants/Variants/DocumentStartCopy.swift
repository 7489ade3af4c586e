import WireDialects

/// A port's copy of a JS side run as a user script at document start, before the page's own script, ending with
/// the post that asks for the JS side (the page's setup snippet finds the bridge in and posts nothing), as ports of
/// a script-message dialect that inject early do.
enum DocumentStartCopy {
    /// `javaScriptSide`, then the post of `null` to `dialect`'s load-signal handler (none for a navigation dialect).
    static func source(of javaScriptSide: String, in dialect: WireDialect) -> String {
        guard case .scriptMessage(let handler) = dialect.loadSignal else { return javaScriptSide }
        return javaScriptSide + "\nwindow.webkit.messageHandlers.\(handler).postMessage(null);\n"
    }
}

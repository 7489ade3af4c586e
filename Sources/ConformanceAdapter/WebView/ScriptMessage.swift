/// A message the page posted with `window.webkit.messageHandlers.<name>.postMessage(body)`, as a
/// `WKScriptMessageHandler` gets it.
public struct ScriptMessage {
    /// The name of the handler the page posted to.
    public var name: String
    /// The body, converted as WebKit converts it: numbers and booleans as `NSNumber`, strings, arrays,
    /// dictionaries, `NSNull` for `null` and `undefined`, dates as `Date`.
    public var body: Any
    /// Whether the main frame posted it (the kit's pages post only from there).
    public var isMainFrame: Bool

    /// A message; web views make them.
    package init(name: String, body: Any, isMainFrame: Bool = true) {
        self.name = name
        self.body = body
        self.isMainFrame = isMainFrame
    }
}

/// What receives the messages posted to one name, like `WKScriptMessageHandler`.
public typealias ScriptMessageReceiver = @MainActor (ScriptMessage) -> Void

/// How one side of the page tells the native side something (the JS side is loaded, messages are queued).
public enum WireSignal: Hashable, Sendable {
    /// The page loads a URL in a hidden iframe, and the native side recognizes it in its navigation
    /// delegate and cancels it.
    case navigation(NavigationSignal)
    /// The page posts a script message to the native message handler of this name
    /// (`window.webkit.messageHandlers.<name>.postMessage(...)`); no navigation happens.
    case scriptMessage(handlerName: String)

    /// The navigation signal, or nil for a script message.
    public var navigation: NavigationSignal? {
        if case .navigation(let signal) = self { return signal }
        return nil
    }
}

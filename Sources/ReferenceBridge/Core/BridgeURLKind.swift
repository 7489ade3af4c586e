import Foundation

/// What a navigation URL means to the bridge.
public enum BridgeURLKind: Equatable, Sendable {
    /// The page asks for the bridge JS to be injected (`https://__bridge_loaded__`).
    case bridgeLoaded
    /// The JS side has queued messages to fetch (`https://__wvjb_queue_message__`).
    case queueMessage
    /// Any other URL: not the bridge's business.
    case notBridge

    /// Classifies a navigation URL.
    ///
    /// The scheme must be `https` or `wvjbscheme` and the host `__bridge_loaded__` or
    /// `__wvjb_queue_message__`, both compared case-insensitively; port, path, query and fragment are
    /// ignored. Plain `http` is not a bridge URL.
    /// - Parameter url: The URL the web view is about to load; nil is `notBridge`.
    public init(_ url: URL?) {
        guard let url,
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "wvjbscheme",
              let host = url.host?.lowercased()
        else {
            self = .notBridge
            return
        }
        switch host {
        case "__bridge_loaded__": self = .bridgeLoaded
        case "__wvjb_queue_message__": self = .queueMessage
        default: self = .notBridge
        }
    }
}
